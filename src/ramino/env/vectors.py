"""What the games' observation encodings share: the float vector, a set of cards as halves
(two decks: a card type held twice reads 1.0), and the action ids: the draw, the pick and each
discard (0, 1 and 2 + the card type), then 64 play slots, the same in every game."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from ramino.games.actions import DISCARD, DRAW, PICK, Action

Vector = npt.NDArray[np.float32]

CARD_TYPES = 53
MAX_SEATS = 6
DRAW_ID = 0
PICK_ID = 1
DISCARD_BASE = 2
# The plays (melds, attaches, swaps) follow the discards as option slots, described in each
# game's observation: ids PLAY_BASE .. ACTIONS - 1 in both games.
MAX_PLAYS = 64
PLAY_BASE = DISCARD_BASE + CARD_TYPES
ACTIONS = PLAY_BASE + MAX_PLAYS


def add_cards(vector: Vector, offset: int, cards: Sequence[int]) -> None:
    """Each card adds 0.5 at ``offset + card type``."""
    for c in cards:
        vector[offset + c] += 0.5


def turn_id(action: Action) -> int | None:
    """The id of a draw, a pick or a discard; ``None`` for a play (each game numbers those
    after the discards)."""
    if action.kind == DRAW:
        return DRAW_ID
    if action.kind == PICK:
        return PICK_ID
    if action.kind == DISCARD:
        return DISCARD_BASE + action.cards[0]
    return None
