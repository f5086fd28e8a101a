"""The Scala 40 easy bot: the greedy bot with a beginner's mistakes, each at a seeded rate.

It plays the Scala 40 greedy bot's moves (``ramino.bots.scala40.greedy``) except that, at
each chance of one of these mistakes, it makes it with probability ``rate``
(``ramino.bots.slips``):

- **delays the apertura** (§6.3 item 2): with 40 in hand it waits a turn more to open,
  discarding instead;
- **misses a lay-off** (§6.3 item 3): once opened, it stops laying off cards that fit the
  melds on the table and goes on to the discard;
- **spends the jolly early**: it lays the jolly wherever it takes points out of the hand,
  where the greedy bot keeps it for the apertura or the close;
- **forgets the table** (§6.3 item 5): its discard no longer avoids a card that fits a meld
  on the table, which the next player may lay off.

Never absurd, whatever the draw: a plan that closes (§6.4) is always played; a mistake is
made only where the turn owes nothing (no picked card or swapped jolly still to use) and a
discard is legal; the jolly is never discarded while another card can go.  Every move is one
of the legal actions.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ramino.bots.protocol import decision_seed
from ramino.bots.scala40.greedy import JOLLY_KEEP, PLAYS, GreedyBot, discard_key, fallback_play
from ramino.bots.scala40.plan import TurnView, best_plan, first_legal, laying_value
from ramino.bots.slips import DEFAULT_RATE, Slips, checked_rate
from ramino.games.actions import ATTACH, DISCARD, DRAW, PICK, Action
from ramino.games.scala40.observation import Observation
from ramino.rules.options import RuleSet

#: The kinds of mistakes, as ``Slips.happens`` names them.
LATE_OPENING = "late opening"
MISSED_LAY_OFF = "missed lay-off"
EARLY_JOLLY = "early jolly"
FORGOTTEN_TABLE = "forgotten table"


class EasyBot(GreedyBot):
    """The Scala 40 greedy bot with a beginner's mistakes at rate ``rate`` (0: the greedy)."""

    def __init__(self, seed: int = 0, rules: RuleSet | None = None,
                 rate: float = DEFAULT_RATE) -> None:
        super().__init__(seed, rules)
        self.rate = checked_rate(rate)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal_actions}
        if not legal_actions or DRAW in kinds or PICK in kinds:
            return super().choose(observation, legal_actions)
        slips = Slips(self.seed, observation, self.rate)
        plays = [a for a in legal_actions if a.kind in PLAYS]
        discards = [a for a in legal_actions if a.kind == DISCARD]
        # A mistake only where the turn owes nothing and may end with a discard.
        free = bool(discards) and not observation.must_use
        if plays:
            jolly_cost = 0.0 if slips.happens(EARLY_JOLLY) else JOLLY_KEEP
            late = (free and not observation.opened[observation.seat]
                    and observation.opening_points == 0 and slips.happens(LATE_OPENING))
            # allow_open=False still closes when it can (chiusura in mano, §6.4).
            plan = best_plan(TurnView.of(observation, self.rules), self.rules,
                             laying_value(self.rules, jolly_cost), allow_open=not late)
            action = first_legal(plan, plays)
            missed = (action is not None and action.kind == ATTACH and free
                      and plan is not None and not plan.closes
                      and slips.happens(MISSED_LAY_OFF))
            if action is not None and not missed:
                return action
            if not discards:
                return fallback_play(plays, self.rules)
        forgets = slips.happens(FORGOTTEN_TABLE)

        def key(action: Action) -> tuple[int, ...]:
            full = discard_key(observation, action.cards[0], self.rules)
            # (closes, not the jolly, useless to the hand, fits no meld, points)
            return full[:3] + full[4:] if forgets else full
        rng = random.Random(decision_seed(self.seed, observation))
        return max(discards, key=lambda a: (key(a), rng.random()))


__all__ = ["EARLY_JOLLY", "FORGOTTEN_TABLE", "LATE_OPENING", "MISSED_LAY_OFF", "EasyBot"]
