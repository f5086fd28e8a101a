"""Burraco (FIBUR and house rules, 2, 3, 4 and 6 players) and Brazilian Buraco: one engine,
the game and its variant picked by the rule set (docs/rules.md §2–§5).

``BurracoState`` is the hand; ``Observation`` what one seat may know of it; ``Result`` the
score of a finished hand; ``Match`` hands played to a target.  The modules beside this one
each do one job: ``melds`` (valid melds, wilds, burraco types), ``movegen`` (the meld and
attach actions a hand allows), ``refusals`` (why a move is refused), ``scoring``, ``seating``
(who plays with whom), ``resample`` (guessing the hidden cards).
"""

from ramino.games.burraco.match import Match, MatchFormat, MatchStanding
from ramino.games.burraco.melds import Meld
from ramino.games.burraco.observation import Observation, TableMeld
from ramino.games.burraco.scoring import Result, SideScore
from ramino.games.burraco.state import BurracoState

__all__ = ["BurracoState", "Match", "MatchFormat", "MatchStanding", "Meld", "Observation",
           "Result", "SideScore", "TableMeld"]
