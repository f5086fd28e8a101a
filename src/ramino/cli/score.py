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

``--lang`` chooses the language of every line the session shows (:mod:`ramino.cli.words`;
the refusals as the score keeper's page words them, :mod:`ramino.cli.sheet_words`).  What the
player types is understood in every language: a command or an answer in English, Italian or
Portuguese (``undo``, ``annulla``, ``desfazer``; ``y``, ``s``, ``sim``), whatever the prompts
speak.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Final

import typer
from rich.console import Console

from ramino.cli.core import CliError, read_file, rule_options, say
from ramino.cli.game_words import type_word, word
from ramino.cli.play import check_writable, read_command
from ramino.cli.play.typed import check_language
from ramino.cli.sheet_view import describe, print_hand, print_sheet
from ramino.cli.sheet_words import refusal
from ramino.cli.words import language, speak, term, tr
from ramino.records import dump_document
from ramino.rules import build_ruleset, preset
from ramino.rules.options import Reentry
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

#: The commands and answers typed at a prompt, in each language the prompts speak (every
#: language's word is understood whatever the prompts speak).
COMMANDS: Final = {"undo": ("undo", "annulla", "desfazer"),
                   "reenter": ("reenter", "rientra", "reentrar"),
                   "quit": ("quit", "esci", "sair")}
YES: Final = ("y", "yes", "s", "si", "sì", "sim")
NO: Final = ("n", "no", "não", "nao")
ENDS: Final = {"stock": ("stock", "tallone", "monte"),
               "stallo": ("stallo", "stalemate", "empate"),
               "timeout": ("timeout", "tempo")}


def command_of(text: str) -> str | None:
    """The command a typed word is (``undo``, ``reenter``, ``quit``) in any language."""
    lowered = text.lower()
    return next((name for name, words in COMMANDS.items() if lowered in words), None)


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
    lang: Annotated[str, typer.Option(
        help="the language of the prompts, the sheet and the refusals: en, it, pt")] = "en",
) -> None:
    """Keep the score of hands played with real cards: enter each hand as you count it.

    Burraco and Buraco: per side the burrachi by type, the card points melded and left in
    hand, the pozzetto taken or not, who closed; at three players first who took the 18
    and played solo (Enter: nobody), then the solo and the pair, or each player after the
    switch to three pozzetti of 11.  Scala 40: who closed, each player's points
    in hand and whether he had opened.  The engine scores the hand for the preset and keeps
    the sheet to the target (or the elimination limit).  At a prompt: 'undo' takes back the
    last hand, 'reenter N' re-enters side N (Scala 40), 'quit' stops.  --lang it or pt:
    the prompts, the sheet and the refusals in Italian or Portuguese (the refusals as the
    score keeper's page words them); the commands and answers are understood in every
    language (annulla, rientra N, esci; desfazer, reentrar N, sair; y, s, sim)."""
    check_language(lang, server_texts=False)
    speak(lang)
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
        say(console, tr("Foglio dei punti: {sheet}", sheet=describe(sheet)))
        if sheet.hands:
            print_sheet(console, sheet)
        keep_score(console, sheet, sheet_file)
    if export is not None:
        if not sheet.hands:
            say(console, tr("Nessuna mano contata: {file} non scritto", file=export))
            return
        export.parent.mkdir(parents=True, exist_ok=True)
        export.write_text(dump_document(sheet_record(sheet)), encoding="utf-8")
        say(console, tr("Registrazione scritta in {file}", file=export))


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
        names = [tr("Giocatore {n}", n=i + 1) for i in range(rules.players)]
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
            text = ask(console, "\n" + tr("Mano {n} (mazziere {dealer}): Invio per contarla, "
                                          "'annulla', 'rientra N' o 'esci' > ", n=number,
                                          dealer=dealer))
            words = text.split()
            command = command_of(words[0]) if words else None
            if command == "undo" and len(words) == 1:
                undo(console, sheet, path)
                continue
            if command == "reenter":
                reenter(console, sheet, words[1:], path)
                continue
            if text:
                say(console, tr("comando sconosciuto {command}", command=repr(text.lower())))
                continue
            hand, names = ask_hand(console, sheet)
        except Quit:
            break
        except InputEnded:
            say(console, "\n" + tr("input finito"))
            break
        try:
            result = sheet.add_hand(hand)
        except SheetError as exc:
            say(console, tr("rifiutata: {reason}; conta di nuovo la mano",
                            reason=refusal(exc, names, sheet.rules.game).rstrip(".")))
            continue
        save(sheet, path)
        print_hand(console, sheet, number - 1, result)
        print_sheet(console, sheet)
    if sheet.over:
        say(console, tr("La partita è finita."))


