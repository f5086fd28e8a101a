"""The Scala 40 greedy bot: opens as soon as it can and lays down all it can, remembers nothing.

The preferences of the common rule bots, made explicit (§6):

- draw (§6.3 item 1): pick the pozzo's top card when the turn's best plan can use it, else draw
  from the tallone;
- play (§6.3 items 2–4): the plan (``ramino.bots.scala40.plan``) that closes if one does
  (§6.4), else opens with the 40 as soon as possible, laying the most penalty points (§6.5):
  the best combination of new melds, then every lay-off and jolly swap that helps;
- the jolly is kept (it counts 25 in hand, but no card is as useful): it goes down only when
  it closes, when the opening needs it, or when it must (a swapped jolly under FISCA);
- discard (§6.3 item 5): a discard that closes > not the jolly > a card useless to the own hand
  (no other suit of its rank, nothing of its suit within two places) > a card that fits no meld
  on the table (the next player could lay it off) > the most points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ramino.bots.protocol import decision_seed
from ramino.bots.scala40.plan import (
    Plan,
    PlanValue,
    TurnView,
    best_plan,
    first_legal,
    fits_table,
    laying_value,
    useful_to_hand,
)
from ramino.cards import JOKER, to_counts
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, SWAP, Action
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset

#: What laying the jolly costs beyond its 25 points in hand: it is kept unless needed.
JOLLY_KEEP = 40.0

PLAYS = frozenset({MELD, ATTACH, SWAP})


class GreedyBot:
    """Greedy, memoryless; ``seed`` only breaks exact ties."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None) -> None:
        self.seed = seed
        self.rules = rules or preset("fisca")

    def value(self) -> PlanValue:
        return laying_value(self.rules, JOLLY_KEEP)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        rng = random.Random(decision_seed(self.seed, observation))
        kinds = {a.kind for a in legal_actions}
        if DRAW in kinds or PICK in kinds:
            take = PICK in kinds and (DRAW not in kinds or self.wants_pick(observation))
            return next(a for a in legal_actions if a.kind == (PICK if take else DRAW))
        plays = [a for a in legal_actions if a.kind in PLAYS]
        discards = [a for a in legal_actions if a.kind == DISCARD]
        if plays:
            plan = best_plan(TurnView.of(observation, self.rules), self.rules, self.value())
            action = first_legal(plan, plays)
            if action is not None:
                return action
            if not discards:
                return fallback_play(plays, self.rules)
        return max(discards, key=lambda a: (discard_key(observation, a.cards[0], self.rules),
                                            rng.random()))

    def wants_pick(self, observation: Observation) -> bool:
        plan = best_plan(TurnView.after_pick(observation, self.rules), self.rules, self.value())
        return plan is not None and plan.value > 0


def discard_key(observation: Observation, card: int, rules: RuleSet
                ) -> tuple[int, ...]:
    closes = len(observation.hand) == 1
    hand = to_counts(observation.hand)
    hand[card] -= 1
    useful = useful_to_hand(hand, card) > 0
    attachable = fits_table([m.meld for m in observation.melds], card, rules)
    return (int(closes), int(card != JOKER), int(not useful), int(not attachable),
            penalty_value(card, rules))


def fallback_play(plays: Sequence[Action], rules: RuleSet) -> Action:
    """When no plan step is legal (the engine's look-ahead sees further than the plan) and a
    play is owed: the play laying the most cards, the jolly last."""
    return max(plays, key=lambda a: (len(a.cards) - (a.kind == SWAP),
                                     -sum(1 for c in a.cards if c == JOKER),
                                     sum(penalty_value(c, rules) for c in a.cards)))


__all__ = ["GreedyBot", "Plan", "discard_key", "fallback_play"]
