"""Replaying a record: every action checked by the engine, the result checked against its own
computation (docs/record.md §5).

``replay(document)`` raises :class:`RecordError` for a record that is not well formed (exit
status 2) and otherwise returns a :class:`ReplayReport`; its ``problems`` hold the first
illegal action of each hand (turn number, seat, the action as written, the rule and its
section from :class:`IllegalActionError`) and every difference between a recorded and a
computed result (exit status 1).  For a match the report also derives the standing (§2.11)
and checks that the deal passes left (§2.1) and that no hand is played after the match
is decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

from ramino.errors import IllegalActionError
from ramino.games.actions import Action
from ramino.games.burraco.match import (
    MatchStanding,
    hand_rules,
    next_dealer,
    standing,
    starting_side,
)
from ramino.games.burraco.state import BurracoState
from ramino.records.burraco.position import Position, position_of
from ramino.records.burraco.writer import recorded_result
from ramino.records.document import HandRecord, Record, RecordedResult, read_record
from ramino.records.fields import index_path, key_path
from ramino.records.problem import Problem
from ramino.rules import RuleSet


@dataclass(slots=True)
class HandReplay:
    hand: HandRecord
    state: BurracoState
    result: RecordedResult | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def position(self) -> Position:
        """The position reached."""
        return position_of(self.state)

    def result_json(self) -> dict[str, Any]:
        if self.result is not None:
            return self.result.as_json()
        return {"end": None, "position": self.position().as_json()}


@dataclass(slots=True)
class ReplayReport:
    record: Record
    hands: list[HandReplay]
    standing: MatchStanding | None = None
    match_problems: list[Problem] = field(default_factory=list)

    @property
    def problems(self) -> list[Problem]:
        return [p for h in self.hands for p in h.problems] + self.match_problems

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def result_json(self) -> dict[str, Any]:
        """What ``ramino replay --json`` prints: the hand's result object (or, for a record
        that stops mid-hand, ``end: null`` and the position reached); for a match, the derived
        standing and each hand's result.  ``problems`` is added when there are any."""
        if self.record.is_match:
            assert self.standing is not None
            out: dict[str, Any] = {"match": self.standing.as_json(),
                                   "hands": [h.result_json() for h in self.hands]}
        else:
            out = self.hands[0].result_json()
        if self.problems:
            out["problems"] = [p.as_json() for p in self.problems]
        return out


def replay(document: object) -> ReplayReport:
    """Replay a parsed JSON document (or an already read :class:`Record`)."""
    record = document if isinstance(document, Record) else read_record(document)
    hands: list[HandReplay] = []
    totals: list[int] = []
    for i in range(len(record.hands)):
        # In a match the rules of a hand can depend on the score so far (§5.2).
        rules = hand_rules(record.rules, totals) if record.is_match else record.rules
        played = replay_hand(record, i, rules)
        hands.append(played)
        if played.result is not None:
            scores = played.result.scores
            totals = [a + b for a, b in zip_longest(totals, scores, fillvalue=0)]
    report = ReplayReport(record, hands)
    if record.match is not None:
        _check_match(report)
    return report


def start_state(record: Record, hand: HandRecord, rules: RuleSet | None = None
                ) -> BurracoState:
    rules = rules or record.rules
    if hand.deal is not None:
        assert hand.dealer is not None
        return BurracoState.new_hand(rules, deal=hand.deal, dealer=hand.dealer)
    assert hand.position is not None
    return hand.position.state(rules, hand.dealer)


