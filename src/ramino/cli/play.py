"""``ramino play``: a hand in the terminal against random-legal bots, typed in the record
notation; writes the record of the hand.
"""

from __future__ import annotations

import datetime as dt
import os
import secrets
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ramino.bots import RandomBot
from ramino.cards import card_str, sort_for_hand
from ramino.cli.core import EXIT_ILLEGAL, CliError, say
from ramino.cli.replay import print_position, print_scala40_table, print_score
from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import DISCARD, Action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.games.state import new_hand
from ramino.records import dump_document, position_of, record_of
from ramino.records.burraco.writer import recorded_result
from ramino.records.scala40 import record as scala40_record
from ramino.rules import build_ruleset, preset
from ramino.rules.options import Partnerships

HUMAN_SEAT = 0


def bot_seed(bots_seed: int, seat: int) -> int:
    """Each bot's own seed, so that the game is reproducible from (seed, bots seed)."""
    return bots_seed * 8 + seat


def make_bots(bots_seed: int, players: int) -> dict[int, RandomBot]:
    return {seat: RandomBot(bot_seed(bots_seed, seat)) for seat in range(players)
            if seat != HUMAN_SEAT}


def bot_turn(state: BurracoState | Scala40State, bot: RandomBot) -> list[Action]:
    """Let the bot in turn play its whole turn; the actions it played."""
    seat = state.current
    played: list[Action] = []
    while not state.is_over and state.current == seat:
        observation: Any = state.observation(seat)
        action = bot.choose(observation, state.legal_actions())
        state.apply(action)
        played.append(action)
        if action.kind == DISCARD:
            break
    return played


def play_command(
    seed: Annotated[int | None, typer.Option(help="deal seed (default: random)")] = None,
    preset_name: Annotated[str, typer.Option("--preset", help="rule preset")] = "fibur",
    bots_seed: Annotated[int | None, typer.Option(help="bots' seed (default: the deal seed)")
                         ] = None,
    out: Annotated[Path | None, typer.Option(help="where to write the record of the hand")
                   ] = None,
    players: Annotated[int | None, typer.Option(help="number of players (Scala 40: 2 to 6)")
                       ] = None,
) -> None:
    """Play a hand in the terminal against random-legal bots.

    A 4-player FIBUR hand by default: you are seat 0 and your partner is seat 2.  Type
    actions as in a record: draw, pick, meld 7h 8h 9h, attach 2 Kh, discard 3c.  'help'
    lists your legal actions, 'show' the table, 'quit' stops.  With --preset fisca (and
    --players 2..6) the hand is Scala 40, with 'swap 3 6h' too."""
    console = Console(highlight=False)
    rules = preset(preset_name)
    if players is not None:
        rules = build_ruleset(rules, {"players": players})
    chosen_seed = seed if seed is not None else secrets.randbelow(2**31)
    chosen_bots = bots_seed if bots_seed is not None else chosen_seed
    if out is None:
        stamp = (f"seed-{seed}" if seed is not None
                 else dt.datetime.now().strftime("%Y%m%d-%H%M%S"))
        out = Path("records") / f"{stamp}.json"
    check_writable(out)
    state = new_hand(rules, seed=chosen_seed)
    if isinstance(state, Scala40State):
        finished = _play_scala40(console, state, chosen_seed, chosen_bots, out)
        if not finished:
            raise typer.Exit(EXIT_ILLEGAL)
        return
    partner = state.partner(HUMAN_SEAT)
    names = ["you"] + [f"bot {s}" + (" (partner)" if s == partner else "")
                       for s in range(1, state.players)]
    bots = make_bots(chosen_bots, state.players)
    sides = ("your partner is seat " + str(partner)) if partner is not None else (
        "you play alone" if state.players != 3 else "everyone plays alone until a pair forms")
    say(console, f"{rules.game.capitalize()} ({rules.preset}, {state.players} players), deal "
                  f"seed {chosen_seed}, bots seed {chosen_bots}. You are seat 0; {sides}. "
                  "Type 'help' for your legal actions.")
    finished = _play_loop(console, state, bots, names)
    meta = {"event": "ramino play", "date": dt.date.today().isoformat(), "seed": chosen_seed,
            "bots_seed": chosen_bots, "bots": "random"}
    document = record_of(state, players=names, meta=meta)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_document(document), encoding="utf-8")
    result = state.result()
    if result is not None:
        print_score(console, recorded_result(result), state.closed_by, state.sides)
    say(console, f"Record written to {out}")
    if not finished:
        raise typer.Exit(EXIT_ILLEGAL)


