"""Swiss pairing as a maximum-weight matching (§7.3; lichess pairs its Swiss tournaments so).

Every turno pairs entrants with similar VP, never twice the same opponents when a pairing
without rematches exists, and prefers opponents whose N-S/E-W balance lets both alternate.
The weights are integers so networkx's blossom algorithm is exact:

* closeness: ``-(VP difference)²`` and ``-|rank difference|`` (score groups first, then the
  Danish-like neighbour);
* side balance: a small bonus when the two entrants' side balances differ in sign;
* rematches: only added, with a penalty larger than every other term, when the graph without
  them has no perfect matching.

To keep 1,000 pairs fast (the blossom algorithm is cubic), fields larger than ``block`` are
paired block by block down the ranking, like score groups: each block of ``block`` entrants
(plus the floaters carried down from the block above) is matched without rematches, and
whoever is left unmatched floats down to the next block. If the last block cannot be paired
without a rematch, the whole field is paired at once instead, so the "no rematch when one can
be avoided" promise is the same as for a small field. Within a matching each entrant is linked
to its ``window`` nearest neighbours in the ranking; the window doubles until a perfect
matching exists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import networkx as nx


def pair(
    order: list[int],
    vp: Mapping[int, int],
    met: Counter[frozenset[int]],
    balance: Mapping[int, int],
    window: int = 12,
    block: int = 32,
) -> list[tuple[int, int]]:
    """Pairs for an even list ``order`` (best first); each pair is (higher, lower) ranked."""
    if len(order) % 2:
        raise ValueError("Swiss pairs an even number of entrants; give the bye first")
    if len(order) <= block:
        return _pair_field(order, vp, met, balance, window)
    rank = {e: i for i, e in enumerate(order)}
    pairs: list[tuple[int, int]] = []
    floaters: list[int] = []
    for start in range(0, len(order), block):
        group = floaters + order[start : start + block]
        if start + block >= len(order):
            last = _pair_field(group, vp, met, balance, window)
            if any(met[frozenset(p)] for p in last):
                return _pair_field(order, vp, met, balance, window)
            pairs.extend(last)
            break
        matching = _match(group, vp, met, balance, len(group), allow_rematch=False)
        matched = {e for p in matching for e in p}
        floaters = [e for e in group if e not in matched]
        pairs.extend((a, b) if rank[a] < rank[b] else (b, a) for a, b in matching)
    pairs.sort(key=lambda p: rank[p[0]])
    return pairs


def _pair_field(
    order: list[int],
    vp: Mapping[int, int],
    met: Counter[frozenset[int]],
    balance: Mapping[int, int],
    window: int,
) -> list[tuple[int, int]]:
    if not order:
        return []
    rank = {e: i for i, e in enumerate(order)}
    n = len(order)
    size = max(1, window)
    while True:
        full = size >= n - 1
        matching = _match(order, vp, met, balance, size, allow_rematch=False)
        if len(matching) * 2 == n:
            break
        if full:
            # No pairing without rematches exists: allow them, each at a prohibitive cost.
            matching = _match(order, vp, met, balance, n, allow_rematch=True)
            break
        size *= 2
    pairs = [(a, b) if rank[a] < rank[b] else (b, a) for a, b in matching]
    pairs.sort(key=lambda p: rank[p[0]])
    return pairs


def _match(
    order: list[int],
    vp: Mapping[int, int],
    met: Counter[frozenset[int]],
    balance: Mapping[int, int],
    window: int,
    allow_rematch: bool,
) -> set[tuple[int, int]]:
    n = len(order)
    spread = max(vp[e] for e in order) - min(vp[e] for e in order)
    # Bound on the closeness terms, so that one rematch always costs more than any pairing
    # without rematches can gain on closeness.
    bound = (spread * spread + n + 2) * (n // 2 + 1)
    graph = nx.Graph()
    graph.add_nodes_from(order)
    for i, a in enumerate(order):
        for distance in range(1, window + 1):
            if i + distance >= n:
                break
            b = order[i + distance]
            times = met[frozenset((a, b))]
            if times and not allow_rematch:
                continue
            diff = vp[a] - vp[b]
            weight = 10 * bound - diff * diff - distance - times * 5 * bound
            if (balance[a] > 0) != (balance[b] > 0):
                weight += 1
            graph.add_edge(a, b, weight=weight)
    result: set[tuple[int, int]] = nx.max_weight_matching(graph, maxcardinality=True)
    return result
