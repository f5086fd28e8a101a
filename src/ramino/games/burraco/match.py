"""Matches: hands played to a target, a single "express" hand, or a fixed number of hands.

§2.11 (targets and tie-breaks), §3.8 (``match_mode``, ``target_tie_break``), §2.1
item 3 (the deal passes to the left: the next hand's dealer is seat ``dealer + 1``).

- ``TARGET(t)`` (505, 1005, 1505, 2005 or any): the first side whose total is ``>= t`` wins.
  If both reach it in the same hand the higher total wins; on an exact tie
  ``HIGHER_TOTAL_THEN_EXTRA_HAND`` plays another hand and ``STARTING_TEAM`` gives the match to
  the side that played first in the match.
- ``SINGLE_HAND`` ("express", [S004]): one hand; a tie goes to the side that started.
- ``FIXED_HANDS_VP(n)``: n hands; the totals and the match-point difference are reported (the
  tournament code turns the difference into Victory Points, §7).

The result is derived from the hand scores only; this module never plays a card itself.
Seats are the table's seats in every hand (the engine starts each hand at the dealer's left),
so side ``s`` of a hand is side ``s`` of the match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ramino.games.burraco.seating import initial_sides
from ramino.games.burraco.state import BurracoState
from ramino.games.deal import Deal
from ramino.rules import RuleSet
from ramino.rules.options import MatchMode, TargetTieBreak

STANDARD_TARGETS: Final = (505, 1005, 1505, 2005)
SIDES: Final = 2


# --- seats -------------------------------------------------------------------------------------


def first_player(dealer: int, players: int) -> int:
    """The first player is the seat after the dealer (§2.1 item 2)."""
    return (dealer + 1) % players


def starting_side(first_dealer: int, players: int) -> int:
    """The side of the match's first player (who wins an express tie, §2.11)."""
    return initial_sides(players)[first_player(first_dealer, players)]


def hand_rules(rules: RuleSet, totals: Sequence[int]) -> RuleSet:
    """The rules of the next hand of a match.  Three players (§5.2): once any player has
    reached ``three_player_switch_threshold``, the hands that follow use three pozzetti of 11
    and everyone plays alone to the end."""
    if (rules.players == 3 and len(rules.pozzetto_sizes) == 2
            and any(t >= rules.three_player_switch_threshold for t in totals)):
        return rules.with_options(pozzetto_sizes=(11, 11, 11))
    return rules


def next_dealer(dealer: int, players: int) -> int:
    """The deal passes to the left each hand (§2.1 item 3, ``dealer_rotation=LEFT``)."""
    return (dealer + 1) % players


# --- the format and the standing ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchFormat:
    mode: MatchMode = field(default_factory=lambda: MatchMode("TARGET", 2005))
    tie_break: TargetTieBreak = TargetTieBreak.HIGHER_TOTAL_THEN_EXTRA_HAND

    @classmethod
    def from_rules(cls, rules: RuleSet) -> MatchFormat:
        mode = rules.match_mode
        if rules.players == 3 and mode.mode == "TARGET":
            mode = MatchMode("TARGET", rules.three_player_target)  # §5.2: 1505 by default
        return cls(mode, rules.target_tie_break)

    @classmethod
    def target(cls, points: int, tie_break: TargetTieBreak = (
            TargetTieBreak.HIGHER_TOTAL_THEN_EXTRA_HAND)) -> MatchFormat:
        if points <= 0:
            raise ValueError(f"a match target must be positive, not {points}")
        return cls(MatchMode("TARGET", points), tie_break)

    @classmethod
    def express(cls) -> MatchFormat:
        return cls(MatchMode("SINGLE_HAND"))

    @classmethod
    def fixed_hands(cls, hands: int) -> MatchFormat:
        if hands not in (2, 3, 4):
            raise ValueError(f"FIXED_HANDS_VP takes 2, 3 or 4 hands, not {hands}")
        return cls(MatchMode("FIXED_HANDS_VP", hands))

    def as_json(self) -> dict[str, Any]:
        """The record's ``match`` object (docs/record.md §4; ``docs/record.md``)."""
        out: dict[str, Any] = ({"target": self.mode.value} if self.mode.mode == "TARGET"
                               else {"mode": str(self.mode)})
        if self.tie_break is not TargetTieBreak.HIGHER_TOTAL_THEN_EXTRA_HAND:
            out["tie_break"] = self.tie_break.value
        return out


