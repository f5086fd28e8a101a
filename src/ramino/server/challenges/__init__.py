"""Challenges: a daily and a weekly set drawn from a catalogue defined as data, each checked by
the server on the hands it played, each paying extra experience once (docs/server.md,
"Levels and challenges").

- :mod:`.catalogue`: the challenges and their conditions;
- :mod:`.facts`: what a finished hand was for one seat;
- :mod:`.check`: whether a hand meets a challenge, and the progress it adds;
- :mod:`.draw`: which challenges are on, from the date alone.
"""

from ramino.server.challenges.catalogue import BY_ID, CATALOGUE, DAILY, WEEKLY, Challenge
from ramino.server.challenges.check import Step, meets, steps
from ramino.server.challenges.draw import daily, drawn, period_key, weekly
from ramino.server.challenges.facts import HandFacts, MatchFacts

__all__ = ["BY_ID", "CATALOGUE", "DAILY", "WEEKLY", "Challenge", "HandFacts", "MatchFacts",
           "Step", "daily", "drawn", "meets", "period_key", "steps", "weekly"]
