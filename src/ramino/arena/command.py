"""``ramino arena``: the command behind the CLI entry (Rich progress bar and tables)."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ramino.arena.duplicate import DealResult, check_rules, run_match, side
from ramino.arena.ladder import LADDER, default_ladder, run_ladder, write_ladder
from ramino.arena.sprt import Sprt
from ramino.bots.registry import make_bot
from ramino.errors import RulesError
from ramino.games.burraco.seating import initial_sides
from ramino.rules import preset


def arena(bots: list[str], *, deals: int, preset_name: str,
          ladder: bool, jobs: int | None, seed: int, first_deal: int, early_stop: bool,
          honesty_every: int, records: Path | None, out: Path, as_json: bool,
          players: int | None = None, extra: list[str] | None = None,
          sprt: Sprt | None = None) -> int:
    """Run a duplicate match (or the ladder) and print the report; the exit status is 1 when
    a bot made an illegal action or failed the honesty replay.  A bad argument raises
    ``ValueError`` naming its option before any deal is played.  ``extra`` are the ``--bot``
    specs: before ``bots`` in a match (``--bot mine greedy``: A is mine), added to the
    (default) ladder with ``--ladder``."""
    extra = list(extra or [])
    check_specs(extra, "--bot")
    bots = [*(bots or default_ladder()), *extra] if ladder else [*extra, *bots]
    check_arguments(bots, deals=deals, preset_name=preset_name, ladder=ladder, jobs=jobs,
                    first_deal=first_deal, honesty_every=honesty_every, records=records,
                    out=out, players=players, given_by_option=frozenset(extra))
    console = Console(highlight=False)
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=console, transient=True,
                        disable=as_json)
    with progress:
        if ladder:
            pairs = len(bots) * (len(bots) - 1) // 2
            task = progress.add_task("ladder", total=deals * pairs)

            def tick(_: DealResult) -> None:
                progress.advance(task)

            result = run_ladder(bots, deals=deals, preset_name=preset_name, jobs=jobs,
                                honesty_every=honesty_every, players=players, progress=tick)
            files = write_ladder(result, out)
            summaries = result.matches
        else:
            bot_a, bot_b = bots
            task = progress.add_task(f"{bot_a} vs {bot_b}", total=deals)

            def tick(_: DealResult) -> None:
                progress.advance(task)

            report = run_match(bot_a, bot_b, deals=deals, preset_name=preset_name, jobs=jobs,
                               seed=seed, first_deal=first_deal, early_stop=early_stop,
                               honesty_every=honesty_every, records=records, players=players,
                               sprt=sprt, progress=tick)
            summaries = [report.summary()]
            files = [records] if records is not None else []
    if as_json:
        payload: dict[str, Any] = {"matches": summaries}
        if ladder:
            payload["ratings"] = result.ratings
        print(json.dumps(payload, indent=2))
    else:
        console.print(report_table(summaries, preset_name, players))
        illegal = sum(m["illegal_actions"] for m in summaries)
        failures = sum(m["honesty_failures"] for m in summaries)
        checks = sum(m["honesty_checks"] for m in summaries)
        unchecked = sum(m["honesty_unchecked"] for m in summaries)
        console.print(f"illegal actions: {illegal}; honesty failures: {failures} "
                      f"of {checks} replays")
        if unchecked:
            console.print(f"honesty not checked at {unchecked} decisions: a bot that cannot "
                          "be copied (honesty_checkable = False)")
        for m in summaries:
            if m.get("sprt"):
                console.print(sprt_line(m["sprt"], m["deals"], m["stopped_early"]))
        if ladder:
            for name, elo in sorted(result.ratings.items(), key=lambda kv: -kv[1]):
                console.print(f"{name}: Elo {elo:.0f}")
        for path in files:
            console.print(f"wrote {path}")
    bad = sum(m["illegal_actions"] + m["honesty_failures"] for m in summaries)
    return 1 if bad else 0


def sprt_line(test: dict[str, Any], deals: int, stopped: bool) -> str:
    """The early stop's test in one line: hypotheses, error rates, LLR and bounds, verdict."""
    verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[test["verdict"]]
    return (f"SPRT H0 {test['h0']:+g} vs H1 {test['h1']:+g} points/hand, alpha {test['alpha']:g}"
            f" beta {test['beta']:g}: LLR {test['llr']:+.2f} in [{test['lower']:+.2f}, "
            f"{test['upper']:+.2f}], {verdict} after {deals} deals"
            + (" (stopped early)" if stopped else ""))


