"""A Scala 40 match: hands to elimination (RULES.md §6.5).

Every hand adds each seat's penalty points to its running total; a seat whose total reaches or
exceeds ``elimination_limit`` (101 by default; 151, 201, 301, 501) is out and plays no further
hand.  Hands continue until one seat remains: the winner.  The deal passes to the next seat in
play to the left of the last dealer (§6.1 "the deal rotates each hand").

A hand is played by the seats still in play, in seat order; the hand's engine numbers them
``0 .. k-1`` (``Scala40State`` seats), and :attr:`Scala40Match.seats` maps them back.  If a hand
ends without a close (the tallone cannot be rebuilt, see ``ramino.games.scala40``) every seat
may pass the limit at once; the lowest total then wins, and an exact tie has no winner.  This
is an engine choice where RULES.md is silent, documented in ``docs/scala40.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ramino.games.deal import Deal
from ramino.games.scala40 import Scala40Result, Scala40State
from ramino.rules.options import RuleSet


def hand_rules(rules: RuleSet, players: int) -> RuleSet:
    """The rule set of a hand played by ``players`` of the match's seats."""
    return rules if players == rules.players else rules.with_options(players=players)


def next_dealer(dealer: int, in_play: list[bool]) -> int:
    """The next seat in play to the left of ``dealer`` (seats are in turn order)."""
    n = len(in_play)
    for step in range(1, n + 1):
        seat = (dealer + step) % n
        if in_play[seat]:
            return seat
    return dealer


@dataclass(frozen=True, slots=True)
class MatchStanding:
    totals: tuple[int, ...]
    eliminated: tuple[bool, ...]
    hands: int
    over: bool
    winner: int | None

    def as_json(self) -> dict[str, object]:
        return {"totals": list(self.totals), "eliminated": list(self.eliminated),
                "hands": self.hands, "over": self.over, "winner": self.winner}


def standing(rules: RuleSet, hands: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]
             ) -> MatchStanding:
    """The standing after ``hands``: (match seats of the hand, penalty points per hand seat)."""
    n = rules.players
    totals = [0] * n
    out = [False] * n
    for seats, scores in hands:
        for seat, points in zip(seats, scores, strict=True):
            totals[seat] += points
        for seat in seats:
            if totals[seat] >= rules.elimination_limit:
                out[seat] = True
    alive = [s for s in range(n) if not out[s]]
    winner: int | None = None
    over = len(alive) <= 1
    if len(alive) == 1:
        winner = alive[0]
    elif not alive and hands:
        last = hands[-1][0]
        best = min(totals[s] for s in last)
        leaders = [s for s in last if totals[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return MatchStanding(tuple(totals), tuple(out), len(hands), over, winner)


class Scala40Match:
    """A match in progress.  ``seed`` deals every hand (hand ``i`` from ``seed * 1000 + i``)."""

    def __init__(self, rules: RuleSet, *, seed: int, dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.states: list[Scala40State] = []
        self.seats: list[tuple[int, ...]] = []  # match seats of each hand, in turn order
        self.dealers: list[int] = []  # match seat of each hand's dealer
        self._first_dealer = rules.players - 1 if dealer is None else dealer

    def standing(self) -> MatchStanding:
        scored = []
        for seats, state in zip(self.seats, self.states, strict=True):
            result = state.result()
            if result is None:
                break
            scored.append((seats, result.scores))
        return standing(self.rules, scored)

    @property
    def over(self) -> bool:
        return self.standing().over

    def next_hand(self, deal: Deal | None = None) -> Scala40State:
        """Deal the next hand among the seats in play (after the last hand is over)."""
        if self.states and not self.states[-1].is_over:
            raise ValueError("the current hand is not over")
        current = self.standing()
        if current.over:
            raise ValueError("the match is over")
        in_play = [not e for e in current.eliminated]
        seats = tuple(s for s in range(self.rules.players) if in_play[s])
        dealer = (next_dealer(self.dealers[-1], in_play) if self.dealers
                  else self._first_dealer)
        rules = hand_rules(self.rules, len(seats))
        penalties = tuple(current.totals[s] for s in seats)
        local_dealer = seats.index(dealer)
        if deal is None:
            state = Scala40State.new_hand(rules, seed=self.seed * 1000 + len(self.states),
                                          dealer=local_dealer, penalties=penalties)
        else:
            state = Scala40State.new_hand(rules, deal=deal, dealer=local_dealer,
                                          penalties=penalties)
        self.states.append(state)
        self.seats.append(seats)
        self.dealers.append(dealer)
        return state

    def results(self) -> list[Scala40Result | None]:
        return [s.result() for s in self.states]
