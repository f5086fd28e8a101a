"""Bot decision latency: median and p99 seconds per decision for each bot.

Each bot plays every seat of a few seeded hands (FIBUR, or ``--preset fisca`` for Scala 40)
against itself; only the time of ``choose`` is counted.  Prints ``name: value`` lines.

    python bench/bots.py [--hands 4] [--bots random greedy expert search:samples=8,horizon=12]
    python bench/bots.py --preset fisca --bots random greedy expert
"""

from __future__ import annotations

import argparse
import statistics
import time

from ramino.bots.registry import make_bot
from ramino.games.state import new_hand
from ramino.rules import preset


def latencies(spec: str, hands: int, preset_name: str = "fibur") -> list[float]:
    rules = preset(preset_name)
    out: list[float] = []
    for deal in range(hands):
        state = new_hand(rules, seed=900 + deal)
        bots = [make_bot(spec, seat, rules) for seat in range(rules.players)]
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
    parser.add_argument("--preset", default="fibur", help="fibur, or fisca for Scala 40")
    args = parser.parse_args()
    for spec in args.bots:
        times = latencies(spec, args.hands, args.preset)
        name = spec.replace(":", "_").replace(",", "_").replace("=", "")
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        print(f"{name}_decisions: {len(times)}")
        print(f"{name}_median_ms: {1000 * statistics.median(times):.3f}")
        print(f"{name}_p99_ms: {1000 * p99:.3f}")


if __name__ == "__main__":
    main()
