"""One hand at the terminal, the same loop for every game: the bots play their turns behind a
"thinking…" status, and on the player's turns the table is shown, a line is read and played.

At the prompt: a move in the record notation (docs/record.md §3) with cards by name or by
their number in the shown hand (:mod:`ramino.cli.play.typed`); ``help`` lists the legal moves,
``hint`` asks the coach, ``show`` draws the table again, ``quit`` stops.  A refused move is
explained with its rule and section (§ of docs/rules.md) and asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from ramino.bots.protocol import Bot
from ramino.cli.core import say
from ramino.cli.play.clock import Clocks
from ramino.cli.play.games import HandState
from ramino.cli.play.typed import read_command, refusal, with_cards
from ramino.cli.play.view import hand_line, moves_panel, numbered_hand, print_table
from ramino.cli.words import tr
from ramino.errors import IllegalActionError
from ramino.games.actions import DISCARD, Action
from ramino.rules import RuleSet

HUMAN_SEAT = 0  # the player's match seat
LAST_MOVES = 12  # the others' turns shown on the table, the latest last

Thinking = Callable[[str], AbstractContextManager[Any]]
#: The bots of a hand from its rules and its seats' match seats, by the hand's seat.
BotsOfHand = Callable[[RuleSet, tuple[int, ...]], dict[int, Bot]]
Hinter = Callable[[HandState, int], Sequence[str]]


@dataclass
class Seating:
    """Who plays a hand and how it is shown: the names of the match seats, a bot for every
    seat of a hand but the player's, and the optional clocks, hints and refusal language."""

    console: Console
    names: list[str]
    bots: BotsOfHand
    lang: str = "en"
    clocks: Clocks | None = None
    hinter: Hinter | None = None
    thinking: Thinking = field(default=lambda what: nullcontext())


def bot_turn(state: HandState, bot: Bot) -> list[Action]:
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


def side_names(state: HandState, names: Sequence[str]) -> list[str]:
    """The owners of the melds as the table shows them: Burraco's sides by their players'
    names (§2.1), Scala 40's players (each owns his melds, §6)."""
    if state.rules.game == "scala40":
        return list(names)
    sides = state.sides
    return [" & ".join(names[s] for s in range(len(sides)) if sides[s] == side)
            for side in range(max(sides) + 1)]


def moves_prompt(state: HandState) -> str:
    kinds = dict.fromkeys(a.kind for a in state.legal_actions())
    return tr("la tua mossa ({moves}) > ", moves=", ".join(kinds))


def play_hand(seating: Seating, state: HandState, seats: Sequence[int]) -> bool:
    """Play ``state`` (its seat ``i`` is match seat ``seats[i]``) to its end; False if the
    input ended or the player quit."""
    console = seating.console
    names = [seating.names[s] for s in seats]
    human = seats.index(HUMAN_SEAT) if HUMAN_SEAT in seats else None
    clocks = seating.clocks
    bots = seating.bots(state.rules, tuple(seats))
    moves: list[str] = []
    show = True
    while not state.is_over:
        seat = state.current
        if clocks is not None:
            clocks.start(seats[seat])
        if seat != human:
            with seating.thinking(tr("{name} pensa…", name=names[seat])):
                played = bot_turn(state, bots[seat])
            line = f"{names[seat]}: " + ", ".join(str(a) for a in played)
            if human is None:  # a hand without the player: its moves as they come
                say(console, line)
            else:  # shown with the table at the player's turn, or at the hand's end
                moves = [*moves, line][-LAST_MOVES:]
            show = True
            continue
        if show:
            print_table(console, state.observation(seat), state.rules, names,
                        side_names(state, names), last_moves=moves,
                        clocks=None if clocks is None else clocks.shown(seats))
            moves, show = [], False
        text = read_command(console, moves_prompt(state))
        if text is None:
            say(console, "\n" + tr("l'input è finito prima della fine della mano"))
            return False
        outcome = _command(seating, state, seat, text)
        if outcome is None:
            return False
        show = outcome
    if clocks is not None:
        clocks.stop()
    if moves:
        console.print(moves_panel(moves, tr("Le ultime mosse")))
    return True


def _command(seating: Seating, state: HandState, seat: int, text: str) -> bool | None:
    """Do what the player typed; whether to draw the table again, None to stop."""
    console = seating.console
    command = text.lower()
    if not text:
        return False
    if command == "quit":
        return None
    if command == "show":
        return True
    if command == "help":
        say(console, tr("le tue mosse legali: ") +
            " | ".join(str(a) for a in state.legal_actions()))
        return False
    if command == "hint":
        if seating.hinter is None:
            say(console, tr("i suggerimenti sono spenti (--no-hints)"))
        else:
            with seating.thinking(tr("il coach pensa…")):
                lines = seating.hinter(state, seat)
            for line in lines:
                say(console, line)
        return False
    try:
        action = state.play_move(with_cards(text, numbered_hand(state.hand_of(seat))))
    except IllegalActionError as exc:
        say(console, tr("rifiutata: ") + refusal(exc, state.rules, seating.lang, text))
        return False
    except ValueError as exc:  # NotationError, or a card number past the hand
        say(console, tr("non capito: {problem}", problem=exc))
        return False
    if action.kind != DISCARD and not state.is_over:
        console.print(Text(tr("La tua mano: ")).append_text(hand_line(state.hand_of(seat))))
    return False
