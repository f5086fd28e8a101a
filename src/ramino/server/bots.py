"""Bots that fill empty seats and stand in for absent players: a level -> a bot of
``ramino.bots.registry`` (random, greedy, expert, search).

A server bot is held to the same contract as any bot: it is given only ``observation(seat)``
and the legal actions.  The registry's measurement-only bots (the oracle, which reads the true
state) are never offered.
"""

from __future__ import annotations

from ramino.bots import Bot
from ramino.bots.registry import MEASUREMENT_ONLY, OPPONENTS
from ramino.bots.registry import make_bot as registry_bot
from ramino.rules import RuleSet

DEFAULT_LEVEL = "expert" if "expert" in OPPONENTS else OPPONENTS[0]


def bot_levels() -> list[str]:
    return [name for name in OPPONENTS if name not in MEASUREMENT_ONLY]


def make_bot(level: str, seed: int, rules: RuleSet) -> Bot:
    """A bot of ``level`` for these rules; ``KeyError`` naming the levels if it is unknown."""
    if level not in bot_levels():
        raise KeyError(f"unknown bot level {level!r}; there are {', '.join(bot_levels())}")
    return registry_bot(level, seed, rules)
