"""What one seat may know of a Scala 40 hand: ``observation(seat)``.

Built by the engine for the seat asked for; servers send only this and bots see only this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ramino.cards import card_str, from_counts
from ramino.games.public_history import PublicHistory, history_as_list
from ramino.games.scala40.melds import Meld

if TYPE_CHECKING:
    from ramino.games.scala40.state import Scala40State


@dataclass(frozen=True, slots=True)
class TableMeld:
    number: int
    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know: its hand, every meld with its owner, the pozzo (every discard is
    face up; only the top may be taken), counts of the hidden cards, who has opened, the
    penalty totals so far, (for the seat in turn) the obligations of its turn, and the hand's
    public history (``ramino.games.public_history``)."""

    seat: int
    players: int
    current: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    pile: tuple[int, ...]
    melds: tuple[TableMeld, ...]
    opened: tuple[bool, ...]
    penalties: tuple[int, ...]
    turn: int
    end: str | None
    picked: int | None
    must_use: tuple[int, ...]
    opening_points: int
    sides: tuple[int, ...] = ()
    dealer_discard: bool = False
    history: PublicHistory = ()

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def as_dict(self, *, history: bool = True) -> dict[str, Any]:
        """The observation as JSON-ready data.  ``history=False`` leaves the public history
        out: a server sending every update leaves it out (it grows with the hand)."""
        out = {
            "seat": self.seat, "players": self.players, "current": self.current,
            "phase": self.phase, "hand": [card_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
            "pozzo": [card_str(c) for c in self.pile],
            "melds": [{"number": t.number, "owner": t.seat, "cards": t.meld.card_tokens()}
                      for t in self.melds],
            "opened": list(self.opened), "penalties": list(self.penalties), "turn": self.turn,
            "end": self.end, "picked": _card_or_none(self.picked),
            "must_use": [card_str(c) for c in self.must_use],
            "opening_points": self.opening_points, "sides": list(self.sides),
            "dealer_discard": self.dealer_discard,
        }
        if history:
            out["history"] = history_as_list(self.history)
        return out


# The fields of ``Observation.as_dict()`` that differ from one seat's observation to another's
# (besides ``seat``): every other field is the same for all the seats of a hand.
PRIVATE_FIELDS = ("hand", "picked", "must_use", "opening_points")


def private_fields(state: Scala40State, seat: int) -> dict[str, Any]:
    """``state.observation(seat).as_dict()`` restricted to ``seat`` and
    :data:`PRIVATE_FIELDS`.

    A server that sends the same position to several seats builds the public fields once and
    adds each seat's own part from here, without building each seat's whole observation."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a {state.players}-player table")
    picked, must_use, opening_points = state.turn_obligations(seat)
    return {"seat": seat, "hand": [card_str(c) for c in from_counts(state.hands[seat])],
            "picked": _card_or_none(picked), "must_use": [card_str(c) for c in must_use],
            "opening_points": opening_points}


def _card_or_none(card: int | None) -> str | None:
    return None if card is None else card_str(card)
