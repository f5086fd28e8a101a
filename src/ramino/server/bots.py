"""Bots that fill empty seats and stand in for absent players: a level -> a bot of
``ramino.bots.registry`` (random, greedy, expert, search), for the table's game.

A server bot is held to the same contract as any bot: it is given only ``observation(seat)``
and the legal actions.  The registry's measurement-only bots (the oracle, which reads the true
state) are never offered.
"""

from __future__ import annotations

import logging

from ramino.bots import Bot, registry
from ramino.bots.registry import MEASUREMENT_ONLY, OPPONENTS
from ramino.bots.registry import make_bot as registry_bot
from ramino.rules import RuleSet

log = logging.getLogger("ramino.server")

DEFAULT_LEVEL = "expert" if "expert" in OPPONENTS else OPPONENTS[0]
# A bot that fails (raises, or chooses an action the engine refuses) is replaced at its seat by
# this one: it plays only what the engine lists as legal, and needs nothing else of a game.
STAND_IN_LEVEL = "random"
# The random bot needs nothing of a game but its legal actions; a game's other levels are the
# ones the registry makes for it (``SCALA40_BOTS`` once the Scala 40 bots are registered).
GAME_BOTS_NAME = {"scala40": "SCALA40_BOTS"}


def bot_levels(game: str = "burraco") -> list[str]:
    """The levels a table of ``game`` may choose, weakest first."""
    if game in GAME_BOTS_NAME:
        own = getattr(registry, GAME_BOTS_NAME[game], {"random": None})
        return [name for name in OPPONENTS if name in own and name not in MEASUREMENT_ONLY]
    return [name for name in OPPONENTS if name not in MEASUREMENT_ONLY]


def default_level(game: str = "burraco") -> str:
    """The strongest level a game has, up to the server's default (expert)."""
    levels = bot_levels(game)
    if DEFAULT_LEVEL in levels:
        return DEFAULT_LEVEL
    return levels[-1]


def make_bot(level: str, seed: int, rules: RuleSet) -> Bot:
    """A bot of ``level`` for these rules; ``KeyError`` naming the levels if it is unknown."""
    levels = bot_levels(rules.game)
    if level not in levels:
        raise KeyError(f"unknown bot level {level!r} for {rules.game}; there are "
                       f"{', '.join(levels)}")
    return registry_bot(level, seed, rules)


def stand_in(failed: Bot, problem: BaseException, table_id: str, seat: int, seed: int,
             rules: RuleSet) -> Bot:
    """The safe bot that takes over from ``failed`` at this seat, the failure told in one log
    line (the table and seat, what went wrong; no traceback, nothing sent to a player)."""
    log.error("table %s seat %d: bot %s raised %s: %s; the %s bot stands in", table_id, seat,
              getattr(failed, "name", type(failed).__name__), type(problem).__name__,
              str(problem)[:200], STAND_IN_LEVEL)
    return registry_bot(STAND_IN_LEVEL, seed, rules)
