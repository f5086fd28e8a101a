"""The scoring cases of docs/rules.md computed from hand counts: §9 (T-16–T-20, T-32, T-33,
T-37, T-42), §2.7, §2.9–§2.11, §3.5–§3.8, Buraco §4.4 and Scala 40 §6.5.

Where a case is a meld (T-16–T-20, T-42), the engine classifies the meld and counts its
points, and the sheet scores a side holding it: the bonus is the case's.
"""

from __future__ import annotations

import pytest

from ramino.games.burraco.melds import burraco_type, cards_points
from ramino.rules import RuleSet, make_rules, preset
from ramino.scoresheet import (
    BurracoHand,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SheetError,
    SideCount,
)
from tests.helpers import table_meld

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def side(burrachi: dict[str, int] | None = None, melded: int = 0, in_hand: int = 0, *,
         taken: bool = False, closed: bool = False, unplayed: int = 0) -> SideCount:
    return SideCount(burrachi or {}, melded, in_hand, taken, closed, unplayed)


def score(rules: RuleSet, *sides: SideCount, end: str | None = None
          ) -> tuple[tuple[int, ...], tuple[dict[str, int], ...]]:
    sheet = Sheet.new(rules, FOUR[:rules.players] if rules.players <= 4 else
                      [f"P{i}" for i in range(rules.players)])
    result = sheet.add_hand(BurracoHand(sides, end))
    return result.scores, result.breakdown


def meld_side(text: str, rules: RuleSet) -> tuple[str | None, SideCount]:
    """A side whose only meld is ``text``: the engine's type and card points for it."""
    meld = table_meld(text, rules)
    kind = burraco_type(meld, rules)
    melded = cards_points(meld.cards, rules.card_value_table())
    return kind, side({kind: 1} if kind else {}, melded, 10, taken=True)


# --- §9.3 burraco classification, scored -------------------------------------------------


@pytest.mark.parametrize(("case", "text", "options", "kind", "points", "bonus"), [
    ("T-16", "2s 3s 4s 5s 6s 7s 8s", {}, "pulito", 55, 200),
    ("T-17", "3h 4h 5h 6h 7h 8h 9h JK=Th", {}, "semipulito", 75, 150),
    ("T-17 without semipulito", "3h 4h 5h 6h 7h 8h 9h JK=Th", {"semipulito_enabled": False},
     "sporco", 75, 100),
    ("T-18", "3h 4h 5h JK=6h 7h 8h 9h Th", {}, "sporco", 80, 100),
    ("T-19", "4h 5h 6h 7h 8h 9h JK=Th", {}, "sporco", 70, 100),
    ("T-20 seven", "Ks Kh Kd Kc Ks Kh JK", {}, "sporco", 90, 100),
    ("T-20 eight", "Ks Kh Kd Kc Ks Kh Kd JK", {}, "semipulito", 100, 150),
    ("T-20 nine", "Ks Kh Kd Kc Ks Kh Kd Kc JK", {}, "semipulito", 110, 150),
    ("T-20 nine, EXACTLY_8", "Ks Kh Kd Kc Ks Kh Kd Kc JK",
     {"semipulito_group_rule": "EXACTLY_8"}, "sporco", 110, 100),
])
def test_burraco_classification_cases_score_their_bonus(
        case: str, text: str, options: dict[str, object], kind: str, points: int,
        bonus: int) -> None:
    rules = make_rules("fibur", options)
    found, counted = meld_side(text, rules)
    assert (found, counted.melded) == (kind, points), case
    scores, parts = score(rules, counted, side())
    assert parts[0]["burraco"] == bonus
    assert parts[0]["table"] == points
    assert scores[0] == points + bonus - 10


def test_t17_a_semipulito_is_refused_where_the_preset_has_none() -> None:
    with pytest.raises(SheetError) as refused:
        score(preset("house"), side({"semipulito": 1}, 75), side())
    assert refused.value.path == "hands[0].sides[0].burrachi.semipulito"
    assert refused.value.code == "burraco-type"
    assert "house has no burraco 'semipulito'" in refused.value.reason


