"""Meld solver speed: median for 11-card hands, p99 for 40-card hands.

Random hands dealt from a shuffled 108-card pack (seeded, so the hands are the same on every
run); the time of ``ramino.bots.burraco.solver.solve`` per hand, candidates included: wall clock
(what
a bot waits) and the process's CPU time (less sensitive to other work on a shared machine).
Prints ``name: value`` lines.

    python bench/solver.py [--small 300] [--large 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ramino.bots.burraco.solver import solve
from ramino.cards import pack
from ramino.rules import preset


def timings(size: int, hands: int, seed: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds per hand, each sorted."""
    rules = preset("fibur")
    wall = []
    cpu = []
    for k in range(hands):
        cards = pack(2)
        random.Random(seed + k).shuffle(cards)
        start, start_cpu = time.perf_counter(), time.process_time()
        solve(cards[:size], rules)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return sorted(wall), sorted(cpu)


def percentile(sorted_values: list[float], q: float) -> float:
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def main() -> None:
    parser = argparse.ArgumentParser(description="meld solver timings")
    parser.add_argument("--small", type=int, default=300, help="11-card hands")
    parser.add_argument("--large", type=int, default=200,
                        help="40-card hands (docs/performance.md has the figures)")
    args = parser.parse_args()
    for size, hands, seed, digits in ((11, args.small, 1_000, 3), (40, args.large, 2_000, 1)):
        wall, cpu = timings(size, hands, seed)
        name = f"solver_{size}_cards"
        print(f"{name}_hands: {len(wall)}")
        for label, values in (("", wall), ("_cpu", cpu)):
            print(f"{name}{label}_median_ms: {1000 * statistics.median(values):.{digits}f}")
            print(f"{name}{label}_p90_ms: {1000 * percentile(values, 0.90):.{digits}f}")
            print(f"{name}{label}_p99_ms: {1000 * percentile(values, 0.99):.{digits}f}")

if __name__ == "__main__":
    main()
