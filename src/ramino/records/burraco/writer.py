"""Writing the record of a hand or a match the engine played (docs/record.md §3–4).

``record_of(state)`` takes the deal, the dealer and the history of a hand and groups the
actions into turns (a turn starts with ``draw``/``pick`` and ends with its ``discard``;
arbiter events stand alone).  Actions are written with ``str(action)``, which annotates an
active wild in a sequence as docs/record.md §1 requires of a writer.  Replaying the record gives the
identical hand (tested on many seeded hands).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ramino.games.burraco.match import Match
from ramino.games.burraco.state import BurracoState, Result
from ramino.records.burraco.position import Position
from ramino.records.document import (
    HandRecord,
    Record,
    RecordedResult,
    group_turns,
    write_record,
)


def recorded_result(result: Result) -> RecordedResult:
    """The engine's result per side, with the breakdown of §2.10."""
    return RecordedResult(result.end, tuple(result.scores),
                          tuple(side.as_dict() for side in result.breakdown))


def hand_record_of(state: BurracoState, *, position: Position | None = None,
                   dealer: int | None = None, path: str = "") -> HandRecord:
    """The :class:`HandRecord` of a hand: from its deal, or from the ``position`` it was taken
    up at (a state built with ``from_position`` has no real deal)."""
    if position is not None:
        deal = None
    else:
        dealer = state.dealer
        deal = state.deal
    result = state.result()
    return HandRecord(
        dealer=dealer, deal=deal, position=position, turns=group_turns(state.history()),
        result=None if result is None else recorded_result(result), path=path)


def record_of(state: BurracoState, *, players: Sequence[str] | None = None,
              meta: Mapping[str, Any] | None = None, position: Position | None = None,
              dealer: int | None = None) -> dict[str, Any]:
    """The ``ramino-record/1`` document of a hand (finished or not) as a JSON object."""
    hand = hand_record_of(state, position=position, dealer=dealer)
    record = Record(state.rules.game, state.rules, _players(players, state.players), (hand,),
                    None, dict(meta) if meta is not None else None, meta is not None)
    return write_record(record)


def match_record_of(match: Match, *, players: Sequence[str] | None = None,
                    meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The document of a match: each hand with its dealer, deal, turns and result."""
    hands = tuple(hand_record_of(s, path=f"hands[{i}]") for i, s in enumerate(match.states))
    record = Record(match.rules.game, match.rules, _players(players, match.rules.players),
                    hands, match.format, dict(meta) if meta is not None else None,
                    meta is not None)
    return write_record(record)


def _players(players: Sequence[str] | None, n: int) -> tuple[str, ...] | None:
    if players is None:
        return None
    if len(players) != n:
        raise ValueError(f"{len(players)} player names for {n} seats")
    return tuple(players)
