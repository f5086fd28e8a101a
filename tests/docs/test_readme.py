"""The README's front page stays true: its Python examples run, the files and documents it
links to exist, and it stays a front page (short, the two commands first)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})  # the README's own code


def test_every_linked_file_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README)
    assert "docs/rules.md" in links
    for link in links:
        assert (ROOT / link).exists(), link


def test_a_front_page_with_the_two_commands_first() -> None:
    lines = README.splitlines()
    assert len(lines) <= 160
    commands = [line for line in lines if line.startswith("./dev ")]
    assert [c.split()[1] for c in commands[:2]] == ["serve", "test"]
    assert not re.search(r"\b[0-9a-f]{7,40}\b|[Ii]ssue \d", README)
