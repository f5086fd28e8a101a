"""A Scala 40 match: hands to elimination (§6.5).

Every hand adds each side's penalty points to its running total; a side whose total reaches or
exceeds ``elimination_limit`` (101 by default; 151, 201, 301, 501) is out and plays no further
hand.  Hands continue until one side remains: the winner.  The deal passes to the next seat in
play to the left of the last dealer (§6.1 "the deal rotates each hand").  A side is a seat
(each for himself) or, with ``partnerships``, a pair or team of three (``seat_sides``); a team
is eliminated as one, on its shared total.

A hand is played by the seats still in play, in seat order; the hand's engine numbers them
``0 .. k-1`` (``Scala40State`` seats), and :attr:`Match.seats` maps them back.  If a hand
ends without a close (the tallone cannot be rebuilt, see ``ramino.games.scala40.state``) every side
may pass the limit at once; the lowest total then wins, and an exact tie has no winner.  This
is an engine choice where docs/rules.md is silent, documented in ``docs/scala40.md``.

Re-entry (``reentry=ONCE_AT_HIGHEST_REMAINING``, §6.5, a house rule): a side eliminated by a
hand may, before the next hand is dealt and only while at least two sides remain in play,
re-enter once, its total becoming the highest total still in play.  Whether it does is its
choice (:meth:`Match.reenter`); a side that lets the next hand be dealt stays out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ramino.games.deal import Deal
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.scoring import Result
from ramino.games.scala40.state import Scala40State
from ramino.rules.options import Reentry, RuleSet


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


def side_count(rules: RuleSet) -> int:
    return max(seat_sides(rules)) + 1


def hand_sides(rules: RuleSet, seats: Sequence[int]) -> tuple[int, ...]:
    """The sides dealt in when ``seats`` (match seats) are, in order of their lowest seat."""
    sides = seat_sides(rules)
    return tuple(sorted({sides[s] for s in seats}))


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """Totals and eliminations per side (per seat without partnerships)."""

    totals: tuple[int, ...]
    eliminated: tuple[bool, ...]
    hands: int
    over: bool
    winner: int | None
    reentered: tuple[bool, ...] = ()
    can_reenter: tuple[bool, ...] = ()

    def as_json(self) -> dict[str, object]:
        out: dict[str, object] = {"totals": list(self.totals),
                                  "eliminated": list(self.eliminated), "hands": self.hands,
                                  "over": self.over, "winner": self.winner}
        if any(self.reentered):
            out["reentered"] = list(self.reentered)
        return out


def standing(rules: RuleSet, hands: Sequence[tuple[tuple[int, ...], tuple[int, ...]]],
             reentries: Mapping[int, Sequence[int]] | None = None) -> MatchStanding:
    """The standing after ``hands``: (match seats of the hand, penalty points per side dealt
    in).  ``reentries[i]``: the sides that re-entered before hand ``i`` (``i == len(hands)``:
    before the next hand), applied as given; :attr:`MatchStanding.can_reenter` says which side
    may still do so now."""
    k = side_count(rules)
    totals = [0] * k
    out = [False] * k
    back = [False] * k
    fell = [-1] * k  # the hand that eliminated each side
    reentries = reentries or {}

    def rejoin(index: int) -> None:
        for side in reentries.get(index, ()):
            alive = [totals[s] for s in range(k) if not out[s]]
            totals[side] = max(alive) if alive else totals[side]
            out[side] = False
            back[side] = True

    for i, (seats, scores) in enumerate(hands):
        rejoin(i)
        dealt = hand_sides(rules, seats)
        for side, points in zip(dealt, scores, strict=True):
            totals[side] += points
        for side in dealt:
            if totals[side] >= rules.elimination_limit:
                out[side] = True
                fell[side] = i
    rejoin(len(hands))
    alive = [s for s in range(k) if not out[s]]
    winner: int | None = None
    over = len(alive) <= 1
    if len(alive) == 1:
        winner = alive[0]
    elif not alive and hands:
        last = hand_sides(rules, hands[-1][0])
        best = min(totals[s] for s in last)
        leaders = [s for s in last if totals[s] == best]
        winner = leaders[0] if len(leaders) == 1 else None
    allowed = rules.reentry is Reentry.ONCE_AT_HIGHEST_REMAINING and len(alive) >= 2
    can = tuple(allowed and out[s] and not back[s] and fell[s] == len(hands) - 1
                for s in range(k))
    return MatchStanding(tuple(totals), tuple(out), len(hands), over, winner, tuple(back), can)


class Match:
    """A match in progress.  ``seed`` deals every hand (hand ``i`` from ``seed * 1000 + i``)."""

    def __init__(self, rules: RuleSet, *, seed: int, dealer: int | None = None) -> None:
        self.rules = rules
        self.seed = seed
        self.states: list[Scala40State] = []
        self.seats: list[tuple[int, ...]] = []  # match seats of each hand, in turn order
        self.dealers: list[int] = []  # match seat of each hand's dealer
        self.reentries: dict[int, list[int]] = {}  # hand index -> sides re-entering before it
        self._first_dealer = rules.players - 1 if dealer is None else dealer

    def standing(self) -> MatchStanding:
        scored = []
        for seats, state in zip(self.seats, self.states, strict=True):
            result = state.result()
            if result is None:
                break
            scored.append((seats, result.scores))
        return standing(self.rules, scored,
                        {i: v for i, v in self.reentries.items() if i <= len(scored)})

    @property
    def over(self) -> bool:
        return self.standing().over

    def reenter(self, side: int) -> None:
        """Side ``side`` (a seat without partnerships) re-enters before the next hand (§6.5
        ``reentry``); ``ValueError`` if the rules or the standing do not allow it."""
        if self.states and not self.states[-1].is_over:
            raise ValueError("re-entry comes between hands; the current hand is not over")
        now = self.standing()
        if not 0 <= side < len(now.eliminated) or not now.can_reenter[side]:
            raise ValueError(f"side {side} may not re-enter now (reentry="
                             f"{self.rules.reentry.value}; only once, right after its "
                             "elimination, while two sides remain in play)")
        self.reentries.setdefault(len(self.states), []).append(side)

    def next_hand(self, deal: Deal | None = None) -> Scala40State:
        """Deal the next hand among the seats in play (after the last hand is over)."""
        if self.states and not self.states[-1].is_over:
            raise ValueError("the current hand is not over")
        current = self.standing()
        if current.over:
            raise ValueError("the match is over")
        sides = seat_sides(self.rules)
        in_play = [not current.eliminated[sides[s]] for s in range(self.rules.players)]
        seats = tuple(s for s in range(self.rules.players) if in_play[s])
        dealer = (next_dealer(self.dealers[-1], in_play) if self.dealers
                  else self._first_dealer)
        rules = hand_rules(self.rules, len(seats))
        penalties = tuple(current.totals[sides[s]] for s in seats)
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

    def results(self) -> list[Result | None]:
        return [s.result() for s in self.states]
