"""The greedy bot: lays down the most it can now, remembers nothing.

At least as good as the published open-source rule bots, with their preferences made explicit:

- draw (§2.3 step 1): take the scarto when one of its cards can be laid at once
  (melded with the hand or attached to an own meld), else draw from the tallone;
- meld (step 2): play every meld or attach it can, best first by: enables closing (§2.8) >
  reaches the pozzetto (§2.7) > upgrades a burraco (§2.6) > cards played > fewer wilds >
  points;
- discard (step 3): a discard that closes > not a wild > not useful to own melds > not useful
  to the opponents' melds > the most points (to leave less in hand, §2.10).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ramino.bots.burraco.features import (
    fits,
    greedy_preference,
    melds_with,
    neighbours,
    own_melds,
    play_effect,
    same_rank,
    their_melds,
)
from ramino.bots.protocol import decision_seed
from ramino.cards import is_burraco_wild, to_counts
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, Action
from ramino.games.burraco.melds import GROUP
from ramino.games.burraco.state import Observation
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset


class GreedyBot:
    """Greedy, memoryless; ``seed`` only breaks exact ties."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None) -> None:
        self.seed = seed
        self.rules = rules or preset("fibur")
        self.values = self.rules.card_value_table()

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        rng = random.Random(decision_seed(self.seed, observation))
        kinds = {a.kind for a in legal_actions}
        if DRAW in kinds or PICK in kinds:
            wants_pile = PICK in kinds and pile_usable(observation, self.rules) > 0
            return next(a for a in legal_actions if a.kind == (PICK if wants_pile else DRAW))
        plays = [a for a in legal_actions if a.kind in (MELD, ATTACH)]
        if plays:
            return max(plays, key=lambda a: (self.play_key(observation, a), rng.random()))
        discards = [a for a in legal_actions if a.kind == DISCARD]
        return max(discards, key=lambda a: (self.discard_key(observation, a.cards[0]),
                                            rng.random()))

    def play_key(self, observation: Observation, action: Action) -> tuple[int, ...]:
        return greedy_preference(play_effect(observation, action, self.rules, self.values))

    def discard_key(self, observation: Observation, card: int) -> tuple[int, ...]:
        closes = len(observation.hand) == 1
        hand = to_counts(observation.hand)
        hand[card] -= 1
        useful_own = any(fits(m, card, self.rules) for _, m in own_melds(observation)) or (
            same_rank(hand, card) > 0 or neighbours(hand, card) > 0)
        useful_theirs = any(fits(m, card, self.rules) for _, m in their_melds(observation))
        return (int(closes), int(not is_burraco_wild(card)), int(not useful_own),
                int(not useful_theirs), self.values[card])


def pile_usable(observation: Observation, rules: RuleSet) -> int:
    """How many scarto cards could be laid at once after taking it: in a new meld with the
    hand, or attached to an own meld (§2.3: the whole pile comes, no card must be used)."""
    combined = to_counts(observation.hand)
    for c in observation.pile:
        combined[c] += 1
    own = [m for _, m in own_melds(observation)]
    own_groups = {m.rank for m in own if m.kind == GROUP}
    usable = 0
    for c in set(observation.pile):
        # A new group of a rank the side already has is not allowed (§2.4): attach instead.
        core = c % 13 not in own_groups and melds_with(c, combined, rules)
        if core or any(fits(m, c, rules) for m in own):
            usable += observation.pile.count(c)
    return usable


__all__ = ["GreedyBot", "pile_usable"]
