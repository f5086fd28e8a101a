"""What dealing means in every game: the exact ``Deal`` of a hand, and a seeded shuffle.

The engine never touches global random state: a seed shuffles with its own generator, so a
seed always gives the same deal.  Each game deals its own way (``ramino.games.burraco.deal``,
``ramino.games.scala40.deal``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

# ``Deal.upcard`` of a Scala 40 hand dealt with ``initial_discard=DEALER_14``: no card is
# turned, the dealer's first discard starts the pozzo (§6.1).
NO_UPCARD: Final = -1


@dataclass(frozen=True, slots=True)
class Deal:
    """The exact deal of a hand (docs/record.md §4 ``deal``).  ``hands`` are indexed by seat (the
    seat after the dealer plays first); ``pozzetti`` in the order they are taken; ``stock``
    top first."""

    hands: tuple[tuple[int, ...], ...]
    pozzetti: tuple[tuple[int, ...], ...]
    upcard: int
    stock: tuple[int, ...]

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out.extend(h)
        for p in self.pozzetti:
            out.extend(p)
        if self.upcard != NO_UPCARD:
            out.append(self.upcard)
        out.extend(self.stock)
        return out


def seeded_shuffle(cards: list[int], seed: int) -> None:
    """``random.Random(seed).shuffle(cards)``: the same permutation, drawn from the same
    ``getrandbits`` calls as the standard library's shuffle and its ``_randbelow`` (a
    Fisher-Yates pass from the end, each index by rejection sampling on ``k`` bits).  Spelled
    out so that the compiled engine runs the loop natively: a new hand spent most of its time
    in the interpreted shuffle."""
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
