"""How a score sheet is shown in the terminal: a hand's breakdown, the running sheet and the
standing (``ramino score``, ``ramino play``, and ``ramino replay`` of a results record), in the
player's language (:mod:`ramino.cli.words`)."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ramino.cli.core import say
from ramino.cli.words import term, tr
from ramino.scoresheet import HandScore, Sheet

PARTS = ("table", "burraco", "closing", "hand", "pozzetto")


def part_name(part: str, game: str) -> str:
    """A breakdown part's column (§2.10), the game's terms in its own words."""
    return {"table": tr("in tavola"), "burraco": term("burraco", game),
            "closing": tr("chiusura"), "hand": tr("in mano"),
            "pozzetto": term("pozzetto", game)}[part]


def end_name(end: str) -> str:
    """How a hand ended, in words."""
    return {"closed": tr("chiusura"), "stock": tr("tallone finito"), "stallo": tr("stallo"),
            "timeout": tr("tempo scaduto")}.get(end, end)


def goal(sheet: Sheet) -> str:
    """How the match ends: ``to 2005``, ``out at 101``, ``FIXED_HANDS_VP(3)``."""
    if sheet.is_scala40:
        return tr("eliminato a {limit}", limit=sheet.rules.elimination_limit)
    mode = sheet.format.mode
    return tr("a {target}", target=mode.value) if mode.mode == "TARGET" else str(mode)


def describe(sheet: Sheet) -> str:
    rules = sheet.rules
    return f"{rules.preset} ({rules.game}), {goal(sheet)}; " + ", ".join(
        f"{i}: {name}" for i, name in enumerate(sheet.side_names()))


def _cell(value: object) -> Text:
    return Text("" if value is None else str(value))


def print_hand(console: Console, sheet: Sheet, index: int, result: HandScore) -> None:
    """The hand's breakdown, one row per side; three players with a solo (§5.2): the solo
    and the pair, the pair's breakdown once and what each of its players scores."""
    table = Table(title=_cell(tr("Mano {n} ({end})", n=index + 1, end=end_name(result.end))))
    table.add_column(tr("lato"))
    names = sheet.side_names()
    if sheet.is_scala40:
        table.add_column(tr("penalità"), justify="right")
        for side, points in zip(result.sides, result.scores, strict=True):
            table.add_row(_cell(names[side]), _cell(points))
        console.print(table)
        return
    for part in PARTS:  # the breakdown's parts, named in the game's words
        table.add_column(part_name(part, sheet.rules.game), justify="right")
    table.add_column(tr("punteggio"), justify="right")
    paired = any(len(column.sides) == 2 for column in result.columns)
    if paired:
        table.add_column(tr("a testa"), justify="right")
    for column in result.columns:
        who = " & ".join(names[side] for side in column.sides)
        if paired:
            who = (tr("{names} (coppia)", names=who) if len(column.sides) == 2
                   else tr("{name} (da solo)", name=who))
        table.add_row(_cell(who), *(_cell(column.parts.get(p, 0)) for p in PARTS),
                      _cell(column.total), *([_cell(column.each)] if paired else []))
    console.print(table)


def print_sheet(console: Console, sheet: Sheet) -> None:
    """The running sheet: each hand's scores and the totals, then the standing."""
    view = sheet.view()
    names = sheet.side_names()
    table = Table(title=_cell(f"{sheet.rules.preset}, {goal(sheet)}"))
    table.add_column(tr("mano"), justify="right")
    for name in names:
        table.add_column(_cell(name), justify="right")
    for hand in view["hands"]:
        cells = [""] * len(names)
        for side, points in zip(hand["sides"], hand["scores"], strict=True):
            cells[side] = f"{points:+d}"
        table.add_row(_cell(hand["number"]), *(_cell(c) for c in cells))
    standing = view["standing"]
    table.add_row(Text(tr("totale"), style="bold"),
                  *(Text(str(t), style="bold") for t in standing["totals"]))
    console.print(table)
    say(console, standing_line(sheet, standing))


def standing_line(sheet: Sheet, standing: dict[str, Any]) -> str:
    names = sheet.side_names()
    if sheet.is_scala40:
        out = [names[i] for i, gone in enumerate(standing["eliminated"]) if gone]
        nobody = tr("nessuno")
        text = tr("eliminati: {names}", names=", ".join(out) if out else nobody)
        back = [names[i] for i, can in enumerate(standing["can_reenter"]) if can]
        if back:
            text += "; " + tr("possono rientrare: {names}", names=", ".join(back))
    else:
        text = (tr("a {target}", target=standing["target"]) if standing["target"]
                else standing["mode"])
        if standing["extra_hand"]:
            text += "; " + tr("entrambi i lati oltre il traguardo con totali uguali: "
                              "un'altra mano")
    if standing["over"]:
        winner = standing["winner"]
        result = (tr("vince {name}", name=names[winner]) if winner is not None
                  else tr("nessun vincitore"))
        return text + "; " + tr("partita finita: {result}", result=result)
    return text

