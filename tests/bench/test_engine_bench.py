"""A smoke run of the engine benchmark: it runs and prints every figure docs/performance.md
quotes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_bench_prints_every_figure() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "engine.py"), "--hands", "3",
                          "--runs", "1"], capture_output=True, text=True, check=True, timeout=120)
    figures = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    for name in ("hands_per_s", "actions_per_s", "legal_actions_us", "apply_us", "clone_us",
                 "new_hand_us", "peak_mb", "scala40_4p_hands_per_s", "scala40_4p_vs_burraco_4p"):
        assert float(figures[name]) > 0, name
    # Which engines ran compiled: none here (this test runs the pure package, unless the suite
    # itself runs on the compiled overlay).
    assert set(figures["compiled"].split()) <= {"none", "burraco", "scala40"}


def figures_of(script: str, *args: str) -> dict[str, str]:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args],
                         capture_output=True, text=True, check=True, timeout=300)
    return dict(line.split(": ", 1) for line in out.stdout.splitlines())


def test_bot_bench_prints_a_median_and_p99_per_bot() -> None:
    figures = figures_of("bots.py", "--hands", "1", "--bots", "greedy",
                         "search:samples=1,extra=0,horizon=2")
    for name in ("greedy", "search_samples1_extra0_horizon2"):
        assert int(figures[f"{name}_decisions"]) > 20, name
        assert 0 < float(figures[f"{name}_median_ms"]) <= float(figures[f"{name}_p99_ms"])


def test_solver_bench_prints_its_percentiles() -> None:
    figures = figures_of("solver.py", "--small", "5", "--large", "2")
    assert any(name.endswith("_p99_ms") for name in figures)
    assert all(float(value) > 0 for name, value in figures.items() if name.endswith("_ms"))


def test_page_weight_bench_counts_the_table_page_under_its_budget() -> None:
    figures = figures_of("page_weight.py")
    js, css = int(figures["table_js_bytes"]), int(figures["table_css_bytes"])
    # The module graph: main.js and the modules it imports, i18n.js and cards.js among them.
    assert int(figures["files"]) >= 10 and js > 20_000 and css > 5_000
    assert js + css == int(figures["table_total_bytes"]) < int(figures["budget_bytes"])
    assert figures["under_budget"] == "yes"
