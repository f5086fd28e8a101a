"""``ramino rules``: the presets, or every option of one with its section of docs/rules.md.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ramino.rules import RuleSet, preset, preset_names
from ramino.rules.presets import PRESET_DESCRIPTIONS


def rules_command(
    name: Annotated[str | None, typer.Argument(help="a preset: list its options")] = None,
) -> None:
    """List the rule presets, or every option of one preset with its rules section."""
    console = Console(highlight=False)
    if name is None:
        table = Table(title="Presets (ramino rules PRESET shows the options)")
        table.add_column("preset")
        table.add_column("description")
        for key in preset_names():
            table.add_row(key, PRESET_DESCRIPTIONS.get(key, ""))
        console.print(table)
        return
    console.print(options_table(preset(name)))


def options_table(rules: RuleSet) -> Table:
    """Every option of ``rules``: its name in full on one line (the name a user types), its
    value, and below the value what it means and where docs/rules.md states it.  Two columns, so
    that the names and the wrapped meanings fit an 80-column terminal."""
    values = rules.options()
    table = Table(title=f"Preset {rules.preset}: {PRESET_DESCRIPTIONS.get(rules.preset, '')}")
    table.add_column("option", no_wrap=True)
    table.add_column("value and meaning (RULES.md §)", overflow="fold")
    for spec in rules.applicable():
        table.add_row(spec.name, Text.assemble(
            (json.dumps(values[spec.name]), "bold"), "\n",
            (f"{spec.describe} ({spec.section})", "dim")))
    return table
