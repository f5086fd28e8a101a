"""A smoke run of the Scala 40 benchmark: it runs and prints every figure docs/scala40.md
quotes (the rate comparison with 4-player Burraco among them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_scala40_bench_prints_every_figure() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "scala40.py"), "--hands", "2",
                          "--runs", "1", "--players", "2,4"], capture_output=True, text=True,
                         check=True, timeout=300)
    figures = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    for name in ("scala40_2p_hands_per_s", "scala40_4p_hands_per_s",
                 "scala40_4p_actions_per_hand", "burraco_4p_hands_per_s",
                 "scala40_4p_vs_burraco_4p", "legal_actions_us"):
        assert float(figures[name]) > 0, name