# --- §9.5 and §2.10 ------------------------------------------------------------------------


def test_t32_the_closing_side_and_the_side_without_its_pozzetto() -> None:
    scores, parts = score(preset("fibur"),
                          side({"pulito": 1}, 420, 15, taken=True, closed=True),
                          side({}, 180, 85))
    assert scores == (705, -5)
    assert parts == ({"table": 420, "burraco": 200, "closing": 100, "hand": -15,
                      "pozzetto": 0},
                     {"table": 180, "burraco": 0, "closing": 0, "hand": -85,
                      "pozzetto": -100})


def test_t33_neither_side_took_its_pozzetto() -> None:
    scores, parts = score(preset("fibur"), side({}, 60, 40), side({}, 30, 25))
    assert scores == (20, 5)
    assert parts[0]["pozzetto"] == parts[1]["pozzetto"] == 0
    # The house option of §3.6: both sides pay.
    scores, _ = score(preset("house"), side({}, 60, 40), side({}, 30, 25))
    assert scores == (-80, -95)


def test_t37_a_time_out_without_a_close_gives_nobody_the_closing_bonus() -> None:
    scores, parts = score(preset("fibur"), side({"sporco": 1}, 200, 30, taken=True),
                          side({}, 100, 50, taken=True), end="timeout")
    assert scores == (270, 50)
    assert parts[0]["closing"] == parts[1]["closing"] == 0
    # §2.9a: the stock run down, the same.
    assert score(preset("fibur"), side({"sporco": 1}, 200, 30, taken=True),
                 side({}, 100, 50, taken=True))[0] == (270, 50)


def test_an_unplayed_pozzetto_counts_in_hand() -> None:
    """§2.7: taken con lo scarto and never played, its cards count against, with no -100."""
    scores, parts = score(preset("fibur"),
                          side({"pulito": 1}, 300, 0, taken=True, closed=True),
                          side({}, 100, 20, taken=True, unplayed=135))
    assert parts[1] == {"table": 100, "burraco": 0, "closing": 0, "hand": -155, "pozzetto": 0}
    assert scores == (600, -55)
    rules = make_rules("fibur", {"unplayed_pozzetto_counts_in_hand": False})
    assert score(rules, side({"pulito": 1}, 300, 0, taken=True, closed=True),
                 side({}, 100, 20, taken=True, unplayed=135))[0] == (600, 80)


def test_house_values_of_burrachi_closing_and_pozzetto() -> None:
    """§3.5 ``burraco_values`` and §3.6 ``closing_bonus`` / ``pozzetto_not_taken_penalty``."""
    rules = make_rules("fibur", {"burraco_values": {"pulito": 250}, "closing_bonus": 150,
                                 "pozzetto_not_taken_penalty": 200})
    scores, _ = score(rules, side({"pulito": 2}, 300, 0, taken=True, closed=True),
                      side({}, 0, 50))
    assert scores == (300 + 500 + 150, -250)


def test_a_void_hand_counts_nothing() -> None:
    """§3.7 ``stock_exhaustion=VOID_HAND``: a hand the stock ends counts for nobody."""
    rules = make_rules("fibur", {"stock_exhaustion": "VOID_HAND"})
    assert score(rules, side({"sporco": 1}, 200, 30, taken=True), side({}, 100, 50))[0] == (0, 0)
    assert score(rules, side({"sporco": 1}, 200, 30, taken=True, closed=True),
                 side({}, 100, 50))[0] == (370, -50)


def test_two_and_six_players() -> None:
    """§5.1 (each seat a side) and §5.3 (three pairs)."""
    assert score(make_rules("fibur", {"players": 2}),
                 side({"sporco": 1}, 150, 0, taken=True, closed=True), side({}, 40, 60))[0] == (
        350, -120)
    six = make_rules("fibur", {"players": 6})
    scores, _ = score(six, side({"pulito": 1}, 200, 0, taken=True, closed=True),
                      side({}, 50, 20, taken=True), side({}, 30, 10))
    assert scores == (500, 30, -80)


