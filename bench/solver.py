"""Meld solver speed (issue 4): median for 11-card hands, p99 for 40-card hands.

Random hands dealt from a shuffled 108-card pack (seeded, so the hands are the same on every
run); the time of ``ramino.bots.solver.solve`` per hand, candidates included.  Prints
``name: value`` lines.

    python bench/solver.py [--small 300] [--large 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ramino.bots.solver import solve
from ramino.cards import pack
from ramino.rules import preset


def timings(size: int, hands: int, seed: int) -> list[float]:
    rules = preset("fibur")
    out = []
    for k in range(hands):
        cards = pack(2)
        random.Random(seed + k).shuffle(cards)
        start = time.perf_counter()
        solve(cards[:size], rules)
        out.append(time.perf_counter() - start)
    return sorted(out)


def percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description="meld solver timings")
    parser.add_argument("--small", type=int, default=300, help="11-card hands")
    parser.add_argument("--large", type=int, default=200,
                        help="40-card hands (tenths of a second to seconds each: docs/bots.md)")
    args = parser.parse_args()
    small = timings(11, args.small, 1_000)
    print(f"solver_11_cards_hands: {len(small)}")
    print(f"solver_11_cards_median_ms: {1000 * statistics.median(small):.3f}")
    print(f"solver_11_cards_p99_ms: {1000 * percentile(small, 0.99):.3f}")
    large = timings(40, args.large, 2_000)
    print(f"solver_40_cards_hands: {len(large)}")
    print(f"solver_40_cards_median_ms: {1000 * statistics.median(large):.1f}")
    print(f"solver_40_cards_p90_ms: {1000 * percentile(large, 0.90):.1f}")
    print(f"solver_40_cards_p99_ms: {1000 * percentile(large, 0.99):.1f}")


if __name__ == "__main__":
    main()
