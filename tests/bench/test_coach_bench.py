"""A smoke run of the coach part of bench/bots.py: it prints every figure docs/coach.md quotes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_coach_bench_prints_every_figure() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "bots.py"), "--bots", "--coach",
                          "--coach-hands", "1", "--coach-every", "12", "--coach-seconds",
                          "0.01", "--coach-presets", "fisca"],
                         capture_output=True, text=True, check=True, timeout=300)
    figures = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    assert figures["coach_compiled"] in ("0", "1")
    for name in ("hint", "review_decision"):
        assert int(figures[f"coach_fisca_{name}_count"]) > 0
        for stat in ("median", "p99"):
            assert float(figures[f"coach_fisca_{name}_{stat}_ms"]) > 0
    assert float(figures["coach_fisca_review_hand_p99_s"]) > 0
