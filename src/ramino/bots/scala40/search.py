"""The Scala 40 search bot and oracle: the Burraco search (``ramino.bots.burraco.search``) over
Scala 40 hands (§6).

At a discard of a seat that has not opened (§6.3 items 2 and 5) the bot takes the Scala 40
expert's best few candidates and plays each out in the same sampled worlds
(``ramino.games.scala40.resample``: the other hands and the tallone dealt again, everything the
seat sees kept) with the same rollout seeds (common random numbers), the expert playing every
seat after the candidate.  A rollout scores the seat's penalty points against the others' mean
(§6.5: the closer pays nothing, everyone else his hand), or, cut after ``horizon`` turns (0 by
default: to the end of the hand), the points left in the hands as if the hand ended then.  The
expert's choice stands unless another beats it by ``margin`` standard errors of the paired
differences.  Whether a seat opens is most of what a hand costs it (an unopened seat pays
every card it holds, §6.5), and that is where the search is worth its time; the draw or pick
(item 1), the plays within the turn (items 2–4, the expert's plan,
``ramino.bots.scala40.plan``) and every choice of a seat that has opened are the expert's,
unless ``opened`` is set (then the draws and discards of an opened seat are searched too).
The expert that ranks the candidates is the expert itself, with its look-ahead before the
apertura (``root`` sampled futures, ``ExpertWeights.look_samples`` by default), so a choice
the search does not overrule is the expert's; the rollouts play an expert with ``look``
sampled futures, 0 by default: the look-ahead in every rollout would cost the budget many
times over.

The oracle is the same search given the true hand instead of guesses (all hands, and with
``tallone=1`` the order of the tallone): measurement only, never an opponent.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence

from ramino.bots.sampling import SampledSearch
from ramino.bots.scala40.expert import ExpertBot, ExpertWeights
from ramino.cards import NUM_TYPES
from ramino.games.actions import DISCARD, Action
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.resample import resample
from ramino.games.scala40.scoring import penalty_value
from ramino.games.scala40.state import Scala40State
from ramino.rules.options import RuleSet

#: A rollout never needs more actions than this (a hand ends by a close, the tallone or a
#: stallo, §6.4–§6.5); a guard.
ROLLOUT_LIMIT = 5_000
MAX_SEATS = 6  # §6.1: 2 to 6 players
#: The expert's own look-ahead (sampled futures before the apertura): what the search's
#: ranking expert draws by default, so its candidates and its choice are the expert's.
EXPERT_LOOK = ExpertWeights().look_samples


class SearchBot(SampledSearch[Observation, Scala40State]):
    default_preset = "fisca"
    #: To the end of the hand, 32 worlds and up to 32 more on a close call, overruled at one
    #: standard error: about a second a searched decision on the compiled engine, and the
    #: best of the settings screened decision by decision (docs/bots.md).
    default_horizon = 0
    default_samples = 32
    default_extra = 32
    default_margin = 1.0

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, look: float = 0,
                 root: float = EXPERT_LOOK, opened: float = 0,
                 **settings: float) -> None:
        super().__init__(seed, rules, **settings)
        weights = ExpertWeights(look_samples=max(0, int(look)))
        ranking = weights if root < 0 else ExpertWeights(look_samples=int(root))
        self.opened = bool(opened)
        self.expert = ExpertBot(seed, self.rules, ranking)
        # Every table size (a match hand after an elimination has fewer seats than the rules).
        self.rollout_bots = [ExpertBot(seat, self.rules, weights) for seat in range(MAX_SEATS)]
        self.penalties = [penalty_value(c, self.rules) for c in range(NUM_TYPES)]

    def ranked(self, observation: Observation, legal_actions: Sequence[Action]
               ) -> list[Action]:
        return self.expert.ranked(observation, legal_actions)

    def candidate_actions(self, ranked: list[Action], observation: Observation | None = None
                          ) -> list[Action]:
        """The discards of a seat that has not opened (§6.3 items 2 and 5: whether and when
        it opens is most of what a hand costs, §6.5); a seat that has opened, and a draw or
        pick before the apertura, play the expert's choice unless ``opened`` is set."""
        options = super().candidate_actions(ranked, observation)
        if self.opened or observation is None or len(options) < 2:
            return options
        if observation.opened[observation.seat] or options[0].kind != DISCARD:
            return options[:1]
        return options

    def world(self, observation: Observation, rng: random.Random) -> Scala40State:
        return resample(observation, rng, self.rules)

    def rollout(self, state: Scala40State, action: Action, seat: int, seed: int) -> float:
        """Play ``action`` then the expert everywhere; the seat's points against the others'."""
        state.apply(action)
        start_turn = state.turn
        bots = self.rollout_bots
        for s, bot in enumerate(bots):
            bot.seed = seed + s
        steps = 0
        while not state.is_over and steps < ROLLOUT_LIMIT:
            if self.horizon and state.turn - start_turn >= self.horizon:
                break
            current = state.current
            state.apply(bots[current].choose(state.observation(current), state.legal_actions()))
            steps += 1
        self.rollout_actions += steps
        result = state.result()
        if result is None:
            return self.estimate(state, seat)
        return self.relative(result.scores, state.sides[seat])

    def estimate(self, state: Scala40State, seat: int) -> float:
        """A cut-off rollout's value: the hands' points as if the hand ended now (§6.5)."""
        points = [0.0] * (max(state.sides) + 1)
        for s, hand in enumerate(state.hands):
            points[state.sides[s]] += sum(self.penalties[c] * n for c, n in enumerate(hand) if n)
        return self.relative(points, state.sides[seat])

    @staticmethod
    def relative(points: Sequence[float], side: int) -> float:
        """The others' mean penalty minus the own (by side under partnerships, §6.1)."""
        others = [p for s, p in enumerate(points) if s != side]
        return statistics.fmean(others) - points[side]


class OracleBot(SearchBot):
    _state: Scala40State | None = None

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, tallone: float = 1,
                 **settings: float) -> None:
        super().__init__(seed, rules, **settings)
        self.tallone = bool(tallone)

    def see(self, state: Scala40State) -> None:
        """Told the true hand before each choice (``ramino.bots.protocol.SeesState``)."""
        self._state = state

    def world(self, observation: Observation, rng: random.Random) -> Scala40State:
        if self._state is None:
            raise RuntimeError("the oracle must be shown the state (see) before choosing")
        world = self._state.clone()
        if not self.tallone:
            rng.shuffle(world.stock)  # every hand known, the future draws not (a cloned list)
        return world


__all__ = ["OracleBot", "SearchBot"]
