"""``ramino review``: every decision of one seat in a recorded hand, scored by the search from
that seat's own observation (``ramino.coach.review``): a table for people, JSON for programs
(the shape in docs/coach.md); ``--lang it|pt`` speaks the table and the reasons in Italian or
Portuguese (:mod:`ramino.cli.words`, the coach's texts as on the pages)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ramino.cli.core import CliError, _stdin_bytes, read_file, say
from ramino.cli.play.typed import check_language
from ramino.cli.words import language, speak, tr, trn
from ramino.coach.reason import Reason
from ramino.coach.review import Review, review_hand
from ramino.records import load_document

MAX_SECONDS = 60.0


def review_command(
    file: Annotated[str, typer.Argument(help="a ramino-record/1 file; '-' reads standard input")],
    seat: Annotated[int, typer.Option("--seat", help="the seat whose decisions are reviewed")],
    as_json: Annotated[bool, typer.Option("--json", help="print the review as JSON")] = False,
    seconds: Annotated[float, typer.Option(
        "--seconds", help="the search's work on each decision, in seconds")] = 0.5,
    hand: Annotated[int, typer.Option("--hand", help="the hand of a match record, from 1")
                    ] = 1,
    seed: Annotated[int, typer.Option("--seed", help="the search's seed")] = 0,
    lang: Annotated[str, typer.Option(
        help="the language of the table and the reasons: en, it, pt")] = "en",
) -> None:
    """Score every decision of a seat in a recorded hand against the search.

    The search judges from what that seat saw at each moment, never the other hands: the
    regret of a decision is the points it expects the played move to lose against its own
    choice; the three costliest are explained.  Exit status 2: not a well-formed record, or no
    such seat or hand (the field named on standard error).  --lang it or pt: the table and
    the reasons in Italian or Portuguese (the moves stay in the record notation)."""
    check_language(lang)
    speak(lang)
    if not 0 < seconds <= MAX_SECONDS:
        raise CliError(f"--seconds: {seconds} is not between 0 and {MAX_SECONDS:g}")
    if hand < 1:
        raise CliError(f"--hand: hands are numbered from 1, not {hand}")
    document = load_document(_stdin_bytes() if file == "-" else read_file(file))
    try:
        review = review_hand(document, seat, seconds=seconds, seed=seed, hand=hand - 1)
    except ValueError as exc:
        path = getattr(exc, "path", "")
        if path == "seat":
            raise CliError(f"--seat: {getattr(exc, 'reason', exc)}") from exc
        if path == "hand":
            raise CliError(f"--hand: {getattr(exc, 'reason', exc)}") from exc
        raise
    if as_json:
        typer.echo(json.dumps(review.as_json(), ensure_ascii=False))
        return
    print_review(Console(highlight=False), review)


def print_review(console: Console, review: Review) -> None:
    """The decisions in a table, then the three costliest in words (the game's own: the morto of
    a Brazilian Buraco hand, the pozzetto of a Burraco one)."""
    from ramino.server.coach_texts import reason_text

    def words(reason: Reason) -> str:
        return reason_text(reason, language(), review.game)

    table = Table(title=trn("Posto {seat}: {n} decisione esaminata",
                            "Posto {seat}: {n} decisioni esaminate", len(review.decisions),
                            seat=review.seat))
    table.add_column("#", justify="right")
    table.add_column(tr("giocata"))
    table.add_column(tr("ricerca"))
    table.add_column(tr("rimpianto"), justify="right")
    table.add_column(tr("perché la mossa della ricerca"))
    for d in review.decisions:
        mark = " !" if d.mistake else ""
        table.add_row(str(d.number), d.played, "=" if d.best == d.played else d.best,
                      f"{d.regret:.0f}{mark}" if d.regret else "", words(d.reason))
    console.print(table)
    say(console, tr("Rimpianto totale: {points} punti ('!': oltre il margine di rumore della "
                    "ricerca)", points=round(review.regret)))
    if not review.costliest:
        say(console, tr("Nessuna decisione è costata punti nei mondi della ricerca."))
        return
    say(console, tr("Le decisioni più costose:"))
    for d in review.costliest:
        say(console, "  " + tr("azione {number} ({path}): {verdict}; {reason}", number=d.number,
                               path=d.path, verdict=words(d.verdict()),
                               reason=words(d.reason)))