def check_writable(path: Path, option: str = "--out") -> None:
    """Refuse before the hand starts a record path that could not be written at its end
    (a directory, or under a file or a directory this user may not write), naming the
    ``option`` that gave it."""
    if path.is_dir():
        raise CliError(f"{option} {path}: is a directory, not a file name")
    if path.exists():
        if not os.access(path, os.W_OK):
            raise CliError(f"{option} {path}: not writable by this user")
        return
    parent = path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent  # the directories that play creates start under this one
    if not parent.is_dir():
        raise CliError(f"{option} {path}: {parent} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise CliError(f"{option} {path}: {parent} is not writable by this user")


def _play_scala40(console: Console, state: Scala40State, seed: int, bots_seed: int,
                  out: Path) -> bool:
    """A Scala 40 hand (§6) against random-legal bots; you are seat 0."""
    rules = state.rules
    names = ["you", *(f"bot {seat}" for seat in range(1, state.players))]
    bots = make_bots(bots_seed, state.players)
    seats = list(range(state.players))
    say(console, f"Scala 40 ({rules.preset}, {state.players} players), deal seed {seed}, bots "
                  f"seed {bots_seed}. You are seat 0. Actions: draw, pick, meld 7h 8h 9h, "
                  "meld 7c 7s JK=7h, attach 2 Kh, swap 3 6h, discard 3c; 'help' lists yours.")
    finished = True
    show = True
    while not state.is_over:
        seat = state.current
        if seat != HUMAN_SEAT:
            played = bot_turn(state, bots[seat])
            say(console, f"seat {seat} ({names[seat]}): " + ", ".join(str(a) for a in played))
            show = True
            continue
        if show:
            print_scala40_table(console, state, names, seats,
                                hide=[s for s in seats if s != HUMAN_SEAT])
            show = False
        prompt = "draw or pick" if state.phase == "draw" else "meld, attach, swap or discard"
        text = read_command(console, f"your move ({prompt}) > ")
        if text is None:
            say(console, "\ninput ended before the end of the hand")
            finished = False
            break
        command = text.lower()
        if not text:
            continue
        if command == "help":
            say(console, "your legal actions: " + " | ".join(
                str(a) for a in state.legal_actions()))
            continue
        if command == "show":
            show = True
            continue
        if command == "quit":
            finished = False
            break
        try:
            state.play(text)
        except NotationError as exc:
            say(console, f"not understood: {exc}")
            continue
        except IllegalActionError as exc:
            say(console, f"refused: {exc}")
            continue
        say(console, "your hand: " + " ".join(
            card_str(c) for c in sort_for_hand(state.hand_of(HUMAN_SEAT))))
    meta = {"event": "ramino play", "date": dt.date.today().isoformat(), "seed": seed,
            "bots_seed": bots_seed, "bots": "random"}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(dump_document(scala40_record.record_of(state, players=names, meta=meta)),
                   encoding="utf-8")
    result = state.result()
    if result is not None:
        word = "seat" if rules.partnerships is Partnerships.NONE else "side"
        say(console, "Hand over: penalty points " + ", ".join(
            f"{word} {s}: {p}" for s, p in enumerate(result.scores))
            + (" (chiusura in mano)" if result.chiusura_in_mano else ""))
    say(console, f"Record written to {out}")
    return finished


def read_command(console: Console, prompt: str) -> str | None:
    """Show ``prompt`` and read one typed line, stripped; ``None`` when the input has ended.

    A terminal shows what the player types as he types it; input from a file or a pipe is
    echoed after the prompt, so that a transcript of a scripted game reads like a session."""
    say(console, prompt, end="")
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.strip()
    if not sys.stdin.isatty():
        say(console, text)
    return text


def _play_loop(console: Console, state: BurracoState, bots: dict[int, RandomBot],
               names: list[str]) -> bool:
    """Play until the hand is over; False if the input ended or the player quit."""
    show = True
    while not state.is_over:
        seat = state.current
        if seat != HUMAN_SEAT:
            played = bot_turn(state, bots[seat])
            say(console, f"seat {seat} ({names[seat]}): " + ", ".join(str(a) for a in played))
            show = True
            continue
        if show:
            print_position(console, position_of(state), state.rules, names,
                           hide=[s for s in range(state.players) if s != HUMAN_SEAT])
            show = False
        prompt = "draw or pick" if state.phase == "draw" else "meld, attach or discard"
        text = read_command(console, f"your move ({prompt}) > ")
        if text is None:
            say(console, "\ninput ended before the end of the hand")
            return False
        if not text:
            continue
        command = text.lower()
        if command == "help":
            say(console, "your legal actions: " + " | ".join(
                str(a) for a in state.legal_actions()))
            continue
        if command == "show":
            show = True
            continue
        if command == "quit":
            return False
        try:
            action = state.play(text)
        except NotationError as exc:
            say(console, f"not understood: {exc}")
            continue
        except IllegalActionError as exc:
            say(console, f"refused: {exc}")
            continue
        show = action.kind != DISCARD
        if action.kind != DISCARD:
            say(console, "your hand: " + " ".join(
                card_str(c) for c in sort_for_hand(state.hand_of(HUMAN_SEAT))))
    return True
