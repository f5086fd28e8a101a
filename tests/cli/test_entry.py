"""How the ``ramino`` command is reached: ``ramino --version`` names the installed version
(the one ``pyproject.toml`` declares), and ``python -m ramino`` is the same command for an
environment whose scripts directory is not on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from typer.testing import CliRunner

import ramino
from ramino.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_the_declared_one() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert ramino.__version__ == declared


def test_version_option_prints_name_and_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"ramino {ramino.__version__}\n"


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-m", "ramino", *args], capture_output=True,
                          text=True, env=env, timeout=120, check=False)


def test_python_dash_m_runs_the_same_command() -> None:
    version = run_module("--version")
    assert (version.returncode, version.stdout) == (0, f"ramino {ramino.__version__}\n")
    rules = run_module("rules")
    assert rules.returncode == 0
    assert "fibur" in rules.stdout
    assert rules.stdout == CliRunner().invoke(app, ["rules"]).output
