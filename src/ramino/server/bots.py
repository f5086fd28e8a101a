"""Bots that fill empty seats and stand in for absent players: a level -> a bot of
``ramino.bots.registry`` (random, easy, greedy, expert, search), for the table's game.

The search thinks at most :data:`SEARCH_THINK_SECONDS` over a move at the server (its
``seconds`` setting, on top of its work budget): a person waits no longer, on any machine.
The lobby and the seat plates show that time as :func:`think_seconds` reads it off the bot.

A server bot is held to the same contract as any bot: it is given only ``observation(seat)``
and the legal actions.  The registry's measurement-only bots (the oracle, which reads the true
state) are never offered.
"""

from __future__ import annotations

import functools
import logging
import zlib
from collections.abc import Sequence
from typing import Any

from ramino.bots import Bot, registry
from ramino.bots.registry import MEASUREMENT_ONLY, OPPONENTS
from ramino.bots.registry import make_bot as registry_bot
from ramino.games.actions import Action
from ramino.rules import RuleSet

log = logging.getLogger("ramino.server")

DEFAULT_LEVEL = "expert" if "expert" in OPPONENTS else OPPONENTS[0]
# A bot that fails (raises, or chooses an action the engine refuses) is replaced at its seat by
# this one: it plays only what the engine lists as legal, and needs nothing else of a game.
STAND_IN_LEVEL = "random"
# The random bot needs nothing of a game but its legal actions; a game's other levels are the
# ones the registry makes for it (``SCALA40_BOTS`` once the Scala 40 bots are registered).
GAME_BOTS_NAME = {"scala40": "SCALA40_BOTS"}
#: The longest the search thinks over one move at the server's tables.
SEARCH_THINK_SECONDS = 1.0
#: The registry spec a level is made from, where it is not the level's own name.
LEVEL_SPECS = {"search": f"search:seconds={SEARCH_THINK_SECONDS:g}"}


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
    return registry_bot(LEVEL_SPECS.get(level, level), seed, rules)


@functools.cache
def think_seconds(level: str, rules: RuleSet) -> float | None:
    """The longest a bot of ``level`` thinks over one move, read off the bot the server makes
    (its ``seconds`` setting); ``None`` for a bot that answers at once.  Cached: the seat
    plates of every update carry it."""
    seconds = getattr(make_bot(level, 0, rules), "seconds", 0.0)
    return float(seconds) if seconds else None



class StandIn:
    """The safe bot playing a seat whose own bot failed: the random bot, marked so that its
    own failure (which would be the server's bug) is not answered by another stand-in."""

    def __init__(self, seed: int, rules: RuleSet) -> None:
        self.bot = registry_bot(STAND_IN_LEVEL, seed, rules)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return self.bot.choose(observation, legal_actions)


def stand_in_seed(table_id: str, seat: int, version: int) -> int:
    """A stand-in's seed, from where it takes over (the table's seeded deals are not drawn
    on)."""
    return zlib.crc32(f"{table_id}:{seat}:{version}".encode())


def stand_in(bots: dict[int, Bot], seat: int, problem: BaseException, table_id: str,
             seed: int, rules: RuleSet) -> bool:
    """Put a :class:`StandIn` at ``seat`` of ``bots`` in place of a bot that failed, telling it
    in one log line (the table and seat, what went wrong; no traceback, nothing sent to a
    player).  False if the failed bot was a stand-in already: nothing is left to try."""
    failed = bots.get(seat)
    if isinstance(failed, StandIn):
        log.error("table %s seat %d: the stand-in bot failed: %s", table_id, seat, problem)
        return False
    log.error("table %s seat %d: bot %s raised %s: %s; the %s bot stands in", table_id, seat,
              getattr(failed, "name", type(failed).__name__), type(problem).__name__,
              str(problem)[:200], STAND_IN_LEVEL)
    bots[seat] = StandIn(seed, rules)
    return True


def choose_or_stand_in(bots: dict[int, Bot], seat: int, observation: Any,
                       legal_actions: Sequence[Action], table_id: str, seed: int,
                       rules: RuleSet) -> Action | None:
    """The action of the bot at ``seat``; if it raises, a stand-in's (:func:`stand_in`), or
    None when the stand-in itself fails."""
    try:
        return bots[seat].choose(observation, legal_actions)
    except Exception as exc:  # the bot's own bug, whatever it is
        if not stand_in(bots, seat, exc, table_id, seed, rules):
            return None
    try:
        return bots[seat].choose(observation, legal_actions)
    except Exception as exc:
        stand_in(bots, seat, exc, table_id, seed, rules)
        return None
