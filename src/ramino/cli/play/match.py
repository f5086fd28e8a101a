"""A whole match at the terminal: the hands one after another to the preset's target (FIBUR
2005, §2.11) or, in Scala 40, until one side is left under the elimination limit (§6.5), or a
fixed number of hands (``--hands N``); after each hand its breakdown and the running score
sheet (:mod:`ramino.scoresheet`, the score keeper's own sheet), the offer of a review of the
player's decisions, and in Scala 40 the re-entries the rules allow.

Re-entry (§6.5, ``reentry=ONCE_AT_HIGHEST_REMAINING``): the player is asked; a bot always
re-enters when it may (staying in the match is worth more than the points it costs).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ramino.cli.core import say
from ramino.cli.play.games import HandState, MatchGame
from ramino.cli.play.loop import HUMAN_SEAT, Seating, play_hand
from ramino.cli.play.typed import read_command
from ramino.cli.replay import print_score
from ramino.cli.sheet_view import print_hand, print_sheet
from ramino.cli.words import tr
from ramino.games.burraco.state import BurracoState
from ramino.records.burraco.writer import recorded_result
from ramino.scoresheet import Sheet, SheetError

#: The review of a match seat's play in a hand of a record: (record, hand index, seat).
Reviewer = Callable[[dict[str, Any], int, int], Sequence[str]]


@dataclass
class Played:
    """How the match went at the terminal: the hands finished, and whether the player
    stopped in the middle of one."""

    hands: int = 0
    interrupted: bool = False


def score_sheet(game: MatchGame, names: Sequence[str]) -> Sheet | None:
    """The match's score sheet; None where the score keeper keeps none (three-player
    Buraco, which RULES.md does not have)."""
    try:
        return Sheet.new(game.rules, names)
    except SheetError:
        return None


def play_match(seating: Seating, game: MatchGame, *, hands: int | None = None,
               reviewer: Reviewer | None = None,
               saved: Callable[[], None] = lambda: None) -> Played:
    """Play hands until the match is over (or ``hands`` are played); ``saved`` is called
    after every hand, finished or not, to write the record."""
    console = seating.console
    sheet = score_sheet(game, seating.names)
    played = Played()
    while not game.over and (hands is None or played.hands < hands):
        state = game.next_hand()
        seats = game.seats()
        say(console, "\n" + tr("Mano {n} (mazziere: {name})", n=played.hands + 1,
                                 name=seating.names[game.dealer()]))
        finished = play_hand(seating, state, seats)
        saved()
        if not finished:
            played.interrupted = True
            return played
        entry = game.finish_hand()
        played.hands += 1
        if sheet is not None:
            score = sheet.add_hand(entry)
            print_hand(console, sheet, len(sheet.hands) - 1, score)
            print_sheet(console, sheet)
        else:
            _print_unkept(seating, state)
        _reentries(seating, game, sheet)
        last = game.over or (hands is not None and played.hands >= hands)
        review = None if reviewer is None or HUMAN_SEAT not in seats else (
            lambda: reviewer(game.document(seating.names, {}), played.hands - 1, HUMAN_SEAT))
        if not _between_hands(seating, review, last):
            break
    if hands is not None and played.hands >= hands and not game.over:
        say(console, tr("Fermo dopo {played} mani (--hands {hands}).", played=played.hands,
                        hands=hands))
    return played


def _print_unkept(seating: Seating, state: HandState) -> None:
    """A hand the score sheet does not keep: the engine's own score of it."""
    if not isinstance(state, BurracoState):
        return
    result = state.result()
    if result is not None:
        print_score(seating.console, recorded_result(result), state.closed_by, state.sides,
                    game=state.rules.game)


def _reentries(seating: Seating, game: MatchGame, sheet: Sheet | None) -> None:
    for side in game.reentries_offered():
        if side == game.side_of(HUMAN_SEAT):
            answer = read_command(seating.console, tr(
                "Sei eliminato: rientri al totale più alto in gioco (§6.5)? [s/N] > "))
            if (answer or "").lower() not in ("y", "yes", "s", "si", "sì", "sim"):
                continue
        game.reenter(side)
        if sheet is not None:
            sheet.reenter(side)
        say(seating.console, tr("Il lato {side} rientra in partita.", side=side))


def _between_hands(seating: Seating, review: Callable[[], Sequence[str]] | None,
                   last: bool) -> bool:
    """The pause after a hand: the review on request; False when the player stops."""
    if last and review is None:
        return True
    choices = ([] if last else [tr("Invio: mano successiva")]) + (
        [tr("'review': le tue tre decisioni più costose")] if review is not None else []) + (
        [tr("Invio: fine")] if last else [tr("'quit': basta")])
    while True:
        text = read_command(seating.console, "; ".join(choices) + " > ")
        if text is None or text.lower() == "quit":
            return False
        if text.lower() == "review" and review is not None:
            with seating.thinking(tr("il coach rivede la mano…")):
                lines = review()
            for line in lines:
                say(seating.console, line)
            continue
        if text:
            say(seating.console, tr("non capito: {problem}", problem=repr(text)))
            continue
        return True
