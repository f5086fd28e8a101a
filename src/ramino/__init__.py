"""ramino: the Italian rummy family (Burraco, Brazilian Buraco, Scala 40) as a pure rules engine
with records, bots, tables and tournaments on top of it.

What a bot author or a researcher needs is here::

    import ramino

    state = ramino.new_hand(ramino.preset("fibur"), seed=7)
    bot = ramino.RandomBot(seed=1)
    while not state.is_over:
        seat = state.current
        state.apply_move(bot.choose(state.observation(seat), state.legal_actions()))
    print(state.result())

docs/engine.md is the guide; docs/rules.md the rules every refusal cites.
"""

from ramino.bots.protocol import Bot
from ramino.bots.random_bot import RandomBot
from ramino.bots.registry import make_bot
from ramino.cards import card_str, parse_card, parse_cards
from ramino.errors import (
    IllegalActionError,
    NotationError,
    RaminoError,
    RecordError,
    RulesError,
)
from ramino.games.actions import Action, parse_action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.games.state import AnyState, GameState, new_hand
from ramino.rules import RuleSet, make_rules, preset, preset_names

__version__ = "0.1.0"

__all__ = [
    "Action", "AnyState", "Bot", "BurracoState", "GameState", "IllegalActionError",
    "NotationError", "RaminoError", "RandomBot", "RecordError", "RuleSet", "RulesError",
    "Scala40State", "__version__", "card_str", "make_bot", "make_rules", "new_hand",
    "parse_action", "parse_card", "parse_cards", "preset", "preset_names",
]
