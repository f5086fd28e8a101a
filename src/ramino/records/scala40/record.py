"""Scala 40 records (``game: scala40``): read, write and replay hands and matches (docs/record.md
§3–5, §6).

The document is the one of docs/record.md §4 with the Scala 40 meanings: ``deal.pozzetti`` is empty
(or absent), ``upcard`` is the first card turned for the pozzo (a jolly there goes back into
the tallone and another card is turned, T-53) and is absent (or null) under
``initial_discard=DEALER_14``, where the dealer's hand holds 14 cards and the first turn is his
``discard``; ``result.scores`` are the penalty points of the hand per side (per seat, or per
pair/team with ``partnerships``, in order of their lowest seat; 0 for the closer's, §6.5).  A
match is ``"match": {}`` (or ``{"elimination_limit": 201}``) with its ``hands``; since
eliminated players sit out, a match hand may carry ``"seats"``: the match seats dealt in, in
turn order (default: every seat), and its ``dealer`` is a match seat; under ``reentry`` it may
carry ``"reentries"``: the sides (seats) that re-entered before it was dealt.  The match result
is derived: totals, who is out, the winner.

Exit statuses as docs/record.md §5: :class:`RecordError` for a malformed record (2), problems for an
illegal action or a differing result (1).  A single hand may give a ``position`` instead of its
``deal`` (``ramino.records.scala40.position``): the hand taken up in the middle.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ramino.cards import card_str
from ramino.errors import IllegalActionError, RecordError, RulesError
from ramino.games.deal import NO_UPCARD, Deal
from ramino.games.scala40.deal import dealt_sizes, pack_problem, seat_sides
from ramino.games.scala40.match import (
    Match,
    MatchStanding,
    hand_rules,
    hand_sides,
    next_dealer,
    side_count,
    standing,
)
from ramino.games.scala40.scoring import Result
from ramino.games.scala40.state import Scala40State
from ramino.records.document import FORMAT, Turn, check_format, group_turns, read_turns
from ramino.records.fields import (
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    index_path,
    key_path,
    read_card,
    read_cards,
)
from ramino.records.problem import Problem
from ramino.records.rules_field import read_rules, write_rules
from ramino.records.scala40.position import Position, read_position
from ramino.rules import RuleSet, build_ruleset
from ramino.rules.options import InitialDiscard

GAME: Final = "scala40"
ENDS: Final = ("closed", "stock", "stallo")


def is_scala40_document(document: object) -> bool:
    return (isinstance(document, dict) and isinstance(document.get("game"), str)
            and document["game"].lower() == GAME)


@dataclass(frozen=True, slots=True)
class HandRecord:
    seats: tuple[int, ...]  # match seats dealt in, in turn order
    dealer: int  # a match seat
    deal: Deal | None  # None: the hand is taken up at ``position``
    turns: tuple[Turn, ...]
    result: tuple[str, tuple[int, ...]] | None
    meta: Any = None
    path: str = ""
    reentries: tuple[int, ...] = ()  # sides that re-entered before this hand (§6.5)
    position: Position | None = None


@dataclass(frozen=True, slots=True)
class Record:
    rules: RuleSet
    players: tuple[str, ...] | None
    hands: tuple[HandRecord, ...]
    is_match: bool = False
    meta: Any = None
    has_meta: bool = False


# --- reading -------------------------------------------------------------------------------------


def read_record(document: object) -> Record:
    """Check the form of a Scala 40 document (docs/record.md §4) and return it."""
    check_format(document)
    is_match = isinstance(document, dict) and "match" in document
    if is_match:
        obj = expect_object(document, "", required=("format", "game", "match", "hands"),
                            optional=("rules", "players", "meta"))
    else:
        obj = expect_object(document, "", required=("format", "game", "turns"),
                            optional=("rules", "players", "meta", "dealer", "result", "deal",
                                      "position"))
    if expect_str(obj["game"], "game").lower() != GAME:
        raise RecordError("game", "not a scala40 record")
    rules = read_rules(obj.get("rules"))
    if rules.game != GAME:
        raise RecordError("rules.preset", f"preset {rules.preset!r} is a {rules.game} preset, "
                          "not a scala40 one (e.g. fisca)")
    players = None
    if obj.get("players") is not None:
        names = expect_list(obj["players"], "players", length=rules.players)
        players = tuple(expect_str(x, index_path("players", i)) for i, x in enumerate(names))
    if not is_match:
        hand = _read_hand(obj, rules, tuple(range(rules.players)), "", in_match=False)
        return Record(rules, players, (hand,), False, obj.get("meta"), "meta" in obj)
    match = expect_object(obj["match"], "match", optional=("elimination_limit",))
    if "elimination_limit" in match:
        path = "match.elimination_limit"
        limit = expect_int(match["elimination_limit"], path, 1, 1000)
        try:
            rules = build_ruleset(rules, {"elimination_limit": limit})
        except RulesError as exc:
            raise RecordError(path, str(exc)) from None
    raw_hands = expect_list(obj["hands"], "hands", min_length=1)
    hands = []
    for i, raw in enumerate(raw_hands):
        path = index_path("hands", i)
        seats: tuple[int, ...] = tuple(range(rules.players))
        back: tuple[int, ...] = ()
        if isinstance(raw, dict) and raw.get("reentries") is not None:
            back_path = key_path(path, "reentries")
            listed = expect_list(raw["reentries"], back_path, min_length=1)
            back = tuple(expect_int(s, index_path(back_path, j), 0, side_count(rules) - 1)
                         for j, s in enumerate(listed))
            if list(back) != sorted(set(back)):
                raise RecordError(back_path, "sides in increasing order, each once")
        if isinstance(raw, dict) and raw.get("seats") is not None:
            seats_path = key_path(path, "seats")
            listed = expect_list(raw["seats"], seats_path, min_length=2)
            seats = tuple(expect_int(s, index_path(seats_path, j), 0, rules.players - 1)
                          for j, s in enumerate(listed))
            if list(seats) != sorted(set(seats)):
                raise RecordError(seats_path, "match seats in increasing order, each once")
        hand = _read_hand(raw, rules, seats, path, in_match=True)
        hands.append(dataclasses.replace(hand, reentries=back) if back else hand)
    return Record(rules, players, tuple(hands), True, obj.get("meta"), "meta" in obj)


def _read_hand(value: object, rules: RuleSet, seats: tuple[int, ...], path: str, *,
               in_match: bool) -> HandRecord:
    if in_match:
        obj = expect_object(value, path, required=("deal", "turns"),
                            optional=("dealer", "result", "meta", "seats", "reentries"))
    else:
        obj = expect_object(value, path, required=("turns",),
                            optional=("format", "game", "rules", "players", "meta", "dealer",
                                      "result", "deal", "position"))
        if ("deal" in obj) == ("position" in obj):
            raise RecordError(key_path(path, "deal"), "give exactly one of 'deal' and "
                              "'position'")
    local = hand_rules(rules, len(seats))
    dealer = seats[-1]
    if obj.get("dealer") is not None:
        dealer = expect_int(obj["dealer"], key_path(path, "dealer"), 0, rules.players - 1)
        if dealer not in seats:
            raise RecordError(key_path(path, "dealer"), f"seat {dealer} is not dealt in")
    deal = None
    position = None
    if "position" in obj:
        position = read_position(obj["position"], local, key_path(path, "position"),
                                         seats.index(dealer))
    else:
        deal = read_deal(obj["deal"], local, key_path(path, "deal"),
                                 seats.index(dealer))
    turns = read_turns(obj["turns"], key_path(path, "turns"), allow_swap=True)
    result = None
    if obj.get("result") is not None:
        result = _read_result(obj["result"], len(hand_sides(rules, seats)),
                              key_path(path, "result"))
    return HandRecord(seats, dealer, deal, turns, result,
                             obj.get("meta") if in_match else None, path, position=position)


def read_deal(value: object, rules: RuleSet, path: str = "deal",
                      dealer: int | None = None) -> Deal:
    """The deal of a hand whose dealer is hand seat ``dealer`` (default: the last seat)."""
    if dealer is None:
        dealer = rules.players - 1
    dealer_14 = rules.initial_discard is InitialDiscard.DEALER_14
    obj = expect_object(value, path, required=("hands", "stock"),
                        optional=("pozzetti", "upcard"))
    if obj.get("pozzetti") is not None and obj["pozzetti"] != []:
        raise RecordError(key_path(path, "pozzetti"), "Scala 40 has no pozzetti: the field is "
                          "an empty list or left out")
    hands_path = key_path(path, "hands")
    sizes = dealt_sizes(rules, dealer)
    hands = tuple(tuple(read_cards(h, index_path(hands_path, i), length=sizes[i]))
                  for i, h in enumerate(expect_list(obj["hands"], hands_path,
                                                    length=rules.players)))
    upcard_path = key_path(path, "upcard")
    if dealer_14:
        if obj.get("upcard") is not None:
            raise RecordError(upcard_path, "initial_discard=DEALER_14: no card is turned up; "
                              "the dealer's first discard starts the pozzo")
        upcard = NO_UPCARD
    elif obj.get("upcard") is None:
        raise RecordError(upcard_path, "missing: the first card of the pozzo")
    else:
        upcard = read_card(obj["upcard"], upcard_path)
    stock = tuple(read_cards(obj["stock"], key_path(path, "stock")))
    deal = Deal(hands, (), upcard, stock)
    problem = pack_problem(deal.all_cards())
    if problem:
        raise RecordError(path, "not the 108-card pack: " + problem)
    return deal


def _read_result(value: object, seats: int, path: str) -> tuple[str, tuple[int, ...]]:
    obj = expect_object(value, path, required=("end", "scores"))
    end = expect_str(obj["end"], key_path(path, "end")).lower()
    if end not in ENDS:
        raise RecordError(key_path(path, "end"), f"{end!r}: expected one of {', '.join(ENDS)}")
    scores_path = key_path(path, "scores")
    scores = tuple(expect_int(s, index_path(scores_path, i), 0)
                   for i, s in enumerate(expect_list(obj["scores"], scores_path, length=seats)))
    return end, scores


# --- writing -------------------------------------------------------------------------------------


def _write_deal(deal: Deal) -> dict[str, Any]:
    out: dict[str, Any] = {"hands": [[card_str(c) for c in h] for h in deal.hands],
                           "pozzetti": []}
    if deal.upcard != NO_UPCARD:
        out["upcard"] = card_str(deal.upcard)
    out["stock"] = [card_str(c) for c in deal.stock]
    return out


def _result_json(result: Result) -> dict[str, Any]:
    return {"end": result.end, "scores": list(result.scores)}


def _hand_json(state: Scala40State, dealer: int,
               position: Position | None = None) -> dict[str, Any]:
    if state.taken_up and position is None:
        raise ValueError("a hand taken up from a position is written with that position")
    start: dict[str, Any] = ({"position": position.as_json()} if position is not None
                             else {"deal": _write_deal(state.deal)})
    out: dict[str, Any] = {"dealer": dealer, **start,
                           "turns": [t.as_json() for t in group_turns(state.history())]}
    result = state.result()
    if result is not None:
        out["result"] = _result_json(result)
    return out


def record_of(state: Scala40State, *, players: Sequence[str] | None = None,
                      meta: Mapping[str, Any] | None = None,
                      position: Position | None = None) -> dict[str, Any]:
    """The ``ramino-record/1`` document of a Scala 40 hand (finished or not); a hand taken up
    at ``position`` (``Position.state``) is written with it instead of a deal."""
    out: dict[str, Any] = {"format": FORMAT, "game": GAME, "rules": write_rules(state.rules)}
    if players is not None:
        out["players"] = list(players)
    out.update(_hand_json(state, state.dealer, position))
    if meta is not None:
        out["meta"] = dict(meta)
    return out


def match_record_of(match: Match, *, players: Sequence[str] | None = None,
                            meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The document of a Scala 40 match: each hand with its seats, dealer, deal and turns."""
    rules = match.rules
    out: dict[str, Any] = {"format": FORMAT, "game": GAME, "rules": write_rules(rules)}
    if players is not None:
        out["players"] = list(players)
    out["match"] = {}
    hands = []
    for i, (seats, dealer, state) in enumerate(zip(match.seats, match.dealers, match.states,
                                                   strict=True)):
        entry = _hand_json(state, dealer)
        if len(seats) != rules.players:
            entry = {"seats": list(seats), **entry}
        if match.reentries.get(i):
            entry = {"reentries": sorted(match.reentries[i]), **entry}
        hands.append(entry)
    out["hands"] = hands
    if meta is not None:
        out["meta"] = dict(meta)
    return out


