"""Duplicate matches between two bots: every deal played twice with the sides swapped, so
the cards cancel out and only the play is measured.

Deals run in worker processes (every core by default); the report gives the mean point
difference per hand with a bootstrap 95% interval, the match win rate, the FIBUR VP
(§7.1), the illegal-action and honesty-failure counts, and each bot's thinking time.

Burraco and Buraco at every player count the rules allow (§5; the sides as the hand
starts, ``ramino.games.burraco.seating``).  Two sides (2 and 4 players): A plays side 0 at the first
table and side 1 at the second.  Three sides (3 players, each seat its own; 6 players, three
pairs): A plays one side alone against two sides of B at the first table and the two others
at the second, against one side of B; the lone side turns with the deal number
(``sides_of_a``).  Either way each side's cards are played once by each bot, and the
difference is per side and hand: A's points minus B's on the same cards, summed over the
sides and divided by their number.  At 3 players the two seats that become a pair when the
solo takes the 18 (§5.2) split the pair's total, so each seat's points stay its own.  Match
wins and VP need two sides (A against B); with three the report leaves them out.

Scala 40 (§6) is individual, for 2 to 6 players: at the first table A sits in the
even seats and B in the odd ones, at the second the other way round, so every seat's cards are
played once by each bot.  A hand's points are minus the penalty points (§6.5), so a positive
difference still means A played better; it is per player and hand (the sum over the seats of
A's points minus B's at that seat, over the number of seats).  Scala 40 has no VP table: the
report gives the share of hands each bot closed instead of match wins and VP.

With ``early_stop`` the match stops as soon as a sequential probability ratio test on the
per-deal differences decides (``ramino.arena.sprt``; after ``min_deals``), which keeps its
error rates however often it looks.

The bots are named by their specs (``ramino.bots.registry``: built-in names, plugins, entry
points, commands), and each worker resolves them itself: nothing relies on a worker inheriting
its parent's memory, so the pool works under every start method.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ramino.arena.play import HandOutcome, play_hand
from ramino.arena.sprt import Sprt, SprtRun
from ramino.arena.stats import bootstrap_ci, match_results, mean
from ramino.bots.registry import make_bot
from ramino.bots.stdio import is_command
from ramino.games.burraco.seating import initial_sides
from ramino.rules import preset
from ramino.rules.options import RuleSet, build_ruleset


@dataclass(frozen=True, slots=True)
class DealResult:
    deal: int
    first: tuple[int, int]    # (A, B) points at the first table (``sides_of_a``)
    second: tuple[int, int]   # (A, B) points at the second, sides swapped
    illegal: int
    honesty_checks: int
    honesty_failures: int
    seconds_a: float
    seconds_b: float
    decisions: int
    records: tuple[dict[str, Any], ...] = ()
    # Burraco: the two tables' side totals, over the number of sides (each side's cards once
    # for A and once for B).  Scala 40: every seat once for A and once for B, over the number
    # of seats (a player's hand).
    divisor: int = 2
    # Burraco's sides at the table: with two, A against B is a match (win rate and VP).
    sides: int = 2
    closes: tuple[int, int] = (0, 0)  # Scala 40: hands closed by an A seat, by a B seat
    scala40: bool = False
    honesty_unchecked: int = 0  # checks skipped: a bot that cannot be copied

    @property
    def diff(self) -> float:
        """A's mean advantage per hand on this deal."""
        return ((self.first[0] - self.first[1]) + (self.second[0] - self.second[1])) / self.divisor


@dataclass(slots=True)
class MatchReport:
    bot_a: str
    bot_b: str
    preset: str
    deals: list[DealResult] = field(default_factory=list)
    stopped_early: bool = False
    sprt: Sprt | None = None  # the early stop's test, if the match had one

    @property
    def diffs(self) -> list[float]:
        return [d.diff for d in self.deals]

    def summary(self, deals_per_match: int = 4) -> dict[str, Any]:
        diffs = self.diffs
        lo, hi = bootstrap_ci(diffs)
        scala40 = any(d.scala40 for d in self.deals)
        win_rate, vp = match_results([d.first for d in self.deals],
                                     [d.second for d in self.deals], deals_per_match)
        hands = 2 * len(self.deals)
        two_sides = all(d.sides == 2 for d in self.deals)
        full = len(self.deals) >= deals_per_match and not scala40 and two_sides
        extra: dict[str, Any] = {}
        if scala40:
            closes_a = sum(d.closes[0] for d in self.deals)
            closes_b = sum(d.closes[1] for d in self.deals)
            seat_hands = max(1, sum(d.divisor for d in self.deals))
            extra = {
                "closes_a": closes_a / max(1, hands), "closes_b": closes_b / max(1, hands),
                "penalty_per_hand_a": -sum(d.first[0] + d.second[0] for d in self.deals)
                / seat_hands,
                "penalty_per_hand_b": -sum(d.first[1] + d.second[1] for d in self.deals)
                / seat_hands,
            }
        return {
            "bot_a": self.bot_a, "bot_b": self.bot_b, "preset": self.preset,
            "deals": len(self.deals), "hands": hands,
            "mean_diff_per_hand": mean(diffs), "ci95_low": lo, "ci95_high": hi,
            # No full match played (or Scala 40, which has no VP table, or three sides, where
            # A against B is no match): no win rate and no VP rather than a misleading zero.
            "match_win_rate": win_rate if full else None,
            "matches": len(self.deals) // deals_per_match if full else 0,
            "vp_a": vp if full else None,
            "deals_per_match": deals_per_match,
            "illegal_actions": sum(d.illegal for d in self.deals),
            "honesty_checks": sum(d.honesty_checks for d in self.deals),
            "honesty_failures": sum(d.honesty_failures for d in self.deals),
            "honesty_unchecked": sum(d.honesty_unchecked for d in self.deals),
            "stopped_early": self.stopped_early,
            "sprt": (None if self.sprt is None
                     else SprtRun(self.sprt).extend(self.diffs).summary()),
            "seconds_per_hand_a": sum(d.seconds_a for d in self.deals) / max(1, hands),
            "seconds_per_hand_b": sum(d.seconds_b for d in self.deals) / max(1, hands),
            **extra,
        }


