"""``ramino play`` in a real terminal: tmux runs it, keys are typed with ``send-keys`` and the
screen is read with ``capture-pane``, as a person at the keyboard would see it.  A short
match (one hand, greedy bots, a small coach budget): a few turns, a hint, then the whole hand
drawn and discarded to its end and the score sheet read off the screen."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import ramino

TMUX = shutil.which("tmux")
WIDTH, HEIGHT = 120, 50


class Terminal:
    """A tmux server of its own (its own socket) running one program in a fixed-size
    window."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        assert TMUX is not None, "tmux is needed (./dev installs it)"
        self.socket = f"ramino-test-{uuid.uuid4().hex[:8]}"
        self.base = [TMUX, "-L", self.socket]
        exports = [f"{k}={v}" for k, v in env.items()]
        subprocess.run([*self.base, "-f", "/dev/null", "new-session", "-d", "-x", str(WIDTH),
                        "-y", str(HEIGHT), "env", *exports, *command], check=True)
        subprocess.run([*self.base, "set-option", "-g", "remain-on-exit", "on"], check=True)

    def screen(self) -> str:
        return subprocess.run([*self.base, "capture-pane", "-p", "-J", "-S", "-"],
                              check=True, capture_output=True, text=True).stdout

    def last_line(self) -> str:
        lines = [line for line in self.screen().splitlines() if line.strip()]
        return lines[-1] if lines else ""

    def type(self, text: str) -> None:
        subprocess.run([*self.base, "send-keys", "-l", text], check=True)
        subprocess.run([*self.base, "send-keys", "Enter"], check=True)

    def wait(self, shown: Callable[[str], bool], what: str, limit: float = 60.0) -> str:
        """The screen once ``shown`` holds of it (``limit`` only bounds a failing test)."""
        end = time.monotonic() + limit
        while True:
            screen = self.screen()
            if shown(screen):
                return screen
            assert time.monotonic() < end, f"no {what} on the terminal:\n{screen[-3000:]}"
            time.sleep(0.05)

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], check=False, capture_output=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[[list[str]], Terminal]]:
    opened: list[Terminal] = []
    source = Path(ramino.__file__).resolve().parents[1]
    env = {"PYTHONPATH": os.pathsep.join([str(source), os.environ.get("PYTHONPATH", "")]),
           "TERM": "xterm-256color", "HOME": str(tmp_path), "PATH": os.environ["PATH"]}

    def start(args: list[str]) -> Terminal:
        term = Terminal([sys.executable, "-m", "ramino", *args], env)
        opened.append(term)
        return term

    yield start
    for term in opened:
        term.close()


def _last(screen: str) -> str:
    lines = [line for line in screen.splitlines() if line.strip()]
    return lines[-1] if lines else ""


def _prompt(kind: str) -> Callable[[str], bool]:
    """The player's prompt is the last line on the screen, asking for ``kind`` moves."""
    return lambda screen: _last(screen).startswith("your move (" + kind)


def _after(count: int, marker: str) -> Callable[[str], bool]:
    return lambda screen: screen.count(marker) > count


def test_a_hand_in_a_real_terminal_with_a_hint_and_the_score_sheet(
        terminal: Callable[[list[str]], Terminal], tmp_path: Path) -> None:
    out = tmp_path / "hand.json"
    term = terminal(["play", "--seed", "21", "--bots-seed", "5", "--bots", "greedy",
                     "--hands", "1", "--coach-seconds", "0.05", "--clock", "5",
                     "--out", str(out)])
    screen = term.wait(_prompt("draw"), "the first prompt")
    assert "Players" in screen and "Your hand: 1:" in screen and "Pozzetti left: 2" in screen
    assert "5:00" in screen  # the clocks (the bots have not played yet)
    hints = screen.count("hint: ")
    term.type("hint")
    screen = term.wait(_after(hints, "hint: "), "a hint")
    assert "  why: " in screen
    turns = 0
    while True:
        turns += 1
        term.type("draw")
        term.wait(lambda s: _prompt("")(s) and "discard" in _last(s),
                  "the prompt after the draw")
        term.type("discard 1")
        screen = term.wait(lambda s: _prompt("draw")(s) or "'review'" in _last(s),
                           "the next turn or the hand's end")
        if "'review'" in _last(screen):
            break
        assert turns < 60, "the hand never ended"
    assert "total" in screen and "to 2005" in screen  # the running score sheet
    term.type("review")
    screen = term.wait(lambda s: "Review of your play" in s and "'review'" in _last(s),
                       "the review")
    assert "1. move " in screen and "why: " in screen
    term.type("")
    screen = term.wait(lambda s: "Record written" in s, "the end of the match")
    document = json.loads(out.read_text(encoding="utf-8"))
    assert "result" in document and document["meta"]["bots"] == "greedy"

