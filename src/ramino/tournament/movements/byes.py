"""Who sits out when the numbers do not fill the tables (§7.3 "Odd number of pairs").

The bye (the "tavolo fittizio") goes to the lowest-ranked entrant among those with the fewest
byes so far, so nobody gets a second bye while others have none and the leaders are not
handed free VP.
"""

from __future__ import annotations

from collections import Counter


def pick(order: list[int], byes: Counter[int], count: int) -> list[int]:
    """``count`` entrants to sit out, from ``order`` (best first)."""
    if count <= 0:
        return []
    rank = {entrant: i for i, entrant in enumerate(order)}
    chosen = sorted(order, key=lambda e: (byes[e], -rank[e]))[:count]
    return sorted(chosen, key=rank.__getitem__)