def undo(console: Console, sheet: Sheet, path: Path | None) -> None:
    if not sheet.hands:
        say(console, tr("rifiutata: ") + tr("il foglio non ha ancora mani da togliere"))
        return
    sheet.remove_last()
    save(sheet, path)
    say(console, tr("mano {n} tolta", n=len(sheet.hands) + 1))


def reenter(console: Console, sheet: Sheet, words: list[str], path: Path | None) -> None:
    if len(words) != 1 or not (words[0].isdigit() and words[0].isascii()):
        say(console, tr("scrivi 'rientra N', N il numero del lato"))
        return
    side = int(words[0])
    try:
        sheet.reenter(side)
    except SheetError as exc:
        say(console, tr("rifiutata: ") + reentry_refusal(exc, sheet, side))
        return
    save(sheet, path)
    say(console, tr("{name} rientra a {total}", name=sheet.side_names()[side],
                    total=sheet.standing().totals[side]))


def reentry_refusal(error: SheetError, sheet: Sheet, side: int) -> str:
    """Why a side may not re-enter (§6.5), in the prompts' language: in English the core's
    sentence, which cites the rule."""
    if language() == "en":
        return error.reason
    if not sheet.is_scala40 or sheet.rules.reentry is Reentry.NONE:
        return tr("queste regole non hanno il rientro")
    return tr("il lato {side} non può rientrare ora: solo una volta, subito dopo "
              "l'eliminazione, finché due lati restano in gioco", side=side)


def save(sheet: Sheet, path: Path | None) -> None:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(dump_document(sheet.as_dict()), encoding="utf-8")


def ask(console: Console, prompt: str) -> str:
    text = read_command(console, prompt)
    if text is None:
        raise InputEnded
    if command_of(text) == "quit":
        raise Quit
    return text


def ask_points(console: Console, prompt: str, default: int | None = None) -> int:
    while True:
        text = ask(console, prompt)
        if not text and default is not None:
            return default
        if text.isdigit() and text.isascii() and len(text) < 7:
            return int(text)
        say(console, tr("un numero intero di punti, per esempio 120"))


def ask_yes(console: Console, prompt: str, default: bool | None = None) -> bool:
    while True:
        text = ask(console, prompt).lower()
        if not text and default is not None:
            return default
        if text in YES:
            return True
        if text in NO:
            return False
        say(console, tr("rispondi s o n"))


def ask_choice(console: Console, prompt: str, names: list[str], allowed: list[int]) -> int | None:
    """A number among ``allowed`` (or a name), Enter for none."""
    while True:
        text = ask(console, prompt)
        if not text:
            return None
        for i in allowed:
            if text == str(i) or text.lower() == names[i].lower():
                return i
        say(console, tr("uno tra {choices}, o Invio per nessuno", choices=", ".join(
            f"{i} ({names[i]})" for i in allowed)))


def type_words(kinds: list[str], game: str) -> list[str]:
    """How each burraco type is shown and typed: in English the game's own words at the table
    (a Brazilian canastra is limpa or suja, :mod:`ramino.cli.game_words`), in Italian and
    Portuguese the game's term in that language where it is one word."""
    shown = [type_word(kind, game) for kind in kinds]
    return [text if len(text.split()) == 1 else kind for text, kind in zip(shown, kinds,
                                                                           strict=True)]


def ask_burrachi(console: Console, kinds: list[str], game: str) -> dict[str, int]:
    """How many burrachi of each type a side made, typed as pairs of type and count; a type
    is named in the words the prompt shows, the game's own words (a Brazilian canastra is
    limpa or suja) or Burraco's."""
    shown = type_words(kinds, game)
    named = {**{kind: kind for kind in kinds}, **{word(game, kind): kind for kind in kinds},
             **{text.lower(): kind for text, kind in zip(shown, kinds, strict=True)}}
    example = tr("per esempio '{first} 1 {last} 2'", first=shown[0], last=shown[-1])
    prompt = "  " + term("burrachi ({types}; {example}, Invio per nessuno) > ", game,
                         types=", ".join(shown), example=example)
    while True:
        words = ask(console, prompt).lower().replace(",", " ").split()
        counts: dict[str, int] = {}
        problem = None
        if len(words) % 2:
            problem = tr("coppie di tipo e numero")
        for typed, count in zip(words[::2], words[1::2], strict=False):
            kind = named.get(typed)
            if kind is None:
                problem = term("qui non c'è un burraco {typed} (tipi: {types})", game,
                               typed=repr(typed), types=", ".join(shown))
            elif not (count.isdigit() and count.isascii() and len(count) < 3):
                problem = tr("{count}: quanti, un numero intero", count=repr(count))
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
        say(console, tr("tutti giocano da soli (tre pozzetti da 11: un totale ha raggiunto "
                        "{threshold})", threshold=sheet.rules.three_player_switch_threshold))
        return None, players, [None, None, None]
    solo = ask_choice(console, tr("chi ha preso il 18 e gioca da solo? ({players}; Invio: "
                                  "nessuno l'ha preso) > ", players=", ".join(
                                      f"{i} {n}" for i, n in enumerate(players))),
                      players, [0, 1, 2])
    if solo is None:
        return None, players, [False, False, False]  # nobody took a pozzetto
    pair = " & ".join(players[s] for s in range(3) if s != solo)
    return solo, [tr("{name} (da solo)", name=players[solo]),
                  tr("{names} (coppia)", names=pair)], [True, None]


