"""Matches at a table: a fixed number of hands, or to a target score (FIBUR: 2005), or, in
Scala 40, until one side is left below the elimination limit (§6.5).

The table keeps where its current match began and the score of each counted hand by table
side (a hand ended early by agreement is not counted).  Whether a target match is over — and
who won a tie past the target — is :func:`ramino.games.burraco.match.standing`'s answer
(§2.11); whether a Scala 40 match is over, who is out and the totals are
:func:`ramino.games.scala40.match.standing`'s, so the server and the records agree.
Everything here is rebuilt from the stored hands after a restart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ramino.games.burraco.match import MatchFormat, standing
from ramino.games.burraco.seating import initial_sides
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.match import MatchStanding, hand_sides, side_count
from ramino.games.scala40.match import standing as scala40_standing
from ramino.rules import RuleSet

MIN_RATED_HANDS = 3  # matches of two hands or fewer are never rated

Reentries = Mapping[int, Sequence[int]]  # counted hand index -> sides re-entering before it


def starting_side(hand_no: int, players: int) -> int:
    """The side of the first player of hand ``hand_no`` (the first dealer is the last seat)."""
    return initial_sides(players)[hand_no % players]


def elimination_standing(rules: RuleSet, scores: Sequence[Sequence[int]],
                         reentries: Reentries | None = None) -> MatchStanding:
    """The Scala 40 standing after the counted hands ``scores`` (penalty points by table side,
    0 for a side not dealt in).  The seats dealt in to each hand are not stored: they are
    those whose side was in play before it, as the engine's match deals them."""
    reentries = reentries or {}
    sides = seat_sides(rules)
    hands: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for i, by_side in enumerate(scores):
        before = scala40_standing(rules, hands, {k: v for k, v in reentries.items() if k <= i})
        seats = tuple(s for s in range(rules.players) if not before.eliminated[sides[s]])
        hands.append((seats, tuple(by_side[d] for d in hand_sides(rules, seats))))
    return scala40_standing(rules, hands, reentries)


def elimination_places(rules: RuleSet, scores: Sequence[Sequence[int]],
                       reentries: Reentries | None = None) -> list[int]:
    """The place of each side in a finished Scala 40 match (1: the winner; equal places tie).

    The last side in play wins; the others are placed by how long they lasted (the hand that
    put them out for good, later is better), then by their total (lower is better).  When the
    last sides in play all go out in one hand, the lowest total wins (the engine's rule)."""
    reentries = reentries or {}
    final = elimination_standing(rules, scores, reentries)
    k = side_count(rules)
    lasted = [len(scores) + 1] * k  # still in play at the end: lasted longest
    for side in range(k):
        if final.eliminated[side]:
            i = len(scores)
            # Walk back while the side was out after hand i (before any re-entry after it).
            while i > 0 and elimination_standing(
                    rules, scores[:i - 1],
                    {j: v for j, v in reentries.items() if j < i - 1}).eliminated[side]:
                i -= 1
            lasted[side] = i
    keys = [(side != final.winner, -lasted[side], final.totals[side]) for side in range(k)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


@dataclass
class MatchPlan:
    hands: int = 1  # a fixed number of hands, when there is no target
    target: int | None = None
    scala40: RuleSet | None = None  # Scala 40: hands until one side is left (§6.5)

    @property
    def elimination(self) -> int | None:
        """The penalty total that puts a side out (Scala 40), else None."""
        return None if self.scala40 is None else self.scala40.elimination_limit

    def over(self, scores: Sequence[Sequence[int]], hands_played: int, first_side: int,
             reentries: Reentries | None = None) -> bool:
        if self.scala40 is not None:
            return bool(scores) and elimination_standing(self.scala40, scores, reentries).over
        if self.target is not None:
            return bool(scores) and standing(MatchFormat.target(self.target), scores,
                                             first_side).over
        return hands_played >= self.hands


@dataclass
class MatchState:
    start: int = 0  # the hand number the match began with
    scores: list[list[int]] = field(default_factory=list)  # counted hands, by side
    width: int = 2  # scores per hand: one per side (Scala 40: per seat, or per pair or team)
    scala40: RuleSet | None = None  # Scala 40's rules: totals follow the engine's standing
    reentries: dict[int, list[int]] = field(default_factory=dict)
    _cached: tuple[tuple[int, int], MatchStanding] | None = field(default=None, repr=False,
                                                                  compare=False)

    def standing(self) -> MatchStanding | None:
        """The Scala 40 standing (totals, who is out), computed once per counted hand."""
        if self.scala40 is None:
            return None
        key = (len(self.scores), sum(len(v) for v in self.reentries.values()))
        if self._cached is None or self._cached[0] != key:
            self._cached = (key, elimination_standing(self.scala40, self.scores,
                                                      self.reentries))
        return self._cached[1]

    @property
    def totals(self) -> list[int]:
        now = self.standing()
        if now is not None:
            return list(now.totals)  # a re-entry resets a total (§6.5 reentry)
        return [sum(s[i] for s in self.scores) for i in range(self.width)]


def fresh_match(plan: MatchPlan, width: int, start: int = 0) -> MatchState:
    return MatchState(start, [], width, plan.scala40)


def rebuild(plan: MatchPlan, results: Sequence[tuple[int, dict[str, Any] | None]],
            players: int, width: int = 2,
            reentries: Mapping[int, Sequence[int]] | None = None) -> MatchState:
    """The current match from the stored hands, as (hand number, result or None) in order;
    ``reentries``: the sides that re-entered after the hand of that number (Scala 40)."""
    state = fresh_match(plan, width)
    reentries = reentries or {}
    for i, (hand_no, result) in enumerate(results):
        if result is None:
            continue
        if not result.get("void"):
            state.scores.append(list(result["scores"]))
        if reentries.get(hand_no):
            state.reentries[len(state.scores)] = list(reentries[hand_no])
        last = i == len(results) - 1
        if not last and plan.over(state.scores, hand_no - state.start + 1,
                                  starting_side(state.start, players), state.reentries):
            state = fresh_match(plan, width, hand_no + 1)
    return state
