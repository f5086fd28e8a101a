"""Three-player Burraco on the score sheet (RULES.md §5.2): the solo and the pair, the pair's
total split per seat with halves rounded up, the hand nobody took the 18 in, the switch to
three pozzetti of 11 once a total reaches 1000, the 1505 target, and the refusals."""

from __future__ import annotations

from typing import Any

import pytest

from ramino.games.burraco.scoring import hand_result, side_score
from ramino.games.burraco.seating import after_solo
from ramino.rules import make_rules
from ramino.scoresheet import (
    BurracoHand,
    Sheet,
    SheetError,
    SideCount,
    read_hand,
    read_sheet_record,
    score_table,
    sheet_record,
)

THREE = ["Anna", "Bruno", "Carla"]


def sheet(**options: Any) -> Sheet:
    return Sheet.new(make_rules("fibur", {"players": 3, **options}), THREE)


def solo_hand(solo: int, pair_melded: int = 185, pair_in_hand: int = 100,
              pair_took: bool = True) -> BurracoHand:
    return BurracoHand((SideCount({"pulito": 1}, 420, 0, True, True),
                        SideCount({}, pair_melded, pair_in_hand, pair_took)), solo=solo)


def test_the_solo_scores_his_total_and_the_pair_splits_its_own_rounded_up() -> None:
    s = sheet()
    score = s.add_hand(solo_hand(1))
    # Solo: 420 + 200 + 100 = 720.  Pair: 185 - 100 = 85, split 43 + 43 (halves up, §5.2).
    assert score.scores == (43, 720, 43)
    assert score.sides == (0, 1, 2)
    assert score.breakdown[1] == {"table": 420, "burraco": 200, "closing": 100, "hand": 0,
                                  "pozzetto": 0}
    assert score.breakdown[0] == score.breakdown[2] == {
        "table": 185, "burraco": 0, "closing": 0, "hand": -100, "pozzetto": 0, "split": -42}
    assert s.standing().totals == (43, 720, 43)


@pytest.mark.parametrize("solo", [0, 1, 2])
@pytest.mark.parametrize(("melded", "in_hand", "pair_total", "each"), [
    (185, 100, 85, 43), (0, 0, 0, 0), (105, 100, 5, 3), (100, 105, -5, -2), (100, 205, -105, -52)])
def test_the_hand_by_side_shows_the_pair_once_and_what_each_scores(
        solo: int, melded: int, in_hand: int, pair_total: int, each: int) -> None:
    """``columns``: the solo's and the pair's, whatever the pair's total (a total of 0 splits
    into no ``split`` part at all, yet the pair is still one side)."""
    score = sheet().add_hand(solo_hand(solo, melded, in_hand))
    pair = tuple(seat for seat in range(3) if seat != solo)
    solo_column, pair_column = score.columns
    assert (solo_column.sides, solo_column.total, solo_column.each) == ((solo,), 720, 720)
    assert pair_column.sides == pair
    assert pair_column.parts == {"table": melded, "burraco": 0, "closing": 0,
                                 "hand": -in_hand, "pozzetto": 0}
    assert (pair_column.total, pair_column.each) == (pair_total, each)
    assert score.scores[pair[0]] == score.scores[pair[1]] == each
    assert score.as_dict()["columns"][1] == {"sides": list(pair), "parts": pair_column.parts,
                                             "total": pair_total, "each": each}


def test_everyone_alone_is_a_column_each() -> None:
    s = sheet()
    s.add_hand(solo_hand(1))
    s.add_hand(solo_hand(1))  # Bruno passes 1000: three pozzetti of 11 from now on
    alone = s.add_hand(BurracoHand(tuple(SideCount({}, 100, 10 * k, k == 0)
                                         for k in range(3))))
    assert [(c.sides, c.total, c.each) for c in alone.columns] == [
        ((k,), alone.scores[k], alone.scores[k]) for k in range(3)]
    assert [c.parts for c in alone.columns] == list(alone.breakdown)


@pytest.mark.parametrize("solo", [0, 1, 2])
@pytest.mark.parametrize(("melded", "in_hand", "took"), [(185, 100, True), (50, 155, False),
                                                         (0, 0, False), (300, 5, True)])
