"""The ladder: every pair of bots in a duplicate match, rated by Bradley–Terry.

A deal counts as a game won by the side with the better two-table total (a tie is half each);
the ratings are Elo points with the field's mean at 1500.  The table is written as Markdown
and JSON, the chart as PNG and SVG when matplotlib is installed.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ramino.arena.duplicate import DealResult, MatchReport, run_match
from ramino.arena.stats import bradley_terry
from ramino.bots.external import plugin_names

LADDER = ("random", "greedy", "expert")


def default_ladder() -> list[str]:
    """The built-in ladder, then every bot installed in the ``ramino.bots`` group."""
    return [*LADDER, *(name for name in plugin_names() if name not in LADDER)]


@dataclass(frozen=True, slots=True)
class LadderResult:
    ratings: dict[str, float]
    matches: list[dict[str, Any]]

    def table(self) -> str:
        lines = ["| bot | Elo (Bradley–Terry) |", "|---|---:|"]
        for name, elo in sorted(self.ratings.items(), key=lambda kv: -kv[1]):
            lines.append(f"| {name} | {elo:.0f} |")
        lines += ["", "| A | B | deals | mean A−B per hand | 95% CI | match wins A | "
                  "VP A | illegal | honesty failures |", "|---|---|---:|---:|---|---:|---:|"
                  "---:|---:|"]
        for m in self.matches:
            lines.append(
                f"| {m['bot_a']} | {m['bot_b']} | {m['deals']} | "
                f"{m['mean_diff_per_hand']:+.1f} | [{m['ci95_low']:+.1f}, {m['ci95_high']:+.1f}]"
                f" | {_number(m['match_win_rate'], '.2f')} | {_number(m['vp_a'], '.1f')} | "
                f"{m['illegal_actions']} | "
                f"{m['honesty_failures']} |")
        return "\n".join(lines) + "\n"


def run_ladder(bots: Sequence[str], *, deals: int, preset_name: str = "fibur",
               jobs: int | None = None, honesty_every: int = 10, players: int | None = None,
               progress: Callable[[DealResult], None] | None = None) -> LadderResult:
    wins: dict[tuple[str, str], float] = {}
    summaries = []
    for a, b in itertools.combinations(bots, 2):
        report: MatchReport = run_match(a, b, deals=deals, preset_name=preset_name, jobs=jobs,
                                        honesty_every=honesty_every, players=players,
                                        progress=progress)
        for d in report.deals:
            wins[(a, b)] = wins.get((a, b), 0.0) + (1.0 if d.diff > 0 else
                                                    0.5 if d.diff == 0 else 0.0)
            wins[(b, a)] = wins.get((b, a), 0.0) + (1.0 if d.diff < 0 else
                                                    0.5 if d.diff == 0 else 0.0)
        summaries.append(report.summary())
    return LadderResult(bradley_terry(list(bots), wins), summaries)


def write_ladder(result: LadderResult, out: Path) -> list[Path]:
    """ladder.md, ladder.json and (with matplotlib) ladder.png and ladder.svg in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "ladder.md", out / "ladder.json"]
    written[0].write_text(result.table(), encoding="utf-8")
    written[1].write_text(json.dumps({"ratings": result.ratings, "matches": result.matches},
                                     indent=2), encoding="utf-8")
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return written
    names = sorted(result.ratings, key=lambda n: result.ratings[n])
    fig, ax = plt.subplots(figsize=(6, 0.6 * len(names) + 1.2))
    ax.barh(names, [result.ratings[n] - 1500 for n in names], left=1500, color="#3b7a57")
    ax.axvline(1500, color="grey", linewidth=0.8)
    ax.set_xlabel("Elo (Bradley–Terry on duplicate deals, mean 1500)")
    ax.set_title("ramino bot ladder")
    fig.tight_layout()
    for suffix in ("png", "svg"):
        path = out / f"ladder.{suffix}"
        fig.savefig(path)
        written.append(path)
    plt.close(fig)
    return written


def _number(value: float | None, spec: str) -> str:
    return "–" if value is None else format(value, spec)