def side(spec: str) -> tuple[str, str]:
    """A side's two seats: ``expert`` for both, or ``expert+search`` for cross-play (the
    first name in the side's first seat, its partner the second).  A command (``cmd:...``)
    is read whole, ``+`` and all: as a partner it comes second."""
    if is_command(spec):
        return (spec, spec)
    first, plus, second = spec.partition("+")
    return (first, second if plus else first)


Task = tuple[str, str, str, int, int, int, bool, int | None]

#: The workers' start method (``None``: the platform's default).  The tests set ``"spawn"`` to
#: prove that a worker needs nothing of its parent's memory.
START_METHOD: str | None = None


def play_deal(args: Task) -> DealResult:
    """One deal at both tables (a worker's job; plain arguments so that it pickles)."""
    bot_a, bot_b, preset_name, deal, seed, honesty_every, keep, players = args
    rules = arena_rules(preset_name, players)
    if rules.game == "scala40":
        return _play_deal_40(rules, bot_a, bot_b, deal, seed, honesty_every, keep)
    a = side(bot_a)
    b = side(bot_b)
    sides = initial_sides(rules.players)
    count = max(sides) + 1
    tables: list[tuple[HandOutcome, list[int]]] = []
    points: list[tuple[int, int]] = []
    for mine in sides_of_a(deal, count):
        seats = tuple((a if sides[s] in mine else b)[sides[:s].count(sides[s])]
                      for s in range(rules.players))
        out = play_hand(rules, deal, seats, seed=seed, honesty_every=honesty_every,
                        keep_record=keep)
        # One score per side (per seat at 3 players, each seat its own side when the hand
        # starts, §5.2): the same index either way.
        points.append((sum(out.scores[t] for t in range(count) if t in mine),
                       sum(out.scores[t] for t in range(count) if t not in mine)))
        a_seats = [s for s in range(rules.players) if sides[s] in mine]
        tables.append((out, a_seats))
    return DealResult(
        deal=deal, first=points[0], second=points[1],
        illegal=sum(t.illegal for t, _ in tables),
        honesty_checks=sum(t.honesty_checks for t, _ in tables),
        honesty_failures=sum(t.honesty_failures for t, _ in tables),
        honesty_unchecked=sum(t.honesty_unchecked for t, _ in tables),
        seconds_a=sum(t.seconds[s] for t, seats in tables for s in seats),
        seconds_b=sum(t.seconds[s] for t, seats in tables for s in range(rules.players)
                      if s not in seats),
        decisions=sum(t.decisions for t, _ in tables),
        records=tuple(t.record for t, _ in tables if t.record is not None),
        divisor=count, sides=count)


def sides_of_a(deal: int, count: int) -> tuple[frozenset[int], frozenset[int]]:
    """The sides A plays at the deal's first table and at its second (B the others): the
    second table is the first's complement, so each side's cards are played once by each
    bot.  With two sides A starts on side 0 (seats 0 and 2 at four players); with three
    (3 or 6 players) A plays one side alone at the first table, against two sides of B,
    and the two others at the second, and the lone side turns with the deal number, so
    that over every three deals each side is the lone one once."""
    every = frozenset(range(count))
    first = frozenset({0}) if count == 2 else frozenset({deal % count})
    return first, every - first


