"""Whether a finished hand meets a challenge, and what it adds to a player's challenges.

:func:`meets` reads the catalogue's conditions (all of those given must hold) against the
hand's :class:`~ramino.server.challenges.facts.HandFacts`; :func:`steps` lists the challenges
on that day that the hand counts for.  The store adds each step to the account's progress
and pays a challenge once its target is reached, at most once per period.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ramino.server.challenges.catalogue import Challenge
from ramino.server.challenges.draw import drawn, period_key
from ramino.server.challenges.facts import HandFacts


def meets(challenge: Challenge, facts: HandFacts) -> bool:
    c = challenge
    if facts.game not in c.games:
        return False
    if c.burraco and not c.burraco.intersection(facts.burrachi):
        return False
    if (c.won and not facts.won) or (c.closed and not facts.closed):
        return False
    if (c.opened and not facts.opened) or (c.in_hand and not facts.in_hand):
        return False
    if c.max_points is not None and facts.points > c.max_points:
        return False
    if c.match_won_against is not None:
        match = facts.match
        if (match is None or not match.won or not match.against(c.match_won_against)
                or match.hands < c.min_match_hands):
            return False
    return True


@dataclass(frozen=True)
class Step:
    """One hand counted towards one challenge in one period."""

    challenge: str
    period: str  # period_key: the day or the ISO week
    target: int
    xp: int


def steps(facts: HandFacts, day: dt.date) -> tuple[Step, ...]:
    """The challenges on during ``day`` that this hand meets."""
    return tuple(Step(c.id, period_key(c.period, day), c.target, c.xp)
                 for c in drawn(day) if meets(c, facts))
