"""What a seat-filling bot is, and how the ladder makes one from a seed (issue 4).

The honesty contract: a bot gets ``observation(seat)`` and the legal actions, never the state
(RULES.md §2.3 is a game of hidden hands).  ``Bot`` itself is owned by
``ramino.bots.random_bot``; this module adds the factory shape and the one exception, the
measurement-only oracle, which is told the true state before each choice.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ramino.bots.random_bot import Bot
from ramino.games.burraco import BurracoState, Observation
from ramino.games.scala40 import Scala40Observation, Scala40State

BotFactory = Callable[[int], Bot]
"""Makes a bot from its seed: the same seed and the same observations give the same choices."""


@runtime_checkable
class SeesState(Protocol):
    """A bot that reads the true state (the oracle): never an opponent, measurement only."""

    def see(self, state: BurracoState | Scala40State) -> None: ...


def decision_seed(seed: int, observation: Observation | Scala40Observation) -> int:
    """A per-decision seed that depends only on the bot seed and what the seat sees, so that a
    bot's choice is a pure function of (seed, observation, legal actions): the arena can ask it
    again on a state with the hidden cards changed and expect the same answer."""
    pile = observation.pozzo if isinstance(observation, Scala40Observation) else observation.pile
    key = (seed, observation.seat, observation.turn, observation.phase == "draw", observation.hand,
           pile, observation.stock_size)
    # hash() of ints, bools and their tuples is not salted (strings are): stable everywhere.
    return hash(key) & 0x7FFF_FFFF_FFFF


__all__ = ["Bot", "BotFactory", "SeesState", "decision_seed"]
