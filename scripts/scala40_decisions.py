"""Decision-by-decision screen of the Scala 40 search: what its choices gain over the expert's.

``positions`` plays expert self-play hands and, at every ``--every``-th decision the search
would weigh (with ``opened=1``: every kind), values each of the expert's candidates from the
true state: the tallone shuffled again, then ``--rollouts`` rollouts to the end of the hand by
experts with a ``--look``-sample look-ahead, the same shuffles and seeds for every candidate
(common random numbers).  A position is stored as its deal and the indices of the actions that
led to it, so the file is plain JSON.  ``screen`` replays each position, asks each search spec
for its choice and prints, per kind of decision (a draw or discard, before or after the seat's
apertura, §6.3), how often the spec overrules the expert and the sum of the values it gains
(the rollouts are shared by every spec, so specs differ only where their choices do), with its
process time a decision.  Used to choose where the search decides (docs/bots.md):

    PYTHONPATH=src python scripts/scala40_decisions.py positions --first-deal 2001 --deals 25 \\
        --out positions.json
    PYTHONPATH=src python scripts/scala40_decisions.py screen positions.json search \\
        search:opened=1
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import TypedDict, cast

from ramino.bots.registry import make_bot
from ramino.bots.scala40.expert import ExpertBot, ExpertWeights
from ramino.bots.scala40.search import SearchBot
from ramino.games.actions import DISCARD, Action
from ramino.games.scala40.state import Scala40State
from ramino.rules.presets import preset

RULES = preset("fisca")


class Position(TypedDict):
    """A stored decision: the deal, the actions (indices into the legal list) that led to it,
    the expert's candidates (its choice first) and each one's rollout values."""

    deal: int
    path: list[int]
    options: list[int]
    values: dict[str, list[float]]


def rollout_value(state: Scala40State, seat: int, action: Action, index: int,
                  bots: Sequence[ExpertBot]) -> float:
    """The seat's points against the others' mean after ``action`` (§6.5), the tallone
    shuffled by ``index`` (the same for every candidate)."""
    world = state.clone()
    random.Random(index * 7919 + 13).shuffle(world.stock)
    world.apply(action)
    for s, bot in enumerate(bots):
        bot.seed = index * 10 + s
    while not world.is_over:
        current = world.current
        world.apply(bots[current].choose(world.observation(current), world.legal_actions()))
    result = world.result()
    assert result is not None
    return SearchBot.relative(result.scores, world.sides[seat])


def positions(first: int, deals: int, every: int, rollouts: int, look: int) -> list[Position]:
    players = [ExpertBot(s, RULES) for s in range(RULES.players)]
    probe = SearchBot(0, RULES, opened=1)
    bots = [ExpertBot(s, RULES, ExpertWeights(look_samples=look)) for s in range(RULES.players)]
    out: list[Position] = []
    count = 0
    for deal in range(first, first + deals):
        state = Scala40State.new_hand(RULES, seed=deal)
        path: list[int] = []
        while not state.is_over:
            seat = state.current
            observation = state.observation(seat)
            legal = state.legal_actions()
            options = probe.candidate_actions(probe.ranked(observation, legal), observation)
            if len(options) > 1:
                count += 1
                if count % every == 0:
                    values = {str(legal.index(a)): [rollout_value(state, seat, a, i, bots)
                                                    for i in range(rollouts)] for a in options}
                    out.append({"deal": deal, "path": list(path),
                                "options": [legal.index(a) for a in options],
                                "values": values})
            action = players[seat].choose(observation, legal)
            path.append(legal.index(action))
            state.apply(action)
    return out


def screen(stored: list[Position], spec: str) -> str:
    kinds: dict[str, list[float]] = {}
    times: list[float] = []
    for position in stored:
        state = Scala40State.new_hand(RULES, seed=position["deal"])
        for i in position["path"]:
            state.apply(state.legal_actions()[i])
        seat = state.current
        legal = state.legal_actions()
        values = position["values"]
        expert = legal[position["options"][0]]
        bot = make_bot(spec, 0, RULES)
        observation = state.observation(seat)
        start = time.process_time()
        choice = bot.choose(observation, legal)
        times.append(time.process_time() - start)
        key = str(legal.index(choice))
        if key not in values:
            continue  # a candidate the stored expert ranking did not offer
        gain = statistics.fmean(a - b for a, b in zip(values[key], values[str(legal.index(expert))],
                                                      strict=True))
        kind = ("discard" if expert.kind == DISCARD else "draw") + (
            " opened" if observation.opened[seat] else " unopened")
        row = kinds.setdefault(kind, [0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += choice != expert
        row[2] += gain
    times.sort()
    total = sum(r[2] for r in kinds.values())
    return (f"{spec}: {total:+.1f} over {len(stored)} positions, median "
            f"{times[len(times) // 2] * 1000:.0f} ms, p90 {times[int(0.9 * len(times))] * 1000:.0f}"
            " ms; " + "; ".join(f"{k} {int(r[1])}/{int(r[0])} overruled, {r[2]:+.1f}"
                                for k, r in sorted(kinds.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("positions")
    make.add_argument("--first-deal", type=int, default=2001)
    make.add_argument("--deals", type=int, default=25)
    make.add_argument("--every", type=int, default=4)
    make.add_argument("--rollouts", type=int, default=32)
    make.add_argument("--look", type=int, default=32)
    make.add_argument("--out", required=True)
    use = sub.add_parser("screen")
    use.add_argument("positions")
    use.add_argument("specs", nargs="+")
    args = parser.parse_args()
    if args.command == "positions":
        stored = positions(args.first_deal, args.deals, args.every, args.rollouts, args.look)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(stored, f)
        return
    with open(args.positions, encoding="utf-8") as f:
        stored = cast(list[Position], json.load(f))
    for spec in args.specs:
        print(screen(stored, spec), flush=True)


if __name__ == "__main__":
    main()
