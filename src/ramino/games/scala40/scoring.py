"""Scoring a finished Scala 40 hand (docs/rules.md §6.5): the penalty points of each side.
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.cards import (
    JOKER,
)
from ramino.games.scala40 import melds as m40
from ramino.rules.options import (
    Partnerships,
    RuleSet,
)


@dataclass(frozen=True, slots=True)
class Result:
    """Penalty points of one hand (§6.5): ``scores`` per side (per seat without partnerships;
    docs/record.md §2), 0 for the closer's side; ``seat_scores`` what each seat's own hand costs."""

    end: str
    scores: tuple[int, ...]
    closed_by: int | None
    chiusura_in_mano: bool
    hand_points: tuple[int, ...]  # card points left in each hand, before multiplier/flat rule
    seat_scores: tuple[int, ...] = ()


def penalty_value(card: int, rules: RuleSet) -> int:
    """Points of a card left in hand (§1.3 Scala 40 column, §6.5)."""
    if card == JOKER:
        return rules.jolly_in_hand_value
    rank = card % 13
    if rank == 0:
        return rules.ace_in_hand_value
    return m40.POSITION_VALUE[rank]


def seat_penalty(rules: RuleSet, in_hand: int, *, closed: bool, opened: bool,
                 chiusura_in_mano: bool) -> int:
    """What one seat pays for the hand (§6.5): nothing for the closer; the flat
    ``unopened_flat_penalty`` for a seat that never opened, when the rules set one; else the
    card points ``in_hand`` left in its hand (``penalty_value``), times
    ``chiusura_in_mano_multiplier`` when the closer closed in hand.  The engine's hand
    scoring and the score keeper (``ramino.scoresheet``) both score a seat here."""
    if closed:
        return 0
    if not opened and rules.unopened_flat_penalty:
        return rules.unopened_flat_penalty
    multiplier = rules.chiusura_in_mano_multiplier if chiusura_in_mano else 1
    return in_hand * multiplier


def side_penalties(rules: RuleSet, seat_scores: tuple[int, ...], sides: tuple[int, ...],
                   closed_by: int | None) -> tuple[int, ...]:
    """The hand's scores per side from each seat's (``seat_penalty``): per seat without
    partnerships.  With partnerships, an engine choice where §6.7 says "(U) how team scoring
    works": the side of the closer wins the hand and pays nothing; every other side pays what
    its members' hands cost, added together (docs/scala40.md)."""
    if rules.partnerships is Partnerships.NONE:
        return seat_scores
    winner = None if closed_by is None else sides[closed_by]
    by_side = [0] * (max(sides) + 1)
    for seat, cost in enumerate(seat_scores):
        if sides[seat] != winner:
            by_side[sides[seat]] += cost
    return tuple(by_side)
