"""Smoke runs of the Scala 40 scripts behind docs/bots.md's figures: the paired screen of bot
settings (scripts/scala40_ab.py) and the seat-by-seat breakdown (scripts/scala40_seats.py)
run on two deals and print the lines the docs quote."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def run(script: str, *args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPTS / script), *args], check=True,
                          timeout=300, capture_output=True, text=True)
    return done.stdout.splitlines()


def test_the_paired_screen_prints_each_spec_and_its_difference_to_the_first() -> None:
    lines = run("scala40_ab.py", "random", "--deals", "2", "greedy", "expert")
    number = r"[+-]\d+\.\d+"
    assert re.match(rf"greedy\s+{number} \[{number}, {number}\]", lines[-2]), lines
    assert re.match(rf"expert\s+{number} \[{number}, {number}\].*vs first {number} "
                    rf"\[{number}, {number}\]", lines[-1]), lines


def test_the_seat_breakdown_adds_up_to_the_seats() -> None:
    lines = run("scala40_seats.py", "greedy", "random", "--deals", "2")
    head = next(line for line in lines if line.startswith("8 seats;"))
    assert "A unopened" in head and "B unopened" in head
    groups = [line for line in lines if "adds" in line]
    counts = [re.search(r"(\d+) seats", line) for line in groups]
    assert sum(int(m.group(1)) for m in counts if m) == 8, groups
