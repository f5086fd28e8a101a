"""Matches at a table: a fixed number of hands, or to a target score (FIBUR: 2005), or, in
Scala 40, until one player is left below the elimination limit (RULES.md §6.5).

The table keeps where its current match began and the score of each counted hand by table
side (a hand ended early by agreement is not counted).  Whether a target match is over — and
who won a tie past the target — is :func:`ramino.match.standing`'s answer (RULES.md §2.11),
so the server and the records agree.  Everything here is rebuilt from the stored hands after a
restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ramino.match import MatchFormat, standing

MIN_RATED_HANDS = 3  # matches of two hands or fewer are never rated


def starting_side(hand_no: int, players: int) -> int:
    """The side of the first player of hand ``hand_no`` (the first dealer is the last seat)."""
    return (hand_no % players) % 2


@dataclass
class MatchPlan:
    hands: int = 1  # a fixed number of hands, when there is no target
    target: int | None = None
    elimination: int | None = None  # Scala 40: a player at this many penalty points is out

    def over(self, scores: Sequence[Sequence[int]], hands_played: int, first_side: int) -> bool:
        if self.elimination is not None:
            # Scores are penalty points by seat: over when one player (or none) is left in.
            totals = [sum(column) for column in zip(*scores, strict=True)]
            return bool(scores) and sum(t < self.elimination for t in totals) <= 1
        if self.target is not None:
            return bool(scores) and standing(MatchFormat.target(self.target), scores,
                                             first_side).over
        return hands_played >= self.hands


@dataclass
class MatchState:
    start: int = 0  # the hand number the match began with
    scores: list[list[int]] = field(default_factory=list)  # counted hands, by side (or seat)
    width: int = 2  # scores per hand: two sides, or (Scala 40) one per seat

    @property
    def totals(self) -> list[int]:
        return [sum(s[i] for s in self.scores) for i in range(self.width)]


def rebuild(plan: MatchPlan, results: Sequence[tuple[int, dict[str, Any] | None]],
            players: int, width: int = 2) -> MatchState:
    """The current match from the stored hands, as (hand number, result or None) in order."""
    state = MatchState(width=width)
    for i, (hand_no, result) in enumerate(results):
        if result is None:
            continue
        if not result.get("void"):
            state.scores.append(list(result["scores"]))
        last = i == len(results) - 1
        if not last and plan.over(state.scores, hand_no - state.start + 1,
                                  starting_side(state.start, players)):
            state = MatchState(hand_no + 1, [], width)
    return state
