"""Bots that fill empty seats: a level name -> a bot from ``ramino.bots``.

A server bot is held to the same contract as any bot (``ramino.bots``): it is given only
``observation(seat)`` and the legal actions.  Stronger bots register themselves in
``ramino.bots`` (a ``BOTS`` mapping of level -> factory taking a seed); until they do, the
random-legal bot is the only level.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

import ramino.bots
from ramino.bots import Bot, RandomBot

DEFAULT_LEVEL = "random"


def _registry() -> Mapping[str, Callable[[int | None], Bot]]:
    found = getattr(ramino.bots, "BOTS", None)
    levels: dict[str, Callable[[int | None], Bot]] = {DEFAULT_LEVEL: RandomBot}
    if isinstance(found, Mapping):
        levels.update(cast(Mapping[str, Callable[[int | None], Bot]], found))
    return levels


def bot_levels() -> list[str]:
    return sorted(_registry())


def make_bot(level: str, seed: int | None) -> Bot:
    """A bot of ``level``; ``KeyError`` naming the levels there are if it is unknown."""
    registry = _registry()
    if level not in registry:
        raise KeyError(f"unknown bot level {level!r}; there are {', '.join(sorted(registry))}")
    return registry[level](seed)
