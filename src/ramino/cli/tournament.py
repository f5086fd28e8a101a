"""``ramino tournament …``: the tournament commands, mounted when that package provides
them.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

import typer


def _mount_tournament(root: typer.Typer) -> None:
    """Mount ``ramino tournament`` when ``ramino.tournament.cli`` exists (built separately)."""
    if importlib.util.find_spec("ramino.tournament.cli") is None:
        return
    module: Any = importlib.import_module("ramino.tournament.cli")
    root.add_typer(module.app, name="tournament")
