"""Scala 40 engine: meld rules (§6.2), opening values (§1.3, T-43), notation, options
the engine does not implement (refused, never ignored, §6.7), observations, matches (§6.5)."""

from __future__ import annotations

import json
import random

import pytest

from ramino.bots.registry import make_bot
from ramino.cards import JOKER, pack, parse_card, parse_cards
from ramino.errors import IllegalActionError, NotationError, NotSupportedError, RulesError
from ramino.games.actions import ATTACH, DISCARD, MELD, SWAP, Action, parse_action
from ramino.games.deal import Deal
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.match import Match, standing
from ramino.games.scala40.state import QUIET_REBUILDS_STALLO, Scala40State
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules, preset

FISCA = preset("fisca")


def meld(text: str) -> m40.Meld:
    action = parse_action("meld " + text)
    return m40.new_meld(action.cards, action.annotations, FISCA)


@pytest.mark.parametrize(("text", "points"), [
    ("Th Jh Qh", 30), ("5c 5d 5s", 15), ("Ac 2c 3c", 6), ("Ts Th Td", 30),
    ("Ks Kh Kd Kc", 40), ("Qd Kd Ad", 31), ("As Ah Ad", 33), ("7c 7s JK=7h", 21),
    ("8h 9h Th", 27), ("JK=Ah 2h 3h", 6), ("Qh Kh JK=Ah", 31),
])
def test_opening_values_of_t43(text: str, points: int) -> None:
    """T-43 (§6.3 item 2, §1.3): ace 1 low, 11 high or in a group; the jolly at its card."""
    assert meld(text).opening_points() == points


def test_the_two_is_natural_and_only_the_jolly_is_wild() -> None:
    assert meld("2h 3h 4h").jolly == -1
    with pytest.raises(IllegalActionError) as info:
        meld("2c=5h 4h 6h")
    assert info.value.rule == "only-jolly-wild" and info.value.section == "§6.2"


