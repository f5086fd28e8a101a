"""The table as one seat sees it, drawn with Rich: every player's cards in hand (and clock),
the melds grouped by side with their burraco marks (pulito, semipulito, sporco: §2.6), the
pile (its top and size), the stock, the pozzetti, the last moves of the others, and the
player's own hand sorted and numbered for input.

Everything shown comes from the seat's own observation (``observation(seat)``): nothing of a
hidden hand can reach the screen.  The words are in the player's language, the game's terms
in the game's own (:mod:`ramino.cli.words`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ramino.cards import card_str, sort_for_hand
from ramino.cli.words import term, tr, trn
from ramino.games.burraco.melds import burraco_type
from ramino.games.burraco.observation import Observation as BurracoObservation
from ramino.rules import RuleSet

MARK_STYLES = {"pulito": "bold green", "semipulito": "bold yellow", "sporco": "bold red"}


def numbered_hand(hand: Sequence[int]) -> list[int]:
    """The hand in the order it is shown and numbered (1 is the first card)."""
    return sort_for_hand(hand)


def hand_line(hand: Sequence[int]) -> Text:
    """``1:3h 2:4h 3:Kd …``: the numbers the player may type instead of the cards."""
    text = Text()
    for i, card in enumerate(numbered_hand(hand), start=1):
        if i > 1:
            text.append(" ")
        text.append(f"{i}:", style="dim")
        text.append(card_str(card), style="bold")
    return text




def seats_table(observation: Any, names: Sequence[str], clocks: Sequence[str] | None,
                game: str) -> Table:
    """One row per seat of the hand: its name, side, cards in hand, clock."""
    table = Table(title=tr("Giocatori"), title_justify="left", expand=False)
    table.add_column(tr("posto"))
    table.add_column(tr("lato"), justify="right")
    table.add_column(tr("carte"), justify="right")
    penalties = getattr(observation, "penalties", None)  # Scala 40: the match so far (§6.5)
    if penalties is not None:
        table.add_column(tr("punti"), justify="right")
    if clocks is not None:
        table.add_column(tr("orologio"), justify="right")
    sides = observation.sides or tuple(range(observation.players))
    pending = getattr(observation, "pending_pozzetto_sizes", None)
    for seat in range(observation.players):
        who = Text(names[seat], style="bold" if seat == observation.current else "")
        if seat == observation.current and observation.end is None:
            who.append(" ◀ " + tr("di turno"), style="cyan")
        cards = str(observation.hand_sizes[seat])
        if pending and pending[seat]:
            cards += f" +{pending[seat]} {term('pozzetto', game)}"
        row = [who, Text(str(sides[seat])), Text(cards)]
        if penalties is not None:
            row.append(Text(str(penalties[seat])))
        if clocks is not None:
            row.append(Text(clocks[seat]))
        table.add_row(*row)
    return table


def melds_table(observation: Any, rules: RuleSet, side_names: Sequence[str]) -> Table | Text:
    """The melds on the table, grouped by the side (Scala 40: the player) that owns them."""
    if not observation.melds:
        return Text(tr("Ancora nessuna combinazione in tavola."), style="dim")
    burraco = isinstance(observation, BurracoObservation)
    table = Table(title=tr("Tavolo"), title_justify="left", expand=False)
    table.add_column(tr("lato"))
    table.add_column("#", justify="right")
    table.add_column(tr("combinazione"))
    if burraco:
        table.add_column(term("burraco", rules.game))
    for side in sorted({_owner(m) for m in observation.melds}):
        first = True
        for entry in observation.melds:
            if _owner(entry) != side:
                continue
            row = [Text(side_names[side] if first else ""), Text(str(entry.number)),
                   Text(" ".join(entry.meld.card_tokens()))]
            if burraco:
                mark = burraco_type(entry.meld, rules) or ""
                style = MARK_STYLES.get(mark, "bold magenta")
                row.append(Text(term(mark, rules.game) if mark else "", style=style))
            table.add_row(*row, end_section=False)
            first = False
        table.add_section()
    return table


def _owner(entry: Any) -> int:
    """The side that owns a Burraco meld, the seat that owns a Scala 40 meld."""
    return int(entry.side if hasattr(entry, "side") else entry.seat)


def counts_line(observation: Any, names: Sequence[str], game: str) -> Text:
    """The pile (top and size), the stock, and the pozzetti (mortos) or the opening."""
    top = card_str(observation.pile[-1]) if observation.pile else tr("nessuna")
    size = getattr(observation, "pile_size", len(observation.pile))
    burraco = isinstance(observation, BurracoObservation)
    text = Text(trn("Scarti: {n} carta, in cima ", "Scarti: {n} carte, in cima ", size)
                if burraco else
                trn("Pozzo: {n} carta, in cima ", "Pozzo: {n} carte, in cima ", size))
    text.append(top, style="bold")
    text.append("   " + trn("Tallone: {n} carta", "Tallone: {n} carte", observation.stock_size))
    if burraco:
        taken = ", ".join(tr("lato {side}: preso", side=s) if t
                          else tr("lato {side}: non ancora", side=s)
                          for s, t in enumerate(observation.pozzetto_taken))
        text.append("   " + term("Pozzetti rimasti: {n}", game,
                                     n=len(observation.pozzetti_left))
                    + f" ({taken})")
    else:
        opened = [names[s] for s, o in enumerate(observation.opened) if o]
        nobody = tr("nessuno")
        text.append("   " + tr("Hanno aperto: {names}",
                               names=", ".join(opened) if opened else nobody))
    return text


def moves_panel(moves: Sequence[str], title: str) -> Panel:
    """The others' turns, one a line, the latest last."""
    return Panel(Text("\n".join(moves)), title=title, title_align="left", expand=False)


def print_table(console: Console, observation: Any, rules: RuleSet, names: Sequence[str],
                side_names: Sequence[str], *, last_moves: Sequence[str] = (),
                clocks: Sequence[str] | None = None) -> None:
    """The whole table as ``observation.seat`` sees it, then its numbered hand."""
    parts: list[Any] = [seats_table(observation, names, clocks, rules.game),
                        melds_table(observation, rules, side_names),
                        counts_line(observation, names, rules.game)]
    if last_moves:
        parts.append(moves_panel(last_moves, tr("Dal tuo ultimo turno")))
    console.print(Group(*parts))
    console.print(Text(tr("La tua mano: ")).append_text(hand_line(observation.hand)))
