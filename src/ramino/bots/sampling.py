"""Determinised sampling, the part of the search bots that both games share.

At a decision the expert's best few candidates are each played out in the same sampled worlds
(full states consistent with the seat's observation, ``ramino.games.resample``), with common
random numbers: every candidate meets the same worlds and the same rollout seeds, so the
comparison measures the decision and not the luck of the draw.  The expert's own choice stands
unless another candidate beats it by ``margin`` standard errors of the paired differences.
Each game's search bot (``ramino.bots.burraco.search``, ``ramino.bots.scala40.search``)
supplies its expert's ranking, its worlds and its rollouts.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Generic, Protocol, TypeVar

from ramino.bots.protocol import decision_seed
from ramino.games import burraco, scala40
from ramino.games.actions import DISCARD, DRAW, PICK, Action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
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


_Seen = TypeVar("_Seen", burraco.Observation, scala40.Observation)
_State = TypeVar("_State", BurracoState, Scala40State)


class SampledSearch(Generic[_Seen, _State]):
    """What the Burraco and the Scala 40 search share: the budget settings and the decision
    (the expert's candidates, valued over sampled worlds, the expert's own unless beaten by
    ``margin``).  A game supplies its expert's ranking, its worlds and its rollouts."""

    default_preset = "fibur"
    default_horizon = 12
    #: Each game's bot sets its budget (``SearchBot``, ``scala40_search.SearchBot``); these are the
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
        options = self.candidate_actions(self.ranked(observation, legal_actions), observation)
        if len(options) == 1:
            return options[0]
        return options[self.pick(self.values(observation, options))]

    def values(self, observation: _Seen, options: Sequence[Action]) -> list[list[float]]:
        """Each of ``options``' rollout values in the worlds sampled for this decision (the
        seed is the decision's, ``decision_seed``): what ``choose`` decides on, and what the
        coach (``ramino.coach``) reads to say how much a choice costs."""
        seat = observation.seat
        self.rollout_actions = 0
        return sample_values(
            options, self.samples, self.seconds, random.Random(decision_seed(self.seed,
                                                                            observation)),
            lambda rng: self.world(observation, rng),
            lambda state, action, seed: self.rollout(state, action, seat, seed),
            extra=self.extra, settled=self.settled, spent=self.spent)

    def spent(self) -> bool:
        return self.steps > 0 and self.rollout_actions >= self.steps

    def settled(self, values: list[list[float]]) -> bool:
        """Enough worlds: an alternative clearly beats the expert's choice (``margin``), or
        none comes within ``undecided`` standard errors of doing so."""
        _, z = best_alternative(values)
        return z > self.margin or z < self.undecided

    def pick(self, values: list[list[float]]) -> int:
        return pick_candidate(values, self.margin)

    def candidate_actions(self, ranked: list[Action], observation: _Seen | None = None
                          ) -> list[Action]:
        """The choices searched at this decision (``candidate_plans``); a game may read
        ``observation`` to leave a choice to its expert."""
        return candidate_plans(ranked, self.candidates)

    def ranked(self, observation: _Seen, legal_actions: Sequence[Action]) -> list[Action]:
        raise NotImplementedError

    def world(self, observation: _Seen, rng: random.Random) -> _State:
        raise NotImplementedError

    def rollout(self, state: _State, action: Action, seat: int, seed: int) -> float:
        raise NotImplementedError
