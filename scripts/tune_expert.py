"""Tune the expert's weights on duplicate deals.

Coordinate search: each weight in turn is scaled up and down (or nudged from zero); a change
is kept when it raises the mean duplicate point difference against ``--against`` on the same
tuning deals (common random numbers: every candidate plays exactly the same deals, both sides).
The winner is then measured once on fresh validation deals, so the figure printed at the end
is not the tuning set's optimism.  Prints the weights as JSON for ``ExpertWeights.from_dict``.

    nice python scripts/tune_expert.py --deals 60 --rounds 2 --validate 100
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from dataclasses import fields

from ramino.bots.burraco.expert import ExpertBot, ExpertWeights
from ramino.bots.burraco.greedy import GreedyBot
from ramino.bots.protocol import Bot
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from ramino.rules.options import RuleSet

TUNED = ("pick_base", "pick_card", "pick_usable", "pick_points", "pick_urgent", "wild_cost",
         "spoil_clean", "pozzetto_bonus", "close_bonus", "close_margin", "keep_fit", "keep_pair",
         "keep_neighbour", "keep_wild", "danger_fit", "danger_known", "danger_live",
         "danger_pile", "danger_short", "shed_points")


def duplicate_mean(weights: ExpertWeights, against: str, deals: range, rules: RuleSet) -> float:
    """Mean points per hand of the expert's side minus the other, every deal played twice."""
    diffs: list[int] = []
    for deal in deals:
        for expert_team in (0, 1):
            state = BurracoState.new_hand(rules, seed=deal)
            bots: list[Bot] = [
                ExpertBot(seat, rules, weights) if seat % 2 == expert_team
                else (GreedyBot(seat, rules) if against == "greedy"
                      else ExpertBot(seat, rules))
                for seat in range(4)]
            while not state.is_over:
                seat = state.current
                state.apply(bots[seat].choose(state.observation(seat), state.legal_actions()))
            result = state.result()
            assert result is not None
            diffs.append(result.scores[expert_team] - result.scores[1 - expert_team])
    return statistics.mean(diffs)


def neighbours(weights: ExpertWeights, name: str) -> list[ExpertWeights]:
    value = float(getattr(weights, name))
    steps = [value * 1.6, value * 0.5] if value else [10.0, -10.0]
    if name == "close_margin":
        steps = [value + 100.0, value - 100.0]
    data = weights.as_dict()
    out = []
    for step in steps:
        data[name] = step
        out.append(ExpertWeights.from_dict(data))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--validate", type=int, default=100)
    parser.add_argument("--against", choices=("greedy", "expert"), default="greedy")
    parser.add_argument("--start", type=str, default="{}", help="starting weights as JSON")
    args = parser.parse_args()
    rules = preset("fibur")
    tuning = range(10_000, 10_000 + args.deals)
    best = ExpertWeights.from_dict(json.loads(args.start))
    best_score = duplicate_mean(best, args.against, tuning, rules)
    print(f"start: {best_score:+.1f}", flush=True)
    names = [f.name for f in fields(ExpertWeights) if f.name in TUNED]
    started = time.time()
    for round_ in range(args.rounds):
        for name in names:
            for candidate in neighbours(best, name):
                score = duplicate_mean(candidate, args.against, tuning, rules)
                if score > best_score:
                    best, best_score = candidate, score
                    print(f"round {round_}: {name}={getattr(best, name):g} -> {score:+.1f}",
                          flush=True)
    validation = range(20_000, 20_000 + args.validate)
    default_score = duplicate_mean(ExpertWeights(), args.against, validation, rules)
    tuned_score = duplicate_mean(best, args.against, validation, rules)
    print(f"tuning deals: {args.deals}, rounds: {args.rounds}, "
          f"minutes: {(time.time() - started) / 60:.1f}")
    print(f"validation ({args.validate} deals) vs {args.against}: default {default_score:+.1f}, "
          f"tuned {tuned_score:+.1f}")
    print(json.dumps(best.as_dict()))


if __name__ == "__main__":
    main()