# --- replaying -----------------------------------------------------------------------------------


@dataclass(slots=True)
class HandReplay:
    hand: HandRecord
    state: Scala40State
    result: Result | None = None
    problems: list[Problem] = field(default_factory=list)

    def result_json(self) -> dict[str, Any]:
        if self.result is not None:
            return _result_json(self.result)
        return {"end": None, "position": self.state.observation(self.state.current).as_dict(
            history=False)}


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
    """Replay a Scala 40 document (or a read :class:`Record`)."""
    record = (document if isinstance(document, Record)
              else read_record(document))
    report = ReplayReport(record, [])
    rules = record.rules
    sides = seat_sides(rules)
    scored: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    back: dict[int, tuple[int, ...]] = {}
    for i, hand in enumerate(record.hands):
        if hand.reentries:
            back[i] = hand.reentries
        totals = standing(rules, scored, back).totals
        penalties = tuple(totals[sides[s]] for s in hand.seats)
        played = _replay_hand(record, hand, i, penalties)
        report.hands.append(played)
        if played.result is not None:
            scored.append((hand.seats, played.result.scores))
    if record.is_match:
        _check_match(report)
    return report


def _replay_hand(record: Record, hand: HandRecord, index: int,
                 penalties: tuple[int, ...]) -> HandReplay:
    rules = hand_rules(record.rules, len(hand.seats))
    local_dealer = hand.seats.index(hand.dealer)
    if hand.position is not None:
        state = hand.position.state(rules, local_dealer, penalties)
    else:
        assert hand.deal is not None
        state = Scala40State.new_hand(rules, deal=hand.deal, dealer=local_dealer,
                                      penalties=penalties)
    out = HandReplay(hand, state)
    where = f"hand {index + 1}, " if record.is_match else ""
    turns_path = key_path(hand.path, "turns")
    for i, turn in enumerate(hand.turns):
        if turn.event is not None:
            path = index_path(turns_path, i)
            out.problems.append(Problem(
                "illegal", f"{where}turn {i + 1} ({path}): {turn.event!r} is not an event of "
                "Scala 40 (rule scala40-actions, RULES.md §6.3)", path, i + 1,
                hand.seats[state.current], turn.written[0], "scala40-actions", "§6.3"))
            return out
        for j, (text, action) in enumerate(zip(turn.written, turn.actions, strict=True)):
            path = index_path(index_path(turns_path, i), j)
            seat = hand.seats[state.current]
            try:
                state.apply(action)
            except IllegalActionError as exc:
                out.problems.append(Problem(
                    "illegal", f"{where}turn {i + 1} ({path}), seat {seat}: {text!r} is illegal: "
                    f"{exc.reason} (rule {exc.rule}, RULES.md {exc.section})", path, i + 1, seat,
                    text, exc.rule, exc.section))
                return out
    out.result = state.result()
    if hand.result is not None:
        _check_result(out, hand.result, key_path(hand.path, "result"), where)
    return out


