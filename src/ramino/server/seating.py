"""Table seats and engine seats: the deal moves round the table, the seats stay put.

The engine numbers seats from the player who plays first (engine seat 0 is the dealer's left,
docs/record.md §2).  At a table the dealer rotates from hand to hand (§2.2), so a person
keeps their table seat and their table side while the engine seat under them changes.  This
module is the one place that translates: seat-indexed and side-indexed fields of views and
results, and the seat of each event.  With the first hand's dealer at the last seat the two
numberings agree.

A seat's side is fixed at the table (partners sit where they sat), and the engine's sides
follow its seats round: with ``sides`` sides (2 at two and four players, 3 at three and six,
:func:`ramino.games.burraco.seating.initial_sides`) the engine's side ``e`` is the table's side
``(e + first) % sides``.  At three players the sides are named by a seat (the solo player's,
and the pair's lower one, §5.2), so the same rule maps them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ramino.games.burraco.seating import initial_sides

SEAT_FIELDS = ("hand_sizes", "pending_pozzetto_sizes", "known_cards")


@dataclass(frozen=True)
class Seating:
    players: int
    first: int  # the table seat that plays first in this hand (the dealer's left)
    sides: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", max(initial_sides(self.players)) + 1)

    @classmethod
    def for_dealer(cls, players: int, dealer: int) -> Seating:
        return cls(players, (dealer + 1) % players)

    def engine(self, seat: int) -> int:
        return (seat - self.first) % self.players

    def table(self, engine_seat: int) -> int:
        return (engine_seat + self.first) % self.players

    def dealt(self, seat: int) -> bool:
        return True  # every seat plays every hand of Burraco

    def table_team(self, engine_team: int) -> int:
        return (engine_team + self.first) % self.sides

    def by_seat(self, values: list[Any]) -> list[Any]:
        """An engine-seat-indexed list, indexed by table seat."""
        return [values[self.engine(t)] for t in range(self.players)]

    def by_team(self, values: list[Any]) -> list[Any]:
        """An engine-side-indexed list, indexed by table side."""
        return [values[(t - self.first) % self.sides] for t in range(self.sides)]

    def view(self, view: dict[str, Any]) -> dict[str, Any]:
        """An observation's ``as_dict()`` (or the public view) in table seats and sides."""
        if self.first == 0:
            return view
        out = dict(view)
        if out.get("seat") is not None:
            out["seat"] = self.table(out["seat"])
        out["current"] = self.table(out["current"])
        for name in SEAT_FIELDS:
            out[name] = self.by_seat(out[name])
        out["sides"] = [self.table_team(out["sides"][self.engine(t)]) for t in range(self.players)]
        out["pozzetto_taken"] = self.by_team(out["pozzetto_taken"])
        out["melds"] = [{**m, "team": self.table_team(m["team"])} for m in out["melds"]]
        return out
