"""The public history of a hand: what every seat saw happen, in order.

Each event is who acted and what the whole table saw: a draw from the stock (never the card
drawn), a pick of the pile with the cards taken as far as they lay face up (the whole pile,
or its top only under a closed pile, §4.1), every meld, attach, swap (Scala 40, §6.3) and
discard with its cards, and the arbiter's calls (stallo, time out, §2.9b–c).  Both games keep
it as one tuple that each action extends, so that an observation shares it for free (a
search's observations are many, its hands short) and it holds only what every seat may know:
the same for all the seats of a hand.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from ramino.cards import card_str
from ramino.games.actions import DRAW, PICK, Action

DRAW_EVENT: Final = Action(DRAW)
PICK_EVENT: Final = Action(PICK)


class PublicEvent(NamedTuple):
    """One thing the table saw: ``seat`` did ``action``; ``taken`` are the cards a pick took
    that lay face up (empty for every other action)."""

    seat: int
    action: Action
    taken: tuple[int, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        """``{"seat": 2, "action": "meld 7h 8h 9h"}``; a pick adds ``"taken"``."""
        out: dict[str, Any] = {"seat": self.seat, "action": str(self.action)}
        if self.action.kind == PICK:
            out["taken"] = [card_str(c) for c in self.taken]
        return out


PublicHistory = tuple[PublicEvent, ...]


def public_event(seat: int, action: Action, taken: tuple[int, ...] = ()) -> PublicEvent:
    """The event of ``action``: a draw keeps no card, whatever ``action`` carried."""
    if action.kind == DRAW:
        return PublicEvent(seat, DRAW_EVENT, ())
    if action.kind == PICK:
        return PublicEvent(seat, PICK_EVENT, taken)
    return PublicEvent(seat, action, ())


def history_as_list(history: PublicHistory) -> list[dict[str, Any]]:
    return [event.as_dict() for event in history]