def _check_result(out: HandReplay, recorded: tuple[str, tuple[int, ...]], path: str,
                  where: str) -> None:
    computed = out.result
    if computed is None:
        out.problems.append(Problem(
            "result", f"{where}{path}: the record gives a result ({recorded[0]}) but the hand is "
            "not over after the last turn", path, rule="hand-not-over", section="§6.4"))
        return
    diffs = []
    if recorded[0] != computed.end:
        diffs.append(f"end recorded {recorded[0]!r}, computed {computed.end!r}")
    if recorded[1] != computed.scores:
        diffs.append(f"scores recorded {list(recorded[1])}, computed {list(computed.scores)}")
    if diffs:
        out.problems.append(Problem("result", f"{where}{path} differs: " + "; ".join(diffs),
                                           path, rule="result-differs", section="§6.5"))


def _check_match(report: ReplayReport) -> None:
    record = report.record
    n = record.rules.players
    sides = seat_sides(record.rules)
    scored: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    back: dict[int, tuple[int, ...]] = {}
    for i, played in enumerate(report.hands):
        hand = played.hand
        now = standing(record.rules, scored, back)
        refused = [s for s in hand.reentries if not now.can_reenter[s]]
        if refused:
            report.match_problems.append(Problem(
                "match", f"{hand.path}.reentries: side {refused[0]} may not re-enter here "
                f"(reentry={record.rules.reentry.value}: once, right after its elimination, "
                "while two sides remain; rule reentry, RULES.md §6.5)",
                key_path(hand.path, "reentries"), rule="reentry", section="§6.5"))
            break
        if hand.reentries:
            back[i] = hand.reentries
            now = standing(record.rules, scored, back)
        if now.over:
            report.match_problems.append(Problem(
                "match", f"{hand.path}: the match was over after hand {i}; no further hand is "
                "played (rule match-over, RULES.md §6.5)", hand.path, rule="match-over",
                section="§6.5"))
            break
        in_play = [not now.eliminated[sides[s]] for s in range(n)]
        expected = tuple(s for s in range(n) if in_play[s])
        if hand.seats != expected:
            report.match_problems.append(Problem(
                "match", f"{hand.path}.seats: {list(hand.seats)} are dealt in, but the seats in "
                f"play are {list(expected)} (rule elimination, RULES.md §6.5)",
                key_path(hand.path, "seats"), rule="elimination", section="§6.5"))
            break
        if i > 0:
            before = report.hands[i - 1].hand.dealer
            if hand.dealer != next_dealer(before, in_play):
                report.match_problems.append(Problem(
                    "match", f"{hand.path}.dealer: {hand.dealer}, but the deal passes to seat "
                    f"{next_dealer(before, in_play)} (rule dealer-rotation, RULES.md §6.1)",
                    key_path(hand.path, "dealer"), rule="dealer-rotation", section="§6.1"))
                break
        if played.result is None:
            if i != len(report.hands) - 1 and not played.problems:
                report.match_problems.append(Problem(
                    "match", f"{hand.path}: this hand is not over but the match goes on",
                    hand.path, rule="hand-not-over", section="§6.4"))
            break
        scored.append((hand.seats, played.result.scores))
    report.standing = standing(record.rules, scored, back)

