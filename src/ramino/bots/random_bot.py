"""The random-legal bot: a uniformly random choice among the legal actions.

The lowest level of ``ramino play`` and the baseline every stronger bot is measured against.
It is seeded (its own ``random.Random``, never the global one) so that a game is reproducible
from the deal seed and the bot seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ramino.games import burraco, scala40
from ramino.games.actions import Action


class RandomBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: burraco.Observation | scala40.Observation,
               legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError(f"seat {observation.seat} has no legal action to choose from")
        return self._rng.choice(list(legal_actions))
