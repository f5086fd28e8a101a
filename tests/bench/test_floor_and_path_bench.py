"""Smoke runs of the benchmarks that take the server's CPU per action apart: the I/O
floor (``bench/load_floor.py``: the load generator against a server with no game) and the
action path in one process (``bench/action_path.py``: no sockets), and what a wake-up, a
thread hand-off and a commit cost on the machine (``bench/wake_costs.py``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def figures_of(*argv: str) -> dict[str, str]:
    out = subprocess.run([sys.executable, *argv], capture_output=True, text=True, check=True,
                         timeout=120)
    return dict(line.split(": ", 1) for line in out.stdout.splitlines() if ": " in line)


def test_the_floor_serves_the_load_generator_without_an_error() -> None:
    figures = figures_of(str(ROOT / "bench" / "load_floor.py"), "--tables", "3",
                         "--seconds", "2", "--interval", "0.2")
    assert int(figures["clients"]) == 12
    assert int(figures["actions"]) > 10 and int(figures["errors"]) == 0
    # A few actions cost the floor less than the kernel's 10 ms accounting tick: present,
    # a number, and not negative.
    assert float(figures["server_cpu_ms_per_action"]) >= 0


def test_the_action_path_plays_and_prints_its_cpu() -> None:
    figures = figures_of(str(ROOT / "bench" / "action_path.py"), "--tables", "3",
                         "--seconds", "1", "--interval", "0.1")
    assert int(figures["actions"]) > 10
    assert float(figures["cpu_ms_per_action"]) > 0


def test_the_wake_costs_print_every_step_and_the_action_path() -> None:
    figures = figures_of(str(ROOT / "bench" / "wake_costs.py"), "--repeat", "20",
                         "--tables", "3", "--seconds", "1", "--intervals", "0.1,0")
    for step in ("sleep_wake_us", "loop_timer_wake_us", "thread_handoff_us", "commit_us",
                 "commit_in_thread_us"):
        assert float(figures[step]) >= 0, step
    assert float(figures["action_path_ms[0.1]"]) > 0
    assert float(figures["action_path_ms[0]"]) > 0