@dataclass(frozen=True, slots=True)
class MatchStanding:
    """Where a match stands after ``hands_counted`` hands.

    ``decided_by``: ``target`` (one side reached it), ``higher-total`` (both reached it, or the
    express hand), ``starting-side`` (an exact tie given to the side that started), ``draw``
    (fixed hands, equal totals), ``fixed-hands`` (fixed hands, higher total) or ``""`` while the
    match goes on.  ``extra_hand`` is set when an exact tie past the target calls for one more
    hand."""

    totals: tuple[int, ...]
    hands_counted: int
    over: bool
    winner: int | None
    decided_by: str
    extra_hand: bool = False
    scores: tuple[tuple[int, ...], ...] = field(default=())

    @property
    def mp_difference(self) -> int:
        """The point difference between the two best totals."""
        best = sorted(self.totals, reverse=True)
        return best[0] - best[1]

    def as_json(self) -> dict[str, Any]:
        return {"totals": list(self.totals), "hands": self.hands_counted, "over": self.over,
                "winner": self.winner, "decided_by": self.decided_by,
                "extra_hand": self.extra_hand, "mp_difference": self.mp_difference}


def standing(fmt: MatchFormat, hand_scores: Sequence[Sequence[int]],
             starting_side: int) -> MatchStanding:
    """The match after the given hand scores (per side, in record order).

    Counting stops at the hand that decides the match: ``hands_counted`` smaller than the
    number of hands given means hands were played after the match was over."""
    sides = len(hand_scores[0]) if hand_scores else SIDES
    totals = [0] * sides
    counted: list[tuple[int, ...]] = []
    extra = False
    for scores in hand_scores:
        for side in range(sides):
            totals[side] += scores[side]
        counted.append(tuple(scores))
        k = len(counted)
        mode = fmt.mode
        winner: int | None = None
        how = ""
        if mode.mode == "TARGET":
            reached = [s for s in range(sides) if totals[s] >= mode.value]
            if not reached:
                continue
            if len(reached) == 1:
                winner, how = reached[0], "target"
            else:
                winner, how = _higher_total(totals)
                if winner is None:
                    if fmt.tie_break is TargetTieBreak.STARTING_TEAM:
                        winner, how = starting_side, "starting-side"
                    else:
                        extra = True
                        continue
        elif mode.mode == "SINGLE_HAND":
            winner, how = _higher_total(totals)
            if winner is None:
                winner, how = starting_side, "starting-side"
        elif k >= mode.value:  # FIXED_HANDS_VP(n)
            winner, how = _higher_total(totals)
            how = "fixed-hands" if winner is not None else "draw"
        else:
            continue
        return MatchStanding(tuple(totals), k, True, winner, how, False, tuple(counted))
    return MatchStanding(tuple(totals), len(counted), False, None, "", extra, tuple(counted))


def _higher_total(totals: list[int]) -> tuple[int | None, str]:
    best = max(totals)
    leaders = [s for s in range(len(totals)) if totals[s] == best]
    return (leaders[0], "higher-total") if len(leaders) == 1 else (None, "")


# --- playing a match ---------------------------------------------------------------------------


class Match:
    """Deals the hands of a match in turn (the dealer passing left) and keeps the standing.

    Every hand uses the match's seats; the first player is the seat after that hand's
    dealer."""

    def __init__(self, rules: RuleSet, fmt: MatchFormat | None = None, *,
                 first_dealer: int | None = None) -> None:
        self.rules = rules
        self.format = fmt or MatchFormat.from_rules(rules)
        self.first_dealer = rules.players - 1 if first_dealer is None else first_dealer
        self.states: list[BurracoState] = []
        self.dealers: list[int] = []
        self.scores: list[tuple[int, ...]] = []

    @property
    def starting_side(self) -> int:
        return starting_side(self.first_dealer, self.rules.players)

    @property
    def next_dealer(self) -> int:
        if not self.dealers:
            return self.first_dealer
        return next_dealer(self.dealers[-1], self.rules.players)

    def new_hand(self, *, seed: int | None = None, deal: Deal | None = None) -> BurracoState:
        """Deal the next hand.  ``deal`` is by match seat; a ``seed`` deals from the dealer's
        left as at the table (§2.2)."""
        if self.states and not self.states[-1].is_over:
            raise ValueError("the previous hand is not over")
        if self.standing().over:
            raise ValueError("the match is over")
        dealer = self.next_dealer
        if deal is None and seed is None:
            raise ValueError("new_hand needs a seed or a deal")
        rules = hand_rules(self.rules, self.standing().totals)
        state = BurracoState.new_hand(rules, seed=seed, deal=deal, dealer=dealer)
        self.states.append(state)
        self.dealers.append(dealer)
        return state

    def finish_hand(self) -> tuple[int, ...]:
        """Score the last hand (it must be over) into the match; its scores by match side."""
        state = self.states[-1]
        result = state.result()
        if result is None:
            raise ValueError("the hand is not over")
        scores = tuple(result.scores)
        self.scores.append(scores)
        return scores

    def standing(self) -> MatchStanding:
        return standing(self.format, self.scores, self.starting_side)
