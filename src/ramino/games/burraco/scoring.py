"""Scoring a finished Burraco hand (§2.10; §4.4 and §5.2 where they differ).

Each side scores its melds' card points, its burraco bonuses and the closing bonus, less the
cards left in its players' hands (an unplayed pozzetto included) and the penalty for a
pozzetto not taken.  Three players score per seat, a pair splitting its total.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from ramino.cards import NUM_TYPES
from ramino.games.burraco.melds import (
    Meld,
    burraco_bonus,
    burraco_type,
    cards_points,
    is_clean_burraco,
)
from ramino.rules.options import RuleSet

END_CLOSED = "closed"
END_STOCK = "stock"
END_STALLO = "stallo"
END_TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand score with the breakdown of §2.10 (penalties negative)."""

    table: int
    burraco: int
    closing: int
    hand: int
    pozzetto: int
    burrachi: tuple[str, ...]
    split: int = 0  # three players: minus the half a pair seat does not score (§5.2)

    @property
    def total(self) -> int:
        return self.table + self.burraco + self.closing + self.hand + self.pozzetto + self.split

    def as_dict(self) -> dict[str, int]:
        parts = {"table": self.table, "burraco": self.burraco, "closing": self.closing,
                 "hand": self.hand, "pozzetto": self.pozzetto}
        if self.split:
            parts["split"] = self.split
        return parts


@dataclass(frozen=True, slots=True)
class Result:
    end: str
    scores: tuple[int, ...]
    breakdown: tuple[SideScore, ...]
    closed_by: int | None  # the seat that closed


def score_hand(rules: RuleSet, values: Sequence[int], *, end: str, closed_by: int | None,
               void: bool, sides: Sequence[int], melds: Sequence[Meld],
               meld_sides: Sequence[int], hands: Sequence[Sequence[int]],
               pending: Sequence[tuple[int, ...] | None], taken: Sequence[bool]) -> Result:
    """The result of a finished hand from what lies on the table and in the hands."""
    anyone_took = any(taken)
    players = len(sides)
    by_side: dict[int, SideScore] = {}
    for team in sorted(set(sides)):
        table = 0
        bonus = 0
        kinds: list[str] = []
        for i, m in enumerate(melds):
            if meld_sides[i] != team:
                continue
            table += cards_points(m.cards, values)
            kind = burraco_type(m, rules)
            if kind is not None:
                kinds.append(kind)
                bonus += burraco_bonus(kind, rules)
        in_hand = 0
        for seat in range(players):
            if sides[seat] != team:
                continue
            counts = hands[seat]
            in_hand += sum(values[c] * counts[c] for c in range(NUM_TYPES) if counts[c])
            waiting = pending[seat]
            if waiting is not None and rules.unplayed_pozzetto_counts_in_hand:
                in_hand += cards_points(waiting, values)
        closing = rules.closing_bonus if (
            end == END_CLOSED and closed_by is not None and sides[closed_by] == team) else 0
        penalty = 0
        if not taken[team] and (anyone_took or rules.pozzetto_penalty_if_neither_took):
            penalty = -rules.pozzetto_not_taken_penalty
        if rules.no_clean_canastra_melds_negative and not any(
                is_clean_burraco(k) for k in kinds):
            table = -table  # §4.4: without a clean canastra the melds count against
        by_side[team] = SideScore(table, bonus, closing, -in_hand, penalty, tuple(kinds))
        if void:
            by_side[team] = SideScore(0, 0, 0, 0, 0, ())  # a void hand counts nothing
    if players == 3:
        # Scores per seat; a pair's total is split equally, halves rounded up (§5.2).
        seats: list[SideScore] = []
        for seat in range(3):
            side = by_side[sides[seat]]
            if sides.count(sides[seat]) > 1:
                share = -((-side.total) // 2)
                side = dataclasses.replace(side, split=share - side.total)
            seats.append(side)
        return Result(end, tuple(x.total for x in seats), tuple(seats), closed_by)
    ordered = tuple(by_side[t] for t in sorted(by_side))
    return Result(end, tuple(x.total for x in ordered), ordered, closed_by)