# --- Brazilian Buraco, §4.3–§4.4 ----------------------------------------------------------


def test_buraco_batida_and_morto() -> None:
    """§4.4: batida +100, morto not taken −100, canastra limpa 200 and suja 100."""
    scores, _ = score(preset("buraco-fechado"),
                      side({"pulito": 1, "sporco": 1}, 250, 0, taken=True, closed=True),
                      side({"sporco": 1}, 120, 45))
    assert scores == (250 + 300 + 100, 120 + 100 - 45 - 100)


def test_t42_canastre_of_500_and_1000() -> None:
    rules = make_rules("buraco-fechado", {"canastra_real_points": 500,
                                          "canastra_as_a_as_points": 1000,
                                          "ace_both_ends_in_sequence": True})
    real_kind, real = meld_side("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd", rules)
    ace_kind, ace = meld_side("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad", rules)
    assert (real_kind, ace_kind) == ("real", "as-a-as")
    assert score(rules, real, side())[1][0]["burraco"] == 500
    assert score(rules, ace, side())[1][0]["burraco"] == 1000


def test_buraco_melds_count_against_a_side_without_a_clean_canastra() -> None:
    """§4.4 ``no_clean_canastra_melds_negative``."""
    rules = make_rules("buraco-aberto", {"no_clean_canastra_melds_negative": True})
    scores, parts = score(rules, side({"pulito": 1}, 200, 0, taken=True, closed=True),
                          side({"sporco": 1}, 150, 20, taken=True))
    assert parts[1]["table"] == -150
    assert scores == (500, -150 + 100 - 20)


# --- §2.11 and §4.4: the end of the match ----------------------------------------------------


def closing(points: int) -> BurracoHand:
    """Side 0 closes with ``points`` melded and a burraco pulito; side 1 counts nothing."""
    return BurracoHand((side({"pulito": 1}, points, 0, taken=True, closed=True),
                        side({}, 0, 0, taken=True)))


def test_fibur_plays_to_2005_and_buraco_to_3000() -> None:
    fibur = Sheet.new(preset("fibur"), FOUR)
    for _ in range(3):
        fibur.add_hand(closing(400))  # 700 a hand
    assert fibur.standing().totals == (2100, 0)
    assert fibur.over and fibur.standing().winner == 0
    buraco = Sheet.new(preset("buraco-fechado"), FOUR)
    for _ in range(3):
        buraco.add_hand(closing(500))  # 800 a hand
    assert not buraco.over
    buraco.add_hand(closing(500))
    assert buraco.over and buraco.view()["standing"]["decided_by"] == "target"
    with pytest.raises(SheetError) as refused:
        buraco.add_hand(closing(400))
    assert (refused.value.path, refused.value.code) == ("hands[4]", "match-over")


def test_a_house_target_and_the_tie_break() -> None:
    """A house target; both sides past it with equal totals play another hand (§2.11)."""
    sheet = Sheet.new(preset("fibur"), FOUR, target=505)
    both = BurracoHand((side({"pulito": 1}, 400, 0, taken=True, closed=True),
                        side({"pulito": 1}, 500, 0, taken=True)))
    sheet.add_hand(both)
    standing = sheet.view()["standing"]
    assert standing["totals"] == [700, 700] and not standing["over"]
    assert standing["extra_hand"] and standing["target"] == 505
    sheet.add_hand(closing(100))
    assert sheet.over and sheet.standing().winner == 0
    starting = Sheet.new(make_rules("fibur", {"target_tie_break": "STARTING_TEAM"}), FOUR,
                         target=505, dealer=0)
    starting.add_hand(both)
    assert starting.over and starting.standing().winner == 1  # seat 1 played first


# --- Scala 40, §6.5 ------------------------------------------------------------------------


