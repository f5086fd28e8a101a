"""Bot decision latency (issue 4): median and p99 seconds per decision for each bot.

Each bot plays every seat of a few seeded FIBUR hands against itself; only the time of
``choose`` is counted.  Prints ``name: value`` lines.

    python bench/bots.py [--hands 4] [--bots random greedy expert search:samples=8,horizon=12]
"""

from __future__ import annotations

import argparse
import statistics
import time

from ramino.bots.registry import make_bot
from ramino.games.burraco import BurracoState
from ramino.rules import preset


def latencies(spec: str, hands: int) -> list[float]:
    rules = preset("fibur")
    out: list[float] = []
    for deal in range(hands):
        state = BurracoState.new_hand(rules, seed=900 + deal)
        bots = [make_bot(spec, seat, rules) for seat in range(4)]
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions()
            observation = state.observation(seat)
            start = time.perf_counter()
            action = bots[seat].choose(observation, legal)
            out.append(time.perf_counter() - start)
            state.apply(action)
    return sorted(out)


def main() -> None:
    parser = argparse.ArgumentParser(description="bot decision latency")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--bots", nargs="+", default=["random", "greedy", "expert", "search"])
    args = parser.parse_args()
    for spec in args.bots:
        times = latencies(spec, args.hands)
        name = spec.replace(":", "_").replace(",", "_").replace("=", "")
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        print(f"{name}_decisions: {len(times)}")
        print(f"{name}_median_ms: {1000 * statistics.median(times):.3f}")
        print(f"{name}_p99_ms: {1000 * p99:.3f}")


if __name__ == "__main__":
    main()
