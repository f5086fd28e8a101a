"""Tournament tables played on the game server, as the director's desk sees them.

The tournament package knows nothing of the server (it needs only hand scores): the server
implements :class:`OnlineDesk` (:mod:`ramino.server.tournaments`) and hands it to
:func:`ramino.tournament.web.create_app` when it mounts the desk.  Opening a turno online makes
one server table per tournament table, the N-S pair on seats 0 and 2 and the E-W pair on seats
1 and 3 (a server table's sides are its even and odd seats), each seat kept for its player
by a seat key; the server sends the result itself when the last smazzata ends (§7.2:
the engine keeps the score-card, no countersignature is needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class SeatLink:
    """One player's way to the table: their seat and the link that sits them there."""

    seat: int
    side: str  # "ns" or "ew"
    player: str
    url: str


@dataclass(frozen=True, slots=True)
class OnlineTable:
    round: int
    table: int
    server_table: str
    url: str  # to watch the table
    ns_code: str  # the pair's code: the seat keys are CODE-SEAT
    ew_code: str
    seats: tuple[SeatLink, ...]
    submitted: bool
    #: Each smazzata that ended by the rules: (N-S score, E-W score, its record's address),
    #: N-S first whatever seat the hand's record starts from.
    hands: tuple[tuple[int, int, str], ...] = ()
    #: The sides a player of which had gone when a smazzata ended (a bot finished for them):
    #: the table is abandoned, and the director decides.
    absent: tuple[str, ...] = ()

    @property
    def ns_played(self) -> tuple[int, ...]:
        return tuple(ns for ns, _ew, _record in self.hands)

    @property
    def ew_played(self) -> tuple[int, ...]:
        return tuple(ew for _ns, ew, _record in self.hands)

    def as_dict(self) -> dict[str, object]:
        return {"round": self.round, "table": self.table, "server_table": self.server_table,
                "url": self.url, "ns_code": self.ns_code, "ew_code": self.ew_code,
                "submitted": self.submitted,
                "seats": [{"seat": s.seat, "side": s.side, "player": s.player, "url": s.url}
                          for s in self.seats],
                "hands": [{"ns": ns, "ew": ew, "record": record}
                          for ns, ew, record in self.hands],
                "absent": list(self.absent)}


class OnlineDesk(Protocol):
    async def open_round(self, round_number: int, grace_seconds: float = 60.0
                         ) -> list[OnlineTable]:
        """Open every table of the turno not yet open on the server (again: nothing new);
        ``ValueError`` says why a turno cannot be played online."""

    def tables(self, round_number: int) -> list[OnlineTable]:
        """The turno's tables open on the server, with their links."""

    async def reveal(self, round_number: int) -> None:
        """Show a duplicate turno's deals that every table is done with (the director's
        result for a table counts as done), at every table of the turno."""