def _play_deal_40(rules: RuleSet, bot_a: str, bot_b: str, deal: int, seed: int,
                  honesty_every: int, keep: bool) -> DealResult:
    """A Scala 40 deal at both tables: A in the even seats then in the odd ones."""
    a = side(bot_a)
    b = side(bot_b)
    n = rules.players
    first_seats = tuple(a[(s // 2) % 2] if s % 2 == 0 else b[(s // 2) % 2] for s in range(n))
    second_seats = tuple(b[(s // 2) % 2] if s % 2 == 0 else a[(s // 2) % 2] for s in range(n))
    tables: list[tuple[HandOutcome, list[int]]] = []
    points: list[tuple[int, int]] = []
    closes = [0, 0]
    for k, seats in enumerate((first_seats, second_seats)):
        out = play_hand(rules, deal, seats, seed=seed, honesty_every=honesty_every,
                        keep_record=keep)
        a_seats = [s for s in range(n) if (s % 2 == 0) == (k == 0)]
        total_a = -sum(out.scores[s] for s in a_seats)
        total_b = -sum(out.scores[s] for s in range(n) if s not in a_seats)
        points.append((total_a, total_b))
        if out.closed_by is not None:
            closes[0 if out.closed_by in a_seats else 1] += 1
        tables.append((out, a_seats))
    return DealResult(
        deal=deal, first=points[0], second=points[1],
        illegal=sum(t.illegal for t, _ in tables),
        honesty_checks=sum(t.honesty_checks for t, _ in tables),
        honesty_failures=sum(t.honesty_failures for t, _ in tables),
        honesty_unchecked=sum(t.honesty_unchecked for t, _ in tables),
        seconds_a=sum(t.seconds[s] for t, seats in tables for s in seats),
        seconds_b=sum(t.seconds[s] for t, seats in tables for s in range(n) if s not in seats),
        decisions=sum(t.decisions for t, _ in tables),
        records=tuple(t.record for t, _ in tables if t.record is not None),
        divisor=n, closes=(closes[0], closes[1]), scala40=True)


def arena_rules(preset_name: str, players: int | None = None) -> RuleSet:
    """The preset, with ``players`` seats if given (Scala 40: 2 to 6)."""
    rules = preset(preset_name)
    if players is not None and players != rules.players:
        rules = build_ruleset(rules, {"players": players})
    return rules


def check_rules(preset_name: str, players: int | None = None) -> RuleSet:
    """The match's rules: Scala 40 at 2 to 6 players, Burraco or Buraco at every player count
    the rules allow (2, 3, 4 and 6 for Burraco, §5)."""
    rules = arena_rules(preset_name, players)
    if rules.game not in ("burraco", "buraco", "scala40"):
        raise ValueError(f"the arena's bots play Burraco, Buraco or Scala 40; preset "
                         f"{preset_name!r} is {rules.game}")
    return rules


def run_match(bot_a: str, bot_b: str, *, deals: int, preset_name: str = "fibur",
              first_deal: int = 1, seed: int = 0, jobs: int | None = None,
              honesty_every: int = 10, early_stop: bool = False, min_deals: int = 20,
              sprt: Sprt | None = None, records: Path | None = None,
              players: int | None = None,
              progress: Callable[[DealResult], None] | None = None) -> MatchReport:
    """Play ``deals`` duplicate deals (seeds ``first_deal`` on) between two bot specs; with
    ``early_stop``, until ``sprt`` (default :class:`Sprt`) decides."""
    rules = check_rules(preset_name, players)
    for spec in (*side(bot_a), *side(bot_b)):
        make_bot(spec, 0, rules)  # refuse an unknown bot or setting before any worker starts
    report = MatchReport(bot_a, bot_b, preset_name,
                         sprt=(sprt or Sprt()) if early_stop else None)
    test = SprtRun(report.sprt) if report.sprt is not None else None
    jobs = jobs or os.cpu_count() or 1
    tasks: list[Task] = [(bot_a, bot_b, preset_name, first_deal + k, seed, honesty_every,
                          records is not None, players) for k in range(deals)]
    sink = None
    if records is not None:
        records.parent.mkdir(parents=True, exist_ok=True)
        sink = records.open("w", encoding="utf-8")
    try:
        for result in _results(tasks, jobs):
            report.deals.append(result)
            if sink is not None:
                for document in result.records:
                    sink.write(json.dumps(document) + "\n")
            if progress is not None:
                progress(result)
            if test is not None:
                test.add(result.diff)
                if test.count >= min_deals and test.verdict is not None:
                    report.stopped_early = len(report.deals) < deals
                    break
    finally:
        if sink is not None:
            sink.close()
    report.deals.sort(key=lambda d: d.deal)
    return report


def _results(tasks: list[Task], jobs: int) -> Iterator[DealResult]:
    if jobs <= 1:
        for task in tasks:
            yield play_deal(task)
        return
    context = None if START_METHOD is None else multiprocessing.get_context(START_METHOD)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    try:
        yield from pool.map(play_deal, tasks, chunksize=1)
    finally:
        # An early stop closes this generator: drop the deals not started, let the running
        # ones finish (a half-shut pool breaks the interpreter's exit hook).
        pool.shutdown(wait=True, cancel_futures=True)
