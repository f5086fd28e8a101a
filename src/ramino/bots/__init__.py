"""Bots: players that choose an action from what their seat may see.

A bot is any object with ``choose(observation, legal_actions) -> Action``.  It is given the
seat's :class:`~ramino.games.burraco.state.Observation` and the legal actions, never the state, so
that it cannot see hidden cards (secrets stay with the server).
"""

from ramino.bots.protocol import Bot
from ramino.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot"]
