"""Standings and their tie-breaks (§7.1, §7.3 "Ranking: by total VP").

Order, each step used only when every earlier one is equal:

1. VP: match VP plus bye VP, minus penalty VP;
2. MP difference: the signed sum of MP over matches played, minus penalty MP;
3. head-to-head: the VP an entrant won in matches against the others tied with it on 1 and 2
   (a mini-league when three or more are tied);
4. points scored: the sum of the entrant's own totals (for Scala 40, fewer penalty points);
5. registration number, lower first: a deterministic stand-in for the drawing of lots.

Individual Burraco credits every player with his side's VP and MP (§7.3, U). Only results
that count (confirmed by both sides or entered by the director) are included.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ramino.tournament.model import Entrant, Penalty, Round, Settings
from ramino.tournament.scoring import MatchScore, score


@dataclass(slots=True)
class Row:
    entrant: int
    name: str
    active: bool
    rank: int = 0
    vp: int = 0
    mp: int = 0
    played: int = 0
    byes: int = 0
    points: int = 0
    penalty_vp: int = 0
    head_to_head: int = 0
    #: (opponent ids, VP won) per counted match, for head-to-head.
    matches: list[tuple[tuple[int, ...], int]] = field(default_factory=list)

    @property
    def mp_signed(self) -> str:
        """The MP difference as a standings column shows it: +45, −45, 0."""
        return f"{self.mp:+d}".replace("-", "\u2212") if self.mp else "0"


def compute(
    settings: Settings,
    entrants: list[Entrant],
    rounds: list[Round],
    penalties: list[Penalty],
) -> list[Row]:
    rows = {e.id: Row(e.id, e.name, e.active) for e in entrants if not e.removed}
    sign = -1 if settings.discipline.lower_is_better else 1
    for rnd in rounds:
        for table in rnd.tables:
            result: MatchScore | None = score(table, settings)
            if result is None:
                continue
            for side, mine, theirs in (("ns", table.ns, table.ew), ("ew", table.ew, table.ns)):
                for entrant in mine:
                    row = rows[entrant]
                    row.vp += result.vp(side)
                    row.mp += result.mp(side)
                    row.points += sign * result.total(side)
                    row.played += 1
                    row.matches.append((theirs, result.vp(side)))
        for entrant in rnd.byes:
            rows[entrant].vp += settings.bye_vp
            rows[entrant].byes += 1
    for penalty in penalties:
        row = rows[penalty.entrant]
        row.vp -= penalty.vp
        row.penalty_vp += penalty.vp
        row.mp -= penalty.mp
    ordered = sorted(rows.values(), key=lambda r: (-r.vp, -r.mp))
    _head_to_head(ordered)
    ordered.sort(key=lambda r: (-r.vp, -r.mp, -r.head_to_head, -r.points, r.entrant))
    for i, row in enumerate(ordered, start=1):
        row.rank = i
    return ordered


def _head_to_head(rows: list[Row]) -> None:
    groups: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for row in rows:
        groups[(row.vp, row.mp)].append(row)
    for group in groups.values():
        if len(group) < 2:
            continue
        tied = {row.entrant for row in group}
        for row in group:
            row.head_to_head = sum(
                vp for opponents, vp in row.matches if any(o in tied for o in opponents)
            )


def ranking(rows: list[Row]) -> list[int]:
    """Active entrants in standings order: the seeding for the next turno."""
    return [row.entrant for row in rows if row.active]
