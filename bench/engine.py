"""Engine benchmark: full 4-player FIBUR hands with uniformly random legal actions, one core.

Prints one ``name: value`` line per figure:

    hands_per_s        hands played per second (process time), median of the runs
    actions_per_s      actions applied per second
    legal_actions_us   median time of one legal_actions() call (cold: first call per position)
    apply_us           median time of one apply()
    clone_us           median time of one clone() of a mid-hand position
    new_hand_us        median time to deal a new hand from a seed
    peak_mb            peak resident memory of the benchmark process (interpreter included)
    scala40_4p_hands_per_s  4-player Scala 40 (preset fisca) hands per second, its runs
                       interleaved with the Burraco runs (the same seeds), so that a busy
                       machine slows both alike
    scala40_4p_vs_burraco_4p  the ratio of the two medians
    compiled           which of the two engines run compiled with mypyc (``./dev
                       bench-compiled``): ``burraco scala40``, or ``none``

and, with ``--variants``, one ``hands_per_s_<preset>_<n>p`` line per Burraco and Buraco preset
and player count, and per Scala 40 player count (``fisca``).

Usage: ``python bench/engine.py [--hands N] [--runs R] [--preset P] [--variants]``.  Seeds are
fixed, so two runs play the same hands; the machine is noisy, so the hand rate is the median
of R runs.
"""

from __future__ import annotations

import argparse
import importlib
import random
import resource
import statistics
import sys
import time
from typing import Any

import ramino.games.burraco.state as burraco
import ramino.games.scala40.state as scala40_module
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.rules import make_rules, preset, preset_names


