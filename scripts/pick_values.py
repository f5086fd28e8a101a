"""The expert's pick decisions valued on the true state, in its own games
(docs/bots.md, "Measuring tools").

``scripts/decision_regret.py`` values the *search's* decision points against the expert; this
values the *expert's* own choice between the tallone and the scarto (§2.3 step 1) in
the games it plays against ``--against`` (greedy by default), by rollouts with the same bots
(the expert for its side, the opponent for theirs) from the true state, the tallone and the
untaken pozzetti shuffled (nobody knows the future draws), common random numbers for both
options.  A cell of situations where the mean value of picking minus drawing has the other
sign than the expert's usual choice is a rule to change, on these bots' own ground::

    PYTHONPATH=build/compiled python scripts/pick_values.py collect --deals 500 \\
        --first 70001 --worlds 24 --out picks.json
    python scripts/pick_values.py table picks.json

``table`` groups the decisions by cards in hand (0-1, 2, 3+), whether the side has taken its
pozzetto (§2.7) and has a burraco down (§2.6), scarto size and how many of its cards the hand
can lay (``pile_usable``), and marks with ``<<`` the cells where the expert's majority choice
loses more than two standard errors.  The expert plays the side ``deal % 2``; bots are seeded
as in the arena (``ramino.arena.play.bot_seed``), so the points are reproducible.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

from ramino.arena.play import bot_seed
from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.features import has_burraco, own_melds
from ramino.bots.burraco.greedy import pile_usable
from ramino.bots.burraco.oracle import redeal_future
from ramino.bots.protocol import Bot
from ramino.bots.registry import make_bot
from ramino.games.actions import DRAW, PICK, Action
from ramino.games.burraco.seating import initial_sides
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset


def team_of(seat: int) -> int:
    """The side of ``seat`` at the 4-player tables these probes play (§5)."""
    return initial_sides(4)[seat]


RULES = preset("fibur")
Point = dict[str, Any]


def rollout(state: BurracoState, action: Action, seat: int, bots: list[Bot]) -> float:
    """``action``, then ``bots`` to the end of the hand: ``seat``'s side minus the other."""
    state.apply(action)
    while not state.is_over:
        current = state.current
        state.apply(bots[current].choose(state.observation(current), state.legal_actions()))
    result = state.result()
    assert result is not None
    team = team_of(seat)
    return float(result.scores[team] - result.scores[1 - team])


def collect_deal(args: tuple[int, int, str]) -> list[Point]:
    """Every pick decision of the expert's side in ``deal``, both options valued."""
    deal, worlds, against = args
    side = deal % 2
    seeds = [bot_seed(0, deal, seat) for seat in range(RULES.players)]

    def lineup(seed_of: list[int]) -> list[Bot]:
        return [ExpertBot(seed_of[s], RULES) if team_of(s) == side
                else make_bot(against, seed_of[s], RULES) for s in range(RULES.players)]

    bots = lineup(seeds)
    state = BurracoState.new_hand(RULES, seed=deal)
    path: list[int] = []
    points: list[Point] = []
    while not state.is_over:
        seat = state.current
        seen = state.observation(seat)
        legal = state.legal_actions()
        bot = bots[seat]
        kinds = {a.kind for a in legal}
        if isinstance(bot, ExpertBot) and PICK in kinds and DRAW in kinds:
            options = [next(a for a in legal if a.kind == kind) for kind in (PICK, DRAW)]
            rng = random.Random(deal * 1000 + len(path))
            values = [0.0, 0.0]
            for _ in range(worlds):
                world = state.clone()
                redeal_future(world, rng)
                rollout_seed = rng.getrandbits(32)
                for i, option in enumerate(options):
                    players = lineup([rollout_seed + s for s in range(RULES.players)])
                    values[i] += rollout(world.clone(), option, seat, players) / worlds
            taken = seen.pozzetto_taken[team_of(seat)]
            points.append({
                "deal": deal, "path": list(path), "seat": seat, "gain": values[0] - values[1],
                "expert_picks": bot.pick_score(seen) > 0, "hand": len(seen.hand),
                "pile": len(seen.pile), "usable": pile_usable(seen, RULES), "pozzetto": taken,
                "burraco": has_burraco(own_melds(seen))})
        action = bot.choose(seen, legal)
        path.append(legal.index(action))
        state.apply(action)
    return points


def cell(point: Point) -> tuple[str, str, str, str, str]:
    hand = point["hand"]
    return ("0-1" if hand <= 1 else "2" if hand == 2 else "3+",
            "yes" if point["pozzetto"] else "no", "yes" if point["burraco"] else "no",
            str(min(point["pile"], 4)) + ("+" if point["pile"] >= 4 else ""),
            str(min(point["usable"], 2)) + ("+" if point["usable"] >= 2 else ""))


def table(points: list[Point], smallest: int = 10) -> list[str]:
    """One line per cell of at least ``smallest`` decisions."""
    groups: dict[tuple[str, ...], list[Point]] = defaultdict(list)
    for point in points:
        groups[cell(point)].append(point)
    lines = ["hand pozzetto burraco pile usable  decisions  expert picks  pick - draw"]
    for key in sorted(groups):
        found = groups[key]
        if len(found) < smallest:
            continue
        gains = [p["gain"] for p in found]
        mean = statistics.fmean(gains)
        se = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
        share = sum(p["expert_picks"] for p in found) / len(found)
        wrong = (mean > 2 * se and share < 0.5) or (mean < -2 * se and share > 0.5)
        lines.append(f"{key[0]:>4} {key[1]:>8} {key[2]:>7} {key[3]:>4} {key[4]:>6}  "
                     f"{len(found):9d}  {share:12.2f}  {mean:+7.1f} ± {se:5.1f}"
                     + ("  <<" if wrong else ""))
    regret = statistics.fmean(max(0.0, -p["gain"]) if p["expert_picks"] else max(0.0, p["gain"])
                              for p in points)
    lines.append(f"{len(points)} decisions; the expert's mean regret {regret:.1f} points")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    collect = sub.add_parser("collect", help="the expert's pick decisions, valued")
    collect.add_argument("--deals", type=int, default=100)
    collect.add_argument("--first", type=int, default=70001)
    collect.add_argument("--worlds", type=int, default=24)
    collect.add_argument("--against", default="greedy")
    collect.add_argument("--jobs", type=int, default=2)
    collect.add_argument("--out", required=True)
    show = sub.add_parser("table", help="the decisions by cell")
    show.add_argument("points")
    show.add_argument("--smallest", type=int, default=10)
    args = parser.parse_args()
    if args.command == "collect":
        make_bot(args.against, 0, RULES)  # a bad spec fails here, not in a worker
        tasks = [(d, args.worlds, args.against)
                 for d in range(args.first, args.first + args.deals)]
        with Pool(args.jobs) as pool:
            points = [p for found in pool.imap(collect_deal, tasks) for p in found]
        with open(args.out, "w") as out:
            json.dump(points, out)
        print(f"{len(points)} pick decisions from {args.deals} deals in {args.out}")
        return
    with open(args.points) as f:
        print("\n".join(table(json.load(f), args.smallest)))


if __name__ == "__main__":
    main()
