"""The search bot: determinised sampling over the expert's candidate plans (issue 4's ladder).

At the choices that shape a hand, taking the scarto or the tallone (RULES.md §2.3 step 1) and
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
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from ramino.bots.burraco.evidence import HandEvidence
from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.reading import DiscardReading
from ramino.bots.protocol import decision_seed
from ramino.games.actions import DISCARD, DRAW, PICK, Action
from ramino.games.burraco.state import BurracoState, Observation
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40Observation, Scala40State
from ramino.rules.options import RuleSet
from ramino.rules.presets import preset

#: A rollout never needs more actions than this (the tallone ends a hand, §2.9a).
ROLLOUT_LIMIT = 5_000


class _Clonable(Protocol):
    def clone(self: _World) -> _World: ...


_World = TypeVar("_World", bound=_Clonable)


def sample_values(options: Sequence[Action], samples: int, seconds: float, rng: random.Random,
                  world: Callable[[random.Random], _World],
                  rollout: Callable[[_World, Action, int], float], *, extra: int = 0,
                  settled: Callable[[list[list[float]]], bool] | None = None,
                  spent: Callable[[], bool] | None = None) -> list[list[float]]:
    """Each candidate's rollout value in every sampled world, with common random numbers: all
    candidates of one sample start from the same world with the same rollout seed, so their
    differences measure the choice and not the luck of the sample.  Stops after ``samples``
    worlds, or up to ``extra`` more while ``settled`` says the values do not decide yet (a
    close call gets the worlds a clear one does not need), or once ``spent`` says the work
    budget is used up, or, when ``seconds`` > 0, once that time is spent.  Every world is
    played out for every candidate, so the values stay paired whatever stops the sampling."""
    values: list[list[float]] = [[] for _ in options]
    deadline = time.perf_counter() + seconds if seconds > 0 else None
    for n in range(1, samples + extra + 1):
        sampled = world(rng)
        rollout_seed = rng.getrandbits(32)
        for i, action in enumerate(options):
            values[i].append(rollout(sampled.clone(), action, rollout_seed))
        if deadline is not None and time.perf_counter() > deadline:
            break
        if spent is not None and spent():
            break
        if n >= samples and (settled is None or settled(values)):
            break
    return values


def candidate_plans(ranked: list[Action], discards: int) -> list[Action]:
    """The choices worth searching, from the expert's ranking: the draw/pick choice, or the best
    ``discards`` discards when the expert is ready to discard; otherwise the expert's own play
    (a meld, attach or lay-off: the plan of the turn, not searched)."""
    first = ranked[0]
    if first.kind in (DRAW, PICK):
        return ranked[:2]
    if first.kind == DISCARD:
        return [a for a in ranked if a.kind == DISCARD][:discards]
    return [first]


def best_alternative(values: list[list[float]]) -> tuple[int, float]:
    """The candidate that beats the expert's choice (index 0) most clearly, and by how many
    standard errors of the paired differences (0 and 0.0 when none is ahead)."""
    best, best_z = 0, 0.0
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
        if len(diffs) < 2:
            continue
        m = statistics.fmean(diffs)
        sd = statistics.stdev(diffs)
        z = m / (sd / len(diffs) ** 0.5) if sd > 0 else (float("inf") if m > 0 else 0.0)
        if z > best_z:
            best, best_z = i, z
    return best, best_z


def pick_candidate(values: list[list[float]], margin: float) -> int:
    """The expert's choice (index 0) unless another candidate beats it by more than ``margin``
    standard errors of the paired differences: a hand's score swings by hundreds of points,
    so a few samples must not overturn the expert on noise."""
    best, z = best_alternative(values)
    return best if z > margin else 0


_Seen = TypeVar("_Seen", Observation, Scala40Observation)
_State = TypeVar("_State", BurracoState, Scala40State)


class SampledSearch(Generic[_Seen, _State]):
    """What the Burraco and the Scala 40 search share: the budget settings and the decision
    (the expert's candidates, valued over sampled worlds, the expert's own unless beaten by
    ``margin``).  A game supplies its expert's ranking, its worlds and its rollouts."""

    default_preset = "fibur"
    default_horizon = 12
    #: Each game's bot sets its budget (``SearchBot``, ``Scala40SearchBot``); these are the
    #: settings any other would start from: 32 + 96 worlds was the Burraco default of
    #: 2026-11-30, four times 8 + 24 (the search's own sampling noise was most of its regret
    #: per decision, scripts/decision_regret.py; +81.9 to +151.8 points per hand against the
    #: expert of then, docs/bots.md), and no work budget.
    default_samples = 32
    default_extra = 96
    default_margin = 1.5
    default_steps = 0

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *,
                 samples: float | None = None, steps: float | None = None,
                 seconds: float = 0.0, candidates: float = 3, horizon: float | None = None,
                 margin: float | None = None, extra: float | None = None,
                 undecided: float = 0.5) -> None:
        self.seed = seed
        self.rules = rules or preset(self.default_preset)
        self.samples = max(1, int(self.default_samples if samples is None else samples))
        self.seconds = seconds
        self.candidates = max(1, int(candidates))
        self.horizon = int(self.default_horizon if horizon is None else horizon)
        self.margin = self.default_margin if margin is None else margin
        self.extra = max(0, int(self.default_extra if extra is None else extra))
        self.undecided = undecided
        #: The work budget of a decision: rollout actions (each one bot's choice) over all its
        #: worlds and candidates; 0 for none.  A count, not a clock, keeps the decision a pure
        #: function of the observation and the seed (the arena's honesty replay needs that).
        self.steps = max(0, int(self.default_steps if steps is None else steps))
        self.rollout_actions = 0

    def choose(self, observation: _Seen, legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        options = self.candidate_actions(self.ranked(observation, legal_actions))
        if len(options) == 1:
            return options[0]
        seat = observation.seat
        self.rollout_actions = 0
        values = sample_values(
            options, self.samples, self.seconds, random.Random(decision_seed(self.seed,
                                                                            observation)),
            lambda rng: self.world(observation, rng),
            lambda state, action, seed: self.rollout(state, action, seat, seed),
            extra=self.extra, settled=self.settled, spent=self.spent)
        return options[self.pick(values)]

    def spent(self) -> bool:
        return self.steps > 0 and self.rollout_actions >= self.steps

    def settled(self, values: list[list[float]]) -> bool:
        """Enough worlds: an alternative clearly beats the expert's choice (``margin``), or
        none comes within ``undecided`` standard errors of doing so."""
        _, z = best_alternative(values)
        return z > self.margin or z < self.undecided

    def pick(self, values: list[list[float]]) -> int:
        return pick_candidate(values, self.margin)

    def candidate_actions(self, ranked: list[Action]) -> list[Action]:
        return candidate_plans(ranked, self.candidates)

    def ranked(self, observation: _Seen, legal_actions: Sequence[Action]) -> list[Action]:
        raise NotImplementedError

    def world(self, observation: _Seen, rng: random.Random) -> _State:
        raise NotImplementedError

    def rollout(self, state: _State, action: Action, seat: int, seed: int) -> float:
        raise NotImplementedError


class SearchBot(SampledSearch[Observation, BurracoState]):
    #: One second of work a decision on the compiled overlay (about 100 µs a rollout action,
    #: bench/bots.py): 64 worlds, then more while the call is close, until 9,000 rollout
    #: actions are spent.  Against the expert on deals 20001-20200: +90.1 points per hand
    #: where 32 + 96 worlds made +79.4, inside the noise (docs/bots.md, "One second of
    #: worlds"); the issue asks for a second a decision.
    default_samples = 64
    default_extra = 960
    default_steps = 9_000

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, evidence: float = 0,
                 evidence_mode: float = 3, reading: float = 0, reading_temperature: float = 2,
                 reading_steps: float = 0, **settings: float) -> None:
        super().__init__(seed, rules, **settings)
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
        return side_margin(result.scores, state.team_of, seat)

    def estimate(self, state: BurracoState, seat: int) -> float:
        """A cut-off rollout's value: table minus hands, as if the hand ended now (§2.10)."""
        values = self.rules.card_value_table()
        total = dict.fromkeys(state.team_of, 0.0)
        for i, meld in enumerate(state.melds):
            total[state.meld_team[i]] += sum(values[c] for c in meld.cards)
            total[state.meld_team[i]] += 100.0 * (len(meld.cards) >= 7)
        for s in range(state.players):
            total[state.team_of[s]] -= sum(values[c] * n for c, n in enumerate(state.hands[s]))
        team = state.team_of[seat]
        return total[team] - max(v for t, v in total.items() if t != team)


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
