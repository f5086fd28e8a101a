"""Scoring a finished Scala 40 hand (docs/rules.md §6.5): the penalty points of each side.
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.cards import (
    JOKER,
)
from ramino.games.scala40 import melds as m40
from ramino.rules.options import (
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
