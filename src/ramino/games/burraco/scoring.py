"""Scoring a finished Burraco hand (§2.10; §4.4 and §5.2 where they differ).

Each side scores its melds' card points, its burraco bonuses and the closing bonus, less the
cards left in its players' hands (an unplayed pozzetto included) and the penalty for a
pozzetto not taken.  Three players score per seat, a pair splitting its total.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

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


def side_score(rules: RuleSet, *, table: int, kinds: Sequence[str], in_hand: int,
               unplayed: int, closed: bool, taken: bool, anyone_took: bool) -> SideScore:
    """One side's score (§2.10) from what it counts at the end of the hand.

    ``table``: the card points of its melds; ``kinds``: the type of each of its burrachi
    (``burraco_type``); ``in_hand``: the card points left in its players' hands; ``unplayed``:
    the card points of a pozzetto it took *con lo scarto* and never played (§2.7, counted in
    hand under ``unplayed_pozzetto_counts_in_hand``); ``closed``: the side closed the hand;
    ``taken``: it took its pozzetto; ``anyone_took``: some side took one.  The engine's hand
    scoring and the score keeper (``ramino.scoresheet``) both score a side here."""
    bonus = 0
    for kind in kinds:
        bonus += burraco_bonus(kind, rules)
    if unplayed and rules.unplayed_pozzetto_counts_in_hand:
        in_hand += unplayed
    closing = rules.closing_bonus if closed else 0
    penalty = 0
    if not taken and (anyone_took or rules.pozzetto_penalty_if_neither_took):
        penalty = -rules.pozzetto_not_taken_penalty
    if rules.no_clean_canastra_melds_negative and not any(is_clean_burraco(k) for k in kinds):
        table = -table  # §4.4: without a clean canastra the melds count against
    return SideScore(table, bonus, closing, -in_hand, penalty, tuple(kinds))


VOID: Final = SideScore(0, 0, 0, 0, 0, ())  # a void hand counts nothing (§3.7 VOID_HAND)


def hand_result(end: str, by_side: Sequence[SideScore], sides: Sequence[int],
                closed_by: int | None) -> Result:
    """The hand's result from each side's score (sides numbered as ``sides`` numbers them).
    Three players score per seat, a pair's total split equally, halves rounded up (§5.2)."""
    if len(sides) == 3:
        seats: list[SideScore] = []
        for seat in range(3):
            side = by_side[sides[seat]]
            if sides.count(sides[seat]) > 1:
                share = -((-side.total) // 2)
                side = dataclasses.replace(side, split=share - side.total)
            seats.append(side)
        return Result(end, tuple(x.total for x in seats), tuple(seats), closed_by)
    ordered = tuple(by_side[t] for t in sorted(set(sides)))
    return Result(end, tuple(x.total for x in ordered), ordered, closed_by)


def score_hand(rules: RuleSet, values: Sequence[int], *, end: str, closed_by: int | None,
               void: bool, sides: Sequence[int], melds: Sequence[Meld],
               meld_sides: Sequence[int], hands: Sequence[Sequence[int]],
               pending: Sequence[tuple[int, ...] | None], taken: Sequence[bool]) -> Result:
    """The result of a finished hand from what lies on the table and in the hands."""
    anyone_took = any(taken)
    players = len(sides)
    by_side: list[SideScore] = [VOID] * (max(sides) + 1)
    for team in sorted(set(sides)):
        table = 0
        kinds: list[str] = []
        for i, m in enumerate(melds):
            if meld_sides[i] != team:
                continue
            table += cards_points(m.cards, values)
            kind = burraco_type(m, rules)
            if kind is not None:
                kinds.append(kind)
        in_hand = 0
        unplayed = 0
        for seat in range(players):
            if sides[seat] != team:
                continue
            counts = hands[seat]
            in_hand += sum(values[c] * counts[c] for c in range(NUM_TYPES) if counts[c])
            waiting = pending[seat]
            if waiting is not None:
                unplayed += cards_points(waiting, values)
        closed = end == END_CLOSED and closed_by is not None and sides[closed_by] == team
        if not void:
            by_side[team] = side_score(rules, table=table, kinds=kinds, in_hand=in_hand,
                                       unplayed=unplayed, closed=closed, taken=taken[team],
                                       anyone_took=anyone_took)
    return hand_result(end, by_side, sides, closed_by)
