"""``ramino score``: the score keeper (segnapunti) in the terminal, for hands played with real
cards: each hand entered as players count it, scored by the engine, with its breakdown, the
running sheet and the end of the match (:mod:`ramino.scoresheet`).

Interactive by default: prompts per side (Burraco: burrachi by type, card points melded and
in hand, pozzetto taken, who closed; three players first who took the 18 and played solo,
then the solo and the pair, or each player, §5.2) or per player (Scala 40: who closed,
points in hand, opened).  A refused hand names the field and the rule and is entered
again.  ``--sheet FILE`` keeps the sheet in a file (read when it exists, written after every
hand); ``--no-input`` only shows it; ``--export FILE`` writes the ``ramino-record/1``
document of its hand results.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ramino.cli.core import CliError, read_file, rule_options, say
from ramino.cli.game_words import word
from ramino.cli.play import check_writable, read_command
from ramino.cli.sheet_view import describe, print_hand, print_sheet
from ramino.cli.words import speak
from ramino.records import dump_document
from ramino.rules import build_ruleset, preset
from ramino.scoresheet import (
    BurracoHand,
    HandEntry,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SheetError,
    SideCount,
    sheet_record,
)
from ramino.scoresheet.limits import burraco_types


class InputEnded(Exception):
    """Standard input ended in the middle of a hand."""


class Quit(Exception):
    """The user typed ``quit``."""


def score_command(
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset (ramino rules)")
                           ] = "fibur",
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="a rules option, NAME=VALUE (repeatable)")] = None,
    players: Annotated[str | None, typer.Option(
        help="names, one per seat in turn order, separated by commas")] = None,
    target: Annotated[int | None, typer.Option(
        help="a house target (Burraco, Buraco), e.g. 1505")] = None,
    dealer: Annotated[int | None, typer.Option(
        help="the first dealer's seat (default: the last seat)")] = None,
    sheet_file: Annotated[Path | None, typer.Option(
        "--sheet", help="the sheet's file: read if it exists, written after every hand")] = None,
    export: Annotated[Path | None, typer.Option(
        help="write the ramino-record/1 document of the sheet's hand results")] = None,
    no_input: Annotated[bool, typer.Option(
        "--no-input", help="only show the sheet (and export it); enter nothing")] = False,
) -> None:
    """Keep the score of hands played with real cards: enter each hand as you count it.

    Burraco and Buraco: per side the burrachi by type, the card points melded and left in
    hand, the pozzetto taken or not, who closed; at three players first who took the 18
    and played solo (Enter: nobody), then the solo and the pair, or each player after the
    switch to three pozzetti of 11.  Scala 40: who closed, each player's points
    in hand and whether he had opened.  The engine scores the hand for the preset and keeps
    the sheet to the target (or the elimination limit).  At a prompt: 'undo' takes back the
    last hand, 'reenter N' re-enters side N (Scala 40), 'quit' stops."""
    speak("en")  # the sheet's words (ramino.cli.sheet_view): the prompts are English
    console = Console(highlight=False)
    if export is not None:
        check_writable(export, "--export")
    if sheet_file is not None and sheet_file.exists():
        if option or players or target is not None or dealer is not None or (
                preset_name != "fibur"):
            raise CliError(f"{sheet_file} exists: its rules and players are in it (drop "
                           "--preset, --option, --players, --target, --dealer)")
        sheet = load_sheet(sheet_file)
    else:
        sheet = new_sheet(preset_name, option or [], players, target, dealer)
        if no_input and sheet_file is not None:
            raise CliError(f"--sheet {sheet_file}: no such file to show")
        if sheet_file is not None:
            check_writable(sheet_file, "--sheet")
    if no_input and export is not None and not sheet.hands:
        raise CliError("--export: the sheet has no hand yet")
    if no_input:
        print_sheet(console, sheet)
    else:
        say(console, f"Score sheet: {describe(sheet)}")
        if sheet.hands:
            print_sheet(console, sheet)
        keep_score(console, sheet, sheet_file)
    if export is not None:
        if not sheet.hands:
            say(console, f"No hand counted: {export} not written")
            return
        export.parent.mkdir(parents=True, exist_ok=True)
        export.write_text(dump_document(sheet_record(sheet)), encoding="utf-8")
        say(console, f"Record written to {export}")


def load_sheet(path: Path) -> Sheet:
    try:
        document = json.loads(read_file(path).decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CliError(f"{path}: not a JSON score sheet ({exc})") from None
    try:
        return Sheet.from_dict(document)
    except SheetError as exc:
        raise CliError(f"{path}: {exc}") from None


def new_sheet(preset_name: str, options: list[str], players: str | None, target: int | None,
              dealer: int | None) -> Sheet:
    rules = build_ruleset(preset(preset_name), rule_options(options))
    if players is None:
        names = [f"Player {i + 1}" for i in range(rules.players)]
    else:
        names = [n.strip() for n in players.split(",")]
    try:
        return Sheet.new(rules, names, target=target, dealer=dealer)
    except SheetError as exc:
        option_name = {"players": "--players", "dealer": "--dealer"}.get(exc.path.split("[")[0])
        where = option_name or ("--target" if exc.path.startswith("match") else "--option")
        raise CliError(f"{where}: {exc.reason}") from None


# --- the interactive session ---------------------------------------------------------------------


def keep_score(console: Console, sheet: Sheet, path: Path | None) -> None:
    while not sheet.over:
        number = len(sheet.hands) + 1
        dealer = sheet.players[sheet.dealers()[-1]]
        try:
            command = ask(console, f"\nHand {number} (dealer {dealer}): Enter to count it, "
                          "'undo', 'reenter N' or 'quit' > ").lower()
            if command == "quit":
                break
            if command == "undo":
                undo(console, sheet, path)
                continue
            if command.startswith("reenter"):
                reenter(console, sheet, command, path)
                continue
            if command:
                say(console, f"unknown command {command!r}")
                continue
            hand = ask_hand(console, sheet)
        except Quit:
            break
        except InputEnded:
            say(console, "\ninput ended")
            break
        try:
            result = sheet.add_hand(hand)
        except SheetError as exc:
            say(console, f"refused: {exc}; count the hand again")
            continue
        save(sheet, path)
        print_hand(console, sheet, number - 1, result)
        print_sheet(console, sheet)
    if sheet.over:
        say(console, "The match is over.")


def undo(console: Console, sheet: Sheet, path: Path | None) -> None:
    try:
        sheet.remove_last()
    except SheetError as exc:
        say(console, f"refused: {exc.reason}")
        return
    save(sheet, path)
    say(console, f"hand {len(sheet.hands) + 1} taken back")


def reenter(console: Console, sheet: Sheet, command: str, path: Path | None) -> None:
    text = command.removeprefix("reenter").strip()
    if not text.isdigit():
        say(console, "write 'reenter N', N the side's number")
        return
    try:
        sheet.reenter(int(text))
    except SheetError as exc:
        say(console, f"refused: {exc.reason}")
        return
    save(sheet, path)
    say(console, f"{sheet.side_names()[int(text)]} re-enters at "
        f"{sheet.standing().totals[int(text)]}")


def save(sheet: Sheet, path: Path | None) -> None:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_document(sheet.as_dict()), encoding="utf-8")


def ask(console: Console, prompt: str) -> str:
    text = read_command(console, prompt)
    if text is None:
        raise InputEnded
    if text.lower() == "quit":
        raise Quit
    return text


def ask_points(console: Console, prompt: str, default: int | None = None) -> int:
    while True:
        text = ask(console, prompt)
        if not text and default is not None:
            return default
        if text.isdigit() and text.isascii() and len(text) < 7:
            return int(text)
        say(console, "a whole number of points, e.g. 120")


def ask_yes(console: Console, prompt: str, default: bool | None = None) -> bool:
    while True:
        text = ask(console, prompt).lower()
        if not text and default is not None:
            return default
        if text in ("y", "yes", "s", "si", "sì"):
            return True
        if text in ("n", "no"):
            return False
        say(console, "answer y or n")


def ask_choice(console: Console, prompt: str, names: list[str], allowed: list[int]) -> int | None:
    """A number among ``allowed`` (or a name), Enter for none."""
    while True:
        text = ask(console, prompt)
        if not text:
            return None
        for i in allowed:
            if text == str(i) or text.lower() == names[i].lower():
                return i
        say(console, "one of " + ", ".join(f"{i} ({names[i]})" for i in allowed)
            + ", or Enter for nobody")


def ask_burrachi(console: Console, kinds: list[str], game: str) -> dict[str, int]:
    """How many burrachi of each type a side made, typed as pairs of type and count; a type
    is named in the game's own words (a Brazilian canastra is limpa or suja) or Burraco's."""
    shown = [word(game, kind) for kind in kinds]
    named = {**{kind: kind for kind in kinds}, **dict(zip(shown, kinds, strict=True))}
    example = f"e.g. '{shown[0]} 1 {shown[-1]} 2'"
    prompt = f"  {word(game, 'burrachi')} ({', '.join(shown)}; {example}, Enter for none) > "
    while True:
        words = ask(console, prompt).lower().replace(",", " ").split()
        counts: dict[str, int] = {}
        problem = None
        if len(words) % 2:
            problem = "pairs of type and count"
        for typed, count in zip(words[::2], words[1::2], strict=False):
            kind = named.get(typed)
            if kind is None:
                problem = (f"no {word(game, 'burraco')} type {typed!r} here "
                           f"(types: {', '.join(shown)})")
            elif not (count.isdigit() and count.isascii() and len(count) < 3):
                problem = f"{count!r}: how many, a whole number"
            else:
                counts[kind] = counts.get(kind, 0) + int(count)
        if problem is None:
            return {k: v for k, v in counts.items() if v}
        say(console, f"{problem}, {example}")


def ask_solo(console: Console, sheet: Sheet) -> tuple[int | None, list[str], list[bool | None]]:
    """Three-player Burraco (§5.2): who took the 18 and played solo (Enter: nobody), the names
    of the hand's sides (the solo, the pair; or each player) and the pozzetto each side took
    when the answer already says it (``None``: ask)."""
    players = list(sheet.players)
    if not sheet.solo_allowed():
        say(console, "everyone plays alone (three pozzetti of 11: a total has reached "
            f"{sheet.rules.three_player_switch_threshold})")
        return None, players, [None, None, None]
    solo = ask_choice(console, "who took the 18 and played solo? (" + ", ".join(
        f"{i} {n}" for i, n in enumerate(players)) + "; Enter: nobody took it) > ", players,
        [0, 1, 2])
    if solo is None:
        return None, players, [False, False, False]  # nobody took a pozzetto
    pair = " & ".join(players[s] for s in range(3) if s != solo)
    return solo, [f"{players[solo]} (solo)", f"{pair} (pair)"], [True, None]


def ask_hand(console: Console, sheet: Sheet) -> HandEntry:
    if sheet.is_scala40:
        return ask_scala40(console, sheet)
    kinds = [t.name for t in burraco_types(sheet.rules)]
    names = sheet.side_names()
    solo: int | None = None
    known: list[bool | None] = [None] * len(names)
    if sheet.rules.players == 3:
        solo, names, known = ask_solo(console, sheet)
    sides: list[SideCount] = []
    for name, told in zip(names, known, strict=True):
        say(console, f"{name}:")
        game = sheet.rules.game
        burrachi = ask_burrachi(console, kinds, game)
        melded = ask_points(console, "  card points melded > ")
        in_hand = ask_points(console, "  card points left in hand > ")
        taken = (ask_yes(console, f"  {word(game, 'pozzetto')} taken? (y/n) > ")
                 if told is None else told)
        unplayed = 0
        if taken:
            unplayed = ask_points(console, f"  points of a {word(game, 'pozzetto')} taken with "
                                           "the discard and never played [0] > ", 0)
        sides.append(SideCount(burrachi, melded, in_hand, taken, False, unplayed))
    closer = ask_choice(console, "who closed? (" + ", ".join(
        f"{i} {n}" for i, n in enumerate(names)) + "; Enter: nobody) > ", names,
        list(range(len(names))))
    end = None
    if closer is None:
        while end is None:
            text = ask(console, "how did the hand end? (stock, stallo, timeout) [stock] > ")
            end = text.lower() or "stock"
            if end not in ("stock", "stallo", "timeout"):
                say(console, "stock, stallo or timeout")
                end = None
        end = None if end == "stock" else end
    else:
        sides[closer] = SideCount(sides[closer].burrachi, sides[closer].melded,
                                  sides[closer].in_hand, sides[closer].pozzetto_taken, True,
                                  sides[closer].unplayed_pozzetto)
    return BurracoHand(tuple(sides), end, solo)


def ask_scala40(console: Console, sheet: Sheet) -> Scala40Hand:
    in_play = sheet.in_play()
    seats = [s for s, p in enumerate(in_play) if p]
    names = list(sheet.players)
    closer = ask_choice(console, "who closed? (" + ", ".join(f"{s} {names[s]}" for s in seats)
                        + "; Enter: nobody) > ", names, seats)
    in_mano = False
    if closer is not None and sheet.rules.chiusura_in_mano_allowed:
        in_mano = ask_yes(console, "chiusura in mano? (y/n) [n] > ", False)
    players: list[PlayerCount | None] = [None] * len(names)
    for seat in seats:
        if seat == closer:
            players[seat] = PlayerCount(0, True, True)
            continue
        held = ask_points(console, f"{names[seat]}: points left in hand > ")
        opened = ask_yes(console, f"{names[seat]}: had opened? (y/n) [y] > ", True)
        players[seat] = PlayerCount(held, opened, False)
    return Scala40Hand(tuple(players), in_mano)
