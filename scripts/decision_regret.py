"""Decision regret: how far from the best choice a search setting decides, against values read
off the true state (docs/bots.md, "Measuring tools").

A duplicate arena run of 100 deals measures a search change to about ±45 points per hand, so a
change worth 20 needs thousands of deals.  This measures the decisions themselves instead:

1. ``collect`` plays deals with the search (``--search``, default ``search``) in seats 0 and 2
   and the expert in 1 and 3
   (the arena's first table), and at every ``--every``-th decision of a search seat that has
   more than one candidate (draw or pick, the best discards) values each candidate by
   ``--worlds`` rollouts from the *true* state, the tallone and the untaken pozzetti shuffled
   (nobody knows the future draws), the expert everywhere after, to the end of the hand, with
   common random numbers (``ramino.bots.sampling.sample_values``; the candidates as the
   coach weighs them, ``ramino.coach.judge.candidates``, docs/coach.md).  The points are
   written as JSON: the deal, the actions that lead there (indices into ``legal_actions()``),
   the seat, its bot seed, the candidates and their values.
2. ``score`` asks every bot spec for its choice at every point (the same seed the game gave
   that seat) and reports its mean regret, the best candidate's value minus the value of its
   choice, paired against the first spec.  ``oracle`` specs are shown the state; ``peek:R``
   is the search told the hands of the seats at offsets ``R`` from it (``peek:1`` the next
   opponent, ``peek:123`` every hand, the same as ``oracle:tallone=0``).

Usage (on the compiled overlay, ``./dev compile``; a few minutes each on two cores)::

    PYTHONPATH=build/compiled python scripts/decision_regret.py collect --deals 60 \\
        --first 30001 --every 2 --worlds 32 --out points.json
    PYTHONPATH=build/compiled python scripts/decision_regret.py score points.json \\
        search expert oracle:tallone=0 search:samples=32,extra=96
    PYTHONPATH=build/compiled python scripts/decision_regret.py lengths points.json

``score`` also splits the regrets into pick and discard decisions (the search's edge over
the expert is mostly in the pick: docs/bots.md, "How the expert decides").
``lengths`` compares, at the discard points, the first candidate with each alternative that
feeds the opponents' melds where the first does not, by the length of the meld it feeds (the
table behind the expert's graded danger).

A choice's regret, summed over the ~28 such decisions a side makes in a hand, is in points per
hand: the expert's 36.1 and the default search's 32.9 per decision (894 points) predict the
search's edge in the arena (+3.2 x 28 = +88; measured +81.9 and +88.8 on 150 and 100 deals).
The values are noisy (32 rollouts each), so regrets are comparable between specs, not zero
for a perfect player.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections.abc import Callable
from multiprocessing import Pool
from typing import Any

from ramino.arena.play import bot_seed
from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.features import longest_fitting, their_melds
from ramino.bots.burraco.oracle import OracleBot, redeal_future
from ramino.bots.burraco.search import SearchBot
from ramino.bots.protocol import Bot
from ramino.bots.registry import make_bot
from ramino.bots.sampling import sample_values
from ramino.coach.judge import candidates
from ramino.games.actions import DISCARD, Action
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules import preset

RULES = preset("fibur")
Point = dict[str, Any]


def future_shuffled(state: BurracoState, rng: random.Random,
                    hide: tuple[int, ...] = ()) -> BurracoState:
    """A copy of ``state`` with the future draws and the hidden hands of ``hide`` redealt."""
    world = state.clone()
    redeal_future(world, rng, hide)
    return world


class PeekingSearch(OracleBot):
    """The search told the hands of the seats at ``offsets`` from it (a measurement device:
    how much each hand's knowledge is worth); shown the state as the oracle is."""

    def __init__(self, seed: int, offsets: set[int]) -> None:
        super().__init__(seed, RULES, tallone=0)
        self.offsets = offsets

    def world(self, observation: Observation, rng: random.Random) -> BurracoState:
        if self._state is None:
            raise RuntimeError("the peeking search must be shown the state (see) first")
        me = observation.seat
        hide = tuple(s for s in range(observation.players)
                     if s != me and (s - me) % observation.players not in self.offsets)
        return future_shuffled(self._state, rng, hide)


def seat_rollout(judge: SearchBot, seat: int) -> Callable[[BurracoState, Action, int], float]:
    """``judge``'s rollout valued for ``seat``, in the shape ``sample_values`` plays."""
    return lambda world, option, seed: judge.rollout(world, option, seat, seed)


def replay(deal: int, path: list[int]) -> BurracoState:
    state = BurracoState.new_hand(RULES, seed=deal)
    for index in path:
        state.apply(state.legal_actions()[index])
    return state


def collect_deal(args: tuple[int, int, int, str]) -> list[Point]:
    deal, every, worlds, spec = args
    state = BurracoState.new_hand(RULES, seed=deal)
    seeds = [bot_seed(0, deal, seat) for seat in range(4)]
    searchers: dict[int, SearchBot] = {}
    for seat in (0, 2):
        made = make_bot(spec, seeds[seat], RULES)
        assert isinstance(made, SearchBot), f"{spec} is not a search bot"
        searchers[seat] = made
    experts = {seat: ExpertBot(seeds[seat], RULES) for seat in (1, 3)}
    judge = SearchBot(0, RULES, horizon=0)  # its rollouts: the expert to the end of the hand
    path: list[int] = []
    points: list[Point] = []
    searched = 0
    while not state.is_over:
        seat = state.current
        seen = state.observation(seat)
        legal = state.legal_actions()
        bot: Bot = searchers.get(seat) or experts[seat]
        if seat in searchers:
            options = candidates(searchers[seat], seen, legal)
            searched += len(options) > 1
            if len(options) > 1 and searched % every == 0:
                rng = random.Random(deal * 1000 + len(path))
                values = sample_values(
                    options, worlds, 0, rng, lambda r: future_shuffled(state, r),
                    seat_rollout(judge, seat))
                points.append({"deal": deal, "path": list(path), "seat": seat,
                               "seed": seeds[seat],
                               "options": [legal.index(o) for o in options],
                               "values": [sum(x / worlds for x in v) for v in values]})
        action = bot.choose(seen, legal)
        path.append(legal.index(action))
        state.apply(action)
    return points


def regrets(args: tuple[Point, list[str]]) -> list[float]:
    point, specs = args
    state = replay(point["deal"], point["path"])
    legal = state.legal_actions()
    seen = state.observation(point["seat"])
    options = [legal[i] for i in point["options"]]
    best = max(point["values"])
    out: list[float] = []
    for spec in specs:
        if spec.startswith("peek:"):
            peeking = PeekingSearch(point["seed"], {int(c) for c in spec[5:]})
            peeking.see(state)
            choice = peeking.choose(seen, legal)
        else:
            bot = make_bot(spec, point["seed"], RULES)
            see = getattr(bot, "see", None)
            if see is not None:
                see(state)
            choice = bot.choose(seen, legal)
        if choice not in options:
            raise SystemExit(f"{spec} chose {choice}, outside the collected candidates "
                             f"(deal {point['deal']}, action {len(point['path'])})")
        out.append(best - point["values"][options.index(choice)])
    return out


def fitting_length(seen: Observation, card: int) -> int:
    """The longest opposing meld ``card`` could be attached to (0: none), as the expert's
    graded danger reads it (docs/bots.md, "How the expert decides")."""
    return longest_fitting([m for _, m in their_melds(seen)], card, RULES)


def discard_lengths(point: Point) -> list[tuple[int, float]]:
    """At a discard point, for every alternative that fits the opponents' melds where the
    first candidate (the expert's choice) does not: the length of the meld it fits and its
    value minus the first candidate's."""
    state = replay(point["deal"], point["path"])
    legal = state.legal_actions()
    options = [legal[i] for i in point["options"]]
    if options[0].kind != DISCARD:
        return []
    seen = state.observation(point["seat"])
    lengths = [fitting_length(seen, a.cards[0]) for a in options]
    values = point["values"]
    return [(lengths[k], values[k] - values[0]) for k in range(1, len(options))
            if lengths[k] and not lengths[0]]


def lengths_table(pairs: list[tuple[int, float]]) -> list[str]:
    """Mean advantage (and standard error) of feeding a meld of each length."""
    lines = []
    for length in sorted({n for n, _ in pairs}):
        gains = [g for n, g in pairs if n == length]
        se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        lines.append(f"{length:2d} cards  {len(gains):5d} pairs  {statistics.fmean(gains):+8.1f}"
                     f" ± {se:.1f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    collect = sub.add_parser("collect", help="decision points valued on the true state")
    collect.add_argument("--deals", type=int, default=60)
    collect.add_argument("--first", type=int, default=30001)
    collect.add_argument("--every", type=int, default=2)
    collect.add_argument("--worlds", type=int, default=32)
    collect.add_argument("--jobs", type=int, default=2)
    collect.add_argument("--out", required=True)
    collect.add_argument("--search", default="search",
                         help="the search spec that plays seats 0 and 2 and names the candidates")
    lengths = sub.add_parser("lengths", help="the first discard candidate against one that "
                             "fits the opponents' melds, by the length of that meld")
    lengths.add_argument("points")
    lengths.add_argument("--jobs", type=int, default=2)
    score = sub.add_parser("score", help="each spec's mean regret at the points")
    score.add_argument("points")
    score.add_argument("specs", nargs="+")
    score.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.command == "collect":
        tasks = [(d, args.every, args.worlds, args.search)
                 for d in range(args.first, args.first + args.deals)]
        with Pool(args.jobs) as pool:
            points = [p for found in pool.imap(collect_deal, tasks) for p in found]
        with open(args.out, "w") as out:
            json.dump(points, out)
        print(f"{len(points)} decision points from {args.deals} deals in {args.out}")
        return
    with open(args.points) as f:
        points = json.load(f)
    if args.command == "lengths":
        with Pool(args.jobs) as pool:
            found = [pair for pairs in pool.map(discard_lengths, points) for pair in pairs]
        print("their meld  pairs  the alternative's advantage (points, ± standard error)")
        print("\n".join(lengths_table(found)))
        return
    with Pool(args.jobs) as pool:
        rows = pool.map(regrets, [(p, args.specs) for p in points])
        kinds = pool.map(point_kind, points)
    print(f"{len(rows)} decision points; mean regret per decision (points), paired against "
          f"{args.specs[0]} with a 95% interval")
    print("\n".join(regret_lines(rows, args.specs)))
    for kind in ("pick", "discard"):
        mine = [row for row, k in zip(rows, kinds, strict=True) if k == kind]
        if mine:
            print(f"{kind} decisions ({len(mine)}):")
            print("\n".join(regret_lines(mine, args.specs)))
    sys.stdout.flush()


def point_kind(point: Point) -> str:
    """``pick`` (the tallone or the scarto, §2.3 step 1) or ``discard`` (step 3)."""
    state = replay(point["deal"], point["path"])
    first = state.legal_actions()[point["options"][0]]
    return "discard" if first.kind == DISCARD else "pick"


def regret_lines(rows: list[list[float]], specs: list[str]) -> list[str]:
    """Each spec's mean regret, and its difference from the first spec's with a 95% interval."""
    lines = []
    first = [row[0] for row in rows]
    for j, spec in enumerate(specs):
        mine = [row[j] for row in rows]
        diffs = [a - b for a, b in zip(mine, first, strict=True)]
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
        changed = sum(d != 0 for d in diffs)
        lines.append(f"{spec:40s} {statistics.fmean(mine):7.2f}   {statistics.fmean(diffs):+6.2f} "
                     f"± {half:.2f}   (another choice at {changed})")
    return lines


if __name__ == "__main__":
    main()
