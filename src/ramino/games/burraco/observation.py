"""What one seat may know of a Burraco hand: ``observation(seat)``.

Built by the engine for the seat asked for, never for "the current player"; servers send only
this, and the property tests prove that it never depends on a card the seat cannot see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ramino.cards import card_str, from_counts
from ramino.games.burraco.melds import Meld
from ramino.games.public_history import PublicHistory, history_as_list
from ramino.rules.options import DiscardPileVisibility

if TYPE_CHECKING:
    from ramino.games.burraco.state import BurracoState


@dataclass(frozen=True, slots=True)
class TableMeld:
    number: int
    side: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat may know (and nothing more): its hand, the table, the face-up pile, counts
    of everything hidden, the cards publicly known to be in each hand (taken with the pile
    and not played since), and the hand's public history (``ramino.games.public_history``)."""

    seat: int
    players: int
    sides: tuple[int, ...]
    current: int
    phase: str
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pending_pozzetto_sizes: tuple[int, ...]
    pozzetti_left: tuple[int, ...]
    pozzetto_taken: tuple[bool, ...]
    stock_size: int
    pile: tuple[int, ...]  # bottom to top, as far as it is visible (§4.1: maybe the top only)
    pile_size: int
    melds: tuple[TableMeld, ...]
    known_cards: tuple[tuple[int, ...], ...]
    forbidden_discard: int | None
    turn: int
    end: str | None
    history: PublicHistory = ()

    def as_dict(self, *, history: bool = True) -> dict[str, Any]:
        """The observation as JSON-ready data.  ``history=False`` leaves the public history
        out: a server sending every update leaves it out (it grows with the hand)."""
        out = {
            "seat": self.seat,
            "players": self.players,
            "sides": list(self.sides),
            "current": self.current,
            "phase": self.phase,
            "hand": [card_str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "pending_pozzetto_sizes": list(self.pending_pozzetto_sizes),
            "pozzetti_left": list(self.pozzetti_left),
            "pozzetto_taken": list(self.pozzetto_taken),
            "stock_size": self.stock_size,
            "pile": [card_str(c) for c in self.pile],
            "pile_size": self.pile_size,
            "melds": [{"number": m.number, "team": m.side, "cards": m.meld.card_tokens()}
                      for m in self.melds],
            "known_cards": [[card_str(c) for c in k] for k in self.known_cards],
            "forbidden_discard": _card_or_none(self.forbidden_discard),
            "turn": self.turn,
            "end": self.end,
        }
        if history:
            out["history"] = history_as_list(self.history)
        return out


# The fields of ``Observation.as_dict()`` that differ from one seat's observation to another's
# (besides ``seat``): every other field is the same for all the seats of a hand.
PRIVATE_FIELDS = ("hand", "forbidden_discard")


def private_fields(state: BurracoState, seat: int) -> dict[str, Any]:
    """``observe(state, seat).as_dict()`` restricted to ``seat`` and :data:`PRIVATE_FIELDS`.

    A server that sends the same position to several seats builds the public fields once and
    adds each seat's own part from here, without building each seat's whole observation."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a {state.players}-player table")
    return {"seat": seat, "hand": [card_str(c) for c in from_counts(state.hands[seat])],
            "forbidden_discard": _card_or_none(_forbidden_discard(state, seat))}


def _forbidden_discard(state: BurracoState, seat: int) -> int | None:
    """The card ``seat`` may not discard this turn (its own turn only), or None."""
    return (state.forbidden_discard
            if seat == state.current and state.forbidden_discard >= 0 else None)


def _card_or_none(card: int | None) -> str | None:
    return None if card is None else card_str(card)


def observe(state: BurracoState, seat: int) -> Observation:
    """What ``seat`` may know of ``state`` (``BurracoState.observation``)."""
    if not 0 <= seat < state.players:
        raise ValueError(f"no seat {seat} at a {state.players}-player table")
    return Observation(
        seat=seat,
        players=state.players,
        sides=state.sides,
        current=state.current,
        phase=state.phase,
        hand=tuple(from_counts(state.hands[seat])),
        hand_sizes=tuple(state.sizes),
        pending_pozzetto_sizes=tuple(0 if p is None else len(p) for p in state.pending),
        pozzetti_left=tuple(len(p) for p in state.pozzetti if p is not None),
        pozzetto_taken=tuple(state.taken),
        stock_size=len(state.stock),
        pile=(tuple(state.pile)
              if state.rules.discard_pile_visibility is DiscardPileVisibility.ALL
              else tuple(state.pile[-1:])),
        pile_size=len(state.pile),
        melds=tuple(TableMeld(i + 1, state.meld_side[i], m) for i, m in enumerate(state.melds)),
        known_cards=tuple(tuple(from_counts(k)) for k in state.known),
        forbidden_discard=_forbidden_discard(state, seat),
        turn=state.turn,
        end=state.end,
        history=state.public_history,
    )
