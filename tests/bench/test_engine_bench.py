"""A smoke run of the engine benchmark: it runs and prints every figure docs/performance.md
quotes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_engine_bench_against_openspiel_without_it_says_how_to_install(tmp_path: Path) -> None:
    """OpenSpiel is an optional extra: without it ``--vs-openspiel`` says in one line how to
    install it and exits 2, no traceback.  A ``pyspiel`` that fails to import stands for the
    missing package here, whether or not it is installed."""
    (tmp_path / "pyspiel.py").write_text("raise ImportError('not installed')\n")
    path = os.pathsep.join(p for p in (str(tmp_path), os.environ.get("PYTHONPATH")) if p)
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "engine.py"), "--vs-openspiel"],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": path})
    assert out.returncode == 2
    assert out.stdout == ""
    assert len(out.stderr.splitlines()) == 1
    assert "pip install 'ramino[bench]'" in out.stderr and "Traceback" not in out.stderr


def test_engine_bench_against_openspiel_prints_both_rates_and_their_ratio() -> None:
    pytest.importorskip("pyspiel", reason="the optional bench extra (pip install 'ramino[bench]')")
    figures = figures_of("engine.py", "--vs-openspiel", "--hands", "2", "--runs", "1")
    ours = float(figures["ramino_hands_per_s"].split()[0])
    theirs = float(figures["openspiel_hands_per_s"].split()[0])
    assert ours > 0 and theirs > 0
    assert float(figures["vs_openspiel"]) == pytest.approx(ours / theirs, rel=0.02)
    assert float(figures["ramino_actions_per_s"]) > 0
    assert figures["compiled"] in ("none", "burraco")


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