def s40(*players: PlayerCount | None, in_mano: bool = False) -> Scala40Hand:
    return Scala40Hand(tuple(players), in_mano)


def won() -> PlayerCount:
    return PlayerCount(0, True, True)


def test_scala40_the_closer_scores_nothing_and_the_others_their_cards() -> None:
    sheet = Sheet.new(preset("fisca"), FOUR)
    result = sheet.add_hand(s40(PlayerCount(23), won(), PlayerCount(95, False),
                                PlayerCount(11)))
    assert result.scores == (23, 0, 95, 11)


def test_scala40_chiusura_in_mano_and_the_unopened_flat_penalty() -> None:
    """The FISCA chiusura-in-mano variant: opponents' cards double, an unopened player pays a
    flat 100, not doubled (§6.5, docs/scala40.md)."""
    rules = make_rules("fisca", {"chiusura_in_mano_multiplier": 2,
                                 "unopened_flat_penalty": 100})
    sheet = Sheet.new(rules, FOUR)
    result = sheet.add_hand(s40(won(), PlayerCount(30), PlayerCount(80, False),
                                PlayerCount(7), in_mano=True))
    assert result.scores == (0, 60, 100, 14)
    plain = Sheet.new(preset("fisca"), FOUR).add_hand(
        s40(won(), PlayerCount(30), PlayerCount(80, False), PlayerCount(7), in_mano=True))
    assert plain.scores == (0, 30, 80, 7)


@pytest.mark.parametrize("limit", [101, 201])
def test_scala40_out_at_the_limit(limit: int) -> None:
    """A player reaching or passing the limit is out and not dealt in; the last one in wins."""
    rules = make_rules("fisca", {"players": 3, "elimination_limit": limit})
    sheet = Sheet.new(rules, FOUR[:3])
    sheet.add_hand(s40(PlayerCount(100), PlayerCount(limit - 50), won()))
    sheet.add_hand(s40(won(), PlayerCount(50), PlayerCount(20)))  # exactly the limit: out
    view = sheet.view()["standing"]
    assert view["eliminated"] == [False, True, False] and view["in_play"] == [True, False, True]
    with pytest.raises(SheetError) as refused:
        sheet.add_hand(s40(won(), PlayerCount(10), PlayerCount(20)))
    assert (refused.value.path, refused.value.code) == ("hands[2].players[1]", "dealt-in")
    sheet.add_hand(s40(PlayerCount(limit - 100), None, won()))
    assert sheet.over and sheet.standing().winner == 2


def test_scala40_reentry_at_the_highest_total_in_play() -> None:
    rules = make_rules("fisca", {"players": 3, "reentry": "ONCE_AT_HIGHEST_REMAINING"})
    sheet = Sheet.new(rules, FOUR[:3])
    sheet.add_hand(s40(won(), PlayerCount(120), PlayerCount(40)))
    assert sheet.view()["standing"]["can_reenter"] == [False, True, False]
    sheet.reenter(1)
    assert sheet.standing().totals == (0, 40, 40)
    sheet.add_hand(s40(won(), PlayerCount(70), PlayerCount(10)))
    with pytest.raises(SheetError) as refused:
        sheet.reenter(1)  # once only
    assert refused.value.code == "reentry"
    plain = Sheet.new(make_rules("fisca", {"players": 3}), FOUR[:3])
    plain.add_hand(s40(won(), PlayerCount(120), PlayerCount(40)))
    with pytest.raises(SheetError) as refused:
        plain.reenter(1)
    assert "reentry=NONE" in refused.value.reason


def test_scala40_pairs_pay_together_and_the_closers_pair_nothing() -> None:
    rules = make_rules("fisca", {"partnerships": "PAIRS_2V2"})
    sheet = Sheet.new(rules, FOUR)
    result = sheet.add_hand(s40(won(), PlayerCount(20), PlayerCount(35), PlayerCount(15)))
    assert result.scores == (0, 35)
    assert sheet.side_names() == ["Anna & Carla", "Bruno & Dario"]
