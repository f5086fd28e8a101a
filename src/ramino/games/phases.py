"""The phases of a turn, the same in every game: ``draw`` (take a card from the stock or the
discard pile), ``play`` (melds, attachments, then one discard ends the turn), and ``over``
once the hand has ended."""

from __future__ import annotations

from typing import Final

PHASE_DRAW: Final = "draw"
PHASE_PLAY: Final = "play"
PHASE_OVER: Final = "over"
