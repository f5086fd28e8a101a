"""Matches (§2.11, §3.8, §2.1 item 3): targets, tie-breaks, express and fixed hands,
the dealer passing left, and match records replayed with the standing derived."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from ramino.errors import RecordError
from ramino.games.burraco.match import (
    STANDARD_TARGETS,
    Match,
    MatchFormat,
    first_player,
    next_dealer,
    standing,
)
from ramino.games.burraco.state import BurracoState
from ramino.records import match_record_of, read_record, replay, write_record
from ramino.rules import preset
from ramino.rules.options import TargetTieBreak

EXTRA = TargetTieBreak.HIGHER_TOTAL_THEN_EXTRA_HAND
STARTING = TargetTieBreak.STARTING_TEAM


def test_one_side_reaching_the_target_wins() -> None:
    s = standing(MatchFormat.target(505), [(300, 200), (210, 250)], starting_side=0)
    assert (s.over, s.winner, s.decided_by, s.totals, s.hands_counted) == (
        True, 0, "target", (510, 450), 2)


@pytest.mark.parametrize("target", STANDARD_TARGETS)
def test_reaching_exactly_the_target_wins(target: int) -> None:
    s = standing(MatchFormat.target(target), [(target, 0)], starting_side=1)
    assert (s.over, s.winner) == (True, 0)
    s = standing(MatchFormat.target(target), [(target - 5, 0)], starting_side=1)
    assert not s.over and s.winner is None


def test_both_past_the_target_the_higher_total_wins() -> None:
    s = standing(MatchFormat.target(1005), [(900, 950), (200, 120)], starting_side=1)
    assert (s.over, s.winner, s.decided_by, s.totals) == (True, 0, "higher-total", (1100, 1070))


def test_exact_tie_past_the_target_plays_another_hand() -> None:
    fmt = MatchFormat.target(505, EXTRA)
    s = standing(fmt, [(300, 300), (250, 250)], starting_side=1)
    assert (s.over, s.extra_hand, s.winner) == (False, True, None)
    s = standing(fmt, [(300, 300), (250, 250), (-20, 40)], starting_side=1)
    assert (s.over, s.winner, s.decided_by, s.hands_counted) == (True, 1, "higher-total", 3)


def test_exact_tie_past_the_target_goes_to_the_starting_side() -> None:
    s = standing(MatchFormat.target(505, STARTING), [(300, 300), (250, 250)], starting_side=1)
    assert (s.over, s.winner, s.decided_by) == (True, 1, "starting-side")


def test_express_single_hand() -> None:
    fmt = MatchFormat.express()
    assert standing(fmt, [(120, 85)], starting_side=1).winner == 0
    tie = standing(fmt, [(100, 100)], starting_side=1)
    assert (tie.over, tie.winner, tie.decided_by) == (True, 1, "starting-side")


def test_fixed_hands_report_totals_and_mp_difference() -> None:
    fmt = MatchFormat.fixed_hands(3)
    s = standing(fmt, [(400, 100), (300, 250)], starting_side=0)
    assert not s.over
    s = standing(fmt, [(400, 100), (300, 250), (-50, 110)], starting_side=0)
    assert (s.over, s.winner, s.totals, s.mp_difference) == (True, 0, (650, 460), 190)
    draw = standing(fmt, [(100, 200), (200, 100), (0, 0)], starting_side=0)
    assert (draw.over, draw.winner, draw.decided_by) == (True, None, "draw")


def test_counting_stops_at_the_deciding_hand() -> None:
    s = standing(MatchFormat.target(505), [(600, 0), (0, 900)], starting_side=0)
    assert (s.hands_counted, s.winner, s.totals) == (1, 0, (600, 0))


def test_bad_formats_are_refused() -> None:
    with pytest.raises(ValueError, match="positive"):
        MatchFormat.target(0)
    with pytest.raises(ValueError, match="2, 3 or 4"):
        MatchFormat.fixed_hands(5)


def test_the_deal_passes_left_and_seats_follow() -> None:
    """§2.1: the next hand's dealer is seat dealer + 1; the first player the seat
    after the dealer."""
    assert [next_dealer(d, 4) for d in range(4)] == [1, 2, 3, 0]
    assert first_player(3, 4) == 0 and first_player(0, 4) == 1
    rules = preset("fibur")
    for dealer in range(4):
        state = BurracoState.new_hand(rules, seed=9, dealer=dealer)
        assert state.current == first_player(dealer, 4)
        # A seeded deal starts at the dealer's left as at the table (§2.2 item 3).
        assert state.deal.hands[first_player(dealer, 4)] == (
            BurracoState.new_hand(rules, seed=9).deal.hands[0])


def _play_match(fmt: MatchFormat, seed: int, max_hands: int = 12) -> Match:
    match = Match(preset("fibur"), fmt)
    rng = random.Random(seed)
    for hand in range(max_hands):
        if match.standing().over:
            break
        state = match.new_hand(seed=seed * 100 + hand)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        match.finish_hand()
    return match


def _match_doc(match: Match) -> dict[str, Any]:
    doc = match_record_of(match, players=["Anna", "Bruno", "Carla", "Dario"],
                          meta={"event": "test"})
    loaded: dict[str, Any] = json.loads(json.dumps(doc))
    return loaded


def test_a_played_match_records_and_replays_to_the_same_standing() -> None:
    match = _play_match(MatchFormat.target(505), seed=3)
    s = match.standing()
    assert s.over and len(match.states) >= 2
    doc = _match_doc(match)
    assert doc["match"] == {"target": 505}
    assert [h["dealer"] for h in doc["hands"]] == [(3 + i) % 4 for i in range(len(doc["hands"]))]
    assert write_record(read_record(doc)) == doc
    report = replay(doc)
    assert report.exit_code == 0, [p.message for p in report.problems]
    assert report.standing == s
    assert report.result_json()["match"]["winner"] == s.winner
    # Each hand's scores are by match side, whoever dealt.
    assert [tuple(h["result"]["scores"]) for h in doc["hands"]] == match.scores


def test_match_record_with_a_wrong_dealer_is_refused() -> None:
    doc = _match_doc(_play_match(MatchFormat.fixed_hands(2), seed=4))
    doc["hands"][1]["dealer"] = 2
    report = replay(doc)
    rules = {p.rule for p in report.problems}
    assert "dealer-rotation" in rules
    (problem,) = [p for p in report.problems if p.rule == "dealer-rotation"]
    assert problem.path == "hands[1].dealer" and "RULES.md §2.1" in problem.message


def test_a_hand_after_the_match_is_decided_is_refused() -> None:
    played = _play_match(MatchFormat.fixed_hands(2), seed=5)
    doc = _match_doc(played)
    doc["match"] = {"mode": "SINGLE_HAND"}
    report = replay(doc)
    (problem,) = report.problems
    assert (problem.rule, problem.path) == ("match-over", "hands[1]")
    assert report.standing is not None and report.standing.hands_counted == 1


def test_match_field_errors_name_the_field() -> None:
    doc = _match_doc(_play_match(MatchFormat.express(), seed=6))
    assert doc["match"] == {"mode": "SINGLE_HAND"}
    for match_value, expected in (({"target": 0}, "match.target: 0 is out of range"),
                                  ({"mode": "BEST_OF(3)"}, "match.mode: option match_mode"),
                                  ({"target": 505, "tie_break": "coin"}, "match.tie_break:"),
                                  ({"target": 505, "mode": "SINGLE_HAND"}, "match.mode: give"),
                                  ({"best_of": 3}, "match.best_of: unknown field")):
        doc["match"] = match_value
        with pytest.raises(RecordError) as info:
            read_record(doc)
        assert str(info.value).startswith(expected), str(info.value)
    doc["match"] = {"target": 1505, "tie_break": "starting_team"}
    record = read_record(doc)
    assert record.match == MatchFormat.target(1505, STARTING)
    assert write_record(record)["match"] == {"target": 1505, "tie_break": "STARTING_TEAM"}
    doc["hands"][0]["position"] = {}
    with pytest.raises(RecordError, match=r"^hands\[0\]\.position: unknown field"):
        read_record(doc)


def test_runner_refuses_to_deal_past_the_end() -> None:
    match = _play_match(MatchFormat.express(), seed=7)
    with pytest.raises(ValueError, match="over"):
        match.new_hand(seed=1)
