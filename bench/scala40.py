"""Scala 40 engine benchmark: full hands with uniformly random legal actions, one core, next to
the same measure for 4-player FIBUR Burraco (the goal: Scala 40 four-player hands at least
as fast as Burraco four-player hands).

Prints one ``name: value`` line per figure:

    scala40_<n>p_hands_per_s    Scala 40 (preset fisca) hands per second, n players
    scala40_<n>p_actions_per_hand  mean actions per Scala 40 hand
    burraco_4p_hands_per_s     4-player FIBUR Burraco hands per second, same machine and run
    scala40_4p_vs_burraco_4p   the ratio of the two 4-player rates
    legal_actions_us           median legal_actions() time in 4-player Scala 40 (cold)

Usage: ``python bench/scala40.py [--hands N] [--runs R] [--players 2,3,4,5,6]``.  Seeds are
fixed; rates are process time, the median of R runs.

``--digest N`` instead prints ``play_digest``: a SHA-256 of every legal-action list (in order,
with the meld each action makes) met in N seeded random hands of each rule set in
``DIGEST_RULES``.  A speed change must leave it as it was: play is then identical.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time

from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.rules import make_rules


def scala40_rate(players: int, hands: int, first_seed: int) -> tuple[float, float]:
    """(hands per second, actions per hand)."""
    rules = make_rules("fisca", {"players": players})
    actions = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        state = Scala40State.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
    return hands / (time.process_time() - start), actions / hands


def burraco_rate(hands: int, first_seed: int) -> float:
    rules = make_rules("fibur")
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        state = BurracoState.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    return hands / (time.process_time() - start)


def legal_actions_us(hands: int) -> float:
    rules = make_rules("fisca")
    times = []
    for seed in range(hands):
        state = Scala40State.new_hand(rules, seed=500_000 + seed)
        rng = random.Random(seed)
        while not state.is_over:
            t0 = time.perf_counter()
            legal = state.legal_actions()
            times.append(time.perf_counter() - t0)
            state.apply(rng.choice(legal))
    return statistics.median(times) * 1e6


# The rule sets of the digest: fisca at every player count, and the §6.7 options that take the
# move generator down other paths (lay-offs toward the apertura, swaps before opening, ...).
DIGEST_RULES: tuple[tuple[str, dict[str, object]], ...] = (
    ("fisca", {"players": 2}), ("fisca", {"players": 3}), ("fisca", {"players": 4}),
    ("fisca", {"players": 5}), ("fisca", {"players": 6}),
    ("fisca", {"opening_counts_only_new_melds": False}),
    ("fisca", {"jolly_swap_requires_opened": False}),
    ("fisca", {"identical_sequence_allowed": False, "players": 3}),
    ("fisca", {"opening_with_discard": True, "opening_without_jolly": True}),
    ("fisca", {"lay_off_on_opponents": False, "lay_off_after_opening_same_turn": False}),
    ("fisca", {"hand_size": 7, "opening_threshold": 20, "group_max_size": 3}),
)


def play_digest(hands: int) -> str:
    """SHA-256 of the legal actions (and the meld each makes) of ``hands`` seeded random hands
    per rule set of ``DIGEST_RULES``, and of each hand's result."""
    digest = hashlib.sha256()
    for name, options in DIGEST_RULES:
        rules = make_rules(name, options)
        for seed in range(hands):
            state = Scala40State.new_hand(rules, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                legal = state.legal_actions()
                resolved = state._resolved or {}
                made = [repr(resolved[a][1]) if a in resolved else "" for a in legal]
                digest.update(repr((legal, made)).encode())
                state.apply(rng.choice(legal))
            digest.update(repr(state.result()).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--digest", type=int, default=0, metavar="N",
                        help="print the play digest of N hands per rule set, and nothing else")
    args = parser.parse_args()
    if args.digest:
        print(f"play_digest: {play_digest(args.digest)}")
        return
    counts = [int(x) for x in args.players.split(",")]
    if 4 not in counts:
        counts.append(4)
    rates: dict[int, float] = {}
    burraco_runs: list[float] = []
    for players in counts:
        runs = []
        for run in range(args.runs):
            runs.append(scala40_rate(players, args.hands, 10_000 * run))
            if players == 4:
                # Interleaved with the Scala 40 runs, so that a busy machine slows both alike.
                burraco_runs.append(burraco_rate(args.hands, 10_000 * run))
        rates[players] = statistics.median(r for r, _ in runs)
        print(f"scala40_{players}p_hands_per_s: {rates[players]:.1f}")
        print(f"scala40_{players}p_actions_per_hand: {statistics.mean(a for _, a in runs):.1f}")
    burraco = statistics.median(burraco_runs)
    print(f"burraco_4p_hands_per_s: {burraco:.1f}")
    print(f"scala40_4p_vs_burraco_4p: {rates[4] / burraco:.2f}")
    print(f"legal_actions_us: {legal_actions_us(max(3, args.hands // 10)):.1f}")


if __name__ == "__main__":
    main()
