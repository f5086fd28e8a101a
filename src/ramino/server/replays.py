"""The replay viewer's data: every position of a finished hand, all cards face up.

From a ``ramino-record/1`` document (a finished hand of this server, or one a person uploads):
the engine replays it action by action (docs/record.md §5) and each step lists every hand, the
pile, the melds by side and the counts.  Seats are the record's, numbered from the hand's
first player; ``table_seats`` gives each one's seat at the table and ``sides`` its side, by
which ``result.scores`` are given.  A Scala 40 hand (§6) lists the pozzo, every
meld with its owner and who has opened instead of pozzetti and melds by side.  A hand still
being played is never replayed here: its record is published only when it is over
(``/api/tables/{id}/record``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ramino.cards import card_str
from ramino.errors import RaminoError, RecordError
from ramino.games.actions import Action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.records import read_record
from ramino.records.burraco.replay import start_state
from ramino.records.scala40 import record as scala40_record
from ramino.records.scala40.record import is_scala40_document


class ReplayError(Exception):
    """A document that cannot be replayed, with the reason (field path or rule)."""


def table_seats(document: object, players: int) -> list[int]:
    """The table seat of each record seat.  A record numbers its seats from the hand's first
    player (docs/record.md §2); a hand of this server names the table seat of that player
    (``meta.first_table_seat``), so the viewer can say who sat where.  Any other record: its
    own numbering."""
    meta = document.get("meta") if isinstance(document, dict) else None
    named = meta.get("table_seats") if isinstance(meta, dict) else None
    if (isinstance(named, list) and len(named) == players
            and all(isinstance(s, int) and not isinstance(s, bool) for s in named)):
        return list(named)  # a Scala 40 hand of the players dealt in
    first = meta.get("first_table_seat") if isinstance(meta, dict) else None
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        first = 0
    return [(seat + first) % players for seat in range(players)]


def _position(state: BurracoState) -> dict[str, Any]:
    public = state.observation(0).as_dict(history=False)
    return {
        "hands": [[card_str(c) for c in state.hand_of(s)] for s in range(state.players)],
        # A pozzetto taken with the discard waits, face down, for its owner's next turn.
        "pending": [[card_str(c) for c in (state.pending[s] or ())]
                    for s in range(state.players)],
        "current": state.current, "phase": state.phase, "pile": public["pile"],
        # Three players pair up in the middle of the hand (§5.2): each step has its sides.
        "sides": list(state.sides),
        "melds": public["melds"], "stock_size": public["stock_size"],
        "pozzetti_left": public["pozzetti_left"], "pozzetto_taken": public["pozzetto_taken"],
        "end": state.end,
    }


def _steps(state: BurracoState | Scala40State,
           turns: Sequence[tuple[Sequence[str], Sequence[Action]]],
           position: Callable[[], dict[str, Any]], max_steps: int) -> list[dict[str, Any]]:
    """The position before the first action and after each one, every action through the
    engine (a refused one is a bad record)."""
    steps: list[dict[str, Any]] = [{"seat": None, "action": None, **position()}]
    for t, (written, actions) in enumerate(turns):
        for text, action in zip(written, actions, strict=True):
            if len(steps) > max_steps:
                raise ReplayError(f"more than {max_steps} actions")
            seat = state.current
            try:
                state.apply(action)
            except RaminoError as exc:
                raise ReplayError(f"turn {t + 1}, {text!r}: {exc}") from None
            steps.append({"seat": seat, "action": text, **position()})
    return steps


def _position40(state: Scala40State) -> dict[str, Any]:
    public = state.observation(0).as_dict(history=False)
    return {
        "hands": [[card_str(c) for c in state.hand_of(s)] for s in range(state.players)],
        "current": state.current, "phase": state.phase, "pile": public["pozzo"],
        "melds": public["melds"], "stock_size": public["stock_size"],
        "opened": public["opened"], "end": state.end,
    }


def _scala40_steps(document: object, max_steps: int) -> dict[str, Any]:
    try:
        record = scala40_record.read_record(document)
    except RecordError as exc:
        raise ReplayError(f"not a well-formed record: {exc}") from None
    if record.is_match:
        raise ReplayError("the viewer shows one hand at a time: upload a hand record")
    hand = record.hands[0]
    rules = record.rules
    try:
        if hand.position is not None:
            state = hand.position.state(rules, hand.dealer)
        else:
            assert hand.deal is not None  # a hand has a deal or a position (the reader's rule)
            state = Scala40State.new_hand(rules, deal=hand.deal, dealer=hand.dealer)
    except (RaminoError, ValueError) as exc:
        raise ReplayError(str(exc)) from None
    players = list(record.players or [f"Posto {i}" for i in range(state.players)])
    for t, turn in enumerate(hand.turns):
        if turn.event is not None:
            raise ReplayError(f"turn {t + 1}: {turn.event!r} is not an event of Scala 40")
    steps = _steps(state, [(turn.written, list(turn.actions)) for turn in hand.turns],
                   lambda: _position40(state), max_steps)
    result = state.result()
    return {
        "players": players, "dealer": hand.dealer, "steps": steps, "game": rules.game,
        "sides": list(state.sides), "table_seats": table_seats(document, state.players),
        "result": None if result is None else {
            "end": result.end, "scores": list(result.scores), "closed_by": result.closed_by,
            "chiusura_in_mano": result.chiusura_in_mano,
            "hand_points": list(result.hand_points), "seat_scores": list(result.seat_scores)},
    }


def replay_steps(document: object, max_steps: int = 2000) -> dict[str, Any]:
    """Players, the positions before and after each action, and the result."""
    if is_scala40_document(document):
        return _scala40_steps(document, max_steps)
    try:
        record = read_record(document)
    except RecordError as exc:
        raise ReplayError(f"not a well-formed record: {exc}") from None
    if record.is_match or len(record.hands) != 1:
        raise ReplayError("the viewer shows one hand at a time: upload a hand record")
    hand = record.hands[0]
    try:
        state = start_state(record, hand)
    except (RaminoError, ValueError) as exc:
        raise ReplayError(str(exc)) from None
    players = list(record.players or [f"Posto {i}" for i in range(state.players)])
    turns = [(turn.written, [Action(turn.event)] if turn.event is not None
              else list(turn.actions)) for turn in hand.turns]
    steps = _steps(state, turns, lambda: _position(state), max_steps)
    result = state.result()
    return {
        "players": players, "dealer": hand.dealer, "steps": steps, "game": state.rules.game,
        # Record seats: the first player is 0; each seat's side as the hand ended (partners
        # opposite: two apart at four, three apart at six; at three, the solo and the pair).
        "sides": list(state.sides),
        "table_seats": table_seats(document, state.players),
        "result": None if result is None else {
            "end": result.end, "scores": list(result.scores),
            "breakdown": [b.as_dict() for b in result.breakdown],
            "burrachi": [list(b.burrachi) for b in result.breakdown]},
    }
