"""Danese puro and modificato, and the sorteggio draw (§7.3, §9.6 T-38; §6.6).

Danese puro: after each turno sort by the standings, then 1st v 2nd, 3rd v 4th, …
Danese modificato: as puro, but pairs that met in the previous turno may not meet again; the
engine rule of §7.3 walks down the list and, when i and i+1 met, swaps i+1 with i+2. Taking the
first still-unpaired entrant that the current one did not just meet is that rule; when the tail
leaves no legal partner (the last two met), a depth-first search finds the pairing that is
first in the same order, so the ban holds whenever any pairing satisfies it. The last turno is
exempt (T-38, "eccezion fatta per l'ultimo turno"): the caller passes no ban then.
"""

from __future__ import annotations

import random
from collections.abc import Set


def pure(order: list[int]) -> list[tuple[int, int]]:
    if len(order) % 2:
        raise ValueError("Danese pairs an even number of entrants; give the bye first")
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def modified(order: list[int], banned: Set[frozenset[int]]) -> list[tuple[int, int]]:
    """Danese modificato: rank order, never a meeting in ``banned`` if avoidable."""
    if len(order) % 2:
        raise ValueError("Danese pairs an even number of entrants; give the bye first")
    result = _search(order, banned)
    return result if result is not None else pure(order)


def _search(order: list[int], banned: Set[frozenset[int]]) -> list[tuple[int, int]] | None:
    # Iterative DFS: each frame is (remaining entrants, index of the next candidate to try).
    # Conflicts are rare (the previous turno is one perfect matching), so the search almost
    # never backtracks and stays linear in practice even for 1,000 pairs.
    pairs: list[tuple[int, int]] = []
    stack: list[tuple[list[int], int]] = [(order, 1)]
    while stack:
        remaining, j = stack[-1]
        if not remaining:
            return pairs
        first = remaining[0]
        while j < len(remaining) and frozenset((first, remaining[j])) in banned:
            j += 1
        if j >= len(remaining):
            stack.pop()
            if not stack:
                return None
            pairs.pop()
            prev_remaining, prev_j = stack[-1]
            stack[-1] = (prev_remaining, prev_j + 1)
            continue
        stack[-1] = (remaining, j)
        pairs.append((first, remaining[j]))
        stack.append((remaining[1:j] + remaining[j + 1 :], 1))
    return None


def draw(order: list[int], seed: int) -> list[tuple[int, int]]:
    """Sorteggio: a seeded random draw (§7.3), reproducible from the tournament seed."""
    drawn = list(order)
    random.Random(seed).shuffle(drawn)
    return pure(drawn)
