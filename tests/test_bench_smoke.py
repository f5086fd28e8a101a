"""A smoke run of the engine benchmark: it runs and prints every figure the README quotes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
