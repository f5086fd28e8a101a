"""``ramino arena``: the command behind the CLI entry (Rich progress bar and tables)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ramino.arena.duplicate import DealResult, run_match
from ramino.arena.ladder import LADDER, run_ladder, write_ladder


def arena(bots: list[str], *, deals: int, preset_name: str,
          ladder: bool, jobs: int | None, seed: int, first_deal: int, early_stop: bool,
          honesty_every: int, records: Path | None, out: Path, as_json: bool,
          players: int | None = None) -> int:
    """Run a duplicate match (or the ladder) and print the report; the exit status is 1 when
    a bot made an illegal action or failed the honesty replay."""
    console = Console(highlight=False)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=True,
                        disable=as_json)
    with progress:
        if ladder:
            if len(bots) == 1:
                console.print("a ladder needs two bots or more (none: the default ladder "
                              f"{', '.join(LADDER)})")
                return 2
            bots = bots or list(LADDER)
            pairs = len(bots) * (len(bots) - 1) // 2
            task = progress.add_task("ladder", total=deals * pairs)

            def tick(_: DealResult) -> None:
                progress.advance(task)

            result = run_ladder(bots, deals=deals, preset_name=preset_name, jobs=jobs,
                                honesty_every=honesty_every, players=players, progress=tick)
            files = write_ladder(result, out)
            summaries = result.matches
        else:
            if len(bots) != 2:
                console.print("arena needs two bots (e.g. ramino arena expert greedy), or "
                              "--ladder with any number")
                return 2
            bot_a, bot_b = bots
            task = progress.add_task(f"{bot_a} vs {bot_b}", total=deals)

            def tick(_: DealResult) -> None:
                progress.advance(task)

            report = run_match(bot_a, bot_b, deals=deals, preset_name=preset_name, jobs=jobs,
                               seed=seed, first_deal=first_deal, early_stop=early_stop,
                               honesty_every=honesty_every, records=records, players=players,
                               progress=tick)
            summaries = [report.summary()]
            files = [records] if records is not None else []
    if as_json:
        payload: dict[str, Any] = {"matches": summaries}
        if ladder:
            payload["ratings"] = result.ratings
        print(json.dumps(payload, indent=2))
    else:
        table = Table(title=f"duplicate deals, preset {preset_name}")
        # Scala 40 has no VP: who closed and the penalty points each bot paid instead.
        scala40 = bool(summaries) and "closes_a" in summaries[0]
        middle = (("closes A / B", "penalty per hand A / B") if scala40 else
                  ("match wins A", "VP A"))
        for col in ("A", "B", "deals", "mean A−B / hand", "95% CI", *middle,
                    "illegal", "honesty fail/checks"):
            table.add_column(col)
        for m in summaries:
            if scala40:
                cells = (f"{m['closes_a']:.2f} / {m['closes_b']:.2f}",
                         f"{m['penalty_per_hand_a']:.1f} / {m['penalty_per_hand_b']:.1f}")
            else:
                cells = (_number(m["match_win_rate"], ".2f"), _number(m["vp_a"], ".1f"))
            table.add_row(m["bot_a"], m["bot_b"], str(m["deals"]),
                          f"{m['mean_diff_per_hand']:+.1f}",
                          f"[{m['ci95_low']:+.1f}, {m['ci95_high']:+.1f}]", *cells,
                          str(m["illegal_actions"]),
                          f"{m['honesty_failures']}/{m['honesty_checks']}")
        console.print(table)
        if ladder:
            for name, elo in sorted(result.ratings.items(), key=lambda kv: -kv[1]):
                console.print(f"{name}: Elo {elo:.0f}")
        for path in files:
            console.print(f"wrote {path}")
    bad = sum(m["illegal_actions"] + m["honesty_failures"] for m in summaries)
    return 1 if bad else 0


def _number(value: float | None, spec: str) -> str:
    return "–" if value is None else format(value, spec)
