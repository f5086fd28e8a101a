"""Paired duplicate comparison of Scala 40 bot specs against one opponent, on common deals.

Every spec plays the same deals (``ramino.arena.duplicate.play_deal``, both tables, no honesty
replay) against ``opponent``; each line prints the spec's mean A−B per player and hand (the
arena's figure) with a bootstrap 95% interval, and, from the second spec on, its paired
difference to the first spec on the same deals (common random numbers: far less noise than
comparing two arena runs).  Used to screen ``ExpertWeights`` (docs/bots.md):

    PYTHONPATH=src python scripts/scala40_ab.py greedy --first-deal 2001 --deals 400 \\
        expert expert:danger_partner=2
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ramino.arena.duplicate import play_deal


def per_deal(spec: str, opponent: str, deals: range, players: int | None) -> list[float]:
    """The arena's A−B per player and hand of each deal (both tables)."""
    out = []
    for deal in deals:
        r = play_deal((spec, opponent, "fisca", deal, 0, 0, False, players))
        out.append(((r.first[0] - r.first[1]) + (r.second[0] - r.second[1])) / r.divisor)
    return out


def interval(values: list[float]) -> tuple[float, float, float]:
    """The mean and a bootstrap 95% interval (seeded: the same values, the same interval)."""
    rng = random.Random(1)
    means = sorted(statistics.fmean(rng.choices(values, k=len(values))) for _ in range(1000))
    return statistics.fmean(values), means[25], means[974]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("opponent")
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--players", type=int, default=None)
    args = parser.parse_args()
    deals = range(args.first_deal, args.first_deal + args.deals)
    base: list[float] | None = None
    for spec in args.specs:
        start = time.perf_counter()
        values = per_deal(spec, args.opponent, deals, args.players)
        mean, low, high = interval(values)
        took = time.perf_counter() - start
        line = f"{spec:50s} {mean:+6.2f} [{low:+.2f}, {high:+.2f}] {took:.0f}s"
        if base is None:
            base = values
        else:
            d_mean, d_low, d_high = interval([a - b for a, b in zip(values, base, strict=True)])
            line += f"  vs first {d_mean:+.2f} [{d_low:+.2f}, {d_high:+.2f}]"
        print(line, flush=True)


if __name__ == "__main__":
    main()