def replay_hand(record: Record, index: int, rules: RuleSet | None = None) -> HandReplay:
    hand = record.hands[index]
    rules = rules or record.rules
    where = f"hand {index + 1}, " if record.is_match else ""
    shape_problem: Problem | None = None
    if hand.deal is not None:
        shape = tuple(len(p) for p in hand.deal.pozzetti)
        if shape != rules.pozzetto_sizes:
            path = key_path(key_path(hand.path, "deal"), "pozzetti")
            shape_problem = Problem(
                "illegal", f"{where}{path}: pozzetti of {list(shape)} cards, but this hand is "
                f"played with {list(rules.pozzetto_sizes)} (three players switch to three of "
                "11 once a player has reached the threshold; rule three-player-pozzetti, "
                "RULES.md §5.2)", path, rule="three-player-pozzetti", section="§5.2")
            rules = rules.with_options(pozzetto_sizes=shape)
    state = start_state(record, hand, rules)
    out = HandReplay(hand, state)
    if shape_problem is not None:
        out.problems.append(shape_problem)
        return out
    turns_path = key_path(hand.path, "turns")
    for i, turn in enumerate(hand.turns):
        steps: list[tuple[str, str, Action]]
        if turn.event is not None:
            steps = [(index_path(turns_path, i), turn.written[0], Action(turn.event))]
        else:
            steps = [(index_path(index_path(turns_path, i), j), text, action)
                     for j, (text, action) in enumerate(zip(turn.written, turn.actions,
                                                            strict=True))]
        for path, text, action in steps:
            seat = state.current
            try:
                state.apply(action)
            except IllegalActionError as exc:
                out.problems.append(Problem(
                    "illegal",
                    f"{where}turn {i + 1} ({path}), seat {seat}: {text!r} is illegal: "
                    f"{exc.reason} (rule {exc.rule}, RULES.md {exc.section})",
                    path, i + 1, seat, text, exc.rule, exc.section))
                return out
    result = state.result()
    if result is not None:
        out.result = recorded_result(result)
    if hand.result is not None:
        _check_result(out, hand.result, key_path(hand.path, "result"), where)
    return out


def _check_result(out: HandReplay, recorded: RecordedResult, path: str, where: str) -> None:
    computed = out.result
    if computed is None:
        out.problems.append(Problem(
            "result", f"{where}{path}: the record gives a result ({recorded.end}) but the hand "
            "is not over after the last turn", path, rule="hand-not-over", section="§2.8–§2.9"))
        return
    diffs: list[str] = []
    if recorded.end != computed.end:
        diffs.append(f"end recorded {recorded.end!r}, computed {computed.end!r}")
    if recorded.scores != computed.scores:
        diffs.append(f"scores recorded {list(recorded.scores)}, computed "
                     f"{list(computed.scores)}")
    if recorded.breakdown is not None and computed.breakdown is not None:
        for side, (mine, theirs) in enumerate(zip(computed.breakdown, recorded.breakdown,
                                                  strict=True)):
            for key, value in theirs.items():
                if mine[key] != value:
                    diffs.append(f"breakdown[{side}].{key} recorded {value}, computed "
                                 f"{mine[key]}")
    if diffs:
        out.problems.append(Problem(
            "result", f"{where}{path} differs: " + "; ".join(diffs), path,
            rule="result-differs", section="§2.10"))


def _check_match(report: ReplayReport) -> None:
    record = report.record
    assert record.match is not None
    n = record.rules.players
    first_dealer = record.hands[0].dealer
    assert first_dealer is not None
    scores: list[tuple[int, ...]] = []
    for i, played in enumerate(report.hands):
        hand = played.hand
        if i > 0:
            before = record.hands[i - 1].dealer
            assert before is not None and hand.dealer is not None
            if hand.dealer != next_dealer(before, n):
                path = key_path(hand.path, "dealer")
                report.match_problems.append(Problem(
                    "match", f"{path}: dealer {hand.dealer}, but the deal passes left: after "
                    f"dealer {before} comes dealer {next_dealer(before, n)} (rule "
                    "dealer-rotation, RULES.md §2.1)", path, rule="dealer-rotation",
                    section="§2.1"))
        if played.result is None:
            if i != len(report.hands) - 1 and not played.problems:
                report.match_problems.append(Problem(
                    "match", f"{hand.path}: this hand is not over but the match goes on",
                    hand.path, rule="hand-not-over", section="§2.8–§2.9"))
            break
        scores.append(played.result.scores)
    report.standing = standing(record.match, scores, starting_side(first_dealer, n))
    counted = report.standing.hands_counted
    if report.standing.over and counted < len(record.hands):
        path = index_path("hands", counted)
        report.match_problems.append(Problem(
            "match", f"{path}: the match was decided after hand {counted} "
            f"({report.standing.decided_by}); no further hand is played (rule match-over, "
            "RULES.md §2.11)", path, rule="match-over", section="§2.11"))
