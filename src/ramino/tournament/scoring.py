"""A table's result: totals, Match Points and the VP split (RULES.md §7.1, §9.6; §6.5).

MP are the absolute difference of the two sides' algebraic totals over the turno's smazzate;
the VP table of the tournament splits 20 VP. Scala 40 scores are penalty points (§6.5), so
there the lower total is the better one: the engine simply negates both totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.tournament.model import Settings, Table
from ramino.tournament.vp import VPTable, fibur_table


def vp_table(settings: Settings) -> VPTable:
    if settings.vp_table == "CUSTOM":
        return VPTable("CUSTOM", tuple(settings.custom_vp))
    return fibur_table(settings.deals_per_round)


@dataclass(frozen=True, slots=True)
class MatchScore:
    ns_total: int
    ew_total: int
    #: MP difference seen from N-S: positive when N-S did better.
    ns_mp: int
    ns_vp: int
    ew_vp: int

    def vp(self, side: str) -> int:
        return self.ns_vp if side == "ns" else self.ew_vp

    def mp(self, side: str) -> int:
        return self.ns_mp if side == "ns" else -self.ns_mp

    def total(self, side: str) -> int:
        return self.ns_total if side == "ns" else self.ew_total


def score_scores(
    ns_scores: list[int], ew_scores: list[int], table: VPTable, lower_is_better: bool
) -> MatchScore:
    ns_total, ew_total = sum(ns_scores), sum(ew_scores)
    sign = -1 if lower_is_better else 1
    ns_vp, ew_vp = table.split(sign * ns_total, sign * ew_total)
    return MatchScore(ns_total, ew_total, sign * (ns_total - ew_total), ns_vp, ew_vp)


def score(table: Table, settings: Settings) -> MatchScore | None:
    """The table's score once its result counts, else None."""
    if table.ns_scores is None or table.ew_scores is None:
        return None
    return score_scores(
        table.ns_scores, table.ew_scores, vp_table(settings), settings.discipline.lower_is_better
    )


def validate_scores(scores: list[int], deals: int) -> None:
    """A score-card line: one integer per smazzata played (a time-out may cut the turno short,
    RULES.md §9.6 T-37, so fewer than the planned smazzate are accepted)."""
    if not 1 <= len(scores) <= deals:
        raise ValueError(f"expected 1 to {deals} smazzata scores, got {len(scores)}")


def parse_scores(text: str) -> list[int]:
    """"120 340, -50" → [120, 340, -50]: a score-card line as the director types it."""
    try:
        return [int(part) for part in text.replace(",", " ").replace("+", " ").split()]
    except ValueError:
        raise ValueError(f"scores are whole numbers separated by spaces, not {text!r}") from None
