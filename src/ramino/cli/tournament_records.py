"""``ramino tournament import-record``: a table's result from the ``ramino-record/1`` document
of its hand results (a sheet kept with ``ramino score`` or the score keeper page).

The tournament's core knows no card game, so this command lives with the front ends and is
mounted on ``ramino tournament`` when that group loads (:func:`ramino.cli.core.tournament_group`).
The record is read as the score keeper reads it — every hand's result recomputed from its
counts by the engine, the dealers and the match checked — and its per-hand scores enter the
tournament through the same path as a typed result: a side's score-card (``--by ns|ew``, the
other side confirms) or the director's entry (``--director``), with the tournament's own
checks (docs/tournament.md "Results: who can enter what").  Side 0 of the record (seats 0 and
2, docs/record.md §2) is N-S unless ``--swap``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ramino.scoresheet import Sheet, read_sheet_record
from ramino.tournament import store
from ramino.tournament.model import Discipline

#: The largest record read (a results document of some hundred hands is a few hundred KB).
MAX_BYTES = 16 * 2**20


class CliError(ValueError):
    """A refusal: one line on standard error, exit status 2 (by ``ramino``'s error
    boundary, which this module may not import: it mounts this command)."""


def read_record(path: Path) -> object:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise CliError(f"{path}: more than {MAX_BYTES:,} bytes, too large for a record")
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CliError(f"{path}: not a JSON record ({exc})") from None


def record_scores(sheet: Sheet, discipline: Discipline, swap: bool = False
                  ) -> tuple[list[int], list[int]]:
    """The N-S and E-W scores of each hand of ``sheet``, refused when the record's game or
    sides do not fit the tournament's discipline."""
    scala40 = discipline.lower_is_better
    if scala40 != sheet.is_scala40:
        game = "Scala 40" if scala40 else "Burraco or Buraco"
        raise CliError(f"the record is of {sheet.game}, but the tournament plays {game} "
                       f"({discipline.value})")
    if len(sheet.side_seats()) != 2:
        raise CliError(f"the record has {len(sheet.side_seats())} sides; a tournament table "
                       "has two, N-S and E-W")
    ns: list[int] = []
    ew: list[int] = []
    for result in sheet.results():
        scores = dict(zip(result.sides, result.scores, strict=True))
        ns.append(scores.get(1 if swap else 0, 0))
        ew.append(scores.get(0 if swap else 1, 0))
    return ns, ew


def import_record_command(
    round: Annotated[int, typer.Argument(help="the turno")],
    table: Annotated[int, typer.Argument(help="the table")],
    record: Annotated[Path, typer.Argument(help="the ramino-record/1 document of hand results")],
    file: Annotated[Path, typer.Option("--file", "-f", envvar="RAMINO_TOURNAMENT",
                                       help="The tournament document (JSON).")
                    ] = Path("tournament.json"),
    by: Annotated[str, typer.Option(help="Side writing the score-card: ns or ew.")] = "",
    director: Annotated[bool, typer.Option(help="Enter or correct as the director.")] = False,
    reason: Annotated[str, typer.Option(help="Why the director corrects.")] = "",
    swap: Annotated[bool, typer.Option(help="The record's side 0 played E-W.")] = False,
) -> None:
    """Enter a table's result from the record of its hand results (ramino score --export):
    each smazzata's score, recomputed from the players' counts, as a side's score-card or
    as the director."""
    if director == bool(by):
        raise CliError("pass exactly one of --by ns|ew or --director")
    sheet = read_sheet_record(read_record(record))
    discipline = store.load(file).settings.discipline
    ns, ew = record_scores(sheet, discipline, swap)
    with store.change(file) as tournament:
        if director:
            why = " ".join(reason.split()) or f"from the record {record.name}"
            outcome = tournament.director_result(round, table, ns, ew, why)
            status = outcome.status
            warnings = [str(w) for w in outcome.warnings]
        else:
            status = tournament.submit(round, table, by, ns, ew)
            warnings = []
    typer.echo(f"turno {round} table {table}: {status} (N-S {ns}, E-W {ew})")
    for warning in warnings:
        typer.echo(f"warning: {warning}", err=True)
