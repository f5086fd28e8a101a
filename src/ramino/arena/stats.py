"""Statistics for duplicate matches: bootstrap intervals, match wins, FIBUR Victory Points,
Bradley–Terry ratings (§7.1 for the VP tables).

Pure functions over plain numbers, seeded: the same inputs always give the same interval.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence

from ramino.tournament.vp import fibur_table


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values) if values else 0.0


def bootstrap_ci(values: Sequence[float], *, level: float = 0.95, reps: int = 2000,
                 seed: int = 0) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean (deals are the resampled unit)."""
    if len(values) < 2:
        m = mean(values)
        return (m, m)
    rng = random.Random(seed)
    n = len(values)
    data = list(values)
    means = sorted(sum(rng.choices(data, k=n)) / n for _ in range(reps))
    tail = (1.0 - level) / 2.0
    lo = means[min(reps - 1, math.floor(tail * reps))]
    hi = means[min(reps - 1, math.ceil((1.0 - tail) * reps) - 1)]
    return (lo, hi)


def match_results(first: Sequence[tuple[int, int]], second: Sequence[tuple[int, int]],
                  deals_per_match: int) -> tuple[float, float]:
    """(win rate, mean VP of side A out of 20) over matches of ``deals_per_match`` deals.

    ``first[i]`` are (A, B) points of deal i with A in seats 0/2, ``second[i]`` the same deal
    with the sides swapped.  A match is the same deals at both tables (duplicate): A wins it
    when its total over both tables beats B's; VP are the FIBUR table's for each table
    (§7.1), averaged over the two tables."""
    table = fibur_table(deals_per_match) if deals_per_match in (2, 3, 4) else fibur_table(4)
    wins = 0.0
    vps: list[float] = []
    matches = len(first) // deals_per_match
    for m in range(matches):
        chunk = slice(m * deals_per_match, (m + 1) * deals_per_match)
        a1 = sum(a for a, _ in first[chunk])
        b1 = sum(b for _, b in first[chunk])
        a2 = sum(a for a, _ in second[chunk])
        b2 = sum(b for _, b in second[chunk])
        diff = (a1 - b1) + (a2 - b2)
        wins += 1.0 if diff > 0 else 0.5 if diff == 0 else 0.0
        vps.append((table.split(a1, b1)[0] + table.split(a2, b2)[0]) / 2)
    if not matches:
        return (0.0, 0.0)
    return (wins / matches, mean(vps))


def bradley_terry(names: Sequence[str], wins: dict[tuple[str, str], float],
                  iterations: int = 500) -> dict[str, float]:
    """Bradley–Terry strengths by the MM algorithm, as Elo points (400·log10), the mean 1500.

    ``wins[(a, b)]`` is how many games a won against b (a half for a tie).  A small prior (one
    half win each way against every opponent) keeps a bot that never lost finite."""
    strength = {n: 1.0 for n in names}
    games: dict[tuple[str, str], float] = {}
    won: dict[str, float] = {n: 0.0 for n in names}
    for a in names:
        for b in names:
            if a == b:
                continue
            w = wins.get((a, b), 0.0) + 0.5
            won[a] += w
            games[(a, b)] = wins.get((a, b), 0.0) + wins.get((b, a), 0.0) + 1.0
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = sum(games[(a, b)] / (strength[a] + strength[b]) for b in names if b != a)
            new[a] = won[a] / denom if denom else strength[a]
        scale = math.exp(mean([math.log(v) for v in new.values()]))
        strength = {n: v / scale for n, v in new.items()}
    return {n: 1500.0 + 400.0 * math.log10(v) for n, v in strength.items()}
