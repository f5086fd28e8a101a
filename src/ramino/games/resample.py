"""Guessing the hidden cards of either game: a full state consistent with one seat's observation.

Search bots play out many possible worlds; each world agrees with everything the seat knows and
guesses only what it cannot see (the honesty contract, OpenSpiel's ``resample_from_infostate``).
Each game knows what its seats see (``ramino.games.burraco.resample``,
``ramino.games.scala40.resample``); this picks the game from the observation.
"""

from __future__ import annotations

import random
from typing import overload

from ramino.games import burraco, scala40
from ramino.games.burraco import resample as burraco_resample
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40 import resample as scala40_resample
from ramino.games.scala40.state import Scala40State
from ramino.rules.options import RuleSet


@overload
def resample(observation: burraco.Observation, rng: random.Random, rules: RuleSet
             ) -> BurracoState: ...


@overload
def resample(observation: scala40.Observation, rng: random.Random, rules: RuleSet
             ) -> Scala40State: ...


def resample(observation: burraco.Observation | scala40.Observation, rng: random.Random,
             rules: RuleSet) -> BurracoState | Scala40State:
    """A state that ``observation.seat`` cannot tell from the real one, hidden cards dealt by
    ``rng`` (the same ``rng`` state gives the same guess)."""
    if isinstance(observation, scala40.Observation):
        return scala40_resample.resample(observation, rng, rules)
    return burraco_resample.resample(observation, rng, rules)
