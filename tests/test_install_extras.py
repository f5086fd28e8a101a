"""The engine installs without the server stack: ``pip install ramino`` brings only the
packages ``pyproject.toml`` lists as dependencies, and everything but the table server and
the tournament commands works with those alone.

Each check runs in a fresh interpreter whose import system refuses every package that is
neither in the standard library nor among the core dependencies (and what they depend on),
as if nothing else were installed.  ``ramino serve`` and ``ramino tournament`` then say in
one line which extra to install, exit status 2."""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import ramino

ROOT = Path(__file__).resolve().parents[1]
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
EXTRA_MARKER = re.compile(r"\bextra\s*==")

# Installed as the blocked interpreter's sitecustomize: refuse every top-level module that
# is not allowed, as the import system does for a package that is not installed.
BLOCKER = """\
import importlib.abc
import sys

ALLOWED = set({allowed!r}) | set(sys.stdlib_module_names)


class NotInstalled(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if path is None and top not in ALLOWED and not top.startswith("_"):
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, NotInstalled())
"""


def requirement_name(requirement: str) -> str:
    match = NAME.match(requirement.strip())
    assert match is not None, requirement
    return match.group(0)


def top_level_modules(distribution: importlib.metadata.Distribution) -> set[str]:
    """The importable names a distribution installs (its files' first path parts)."""
    text = distribution.read_text("top_level.txt")
    if text:
        return set(text.split())
    names: set[str] = set()
    for file in distribution.files or ():
        first = file.parts[0]
        if first.endswith((".dist-info", ".data")) or first == "..":
            continue
        stem = first.split(".")[0]
        if first.endswith((".py", ".so", ".pyd")) or len(file.parts) > 1:
            names.add(stem)
    return names


def core_modules() -> set[str]:
    """The top-level modules of the core dependencies and of everything they require (their
    own optional extras left out)."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    pending = [requirement_name(r) for r in declared]
    seen: set[str] = set()
    modules: set[str] = set()
    while pending:
        name = pending.pop().lower().replace("_", "-")
        if name in seen:
            continue
        seen.add(name)
        try:
            distribution = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue  # a platform's own requirement (colorama on Windows)
        modules |= top_level_modules(distribution)
        pending += [requirement_name(r) for r in distribution.requires or ()
                    if not EXTRA_MARKER.search(r)]
    return modules


@pytest.fixture(scope="module")
def blocked_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    site = tmp_path_factory.mktemp("core-only")
    allowed = sorted(core_modules() | {"ramino", "sitecustomize"})
    (site / "sitecustomize.py").write_text(BLOCKER.format(allowed=allowed), encoding="utf-8")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "src")]),
            "COLUMNS": "100"}


def run(env: dict[str, str], *args: str, stdin: str = "",
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=300, check=False)


def test_the_blocker_refuses_what_the_core_does_not_require(
        blocked_env: dict[str, str]) -> None:
    for module in ("fastapi", "sqlalchemy", "babel", "networkx", "jinja2", "numpy"):
        result = run(blocked_env, "-c", f"import {module}")
        assert result.returncode == 1 and "ModuleNotFoundError" in result.stderr, module
    assert run(blocked_env, "-c", "import typer, rich").returncode == 0


def test_the_engine_bots_and_records_need_only_the_core(blocked_env: dict[str, str]) -> None:
    script = """
import json
import ramino

results = {}
for name in ("fibur", "fisca", "buraco-fechado"):
    state = ramino.new_hand(ramino.preset(name), seed=7)
    bot = ramino.make_bot("greedy" if name == "fibur" else "random", seed=1)
    steps = 0
    while not state.is_over and steps < 5000:
        seat = state.current
        state.apply_move(bot.choose(state.observation(seat), state.legal_actions()))
        steps += 1
    results[name] = state.is_over
print(json.dumps({"version": ramino.__version__, "over": results}))
"""
    result = run(blocked_env, "-c", script)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report == {"version": ramino.__version__,
                      "over": {"fibur": True, "fisca": True, "buraco-fechado": True}}


def test_the_terminal_commands_need_only_the_core(blocked_env: dict[str, str],
                                                  tmp_path: Path) -> None:
    for args in (["--version"], ["--help"], ["play", "--help"], ["rules"], ["rules", "fibur"]):
        result = run(blocked_env, "-m", "ramino", *args)
        assert result.returncode == 0, (args, result.stderr)
    record = tmp_path / "hand.json"
    played = run(blocked_env, "-m", "ramino", "play", "--seed", "4", "--out", str(record),
                 stdin="draw\nquit\n")
    assert played.returncode in (0, 1), played.stderr
    replayed = run(blocked_env, "-m", "ramino", "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    arena = run(blocked_env, "-m", "ramino", "arena", "random", "greedy", "--deals", "2",
                "--jobs", "1", "--json")
    assert arena.returncode == 0, arena.stderr
    assert json.loads(arena.stdout)


@pytest.mark.parametrize("args", [["serve"], ["serve", "--port", "1"], ["tournament"],
                                  ["tournament", "new", "--help"]])
def test_server_commands_name_the_extra_in_one_line(blocked_env: dict[str, str],
                                                    args: list[str]) -> None:
    result = run(blocked_env, "-m", "ramino", *args)
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"ramino {args[0]} needs the server extra (")
    assert lines[0].endswith("pip install 'ramino[server]'")
