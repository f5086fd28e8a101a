"""What a bot is: the ``Bot`` protocol, the factory shape, and the per-decision seed.

The honesty contract: a bot gets ``observation(seat)`` and the legal actions, never the state
(docs/rules.md §2.3: a game of hidden hands).  The one exception is the measurement-only
oracle (``SeesState``), which is told the true state before each choice.

The arena checks the contract on the playing instance itself: at a checked decision it
deep-copies the bot (``copy.deepcopy``, memory included) and asks the copy the same question
on a state whose hidden cards were dealt again; the answers must agree.  A bot that cannot be
copied says so with ``honesty_checkable = False`` (a bot in another process, say), and the
arena reports its decisions as unchecked rather than checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ramino.games import burraco, scala40
from ramino.games.actions import Action
from ramino.rules.options import RuleSet


class Bot(Protocol):
    """Anything that picks an action: ``choose(observation, legal_actions) -> Action``."""

    # ``Any``: a bot takes its own game's observation (``ramino.games.burraco.Observation`` or
    # ``ramino.games.scala40.Observation``); the registry gives each game its own bots.
    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """Pick one of ``legal_actions`` using only what ``observation`` shows."""
        ...


BotFactory = Callable[[int, RuleSet, dict[str, str]], Bot]
"""Makes a bot: ``factory(seed, rules, options)``.  The same seed, rules, options and
observations give the same choices; ``options`` are the spec's ``key=value`` settings (the
factory refuses, with ``ValueError`` naming them, those it does not know)."""


@runtime_checkable
class Closes(Protocol):
    """A bot holding something to let go of when its hand is over (a process, a file)."""

    def close(self) -> None: ...


def honesty_checkable(bot: object) -> bool:
    """Whether the arena may check ``bot`` by copying it: unless it says it cannot."""
    return bool(getattr(bot, "honesty_checkable", True))


@runtime_checkable
class SeesState(Protocol):
    """A bot that reads the true state (the oracle): never an opponent, measurement only."""

    def see(self, state: burraco.BurracoState | scala40.Scala40State) -> None: ...


def decision_seed(seed: int, observation: burraco.Observation | scala40.Observation) -> int:
    """A per-decision seed that depends only on the bot seed and what the seat sees, so that a
    bot's choice is a pure function of (seed, observation, legal actions): the arena can ask it
    again on a state with the hidden cards changed and expect the same answer."""
    key = (seed, observation.seat, observation.turn, observation.phase == "draw", observation.hand,
           observation.pile, observation.stock_size)
    # hash() of ints, bools and their tuples is not salted (strings are): stable everywhere.
    return hash(key) & 0x7FFF_FFFF_FFFF


__all__ = ["Bot", "BotFactory", "Closes", "SeesState", "decision_seed", "honesty_checkable"]
