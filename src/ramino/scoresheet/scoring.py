"""A hand's score from its counts, computed by the engine's own scoring.

Burraco and Buraco: each side through ``ramino.games.burraco.scoring.side_score`` and the hand
through ``hand_result`` — the very functions ``BurracoState.result()`` calls with what lies on
the table (§2.10, §4.4, §3.7 ``VOID_HAND``; three players per seat, a pair splitting its
total, §5.2; ``side_columns`` groups a pair's seats back into its side).  Scala 40: each seat
through ``ramino.games.scala40.scoring.seat_penalty`` and the sides through ``side_penalties``, as
``Scala40State.result()`` does (§6.5).  Nothing here holds a value of its own.

The counts are not checked here: :func:`ramino.scoresheet.validate.check_hand` does that
first (the sheet always checks before it scores).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramino.games.burraco.scoring import VOID, hand_result, side_score
from ramino.games.burraco.seating import after_solo, initial_sides
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.match import hand_sides
from ramino.games.scala40.scoring import seat_penalty, side_penalties
from ramino.rules.options import RuleSet, StockExhaustion
from ramino.scoresheet.entries import BurracoHand, Scala40Hand


@dataclass(frozen=True, slots=True)
class SideColumn:
    """One side of a Burraco hand as the end of a hand shows it: ``sides`` are the sheet's
    columns (its sides; its players at three players) the side covers, ``parts`` its §2.10
    breakdown, ``total`` its score and ``each`` what each of its columns scores.  A
    three-player pair (§5.2) is one column of two seats, its breakdown once, ``each`` half
    its total rounded up; every other side has ``each == total``."""

    sides: tuple[int, ...]
    parts: dict[str, int]
    total: int
    each: int

    def as_dict(self) -> dict[str, Any]:
        return {"sides": list(self.sides), "parts": dict(self.parts), "total": self.total,
                "each": self.each}


@dataclass(frozen=True, slots=True)
class HandScore:
    """A scored hand.  ``scores`` per side, in the record's order (docs/record.md §2; three
    players: per seat, §5.2; Scala 40: per side dealt in, in the order of ``sides``);
    ``breakdown`` per side: Burraco the §2.10 parts (``table``, ``burraco``, ``closing``,
    ``hand``, ``pozzetto``, and a pair seat's ``split``; penalties negative, they add up to
    the score), Scala 40 ``{"penalty": points}`` per side and per seat
    ``seat_scores``.  ``sides`` are the match sides the scores belong to; ``columns``
    (Burraco) the hand by side, a three-player pair once (:class:`SideColumn`)."""

    end: str
    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    sides: tuple[int, ...]
    seat_scores: tuple[int | None, ...] = ()
    columns: tuple[SideColumn, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"end": self.end, "scores": list(self.scores),
                               "breakdown": [dict(b) for b in self.breakdown],
                               "sides": list(self.sides)}
        if self.seat_scores:
            out["seat_scores"] = list(self.seat_scores)
        if self.columns:
            out["columns"] = [c.as_dict() for c in self.columns]
        return out


def burraco_sides(rules: RuleSet, hand: BurracoHand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The engine's side of each seat at the hand's end, and the engine's side of each of the
    hand's counts.  Three players with a solo (§5.2): ``seating.after_solo`` — the solo's side
    is his seat, the pair's its lower seat; the counts are the solo's, then the pair's."""
    sides = initial_sides(rules.players)
    if hand.solo is None:
        return sides, tuple(sorted(set(sides)))
    sides = after_solo(sides, hand.solo)
    pair = next(side for side in sides if side != hand.solo)
    return sides, (hand.solo, pair)


def score_burraco(rules: RuleSet, hand: BurracoHand) -> HandScore:
    """The hand's result (§2.10) from each side's count, by the engine's scoring.  Three
    players score per seat, a pair's total split by ``hand_result`` (§5.2)."""
    end = hand.ending
    anyone_took = any(side.pozzetto_taken for side in hand.sides)
    void = end == "stock" and rules.stock_exhaustion is StockExhaustion.VOID_HAND
    sides, owners = burraco_sides(rules, hand)
    by_side = [VOID] * (max(sides) + 1)
    for owner, side in zip(owners, hand.sides, strict=True):
        by_side[owner] = VOID if void else side_score(
            rules, table=side.melded, kinds=side.kinds(), in_hand=side.in_hand,
            unplayed=side.unplayed_pozzetto, closed=end == "closed" and side.closed,
            taken=side.pozzetto_taken, anyone_took=anyone_took)
    result = hand_result(end, by_side, sides, None)
    breakdown = tuple(s.as_dict() for s in result.breakdown)
    return HandScore(end, result.scores, breakdown, tuple(range(len(result.scores))),
                     columns=side_columns(result.scores, breakdown, hand.solo))


def side_columns(scores: tuple[int, ...], breakdown: tuple[dict[str, int], ...],
                 solo: int | None) -> tuple[SideColumn, ...]:
    """The hand by side: a column per side, or at three players with a ``solo`` (§5.2) the
    solo's and the pair's, the pair's breakdown once (its seats' ``split`` taken out: the
    total is the pair's, ``each`` the half each of its players scores)."""
    if solo is None:
        return tuple(SideColumn((k,), dict(parts), score, score)
                     for k, (parts, score) in enumerate(zip(breakdown, scores, strict=True)))
    pair = tuple(seat for seat in range(len(scores)) if seat != solo)
    columns = []
    for seats in ((solo,), pair):
        parts = {k: v for k, v in breakdown[seats[0]].items() if k != "split"}
        each = scores[seats[0]]
        columns.append(SideColumn(seats, parts, sum(parts.values()), each))
    return tuple(columns)


def score_scala40(rules: RuleSet, hand: Scala40Hand) -> HandScore:
    """The hand's penalty points (§6.5) from each player's count, by the engine's scoring.
    Only the seats dealt in score; the sides are those of the seats dealt in."""
    seats = hand.seats
    sides = seat_sides(rules)
    closer = next((i for i, s in enumerate(seats)
                   if (p := hand.players[s]) is not None and p.closed), None)
    in_mano = hand.chiusura_in_mano and closer is not None
    costs: list[int] = []
    for seat in seats:
        player = hand.players[seat]
        assert player is not None
        costs.append(seat_penalty(rules, player.in_hand, closed=player.closed,
                                  opened=player.opened, chiusura_in_mano=in_mano))
    dealt = hand_sides(rules, seats)
    local_sides = tuple(dealt.index(sides[s]) for s in seats)
    scores = side_penalties(rules, tuple(costs), local_sides, closer)
    seat_scores: list[int | None] = [None] * len(hand.players)
    for seat, cost in zip(seats, costs, strict=True):
        seat_scores[seat] = cost
    return HandScore(hand.ending, scores, tuple({"penalty": s} for s in scores), dealt,
                     tuple(seat_scores))
