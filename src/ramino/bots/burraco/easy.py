"""The easy bot: the greedy bot with a beginner's mistakes, each at a seeded rate.

It plays the greedy bot's moves (``ramino.bots.burraco.greedy``) except that, at each chance of
one of these mistakes, it makes it with probability ``rate`` (``ramino.bots.slips``):

- **misses an attach** (§2.5): when the greedy move is to attach a card to an own meld, it
  does not see it and lays a new meld if it has one, else goes on to the discard;
- **forgets the opponents' melds** (§2.3 step 3): its discard no longer avoids a card that
  fits a meld of the other side, which then takes the scarto to use it;
- **takes the pile without need** (§2.3 step 1): a scarto whose top card pairs with a card
  in hand (same rank, or a neighbour of its suit) looks useful, so it takes it even when no
  card of it can be laid now.

Never absurd, whatever the draw: a play that enables closing (§2.8) or reaches the pozzetto
(§2.7) is always made; a jolly or a pinella is never discarded while another card can go
(the greedy order); and a pile is never taken on a whim with two cards or fewer in hand (the
close is near) nor where taking it obliges its top card to be used
(``pickup_requires_top_card_use``, §4.5).  Every move is one of the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ramino.bots.burraco.features import neighbours, play_effect, same_rank
from ramino.bots.burraco.greedy import GreedyBot, pile_usable
from ramino.bots.protocol import decision_seed
from ramino.bots.slips import DEFAULT_RATE, Slips, checked_rate
from ramino.cards import to_counts
from ramino.games.actions import ATTACH, DISCARD, DRAW, MELD, PICK, Action
from ramino.games.burraco.state import Observation
from ramino.rules.options import RuleSet

#: The kinds of mistakes, as ``Slips.happens`` names them.
MISSED_ATTACH = "missed attach"
FORGOTTEN_MELDS = "forgotten melds"
NEEDLESS_PILE = "needless pile"


class EasyBot(GreedyBot):
    """The greedy bot with a beginner's mistakes at rate ``rate`` (0: the greedy bot)."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None,
                 rate: float = DEFAULT_RATE) -> None:
        super().__init__(seed, rules)
        self.rate = checked_rate(rate)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        greedy = super().choose(observation, legal_actions)
        slips = Slips(self.seed, observation, self.rate)
        if greedy.kind == DRAW:
            pick = next((a for a in legal_actions if a.kind == PICK), None)
            if pick is not None and self.pile_looks_useful(observation) and slips.happens(
                    NEEDLESS_PILE):
                return pick
            return greedy
        discards = [a for a in legal_actions if a.kind == DISCARD]
        if greedy.kind == ATTACH and discards and slips.happens(MISSED_ATTACH):
            effect = play_effect(observation, greedy, self.rules, self.values)
            if not (effect.closes or effect.pozzetto):
                melds = [a for a in legal_actions if a.kind == MELD]
                if melds:
                    return max(melds, key=lambda a: self.play_key(observation, a))
                greedy = self.forgetful_discard(observation, discards, slips)
        if greedy.kind == DISCARD:
            return self.forgetful_discard(observation, discards, slips)
        return greedy

    def forgetful_discard(self, observation: Observation, discards: Sequence[Action],
                          slips: Slips) -> Action:
        """The greedy discard, or, after a slip, the same order without the care for the
        other side's melds (a beginner watches their own hand)."""
        forgets = slips.happens(FORGOTTEN_MELDS)

        def key(action: Action) -> tuple[int, ...]:
            full = self.discard_key(observation, action.cards[0])
            # (closes, not a wild, useless to own melds, useless to theirs, points)
            return full[:3] + full[4:] if forgets else full
        rng = random.Random(decision_seed(self.seed, observation))
        return max(discards, key=lambda a: (key(a), rng.random()))

    def pile_looks_useful(self, observation: Observation) -> bool:
        """A beginner's reading of the scarto: its top card pairs with one in hand."""
        if self.rules.pickup_requires_top_card_use or not observation.pile:
            return False
        if len(observation.hand) <= 2:
            return False  # near the close: even a beginner draws to go out
        if pile_usable(observation, self.rules) > 0:
            return False  # the greedy bot would take it: no mistake to make
        hand = to_counts(observation.hand)
        top = observation.pile[-1]
        return same_rank(hand, top) > 0 or neighbours(hand, top) > 0


__all__ = ["FORGOTTEN_MELDS", "MISSED_ATTACH", "NEEDLESS_PILE", "EasyBot"]
