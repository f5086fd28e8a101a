"""The search as the coach's judge: the game's search bot on a budget of work, and the values
of a seat's candidate moves in the worlds it samples from that seat's observation.

A budget is asked in seconds but counted in rollout actions (``SampledSearch.steps``): the
search's answer is then a pure function of the observation, the seed and the budget, never of
the machine's load, so a hint or a review does not change when the hidden cards are dealt
again or the machine is busy.  The rate is that of the build that runs, on an idle core:
about 9,000 rollout actions a second on the compiled overlay (``./dev compile``) and 4,500 in
pure Python (docs/bots.md, "How the search decides").
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ramino.bots.burraco.search import SearchBot as BurracoSearch
from ramino.bots.sampling import SampledSearch, best_alternative
from ramino.bots.scala40.search import SearchBot as Scala40Search
from ramino.games import burraco, scala40
from ramino.games.actions import Action
from ramino.rules.options import RuleSet

#: The game's search bot (``BurracoSearch`` or ``Scala40Search``), each taking its own
#: game's observation.
Search = SampledSearch[Any, Any]
Seen = burraco.Observation | scala40.Observation

COMPILED_STEPS_PER_SECOND = 9_000
PURE_STEPS_PER_SECOND = 4_500


def compiled() -> bool:
    """Is the engine the compiled overlay (mypyc extension modules) rather than pure Python?"""
    from ramino.games.burraco import state
    return not (state.__file__ or "").endswith(".py")


def steps_for(seconds: float) -> int:
    """The rollout actions a budget of ``seconds`` buys on this build (at least one world's)."""
    rate = COMPILED_STEPS_PER_SECOND if compiled() else PURE_STEPS_PER_SECOND
    return max(1, round(seconds * rate))


def judge(rules: RuleSet, seed: int, seconds: float) -> Search:
    """The game's search bot, its budget ``seconds`` of work counted in rollout actions."""
    if seconds <= 0:
        raise ValueError(f"seconds must be positive, not {seconds}")
    if rules.game == "scala40":
        # The coach judges every decision: the draws and the discards of a seat that has
        # opened too, which the bot leaves to its expert (``opened``).
        return Scala40Search(seed, rules, steps=steps_for(seconds), opened=1)
    return BurracoSearch(seed, rules, steps=steps_for(seconds))


@dataclass(frozen=True)
class Valuation:
    """Candidate moves and their rollout values in the same sampled worlds (common random
    numbers: ``values[i][w]`` is candidate ``i`` in world ``w``).  Candidate 0 is the expert's
    choice, which the search keeps unless another beats it by ``margin`` standard errors."""

    options: tuple[Action, ...]
    values: tuple[tuple[float, ...], ...]
    margin: float

    @property
    def worlds(self) -> int:
        return len(self.values[0]) if self.values else 0

    def mean(self, index: int) -> float:
        return statistics.fmean(self.values[index]) if self.values[index] else 0.0

    @property
    def choice(self) -> int:
        """The search's pick: an alternative only when it beats candidate 0 by ``margin``."""
        best, z = best_alternative([list(v) for v in self.values])
        return best if z > self.margin else 0

    def regret(self, index: int) -> float:
        """Points the search expects to lose by playing candidate ``index`` rather than its
        choice (0 when the choice is not better on average)."""
        return max(0.0, self.mean(self.choice) - self.mean(index))

    def z(self, index: int) -> float:
        """How many standard errors of the paired differences the choice beats ``index`` by."""
        chosen = self.choice
        if index == chosen:
            return 0.0
        return best_alternative([list(self.values[index]), list(self.values[chosen])])[1]


def candidates(search: Search, observation: Seen, legal: Sequence[Action],
               also: Action | None = None) -> list[Action]:
    """The moves the search weighs at this decision (``SampledSearch.candidate_actions``: the
    draw or pick, the best few scarti, else the expert's plan), and ``also`` if it is not one
    of them (a review weighs the move that was played)."""
    ranked = search.ranked(observation, legal)
    options = search.candidate_actions(ranked, observation)
    if also is not None and also not in options:
        options = [*options, also]
    return options


def value(search: Search, observation: Seen, options: Sequence[Action]) -> Valuation:
    """Each option's value in the worlds the search samples from ``observation`` (seeded by
    the decision: ``ramino.bots.protocol.decision_seed``); a single option is not played out."""
    if len(options) == 1:
        return Valuation(tuple(options), ((),), search.margin)
    values = search.values(observation, options)
    return Valuation(tuple(options), tuple(tuple(v) for v in values), search.margin)


__all__ = ["Search", "Valuation", "candidates", "compiled", "judge", "steps_for", "value"]
