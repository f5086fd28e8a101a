"""Bot and coach latency: median and p99 per decision for each bot, and with ``--coach`` how
long the coach's hint and review take, for Burraco and Scala 40.

Bots: each plays every seat of a few seeded hands (FIBUR, or ``--preset fisca`` for Scala 40)
against itself; only the time of ``choose`` is counted.

Coach: hands of the expert against itself, a hint asked at every ``--coach-every``-th decision
with a choice; each hand's record reviewed for seat 0, timed per decision and whole.  The
budget is ``--coach-seconds`` of work a decision (counted in rollout actions: about 9,000 a
second on the compiled overlay, 4,500 in pure Python, ``ramino.coach.judge``).

Prints ``name: value`` lines.

    python bench/bots.py [--hands 4] [--bots random greedy expert search:samples=8,horizon=12]
    python bench/bots.py --preset fisca --bots random greedy expert
    python bench/bots.py --bots --coach [--coach-hands 2] [--coach-every 3]
                         [--coach-seconds 0.5] [--coach-presets fibur fisca]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from ramino.arena.play import play_hand
from ramino.bots.registry import make_bot
from ramino.coach import hint, review_hand
from ramino.coach.judge import compiled, judge
from ramino.coach.moments import moments, recorded_hand
from ramino.coach.review import decide
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


def percentile(times: Sequence[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def hint_times(preset_name: str, hands: int, every: int, seconds: float) -> list[float]:
    rules = preset(preset_name)
    out: list[float] = []
    for deal in range(hands):
        state = new_hand(rules, seed=700 + deal)
        expert = make_bot("expert", deal, rules)
        choices = 0
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions()
            seen = state.observation(seat)
            if len(legal) > 1:
                choices += 1
                if choices % every == 0:
                    out.append(hint(seen, legal, rules, seed=deal, seconds=seconds).seconds)
            state.apply(expert.choose(seen, legal))
    return out


def review_times(preset_name: str, hands: int, seconds: float
                 ) -> tuple[list[float], list[float]]:
    """Seconds per reviewed decision, and per whole review (seat 0 of each hand)."""
    rules = preset(preset_name)
    decisions: list[float] = []
    reviews: list[float] = []
    for deal in range(hands):
        document = play_hand(rules, 700 + deal, ("expert",) * rules.players,
                             keep_record=True).record
        assert document is not None
        start = time.perf_counter()
        review_hand(document, 0, seconds=seconds, seed=deal)
        reviews.append(time.perf_counter() - start)
        hand = recorded_hand(document)
        search = judge(hand.start.rules, deal, seconds)
        for moment in moments(hand):
            if moment.seat == 0 and len(moment.legal) > 1:
                start = time.perf_counter()
                decide(search, moment, hand.start.rules)
                decisions.append(time.perf_counter() - start)
    return decisions, reviews


def report(name: str, times: Sequence[float], unit: float, suffix: str) -> None:
    print(f"{name}_count: {len(times)}")
    print(f"{name}_median_{suffix}: {unit * statistics.median(times):.1f}")
    print(f"{name}_p99_{suffix}: {unit * percentile(times, 0.99):.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="bot and coach latency")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--bots", nargs="*", default=["random", "greedy", "expert", "search"])
    parser.add_argument("--preset", default="fibur", help="fibur, or fisca for Scala 40")
    parser.add_argument("--coach", action="store_true", help="also the coach's latency")
    parser.add_argument("--coach-hands", type=int, default=2)
    parser.add_argument("--coach-every", type=int, default=3, help="a hint every N decisions")
    parser.add_argument("--coach-seconds", type=float, default=0.5,
                        help="the coach's budget a decision")
    parser.add_argument("--coach-presets", nargs="+", default=["fibur", "fisca"])
    args, _ = parser.parse_known_args()  # ./dev bench passes every script the same options
    for spec in args.bots:
        times = latencies(spec, args.hands, args.preset)
        name = spec.replace(":", "_").replace(",", "_").replace("=", "")
        print(f"{name}_decisions: {len(times)}")
        print(f"{name}_median_ms: {1000 * statistics.median(times):.3f}")
        print(f"{name}_p99_ms: {1000 * percentile(times, 0.99):.3f}")
    if args.coach:
        print(f"coach_compiled: {int(compiled())}")
        for name in args.coach_presets:
            report(f"coach_{name}_hint",
                   hint_times(name, args.coach_hands, args.coach_every, args.coach_seconds),
                   1000, "ms")
            decisions, reviews = review_times(name, args.coach_hands, args.coach_seconds)
            report(f"coach_{name}_review_decision", decisions, 1000, "ms")
            report(f"coach_{name}_review_hand", reviews, 1, "s")


if __name__ == "__main__":
    main()
