"""The moments of a recorded hand: for each action of a ``ramino-record/1`` hand (docs/record.md),
who played it, what that seat saw then, its legal actions and what it played.

The record is checked first by the game's own replay (``ramino.records``), so a malformed or
illegal record is refused with a :class:`~ramino.errors.RecordError` naming the field; the
hand's rules are those its replay played under (a match hand's pozzetti, §5.2; a Scala 40
match hand's penalty totals, §6.5).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ramino.errors import RecordError
from ramino.games import burraco, scala40
from ramino.games.actions import Action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.records.burraco.replay import replay as burraco_replay
from ramino.records.burraco.replay import start_state
from ramino.records.fields import index_path, key_path
from ramino.records.scala40 import record as scala40_record


@dataclass(frozen=True)
class Moment:
    """Action ``number`` (1-based, over the hand's actions) at ``path`` in the record, played
    by ``seat`` (the record's seat) who saw ``observation`` and could play ``legal``."""

    number: int
    path: str
    seat: int
    observation: burraco.Observation | scala40.Observation
    legal: tuple[Action, ...]
    played: Action


@dataclass(frozen=True)
class RecordedHand:
    game: str
    seats: tuple[int, ...]  # the record's seat of each table seat (Scala 40 matches drop seats)
    start: BurracoState | Scala40State
    steps: tuple[tuple[str, Action], ...]  # each action and its path in the record


def recorded_hand(document: Any, hand: int = 0) -> RecordedHand:
    """Hand ``hand`` (0-based) of a record, checked by its replay."""
    if scala40_record.is_scala40_document(document):
        s40 = scala40_record.replay(document)
        _refuse_problems(s40.problems)
        _check_hand(hand, len(s40.hands))
        played = s40.hands[hand]
        end40 = played.state
        where = played.hand
        dealer = where.seats.index(where.dealer)
        if where.position is not None:
            start: BurracoState | Scala40State = where.position.state(end40.rules, dealer,
                                                                        end40.penalties)
        else:
            assert where.deal is not None
            start = Scala40State.new_hand(end40.rules, deal=where.deal, dealer=dealer,
                                          penalties=end40.penalties)
        return RecordedHand("scala40", where.seats, start, _steps(where.turns, where.path))
    report = burraco_replay(document)
    _refuse_problems(report.problems)
    _check_hand(hand, len(report.hands))
    replayed = report.hands[hand]
    start = start_state(report.record, replayed.hand, replayed.state.rules)
    return RecordedHand(replayed.state.rules.game, tuple(range(start.players)), start,
                        _steps(replayed.hand.turns, replayed.hand.path))


def moments(hand: RecordedHand) -> Iterator[Moment]:
    """Every action of the hand in order, with what its player saw (arbiter events skipped)."""
    state = hand.start.clone()
    for number, (path, action) in enumerate(hand.steps, start=1):
        local = state.current
        if action.kind in ("stallo", "timeout"):
            state.apply(action)
            continue
        yield Moment(number, path, hand.seats[local], state.observation(local),
                     tuple(state.legal_actions()), action)
        state.apply(action)


def _steps(turns: tuple[Any, ...], hand_path: str) -> tuple[tuple[str, Action], ...]:
    turns_path = key_path(hand_path, "turns")
    out: list[tuple[str, Action]] = []
    for i, turn in enumerate(turns):
        if turn.event is not None:
            out.append((index_path(turns_path, i), Action(turn.event)))
            continue
        out += [(index_path(index_path(turns_path, i), j), action)
                for j, action in enumerate(turn.actions)]
    return tuple(out)


def _refuse_problems(problems: list[Any]) -> None:
    if problems:
        first = problems[0]
        error = RecordError("", first.message)  # the message names the field already
        error.path = first.path
        raise error


def _check_hand(hand: int, count: int) -> None:
    if not 0 <= hand < count:
        raise RecordError("hand", f"no hand {hand + 1} in a record of {count}")


__all__ = ["Moment", "RecordedHand", "moments", "recorded_hand"]