def test_every_solo_seat_scores_as_the_engines_hand_result(solo: int, melded: int, in_hand: int,
                                                           took: bool) -> None:
    rules = make_rules("fibur", {"players": 3})
    score = sheet().add_hand(solo_hand(solo, melded, in_hand, took))
    sides = after_solo((0, 1, 2), solo)
    pair = next(x for x in sides if x != solo)
    by_side = [side_score(rules, table=0, kinds=(), in_hand=0, unplayed=0, closed=False,
                          taken=False, anyone_took=True)] * 3
    by_side[solo] = side_score(rules, table=420, kinds=("pulito",), in_hand=0, unplayed=0,
                               closed=True, taken=True, anyone_took=True)
    by_side[pair] = side_score(rules, table=melded, kinds=(), in_hand=in_hand, unplayed=0,
                               closed=False, taken=took, anyone_took=True)
    expected = hand_result("closed", by_side, sides, None)
    assert score.scores == expected.scores
    assert list(score.breakdown) == [b.as_dict() for b in expected.breakdown]
    pair_total = melded - in_hand - (0 if took else 100)
    assert score.scores[solo] == 720
    assert [score.scores[x] for x in range(3) if x != solo] == [-(-pair_total // 2)] * 2


def test_a_hand_nobody_took_the_18_in_is_three_players_alone() -> None:
    s = sheet()
    score = s.add_hand(BurracoHand((SideCount({}, 120, 30), SideCount({}, 50, 10),
                                    SideCount({}, 0, 90))))
    assert score.end == "stock"
    assert score.scores == (90, 40, -90)  # nobody took: no pozzetto penalty (§2.10)
    penalised = sheet(pozzetto_penalty_if_neither_took=True)
    assert penalised.add_hand(s.hands[0]).scores == (-10, -60, -190)


def test_the_switch_to_all_alone_at_1000_and_the_1505_target() -> None:
    s = sheet()
    assert s.format.mode.value == 1505 and s.solo_allowed()
    s.add_hand(BurracoHand((SideCount({"pulito": 2}, 500, 0, True, True),
                            SideCount({}, 100, 100)), solo=0))  # 500+400+100 = 1000
    assert s.standing().totals[0] == 1000
    assert not s.solo_allowed()
    assert s.hand_rules().pozzetto_sizes == (11, 11, 11)
    with pytest.raises(SheetError) as refused:
        s.add_hand(solo_hand(2))
    assert (refused.value.path, refused.value.code) == ("hands[1].solo", "solo-all-alone")
    assert "1000" in refused.value.reason
    # After the switch each player took (or not) his own 11 and scores alone.
    score = s.add_hand(BurracoHand((SideCount({"pulito": 1}, 300, 0, True, True),
                                    SideCount({}, 100, 20, True), SideCount({}, 40, 60))))
    assert score.scores == (600, 80, -120)
    assert s.standing().totals == (1600, 30, -170)  # the pair paid -100 split: -50 each
    assert s.over and s.standing().winner == 0
    assert s.view()["standing"]["target"] == 1505


def test_a_house_target_is_kept() -> None:
    s = Sheet.new(make_rules("fibur", {"players": 3}), THREE, target=2005)
    assert s.format.mode.value == 2005
    assert sheet_record(s)["match"] == {"target": 2005}


@pytest.mark.parametrize(("hand", "path", "code", "words"), [
    (BurracoHand((SideCount({"pulito": 1}, 420, 0, False, False), SideCount()), solo=1),
     "hands[0].sides[0].pozzetto_taken", "solo-without-pozzetto", "took the 18"),
    (BurracoHand((SideCount(), SideCount({}, 100, 0, True), SideCount())),
     "hands[0].sides[1].pozzetto_taken", "taken-without-solo", "name him in solo"),
    (BurracoHand((SideCount({"pulito": 1}, 420, 0, True), SideCount({"sporco": 1}, 300, 0,
                                                                     False, True)), solo=2),
     "hands[0].sides[1].closed", "close-without-pozzetto", "§2.8 item 1"),
    (BurracoHand((SideCount({"pulito": 1}, 420, 0, True, True),
                  SideCount({"sporco": 1}, 300, 0, True, True)), solo=0),
     "hands[0].sides[1].closed", "two-closers", "§2.8"),
    (BurracoHand((SideCount(), SideCount(), SideCount())[:2], solo=None),
     "hands[0].sides", "shape", "without, 3"),
])
def test_three_player_refusals_name_the_field(hand: BurracoHand, path: str, code: str,
                                              words: str) -> None:
    s = sheet()
    with pytest.raises(SheetError) as refused:
        s.add_hand(hand)
    assert (refused.value.path, refused.value.code) == (path, code), str(refused.value)
    assert words in refused.value.reason
    assert s.hands == []


@pytest.mark.parametrize(("value", "path", "words"), [
    ({"solo": 1, "sides": [{}, {}, {}]}, "hands[0].sides", "with a solo, 2 counts"),
    ({"sides": [{}, {}]}, "hands[0].sides", "without a solo, 3 counts"),
    ({"solo": 3, "sides": [{}, {}]}, "hands[0].solo", "out of range"),
    ({"solo": "Anna", "sides": [{}, {}]}, "hands[0].solo", "expected an integer"),
])
def test_malformed_three_player_counts_name_the_field(value: dict[str, Any], path: str,
                                                      words: str) -> None:
    with pytest.raises(SheetError) as refused:
        read_hand(make_rules("fibur", {"players": 3}), value, "hands[0]")
    assert (refused.value.path, refused.value.code) == (path, "shape")
    assert words in refused.value.reason


def test_a_three_player_sheet_round_trips_through_json_and_the_record() -> None:
    s = sheet()
    s.add_hand(solo_hand(2))
    s.add_hand(BurracoHand((SideCount({}, 120, 30), SideCount({}, 50, 10),
                            SideCount({}, 0, 90))))
    s.add_hand(BurracoHand((SideCount({"pulito": 2}, 500, 0, True, True),
                            SideCount({}, 100, 100)), solo=1))
    s.add_hand(BurracoHand((SideCount({}, 100, 20, True), SideCount({}, 40, 60),
                            SideCount({"pulito": 1}, 300, 0, True, True))))
    doc = s.as_dict()
    assert doc["hands"][0]["solo"] == 2 and "solo" not in doc["hands"][1]
    assert Sheet.from_dict(doc).as_dict() == doc
    record = sheet_record(s)
    assert record["match"] == {"target": 1505}
    assert record["hands"][0]["result"]["scores"] == [43, 43, 720]
    assert record["hands"][0]["result"]["breakdown"][0]["split"] == -42
    assert [h["dealer"] for h in record["hands"]] == [2, 0, 1, 2]
    back = read_sheet_record(record)
    assert back.as_dict() == doc
    assert sheet_record(back) == record


def test_the_score_table_says_what_three_players_need() -> None:
    table = score_table(make_rules("fibur", {"players": 3}))
    assert table["sides"] == [[0], [1], [2]]
    assert table["burraco"]["match"]["value"] == 1505
    assert table["burraco"]["three_players"] == {"pairs_form": True, "switch_threshold": 1000}
    assert score_table(make_rules("fibur"))["burraco"]["three_players"] is None