def play_hands(rules_name: str, hands: int, first_seed: int, timings: bool, players: int = 4
               ) -> tuple[float, int, list[float], list[float], list[BurracoState]]:
    rules = make_rules(rules_name, {"players": players} if players != 4 else {})
    legal_times: list[float] = []
    apply_times: list[float] = []
    samples: list[BurracoState] = []
    actions = 0
    clock = time.perf_counter
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        state = BurracoState.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if timings:
                t0 = clock()
                legal = state.legal_actions()
                t1 = clock()
                action = rng.choice(legal)
                t2 = clock()
                state.apply(action)
                t3 = clock()
                legal_times.append(t1 - t0)
                apply_times.append(t3 - t2)
                if actions % 97 == 0:
                    samples.append(state.clone())
            else:
                state.apply(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.process_time() - start
    return elapsed, actions, legal_times, apply_times, samples


def scala40_rate(players: int, hands: int, first_seed: int) -> float:
    """Scala 40 (preset fisca) hands per second with random legal play."""
    rules = make_rules("fisca", {"players": players})
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        state = Scala40State.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return hands / (time.process_time() - start)


def openspiel_rate(game: Any, hands: int, first_seed: int) -> tuple[float, int]:
    """Seconds (process time) and actions (chance outcomes included) of ``hands`` OpenSpiel
    hands played with uniformly random legal actions."""
    actions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    return time.process_time() - start, actions


def load_openspiel_game(name: str) -> Any:
    """OpenSpiel's ``name`` game, or ``None`` when the optional package is not installed."""
    try:
        pyspiel = importlib.import_module("pyspiel")
    except ImportError:
        return None
    return pyspiel.load_game(name)


def vs_openspiel(preset_name: str, hands: int, runs: int) -> int:
    """The side-by-side run of ``--vs-openspiel``; the process's exit status."""
    game = load_openspiel_game("gin_rummy")
    if game is None:
        print("--vs-openspiel needs OpenSpiel: pip install 'ramino[bench]' "
              "(or pip install 'open-spiel>=2.0.2')", file=sys.stderr)
        return 2
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for run in range(runs):
        elapsed, actions, _, _, _ = play_hands(preset_name, hands, 10_000 * run, False)
        ours.append((hands / elapsed, actions / elapsed))
        elapsed, actions = openspiel_rate(game, hands, 10_000 * run)
        theirs.append((hands / elapsed, actions / elapsed))
    ramino_hands = statistics.median(rate for rate, _ in ours)
    openspiel_hands = statistics.median(rate for rate, _ in theirs)
    compiled = not (burraco.__file__ or "").endswith(".py")
    print(f"preset: {preset_name} (4 players), against OpenSpiel gin_rummy")
    print(f"hands: {hands} x {runs} alternating runs")
    print(f"ramino_hands_per_s: {ramino_hands:.1f} (runs "
          + " ".join(f"{rate:.1f}" for rate, _ in ours) + ")")
    print(f"openspiel_hands_per_s: {openspiel_hands:.1f} (runs "
          + " ".join(f"{rate:.1f}" for rate, _ in theirs) + ")")
    print(f"ramino_actions_per_s: {statistics.median(a for _, a in ours):.0f}")
    print(f"openspiel_actions_per_s: {statistics.median(a for _, a in theirs):.0f} "
          "(chance outcomes included)")
    print(f"vs_openspiel: {ramino_hands / openspiel_hands:.2f}")
    print(f"compiled: {'burraco' if compiled else 'none'}")
    return 0


def micro(fn: object, repeat: int) -> float:
    """Median microseconds of ``fn()`` over ``repeat`` calls."""
    assert callable(fn)
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--preset", default="fibur")
    parser.add_argument("--variants", action="store_true",
                        help="also every Burraco preset with 2, 3, 4 and 6 players")
    parser.add_argument("--vs-openspiel", action="store_true",
                        help="instead: random-play hands per second side by side with "
                             "OpenSpiel's gin rummy (pip install 'ramino[bench]')")
    args = parser.parse_args()
    if args.vs_openspiel:
        sys.exit(vs_openspiel(args.preset, args.hands, args.runs))

    rates = []
    action_rates = []
    scala40_rates = []
    for run in range(args.runs):
        elapsed, actions, _, _, _ = play_hands(args.preset, args.hands, 10_000 * run, False)
        rates.append(args.hands / elapsed)
        action_rates.append(actions / elapsed)
        scala40_rates.append(scala40_rate(4, args.hands, 10_000 * run))

    timed_hands = max(20, args.hands // 5)
    _, _, legal_times, apply_times, samples = play_hands(args.preset, timed_hands, 999_000, True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux reports KiB

    rules = make_rules(args.preset)
    seeds = iter(range(10**9))
    clone_us = statistics.median(micro(s.clone, 20) for s in samples[:200])
    new_hand_us = micro(lambda: BurracoState.new_hand(rules, seed=next(seeds)), 300)

    print(f"preset: {args.preset}")
    print(f"hands: {args.hands} x {args.runs} runs")
    print(f"hands_per_s: {statistics.median(rates):.1f}")
    print(f"actions_per_s: {statistics.median(action_rates):.0f}")
    print(f"legal_actions_us: {statistics.median(legal_times) * 1e6:.1f}")
    print(f"apply_us: {statistics.median(apply_times) * 1e6:.1f}")
    print(f"clone_us: {clone_us:.1f}")
    print(f"new_hand_us: {new_hand_us:.1f}")
    print(f"peak_mb: {peak / 2**20:.1f}")
    scala40 = statistics.median(scala40_rates)
    print(f"scala40_4p_hands_per_s: {scala40:.1f}")
    print(f"scala40_4p_vs_burraco_4p: {scala40 / statistics.median(rates):.2f}")
    compiled = [name for name, module in (("burraco", burraco), ("scala40", scala40_module))
                if not (module.__file__ or "").endswith(".py")]
    print(f"compiled: {' '.join(compiled) or 'none'}")
    if args.variants:
        for name in preset_names():
            if preset(name).game not in ("burraco", "buraco"):
                continue
            for players in (2, 3, 4, 6):
                variant = []
                for run in range(args.runs):
                    elapsed, _, _, _, _ = play_hands(name, max(10, args.hands // 3),
                                                     20_000 * (run + 1), False, players)
                    variant.append(max(10, args.hands // 3) / elapsed)
                print(f"hands_per_s_{name}_{players}p: {statistics.median(variant):.1f}")
        for players in (2, 3, 4, 5, 6):
            rates = [scala40_rate(players, max(10, args.hands // 3), 30_000 * (run + 1))
                     for run in range(args.runs)]
            print(f"hands_per_s_fisca_{players}p: {statistics.median(rates):.1f}")


if __name__ == "__main__":
    main()
