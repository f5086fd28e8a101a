"""Duplicate matches between two bots (issue 4): every deal played twice with the sides
swapped, so the cards cancel out and only the play is measured.

Deals run in worker processes (every core by default); the report gives the mean point
difference per hand with a bootstrap 95% interval, the match win rate, the FIBUR VP
(RULES.md §7.1), the illegal-action and honesty-failure counts, and each bot's thinking time.
With ``early_stop`` the match stops as soon as a 99% interval excludes zero (after
``min_deals``): looking often costs confidence, so the stop uses the wider interval.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ramino.arena.play import play_hand
from ramino.arena.stats import bootstrap_ci, match_results, mean
from ramino.bots.registry import parse_spec
from ramino.rules import preset
from ramino.rules.options import RuleSet


@dataclass(frozen=True, slots=True)
class DealResult:
    deal: int
    first: tuple[int, int]    # (A, B) points, A in seats 0 and 2
    second: tuple[int, int]   # (A, B) points, A in seats 1 and 3
    illegal: int
    honesty_checks: int
    honesty_failures: int
    seconds_a: float
    seconds_b: float
    decisions: int
    records: tuple[dict[str, Any], ...] = ()

    @property
    def diff(self) -> float:
        """A's mean advantage per hand on this deal."""
        return ((self.first[0] - self.first[1]) + (self.second[0] - self.second[1])) / 2


@dataclass(slots=True)
class MatchReport:
    bot_a: str
    bot_b: str
    preset: str
    deals: list[DealResult] = field(default_factory=list)
    stopped_early: bool = False

    @property
    def diffs(self) -> list[float]:
        return [d.diff for d in self.deals]

    def summary(self, deals_per_match: int = 4) -> dict[str, Any]:
        diffs = self.diffs
        lo, hi = bootstrap_ci(diffs)
        win_rate, vp = match_results([d.first for d in self.deals],
                                     [d.second for d in self.deals], deals_per_match)
        hands = 2 * len(self.deals)
        return {
            "bot_a": self.bot_a, "bot_b": self.bot_b, "preset": self.preset,
            "deals": len(self.deals), "hands": hands,
            "mean_diff_per_hand": mean(diffs), "ci95_low": lo, "ci95_high": hi,
            # No full match played: no win rate and no VP rather than a misleading zero.
            "match_win_rate": win_rate if len(self.deals) >= deals_per_match else None,
            "matches": len(self.deals) // deals_per_match,
            "vp_a": vp if len(self.deals) >= deals_per_match else None,
            "deals_per_match": deals_per_match,
            "illegal_actions": sum(d.illegal for d in self.deals),
            "honesty_checks": sum(d.honesty_checks for d in self.deals),
            "honesty_failures": sum(d.honesty_failures for d in self.deals),
            "stopped_early": self.stopped_early,
            "seconds_per_hand_a": sum(d.seconds_a for d in self.deals) / max(1, hands),
            "seconds_per_hand_b": sum(d.seconds_b for d in self.deals) / max(1, hands),
        }


def side(spec: str) -> tuple[str, str]:
    """A side's two seats: ``expert`` for both, or ``expert+search`` for cross-play (the
    first name in the side's first seat, its partner the second)."""
    first, plus, second = spec.partition("+")
    return (first, second if plus else first)


def play_deal(args: tuple[str, str, str, int, int, int, bool]) -> DealResult:
    """One deal at both tables (a worker's job; plain arguments so that it pickles)."""
    bot_a, bot_b, preset_name, deal, seed, honesty_every, keep = args
    rules = preset(preset_name)
    a1, a2 = side(bot_a)
    b1, b2 = side(bot_b)
    first = play_hand(rules, deal, (a1, b1, a2, b2), seed=seed,
                      honesty_every=honesty_every, keep_record=keep)
    second = play_hand(rules, deal, (b1, a1, b2, a2), seed=seed,
                       honesty_every=honesty_every, keep_record=keep)
    records = tuple(r for r in (first.record, second.record) if r is not None)
    return DealResult(
        deal=deal,
        first=(first.scores[0], first.scores[1]),
        second=(second.scores[1], second.scores[0]),
        illegal=first.illegal + second.illegal,
        honesty_checks=first.honesty_checks + second.honesty_checks,
        honesty_failures=first.honesty_failures + second.honesty_failures,
        seconds_a=first.seconds[0] + first.seconds[2] + second.seconds[1] + second.seconds[3],
        seconds_b=first.seconds[1] + first.seconds[3] + second.seconds[0] + second.seconds[2],
        decisions=first.decisions + second.decisions,
        records=records)


def check_rules(preset_name: str) -> RuleSet:
    rules = preset(preset_name)
    if rules.game not in ("burraco", "buraco") or rules.players != 4:
        raise ValueError(f"the arena's bots play 4-player Burraco or Buraco in partnerships; "
                         f"preset {preset_name!r} is {rules.game} for {rules.players}")
    return rules


def run_match(bot_a: str, bot_b: str, *, deals: int, preset_name: str = "fibur",
              first_deal: int = 1, seed: int = 0, jobs: int | None = None,
              honesty_every: int = 10, early_stop: bool = False, min_deals: int = 40,
              records: Path | None = None,
              progress: Callable[[DealResult], None] | None = None) -> MatchReport:
    """Play ``deals`` duplicate deals (seeds ``first_deal`` on) between two bot specs."""
    check_rules(preset_name)
    for spec in (*side(bot_a), *side(bot_b)):
        parse_spec(spec)
    report = MatchReport(bot_a, bot_b, preset_name)
    jobs = jobs or os.cpu_count() or 1
    tasks = [(bot_a, bot_b, preset_name, first_deal + k, seed, honesty_every,
              records is not None) for k in range(deals)]
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
            if early_stop and len(report.deals) >= min_deals:
                lo, hi = bootstrap_ci(report.diffs, level=0.99)
                if lo > 0 or hi < 0:
                    report.stopped_early = len(report.deals) < deals
                    break
    finally:
        if sink is not None:
            sink.close()
    report.deals.sort(key=lambda d: d.deal)
    return report


def _results(tasks: list[tuple[str, str, str, int, int, int, bool]],
             jobs: int) -> Iterator[DealResult]:
    if jobs <= 1:
        for task in tasks:
            yield play_deal(task)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from pool.map(play_deal, tasks, chunksize=1)
    finally:
        # An early stop closes this generator: drop the deals not started, let the running
        # ones finish (a half-shut pool breaks the interpreter's exit hook).
        pool.shutdown(wait=True, cancel_futures=True)
