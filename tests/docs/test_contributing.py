"""The contributors' guide stays true: every file or folder it names exists, and the commands
and tests it points to are the project's own."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
PLACES = ("src/", "ramino/", "tests/", "scripts/", "bench/", "docs/", "examples/", "build/")


def named_paths() -> list[str]:
    """The `code` spans that are paths (a known top folder, or a package path)."""
    spans = re.findall(r"`([^`\s]+)`", GUIDE)
    return [s.rstrip("/") for s in spans if s.startswith(PLACES) and "<" not in s]


def test_every_named_path_exists() -> None:
    paths = named_paths()
    assert len(paths) >= 25  # the guide is a map: it names many places
    for path in paths:
        if path.startswith("build/"):
            continue  # made by ./dev, not in a checkout
        where = ROOT / "src" / path if path.startswith("ramino/") else ROOT / path
        assert where.exists(), path


def test_its_commands_are_the_dev_script_s() -> None:
    dev = (ROOT / "dev").read_text(encoding="utf-8")
    for command in set(re.findall(r"\./dev (\w+)", GUIDE)):
        assert f"  {command})" in dev or f"./dev {command}" in dev, command
    assert "README" in GUIDE and (ROOT / "README.md").exists()
