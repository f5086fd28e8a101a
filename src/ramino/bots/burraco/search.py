"""The search bot: determinised sampling over the expert's candidate plans.

At the choices that shape a hand, taking the scarto or the tallone (§2.3 step 1) and
which card to discard (step 3), the bot takes the expert's best few candidates and plays each
out in the same sampled worlds:

1. a world is a full state consistent with the observation (``ramino.games.burraco.resample``: card
   counting, the cards opponents took with the pile, every count), optionally weighed by what
   the others' play says of their hands (``evidence``, ``reading``: off by default, neither
   measured better);
2. in each world every candidate is played, then the whole table continues with the expert
   until the hand ends, and the candidate scores its side's point difference (§2.10);
3. common random numbers: every candidate meets the same worlds and the same rollout seeds, so
   the comparison measures the decision and not the luck of the draw;
4. the expert's own choice stands unless another candidate beats it by ``margin`` (1.5) standard
   errors of the paired differences (a hand swings by hundreds of points: noise must not
   overturn the expert).

Meld and attach choices follow the expert (they are rarely close calls, and searching them
would multiply the cost).  Budget: ``samples`` worlds per decision (64 for Burraco, 8 for
Scala 40) with rollouts cut after ``horizon`` turns (12; 0 plays to the end) and scored by the
table as it stands; up to ``extra`` (960; Scala 40 0) more worlds while the call is close (the
best alternative between ``undecided`` and ``margin`` standard errors ahead of the expert's
choice); at most ``steps`` rollout actions over the whole decision (9,000 for Burraco, about
one second on the compiled overlay; 0 for no limit); and, if ``seconds`` > 0, a time limit per
decision (then the choice depends on the machine's speed, so the arena's honesty replay is
only exact with ``seconds=0``).  The budget is counted in worlds and actions, not read off a
clock, so that a decision is a pure function of the observation and the seed (docs/bots.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ramino.bots.burraco.evidence import HandEvidence
from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.reading import DiscardReading
from ramino.bots.sampling import ROLLOUT_LIMIT, SampledSearch
from ramino.games.actions import DRAW, PICK, Action
from ramino.games.burraco.state import BurracoState, Observation
from ramino.games.resample import resample
from ramino.rules.options import DiscardPileVisibility, RuleSet


class SearchBot(SampledSearch[Observation, BurracoState]):
    #: One second of work a decision on the compiled overlay (about 100 µs a rollout action,
    #: bench/bots.py): 64 worlds, then more while the call is close, until 9,000 rollout
    #: actions are spent.  Against the expert on deals 20001-20200: +90.1 points per hand
    #: where 32 + 96 worlds made +79.4, inside the noise: a second a decision is the budget a
    #: player at a table waits for (CHANGELOG.md has how the budget grew).
    default_samples = 64
    default_extra = 960
    default_steps = 9_000

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, evidence: float = 0,
                 evidence_mode: float = 3, reading: float = 0, reading_temperature: float = 2,
                 reading_steps: float = 0, hidden_pile: float = 0, hand: float | None = None,
                 **settings: float) -> None:
        super().__init__(seed, rules, **settings)
        #: What a card left in hand weighs in a cut-off rollout's estimate, times its points:
        #: 1 (as if the hand ended at the cut-off) with an open pile, 0 with a closed one
        #: (``discard_pile_visibility`` TOP_ONLY, §4.1), where the piles are taken blind and
        #: a hand runs long: at a cut-off the cards taken are material still to be laid, and
        #: counting them as lost made every pile taken look like a loss for its taker.
        closed = self.rules.discard_pile_visibility is DiscardPileVisibility.TOP_ONLY
        self.hand = (0.0 if closed else 1.0) if hand is None else hand
        #: Search the draw or pick also when cards lie hidden under the pile's top
        #: (``discard_pile_visibility`` TOP_ONLY, §4.1); 0 leaves that choice to the expert
        #: (``hidden_pile_choice``).
        self.hidden_pile = bool(hidden_pile)
        self.expert = ExpertBot(seed, self.rules)
        self.rollout_bots = [ExpertBot(seat, self.rules) for seat in range(self.rules.players)]
        #: Guesses drawn per world until one agrees with every scarto the others let pass
        #: (``ramino.bots.burraco.evidence``); 0 keeps the first guess.
        self.evidence = max(0, int(evidence))
        self.evidence_mode = int(evidence_mode)
        self._evidence: tuple[Observation, HandEvidence] | None = None
        #: Guesses drawn per world, one kept with probability proportional to how likely the
        #: others' last scarti make it (``ramino.bots.burraco.reading``); 0 keeps the first guess.
        self.reading = max(0, int(reading))
        self.reading_temperature = reading_temperature
        #: Or, when > 0, a Metropolis chain of this many swaps per world (``DiscardReading.
        #: sample``): the read distribution itself rather than the best of a few guesses.
        self.reading_steps = max(0, int(reading_steps))
        self._reading: tuple[Observation, DiscardReading] | None = None

    def ranked(self, observation: Observation, legal_actions: Sequence[Action]) -> list[Action]:
        return self.expert.ranked(observation, legal_actions)

    def candidate_actions(self, ranked: list[Action], observation: Observation | None = None
                          ) -> list[Action]:
        if (not self.hidden_pile and observation is not None
                and hidden_pile_choice(observation, ranked)):
            return ranked[:1]
        return super().candidate_actions(ranked, observation)

    def world(self, observation: Observation, rng: random.Random) -> BurracoState:
        if self.reading or self.reading_steps:
            return self.read_world(observation, rng)
        if not self.evidence:
            return resample(observation, rng, self.rules)
        if self._evidence is None or self._evidence[0] is not observation:
            self._evidence = (observation, HandEvidence(observation, self.rules,
                                                      self.evidence_mode))
        inferred = self._evidence[1]
        best: BurracoState | None = None
        fewest = 0
        for _ in range(self.evidence):
            guess = resample(observation, rng, self.rules)
            conflicts = inferred.conflicts(guess.hands)
            if conflicts == 0:
                return guess
            if best is None or conflicts < fewest:
                best, fewest = guess, conflicts
        assert best is not None
        return best

    def read_world(self, observation: Observation, rng: random.Random) -> BurracoState:
        """Sampling importance resampling: ``reading`` guesses, one kept with probability
        proportional to its likelihood under the others' last scarti."""
        if self._reading is None or self._reading[0] is not observation:
            self._reading = (observation, DiscardReading(observation, self.expert,
                                                         self.reading_temperature))
        reading = self._reading[1]
        if not reading.seats:
            return resample(observation, rng, self.rules)
        if self.reading_steps:
            return reading.sample(observation, rng, self.reading_steps)
        guesses = [resample(observation, rng, self.rules) for _ in range(self.reading)]
        logs = [reading.log_weight(g.hands) for g in guesses]
        top = max(logs)
        weights = [math.exp(x - top) for x in logs]
        pick = rng.random() * sum(weights)
        for guess, weight in zip(guesses, weights, strict=True):
            pick -= weight
            if pick <= 0:
                return guess
        return guesses[-1]

    def rollout(self, state: BurracoState, action: Action, seat: int, seed: int) -> float:
        """Play ``action`` then the expert everywhere; the side's point difference."""
        state.apply(action)
        steps = 0
        start_turn = state.turn
        bots = self.rollout_bots
        for s, bot in enumerate(bots):
            bot.seed = seed + s
        while not state.is_over and steps < ROLLOUT_LIMIT:
            if self.horizon and state.turn - start_turn >= self.horizon:
                break
            current = state.current
            legal = state.legal_actions()
            if not legal:  # only in hand-built positions that no deal can reach
                break
            state.apply(bots[current].choose(state.observation(current), legal))
            steps += 1
        self.rollout_actions += steps
        result = state.result()
        if result is None:
            return self.estimate(state, seat)
        return side_margin(result.scores, state.sides, seat)

    def estimate(self, state: BurracoState, seat: int) -> float:
        """A cut-off rollout's value: table minus hands, as if the hand ended now (§2.10),
        the cards in hand weighed by ``hand``."""
        values = self.rules.card_value_table()
        total = dict.fromkeys(state.sides, 0.0)
        for i, meld in enumerate(state.melds):
            total[state.meld_side[i]] += sum(values[c] for c in meld.cards)
            total[state.meld_side[i]] += 100.0 * (len(meld.cards) >= 7)
        if self.hand:
            for s in range(state.players):
                total[state.sides[s]] -= self.hand * sum(values[c] * n
                                                         for c, n in enumerate(state.hands[s]))
        team = state.sides[seat]
        return total[team] - max(v for t, v in total.items() if t != team)


def hidden_pile_choice(observation: Observation, ranked: Sequence[Action]) -> bool:
    """The draw or pick of a pile with cards hidden under its top (a closed pile, §4.1).

    The sampled worlds value such a pile badly: what its unseen cards are worth lies in the
    few worlds where they make a canastra and in turns long after the pick, past a cut-off
    rollout (whose estimate counts the cards taken as points left in hand), so a handful of
    worlds mostly shows the draw a little ahead and overrules the expert's closed-pile
    weights, which were measured over whole hands (docs/bots.md, "Brazilian Buraco")."""
    return (bool(ranked) and ranked[0].kind in (DRAW, PICK)
            and observation.pile_size > len(observation.pile))


def side_margin(scores: Sequence[int], sides: Sequence[int], seat: int) -> float:
    """``seat``'s side's score minus the best other side's (§2.10): one score per side, or
    at 3 players one per seat (the pair's halves, §5.2)."""
    if len(sides) == 3:
        own = scores[seat]
        others = [scores[s] for s in range(3) if sides[s] != sides[seat]]
    else:
        own = scores[sides[seat]]
        others = [scores[t] for t in set(sides) if t != sides[seat]]
    return float(own - max(others))
