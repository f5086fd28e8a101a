"""A table's result: totals, Match Points and the VP split (§7.1, §9.6; §6.5).

MP are the absolute difference of the two sides' algebraic totals over the turno's smazzate;
the VP table of the tournament splits 20 VP. Scala 40 scores are penalty points (§6.5), so
there the lower total is the better one: the engine simply negates both totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.tournament.model import Discipline, Settings, Table
from ramino.tournament.refusals import N_, Refusal
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


#: The 108 Burraco cards are worth 1,080 points (§1.3).
BURRACO_DECK_POINTS = 4 * 30 + 8 * 20 + 8 * 15 + 48 * 10 + 40 * 5
#: The highest score a side can make in a Burraco smazzata (§2.10): every card melded,
#: at most 15 burraci (7 cards each) at 200, and the closing 100.
BURRACO_MAX = BURRACO_DECK_POINTS + 15 * 200 + 100
#: The lowest: every card left in hand and the 100 of the pozzetto not taken.
BURRACO_MIN = -(BURRACO_DECK_POINTS + 100)
#: The most a Scala 40 player can pay in a smazzata (§6.5): 13 cards in hand, at best
#: four jolly (25) and eight aces (11) and a king, doubled by the chiusura in mano.
SCALA40_MAX_PER_PLAYER = 2 * (4 * 25 + 8 * 11 + 10)


def score_bounds(discipline: Discipline) -> tuple[int, int]:
    """The lowest and highest score one side can write for one smazzata."""
    if discipline.lower_is_better:
        return 0, SCALA40_MAX_PER_PLAYER * discipline.members_per_entrant
    return BURRACO_MIN, BURRACO_MAX


def validate_scores(
    scores: list[int], deals: int, side: str = "scores",
    discipline: Discipline = Discipline.BURRACO_PAIRS,
) -> None:
    """A score-card line of ``side`` ("N-S" or "E-W"): one score per smazzata played (a
    time-out may cut the turno short, §9.6 T-37, so fewer than the planned smazzate
    are accepted), each one a score the game can give: a Burraco score is a multiple of 5
    (§1.3) between what the deck allows (§2.10); a Scala 40 score is penalty points,
    0 or more (§6.5).  The error names the side and the smazzata."""
    if not 1 <= len(scores) <= deals:
        raise Refusal(N_("{side}: expected 1 to {deals} smazzata scores, got {got}"),
                      side=side, deals=deals, got=len(scores))
    low, high = score_bounds(discipline)
    for deal, value in enumerate(scores, start=1):
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refusal(N_("{side} smazzata {deal}: {value} is not a whole number"),
                          side=side, deal=deal, value=repr(value))
        if discipline.lower_is_better:
            if not low <= value <= high:
                raise Refusal(N_("{side} smazzata {deal}: {value} is not a Scala 40 score: "
                                 "penalty points are {low} to {high} (RULES.md §6.5)"),
                              side=side, deal=deal, value=value, low=low, high=high)
            continue
        if value % 5:
            raise Refusal(N_("{side} smazzata {deal}: {value} is not a multiple of 5, as every "
                             "Burraco score is (RULES.md §1.3)"), side=side, deal=deal, value=value)
        if not low <= value <= high:
            raise Refusal(N_("{side} smazzata {deal}: {value} is outside {low} to {high}, what the "
                             "108 cards allow (RULES.md §2.10)"),
                          side=side, deal=deal, value=value, low=low, high=high)


def validate_result(settings: Settings, ns_scores: list[int], ew_scores: list[int]) -> None:
    """A table's result as it enters the tournament, from the command line, the desk, a
    table's score-card or the game server: both lines valid (:func:`validate_scores`) and one
    score per side for the same smazzate.  ``ValueError`` names the field."""
    deals, discipline = settings.deals_per_round, settings.discipline
    validate_scores(ns_scores, deals, "N-S", discipline)
    validate_scores(ew_scores, deals, "E-W", discipline)
    if len(ns_scores) != len(ew_scores):
        raise Refusal(N_("N-S wrote {ns} smazzate and E-W {ew}: each side needs a score for "
                         "the same smazzate"), ns=len(ns_scores), ew=len(ew_scores))


def parse_scores(text: str) -> list[int]:
    """"120 340, -50" → [120, 340, -50]: a score-card line as the director types it."""
    try:
        return [int(part) for part in text.replace(",", " ").replace("+", " ").split()]
    except ValueError:
        raise Refusal(N_("scores are whole numbers separated by spaces, not {text}"),
                      text=repr(text)) from None
