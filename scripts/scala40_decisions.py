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

``values`` runs the search once a position with every stored candidate (``--probe
search:candidates=8`` stores eight) over ``--worlds`` worlds, no early stop, and stores its
rollout values; ``simulate`` then replays the search's stopping rule and margin
(``ramino.bots.sampling.sample_values``, ``pick_candidate``) on those values for every
setting of candidates, worlds and margin given, without running the search again.  A world's
value for a candidate does not depend on the other candidates (the worlds and rollout seeds
come from the decision's seed), so a replay chooses what the search with that setting would:

    PYTHONPATH=src python scripts/scala40_decisions.py positions --probe search:candidates=6 \\
        --out positions.json
    PYTHONPATH=src python scripts/scala40_decisions.py values positions.json --out values.json
    PYTHONPATH=src python scripts/scala40_decisions.py simulate values.json \\
        --candidates 3 4 6 --margins 1 2 2.5
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
from ramino.bots.sampling import best_alternative
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


class Searched(TypedDict):
    """A position's candidates (the expert's choice first), the search's rollout values of each
    in every world it sampled, and each one's stored value from the true state."""

    options: list[int]
    search: list[list[float]]
    truth: list[list[float]]


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


def positions(first: int, deals: int, every: int, rollouts: int, look: int,
              probe_spec: str = "search:opened=1") -> list[Position]:
    players = [ExpertBot(s, RULES) for s in range(RULES.players)]
    probe = cast(SearchBot, make_bot(probe_spec, 0, RULES))
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
    missing = 0
    for position in stored:
        state, legal = replay(position)
        seat = state.current
        values = position["values"]
        expert = legal[position["options"][0]]
        bot = make_bot(spec, 0, RULES)
        observation = state.observation(seat)
        start = time.process_time()
        choice = bot.choose(observation, legal)
        times.append(time.process_time() - start)
        key = str(legal.index(choice))
        if key not in values:
            missing += 1  # a candidate the stored expert ranking did not offer
            continue
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
                                for k, r in sorted(kinds.items()))
            + (f"; {missing} choices not stored" if missing else ""))


def replay(stored: Position) -> tuple[Scala40State, list[Action]]:
    state = Scala40State.new_hand(RULES, seed=stored["deal"])
    for i in stored["path"]:
        state.apply(state.legal_actions()[i])
    return state, state.legal_actions()


def search_values(stored: list[Position], worlds: int, candidates: int) -> list[Searched]:
    """The default search's rollout values of the first ``candidates`` stored candidates in
    ``worlds`` worlds."""
    out: list[Searched] = []
    for position in stored:
        state, legal = replay(position)
        observation = state.observation(state.current)
        bot = SearchBot(0, RULES, samples=worlds, extra=0)
        indices = position["options"][:candidates]
        out.append({"options": indices,
                    "search": bot.values(observation, [legal[i] for i in indices]),
                    "truth": [position["values"][str(i)] for i in indices]})
    return out


def simulated_choice(values: list[list[float]], samples: int, extra: int, margin: float,
                     undecided: float = 0.5) -> tuple[int, int]:
    """The candidate the search picks from ``values`` (one list per candidate, a value per
    world) with these settings (``SampledSearch.settled``, ``pick_candidate``), and the worlds
    it samples."""
    n = 0
    for n in range(1, min(samples + extra, len(values[0])) + 1):
        if n >= samples:
            _, z = best_alternative([v[:n] for v in values])
            if z > margin or z < undecided:
                break
    best, z = best_alternative([v[:n] for v in values])
    return (best if z > margin else 0), n


def simulate(searched: list[Searched], candidates: int, samples: int, extra: int,
             margin: float) -> str:
    gains: list[float] = []
    overruled = rollouts = 0
    for position in searched:
        values = position["search"][:candidates]
        choice, worlds = simulated_choice(values, samples, extra, margin)
        truth = position["truth"]
        gains.append(statistics.fmean(a - b for a, b in zip(truth[choice], truth[0],
                                                            strict=True)))
        overruled += choice != 0
        rollouts += worlds * len(values)
    spread = statistics.stdev(gains) * len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return (f"candidates={candidates},samples={samples},extra={extra},margin={margin:g}: "
            f"{sum(gains):+.1f} (sd {spread:.1f}) over {len(gains)} positions, "
            f"{overruled} overruled, {rollouts / max(1, len(gains)):.0f} rollouts a decision")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    make = sub.add_parser("positions")
    make.add_argument("--first-deal", type=int, default=2001)
    make.add_argument("--deals", type=int, default=25)
    make.add_argument("--every", type=int, default=4)
    make.add_argument("--rollouts", type=int, default=32)
    make.add_argument("--look", type=int, default=32)
    make.add_argument("--probe", default="search:opened=1",
                      help="the search whose candidates are stored (search:candidates=6: more)")
    make.add_argument("--out", required=True)
    use = sub.add_parser("screen")
    use.add_argument("positions")
    use.add_argument("specs", nargs="+")
    run = sub.add_parser("values")
    run.add_argument("positions")
    run.add_argument("--worlds", type=int, default=64)
    run.add_argument("--candidates", type=int, default=99, help="the first N stored")
    run.add_argument("--limit", type=int, default=0, help="the first N positions (0: all)")
    run.add_argument("--out", required=True)
    sim = sub.add_parser("simulate")
    sim.add_argument("values")
    sim.add_argument("--candidates", type=int, nargs="+", default=[3])
    sim.add_argument("--budgets", nargs="+", default=["32+32"],
                     help="worlds as SAMPLES+EXTRA")
    sim.add_argument("--margins", type=float, nargs="+", default=[1.0])
    args = parser.parse_args()
    if args.command == "simulate":
        with open(args.values, encoding="utf-8") as f:
            searched = cast(list[Searched], json.load(f))
        for k in args.candidates:
            for budget in args.budgets:
                samples, extra = (int(x) for x in budget.split("+"))
                for margin in args.margins:
                    print(simulate(searched, k, samples, extra, margin), flush=True)
        return
    if args.command == "positions":
        stored = positions(args.first_deal, args.deals, args.every, args.rollouts, args.look,
                           args.probe)
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(stored, f)
        return
    with open(args.positions, encoding="utf-8") as f:
        stored = cast(list[Position], json.load(f))
    if args.command == "values":
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(search_values(stored[:args.limit or None], args.worlds,
                                    args.candidates), f)
        return
    for spec in args.specs:
        print(screen(stored, spec), flush=True)


if __name__ == "__main__":
    main()