@pytest.mark.parametrize(("text", "rule"), [
    ("7h 7h 7c", "group-distinct-suits"),  # T-09, Scala 40 part
    ("JK JK 5s", "one-jolly-per-meld"),
    ("5h 6h JK", "declare-jolly"),  # 4♥ or 7♥: the player must say which
    ("7c 7s JK", "declare-jolly"),  # 7♥ or 7♦
    ("Kh Ah 2h", "meld-shape"),  # no wrap (§1.2)
    ("5h 6h", "meld-min-three"),
])
def test_illegal_melds_name_their_rule(text: str, rule: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        meld(text)
    assert info.value.rule == rule


def test_group_jolly_declared_with_its_suit_and_swapped_for_that_card_only() -> None:
    group = meld("7c 7s JK=7h")
    assert group.jolly == parse_card("7h") and str(group) == "7s 7c JK=7h"
    with pytest.raises(IllegalActionError) as info:
        m40.swap(group, parse_card("7d"))
    assert info.value.rule == "jolly-swap-exact"
    assert m40.swap(group, parse_card("7h")).cards == tuple(sorted(parse_cards("7s 7h 7c")))


def test_sequence_of_fourteen_and_no_natural_ace_at_both_ends() -> None:
    full = meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks JK=As")
    assert len(full.cards) == 14 and full.jolly == parse_card("As")
    run = meld("As 2s 3s")
    with pytest.raises(IllegalActionError):
        m40.attach(run, parse_cards("Ks As"), (), FISCA)


def test_swap_notation_round_trips() -> None:
    action = parse_action("swap 3 6h", allow_swap=True)
    assert action.kind == SWAP and action.meld == 3 and str(action) == "swap 3 6h"
    # Burraco has no swap: its notation reads the word as before, an unknown action.
    with pytest.raises(NotationError, match="unknown action 'swap'"):
        parse_action("swap 3 6h")


@pytest.mark.parametrize(("value", "players"), [
    ("PAIRS_2V2", 3), ("PAIRS_2V2", 6), ("TEAMS_3V3", 4), ("TEAMS_3V3", 5),
])
def test_partnerships_need_their_table(value: str, players: int) -> None:
    """§6.1: pairs with 4 players, two teams of 3 with 6; other tables are refused."""
    with pytest.raises(RulesError, match="partnerships") as info:
        make_rules("fisca", {"partnerships": value, "players": players})
    assert not isinstance(info.value, NotSupportedError)


def test_hand_size_option_deals_that_many_and_refuses_more_than_the_pack() -> None:
    state = Scala40State.new_hand(make_rules("fisca", {"hand_size": 10}), seed=1)
    assert state.sizes == [10, 10, 10, 10] and len(state.stock) == 108 - 41
    with pytest.raises(NotSupportedError, match="hand_size"):
        Scala40State.new_hand(make_rules("fisca", {"hand_size": 20, "players": 6}), seed=1)


def test_a_burraco_rule_set_is_refused() -> None:
    with pytest.raises(ValueError, match="burraco"):
        Scala40State.new_hand(preset("fibur"), seed=1)


def test_observation_shows_only_what_the_seat_may_know() -> None:
    state = Scala40State.new_hand(FISCA, seed=3)
    state.play("draw")
    mine = state.observation(0)
    other = state.observation(1)
    assert sorted(mine.hand) == state.hand_of(0) and sorted(other.hand) == state.hand_of(1)
    assert other.opening_points == 0 and other.picked is None
    text = json.dumps(other.as_dict())
    assert "stock\": [" not in text and other.stock_size == len(state.stock)


def test_elimination_limit_decides_who_is_out() -> None:
    hands = [((0, 1, 2), (0, 60, 120)), ((0, 1, 2), (30, 50, 0))]
    at_101 = standing(FISCA.with_options(players=3), hands)
    assert at_101.totals == (30, 110, 120) and at_101.eliminated == (False, True, True)
    assert at_101.over and at_101.winner == 0
    at_151 = standing(FISCA.with_options(players=3, elimination_limit=151), hands)
    assert at_151.eliminated == (False, False, False) and not at_151.over


def _play_match(players: int, seed: int) -> Match:
    match = Match(make_rules("fisca", {"players": players}), seed=seed)
    rng = random.Random(seed)
    while not match.over:
        state = match.next_hand()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return match


def test_a_match_goes_on_until_one_player_remains_and_is_a_record() -> None:
    match = _play_match(3, 2)
    final = match.standing()
    assert final.over and final.winner is not None
    assert sum(not e for e in final.eliminated) == 1
    # Eliminated seats sit out the following hands; the deal passes left among those in play.
    scored: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for seats, state in zip(match.seats, match.states, strict=True):
        before = standing(match.rules, scored)
        assert seats == tuple(s for s in range(3) if not before.eliminated[s])
        result = state.result()
        assert result is not None
        scored.append((seats, result.scores))
    document = json.loads(json.dumps(scala40_record.match_record_of(match)))
    report = scala40_record.replay(document)
    assert report.ok and report.standing == final
    broken = json.loads(json.dumps(document))
    broken["hands"][-1]["dealer"] = (broken["hands"][-1]["dealer"] + 1) % 3
    assert "dealer-rotation" in [p.rule for p in scala40_record.replay(broken).problems]


def test_a_match_hand_after_the_end_is_refused() -> None:
    match = _play_match(2, 5)
    document = json.loads(json.dumps(scala40_record.match_record_of(match)))
    document["hands"].append(document["hands"][-1])
    assert "match-over" in [p.rule for p in scala40_record.replay(document).problems]


def test_penalties_of_a_hand_use_the_scala40_values() -> None:
    state = Scala40State.new_hand(FISCA, seed=11)
    rng = random.Random(11)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result is not None and result.closed_by is not None
    assert result.scores[result.closed_by] == 0
    for seat, points in enumerate(result.hand_points):
        cards = state.hand_of(seat)
        expected = sum(25 if c == JOKER else 11 if c % 13 == 0 else min(c % 13 + 1, 10)
                       for c in cards)
        assert points == expected


def test_malformed_action_values_are_notation_errors_and_change_nothing() -> None:
    state = Scala40State.new_hand(FISCA, seed=2)
    state.play("draw")
    before = state.fingerprint()
    for action in (Action(DISCARD, ()), Action(SWAP, (1, 2), 1), Action(MELD, (99, 1, 2)),
                   Action(ATTACH, (1,), 0), Action("draw", (3,))):
        with pytest.raises(NotationError):
            state.apply(action)
        assert state.fingerprint() == before


def _deal_with(hand: str, draw: str) -> Deal:
    """Seat 0 holds ``hand`` and draws ``draw``; the rest of the pack, in pack order, fills
    the other hands and the tallone."""
    mine = parse_cards(hand)
    rest = pack(2)
    for c in [*mine, parse_card(draw)]:
        rest.remove(c)
    hands = (tuple(mine), *(tuple(rest[13 * i:13 * i + 13]) for i in range(3)))
    rest = rest[39:]
    return Deal(hands, (), rest[0], (parse_card(draw), *rest[1:]))


def test_two_identical_sequences_cannot_make_one_apertura_when_the_option_forbids_it() -> None:
    """identical_sequence_allowed (§6.7, T-55) holds inside one turn too: 8♦ 9♦ 10♦ twice is
    54, but under 'false' the second copy may not go down, so neither may the first."""
    deal = _deal_with("8d 9d Td 8d 9d Td 2s 4c 6h Qs Jc 3h 5s", "Kc")
    allowed = Scala40State.new_hand(make_rules("fisca", {"opening_threshold": 51}), deal=deal)
    allowed.play("draw")
    assert parse_action("meld 8d 9d Td") in allowed.legal_actions()
    rules = make_rules("fisca", {"opening_threshold": 51, "identical_sequence_allowed": False})
    forbidden = Scala40State.new_hand(rules, deal=deal)
    forbidden.play("draw")
    assert all(a.kind == DISCARD for a in forbidden.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        forbidden.play("meld 8d 9d Td")
    assert info.value.rule == "opening-threshold"


def test_a_hand_whose_table_never_changes_ends_as_a_stallo() -> None:
    """Six greedy players in two teams: five have opened and hold one or two cards that fit
    nothing, the sixth cannot open and, under the discard ban, keeps every card that fits the
    table.  Only draws and discards follow, for ever; once the tallone has been made from the
    pozzo ten times in a row with the table unchanged, the hand ends as a stallo (an engine
    choice where docs/rules.md is silent, docs/scala40.md), each seat paying its cards."""
    rules = make_rules("fisca", {"players": 6, "partnerships": "TEAMS_3V3",
                                 "unopened_flat_penalty": 100})
    state = Scala40State.new_hand(rules, seed=569)
    bots = [make_bot("greedy", 5690 + seat, rules) for seat in range(6)]
    moves = 0
    while not state.is_over and moves < 5000:
        state.apply(bots[state.current].choose(state.observation(state.current),
                                                state.legal_actions()))
        moves += 1
    result = state.result()
    assert result is not None and result.end == "stallo" and result.closed_by is None
    assert state.quiet_rebuilds == QUIET_REBUILDS_STALLO and not all(state.opened)
    assert max(state.sizes) > 2  # not the frozen table of the test below
    # The last ten rounds of the tallone laid nothing: the table is the one of the first.
    assert tuple(state.melds) == state.rebuild_melds
    document = json.loads(json.dumps(scala40_record.record_of(state)))
    assert scala40_record.replay(document).ok and document["result"]["end"] == "stallo"


def test_a_hand_nobody_can_close_ends_as_a_stallo() -> None:
    """At most two cards in every hand and no card off the table that fits a meld or frees a
    jolly: no card can be laid off and no meld can leave a card to discard (T-49), so the hand
    ends, each seat paying its cards (an engine choice where docs/rules.md is silent,
    docs/scala40.md)."""
    rules = make_rules("fisca", {"players": 2})
    state = Scala40State.new_hand(rules, seed=200295)
    rng = random.Random(200295)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result is not None and result.end == "stallo" and result.closed_by is None
    assert max(state.sizes) <= 2
    off_table = {*state.stock, *state.pile, *(c for s in range(2) for c in state.hand_of(s))}
    fitting = set().union(*(m40.fitting_cards(meld, rules) for meld in state.melds))
    assert not off_table & fitting and JOKER not in fitting
    for meld in state.melds:
        # A jolly whose card is still in play could be swapped, but could go nowhere after.
        assert meld.jolly not in off_table or len(meld.cards) == (
            4 if meld.kind == "group" else 14)
    before = state.turn
    # One turn earlier the table was not yet frozen: the stallo is called as soon as it is.
    replayed = Scala40State.new_hand(rules, seed=200295)
    for action in state.history()[:-1]:
        replayed.apply(action)
    assert not replayed.is_over and replayed.turn == before - 1
    assert result.scores == result.hand_points
    document = json.loads(json.dumps(scala40_record.record_of(state)))
    assert scala40_record.replay(document).ok and document["result"]["end"] == "stallo"
