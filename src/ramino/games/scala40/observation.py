"""What one seat may know of a Scala 40 hand: ``observation(seat)``.

Built by the engine for the seat asked for; servers send only this and bots see only this.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramino.cards import (
    card_str,
)
from ramino.games.scala40.melds import Meld


@dataclass(frozen=True, slots=True)
class TableMeld:
    number: int
    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know: its hand, every meld with its owner, the pozzo (every discard is
    face up; only the top may be taken), counts of the hidden cards, who has opened, the
    penalty totals so far, and (for the seat in turn) the obligations of its turn."""

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

    @property
    def top(self) -> int | None:
        return self.pile[-1] if self.pile else None

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "players": self.players, "current": self.current,
            "phase": self.phase, "hand": [card_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
            "pozzo": [card_str(c) for c in self.pile],
            "melds": [{"number": t.number, "owner": t.seat, "cards": t.meld.card_tokens()}
                      for t in self.melds],
            "opened": list(self.opened), "penalties": list(self.penalties), "turn": self.turn,
            "end": self.end, "picked": None if self.picked is None else card_str(self.picked),
            "must_use": [card_str(c) for c in self.must_use],
            "opening_points": self.opening_points, "sides": list(self.sides),
            "dealer_discard": self.dealer_discard,
        }
