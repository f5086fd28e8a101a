"""A smoke run of the server load benchmark: a few tables of four over real WebSockets against
a real ``ramino serve``, every figure docs/performance.md quotes printed, and no error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_load_bench_plays_and_prints_every_figure() -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), "--tables", "3",
                          "--seconds", "3", "--interval", "0.2"],
                         capture_output=True, text=True, check=True, timeout=120)
    figures = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    assert int(figures["tables"]) == 3 and int(figures["clients"]) == 12
    assert int(figures["actions"]) > 10 and int(figures["errors"]) == 0
    for name in ("latency_p50_ms", "latency_p99_ms", "server_cpu_ms_per_action",
                 "client_cpu_ms_per_action", "server_rss_mb"):
        assert float(figures[name]) > 0, name
