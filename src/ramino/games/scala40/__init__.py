"""Scala 40 (FISCA), 2 to 6 players each for himself or in partnerships (docs/rules.md §6).

``Scala40State`` is the hand; ``Observation`` what one seat may know of it; ``Result`` the
penalty points of a finished hand; ``Match`` hands played to elimination.  The modules beside
this one each do one job: ``melds`` (valid melds and the jolly's declared card), ``match``,
``resample`` (guessing the hidden cards).
"""

from ramino.games.scala40.match import Match, MatchStanding
from ramino.games.scala40.melds import Meld
from ramino.games.scala40.observation import Observation, TableMeld
from ramino.games.scala40.scoring import Result
from ramino.games.scala40.state import Scala40State

__all__ = ["Match", "MatchStanding", "Meld", "Observation", "Result", "Scala40State",
           "TableMeld"]
