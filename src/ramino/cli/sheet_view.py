"""How a score sheet is shown in the terminal: a hand's breakdown, the running sheet and the
standing (``ramino score``, and ``ramino replay`` of a results record)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ramino.cli.core import say
from ramino.cli.game_words import word
from ramino.scoresheet import HandScore, Sheet

PARTS = ("table", "burraco", "closing", "hand", "pozzetto", "split")


def goal(sheet: Sheet) -> str:
    """How the match ends: ``to 2005``, ``out at 101``, ``FIXED_HANDS_VP(3)``."""
    if sheet.is_scala40:
        return f"out at {sheet.rules.elimination_limit}"
    mode = sheet.format.mode
    return f"to {mode.value}" if mode.mode == "TARGET" else str(mode)


def describe(sheet: Sheet) -> str:
    rules = sheet.rules
    return f"{rules.preset} ({rules.game}), {goal(sheet)}; " + ", ".join(
        f"{i}: {name}" for i, name in enumerate(sheet.side_names()))


def _cell(value: object) -> Text:
    return Text("" if value is None else str(value))


def print_hand(console: Console, sheet: Sheet, index: int, result: HandScore) -> None:
    """The hand's breakdown, one row per side."""
    table = Table(title=_cell(f"Hand {index + 1} ({result.end})"))
    table.add_column("side")
    names = sheet.side_names()
    if sheet.is_scala40:
        table.add_column("penalty", justify="right")
        for side, points in zip(result.sides, result.scores, strict=True):
            table.add_row(_cell(names[side]), _cell(points))
    else:
        used = [p for p in PARTS if any(p in b for b in result.breakdown)]
        for part in used:  # the breakdown's parts, named in the game's words
            table.add_column(word(sheet.rules.game, part), justify="right")
        table.add_column("score", justify="right")
        for side, parts, points in zip(result.sides, result.breakdown, result.scores,
                                       strict=True):
            table.add_row(_cell(names[side]), *(_cell(parts.get(p, 0)) for p in used),
                          _cell(points))
    console.print(table)


def print_sheet(console: Console, sheet: Sheet) -> None:
    """The running sheet: each hand's scores and the totals, then the standing."""
    view = sheet.view()
    names = sheet.side_names()
    table = Table(title=_cell(f"{sheet.rules.preset}, {goal(sheet)}"))
    table.add_column("hand", justify="right")
    for name in names:
        table.add_column(_cell(name), justify="right")
    for hand in view["hands"]:
        cells = [""] * len(names)
        for side, points in zip(hand["sides"], hand["scores"], strict=True):
            cells[side] = f"{points:+d}"
        table.add_row(_cell(hand["number"]), *(_cell(c) for c in cells))
    standing = view["standing"]
    table.add_row(Text("total", style="bold"),
                  *(Text(str(t), style="bold") for t in standing["totals"]))
    console.print(table)
    say(console, standing_line(sheet, standing))


def standing_line(sheet: Sheet, standing: dict[str, Any]) -> str:
    names = sheet.side_names()
    if sheet.is_scala40:
        out = [names[i] for i, gone in enumerate(standing["eliminated"]) if gone]
        text = "out: " + (", ".join(out) if out else "nobody")
        back = [names[i] for i, can in enumerate(standing["can_reenter"]) if can]
        if back:
            text += "; may re-enter: " + ", ".join(back)
    else:
        text = f"to {standing['target']}" if standing["target"] else standing["mode"]
        if standing["extra_hand"]:
            text += "; both sides past the target with equal totals: one more hand"
    if standing["over"]:
        winner = standing["winner"]
        return text + ("; match over: " + (f"{names[winner]} wins" if winner is not None
                                           else "no winner"))
    return text

