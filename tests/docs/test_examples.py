"""Every Python example in docs/engine.md runs as written, and every script in examples/ runs:
the first code a newcomer copies must work (the README's own examples: test_readme.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ("docs/engine.md",)
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def examples() -> list[tuple[str, int, str]]:
    found = []
    for name in DOCS:
        text = (ROOT / name).read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            line = text.count("\n", 0, match.start()) + 2
            found.append((name, line, match.group(1)))
    return found


def test_the_docs_have_examples() -> None:
    names = {name for name, _, _ in examples()}
    assert names == set(DOCS)


@pytest.mark.parametrize(("name", "line", "code"), examples(),
                         ids=[f"{n}:{line}" for n, line, _ in examples()])
def test_example_runs(name: str, line: int, code: str) -> None:
    compiled = compile("\n" * (line - 1) + code, str(ROOT / name), "exec")
    exec(compiled, {"__name__": f"example_{line}"})


def test_the_training_example_runs() -> None:
    """examples/train_reinforce.py, a few hands (bot_client.py plays a hand against a live
    server in tests/server/test_example_bot.py, bots/stdio_bot.py is rated by the arena in
    tests/arena/test_stdio_bot.py)."""
    done = subprocess.run([sys.executable, str(ROOT / "examples" / "train_reinforce.py"),
                           "--hands", "4"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
