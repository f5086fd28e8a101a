"""What the guesses of both games share: dealing the shuffled hidden cards to their places."""

from __future__ import annotations


def take_hidden(cards: list[int], n: int) -> list[int]:
    """The last ``n`` of the shuffled hidden ``cards``, removed from them."""
    if n > len(cards):
        raise ValueError(f"observation counts need {n} more hidden cards than exist")
    taken = cards[len(cards) - n:]
    del cards[len(cards) - n:]
    return taken