def check_specs(specs: list[str], option: str) -> None:
    """Refuse an empty spec, naming ``option``; what a spec names is checked with the rules."""
    for spec in specs:
        if not spec.strip():
            raise ValueError(f"{option}: an empty bot spec")


def check_arguments(bots: list[str], *, deals: int, preset_name: str, ladder: bool,
                    jobs: int | None, first_deal: int, honesty_every: int,
                    records: Path | None, out: Path, players: int | None,
                    given_by_option: frozenset[str] = frozenset()) -> None:
    """Refuse a bad argument, naming its option, before anything is played or written
    (``given_by_option``: the specs given with ``--bot``, the others are arguments)."""
    if ladder and len(bots) == 1:
        raise ValueError("a ladder needs two bots or more (none: the default ladder "
                         f"{', '.join(LADDER)})")
    if not ladder and len(bots) != 2:
        raise ValueError(f"arena needs two bots, A then B (e.g. ramino arena expert greedy), "
                         f"not {len(bots)}; or --ladder with any number")
    if deals < 1:
        raise ValueError(f"--deals must be 1 or more, not {deals}")
    if jobs is not None and jobs < 1:
        raise ValueError(f"--jobs must be 1 or more, not {jobs}")
    if first_deal < 0:
        raise ValueError(f"--first-deal must be 0 or more (a deal's seed), not {first_deal}")
    if honesty_every < 0:
        raise ValueError(f"--honesty-every must be 0 (no replay) or more, not {honesty_every}")
    try:
        preset(preset_name)
    except RulesError as exc:
        raise ValueError(f"--preset: {exc}") from None
    try:
        rules = check_rules(preset_name, players)
    except RulesError as exc:
        raise ValueError(f"--players {players}: {exc}") from None
    except ValueError as exc:
        raise ValueError(f"--preset: {exc}") from None
    solo = rules.game != "scala40" and max(Counter(initial_sides(rules.players)).values()) == 1
    for spec in bots:
        if solo and "+" in spec:
            raise ValueError(f"--players {rules.players}: each side is one seat, so {spec!r} "
                             "cannot seat two partners")
        where = "--bot" if spec in given_by_option else "bot"
        for name in side(spec):
            try:
                make_bot(name, 0, rules)  # an unknown bot or setting, named by the registry
            except Exception as exc:  # a third-party factory may raise anything
                raise ValueError(f"{where} {spec}: {exc}") from None
    if records is not None:
        _check_writable("--records", records)
    if ladder:
        _check_writable("--out", out / "ladder.md")


def _check_writable(option: str, path: Path) -> None:
    """``path`` can be created (or overwritten) as a file: it is no directory, and its
    nearest existing folder is a writable directory."""
    if path.is_dir():
        raise ValueError(f"{option}: {path} is a directory, not a file")
    folder = path.parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir():
        raise ValueError(f"{option}: {folder} is a file, not a folder")
    if not os.access(folder, os.W_OK):
        raise ValueError(f"{option}: cannot write in {folder}")


def report_table(summaries: list[dict[str, Any]], preset_name: str,
                 players: int | None) -> Table:
    """One row per match.  It fits 80 columns whole: the figures never wrap (the interval
    least of all), the bots' names fold; the illegal-action and honesty counts are the line
    under it."""
    seats = "" if players is None else f", {players} players"
    table = Table(title=f"duplicate deals, preset {preset_name}{seats}", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False)
    # Scala 40 has no VP: who closed and the penalty points each bot paid instead.
    scala40 = bool(summaries) and "closes_a" in summaries[0]
    middle = (("closes\nA/B", "penalty/hand\nA/B") if scala40 else ("match\nwins A", "VP A"))
    table.add_column("A", overflow="fold")
    table.add_column("B", overflow="fold")
    for header in ("deals", "A−B\n/ hand", "95% CI", *middle):
        table.add_column(header, justify="right", no_wrap=True)
    for m in summaries:
        if scala40:
            cells = (f"{m['closes_a']:.2f}/{m['closes_b']:.2f}",
                     f"{m['penalty_per_hand_a']:.1f}/{m['penalty_per_hand_b']:.1f}")
        else:
            cells = (_number(m["match_win_rate"], ".2f"), _number(m["vp_a"], ".1f"))
        table.add_row(m["bot_a"], m["bot_b"], str(m["deals"]),
                      f"{m['mean_diff_per_hand']:+.1f}",
                      f"[{m['ci95_low']:+.1f}, {m['ci95_high']:+.1f}]", *cells)
    return table


def _number(value: float | None, spec: str) -> str:
    return "–" if value is None else format(value, spec)