def ask_hand(console: Console, sheet: Sheet) -> tuple[HandEntry, list[str]]:
    """One hand's counts and the names of its entries (sides or players), as asked."""
    if sheet.is_scala40:
        return ask_scala40(console, sheet), list(sheet.players)
    kinds = [t.name for t in burraco_types(sheet.rules)]
    names = sheet.side_names()
    solo: int | None = None
    known: list[bool | None] = [None] * len(names)
    if sheet.rules.players == 3:
        solo, names, known = ask_solo(console, sheet)
    sides: list[SideCount] = []
    game = sheet.rules.game
    for name, told in zip(names, known, strict=True):
        say(console, f"{name}:")
        burrachi = ask_burrachi(console, kinds, game)
        melded = ask_points(console, "  " + tr("punti delle carte calate > "))
        in_hand = ask_points(console, "  " + tr("punti delle carte rimaste in mano > "))
        taken = (ask_yes(console, "  " + term("pozzetto preso? (s/n) > ", game))
                 if told is None else told)
        unplayed = 0
        if taken:
            unplayed = ask_points(console, "  " + term(
                "punti di un pozzetto preso con lo scarto e mai giocato [0] > ", game), 0)
        sides.append(SideCount(burrachi, melded, in_hand, taken, False, unplayed))
    closer = ask_choice(console, tr("chi ha chiuso? ({entries}; Invio: nessuno) > ",
                                    entries=", ".join(f"{i} {n}" for i, n in enumerate(names))),
                        names, list(range(len(names))))
    end = None
    if closer is None:
        end = ask_end(console)
    else:
        sides[closer] = SideCount(sides[closer].burrachi, sides[closer].melded,
                                  sides[closer].in_hand, sides[closer].pozzetto_taken, True,
                                  sides[closer].unplayed_pozzetto)
    return BurracoHand(tuple(sides), end, solo), names


def ask_end(console: Console) -> str | None:
    """How a hand nobody closed ended: ``None`` for the tallone run out, else ``stallo`` or
    ``timeout``."""
    while True:
        text = ask(console, tr("com'è finita la mano? (tallone, stallo, tempo) [tallone] > "))
        typed = text.lower() or "stock"
        end = next((name for name, words in ENDS.items() if typed in words), None)
        if end is not None:
            return None if end == "stock" else end
        say(console, tr("tallone, stallo o tempo"))


def ask_scala40(console: Console, sheet: Sheet) -> Scala40Hand:
    in_play = sheet.in_play()
    seats = [s for s, p in enumerate(in_play) if p]
    names = list(sheet.players)
    closer = ask_choice(console, tr("chi ha chiuso? ({entries}; Invio: nessuno) > ",
                                    entries=", ".join(f"{s} {names[s]}" for s in seats)),
                        names, seats)
    in_mano = False
    if closer is not None and sheet.rules.chiusura_in_mano_allowed:
        in_mano = ask_yes(console, tr("chiusura in mano? (s/n) [n] > "), False)
    players: list[PlayerCount | None] = [None] * len(names)
    for seat in seats:
        if seat == closer:
            players[seat] = PlayerCount(0, True, True)
            continue
        held = ask_points(console, tr("{name}: punti rimasti in mano > ", name=names[seat]))
        opened = ask_yes(console, tr("{name}: aveva aperto? (s/n) [s] > ", name=names[seat]),
                         True)
        players[seat] = PlayerCount(held, opened, False)
    return Scala40Hand(tuple(players), in_mano)
