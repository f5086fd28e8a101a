"""The director's command line: ``ramino tournament new|register|withdraw|seat|result|confirm|
standings|export`` (plus ``penalty``, ``import`` and ``online``, which opens a turno on a
running game server).

Each command loads the tournament file, applies one :class:`Tournament` method and saves it,
taking turns with the desk and the game server that serve the same file
(RULES.md §7.2–7.3 for what the commands mean). The lead mounts ``app`` under the main
``ramino`` command; it also runs on its own (``python -m ramino.tournament.cli``).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from ramino.tournament import export, store
from ramino.tournament.model import Discipline, Format, Round, Settings
from ramino.tournament.scoring import parse_scores
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import side_name

app = typer.Typer(help="Run a Burraco or Scala 40 tournament: register, seat, score, publish.",
                  no_args_is_help=True)
console = Console(highlight=False)

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="RAMINO_TOURNAMENT",
                 help="The tournament document (JSON)."),
]


def parse_plan(text: str) -> list[Format]:
    """"mitchell*3,danese-puro" → three Mitchell turni then one Danese puro."""
    plan: list[Format] = []
    for part in text.split(","):
        name, _, times = part.strip().partition("*")
        try:
            fmt = Format(name.strip())
        except ValueError:
            choices = ", ".join(f.value for f in Format)
            raise typer.BadParameter(f"unknown format {name!r}; choose from {choices}") from None
        plan.extend([fmt] * (int(times) if times else 1))
    return plan


def _exists(path: Path) -> Path:
    if not path.exists():
        raise typer.BadParameter(f"{path} does not exist; create it with `new`")
    return path


def _load(path: Path) -> Tournament:
    return store.load(_exists(path))


@contextmanager
def _changing(path: Path) -> Iterator[Tournament]:
    """Load, change, save: one writer at a time with the desk and a server that serves the same
    file (:func:`store.change`); nothing is saved when the change fails."""
    with store.change(_exists(path)) as tournament:
        yield tournament


def _fail(exc: Exception) -> typer.Exit:
    console.print(f"[red]error:[/red] {str(exc).strip(chr(39))}")
    return typer.Exit(code=1)


def _print_round(t: Tournament, rnd: Round) -> None:
    grid = RichTable(title=f"Turno {rnd.number} · {rnd.format.value}")
    for column in ("table", "N-S", "E-W", "result"):
        grid.add_column(column)
    for table in rnd.tables:
        result = ""
        if table.confirmed:
            result = f"{sum(table.ns_scores or [])} – {sum(table.ew_scores or [])}"
        grid.add_row(str(table.number), side_name(t, table.ns), side_name(t, table.ew), result)
    console.print(grid)
    for note in rnd.notes:
        console.print(f"note: {note}")
    if rnd.byes:
        names = ", ".join(t.entrant(e).name for e in rnd.byes)
        console.print(f"bye ({t.settings.bye_vp} VP): {names}")


@app.command()
def new(
    name: str,
    file: FileOption = Path("tournament.json"),
    discipline: Annotated[Discipline, typer.Option()] = Discipline.BURRACO_PAIRS,
    deals: Annotated[int, typer.Option(help="Smazzate per turno (2, 3 or 4).")] = 3,
    plan: Annotated[str, typer.Option(help="e.g. 'mitchell*3,danese-puro'.")] = (
        "danese-modificato*4"
    ),
    custom_vp: Annotated[str, typer.Option(help="Ten MP upper bounds for 10–10 … 19–1.")] = "",
    bye_vp: Annotated[int, typer.Option(help="VP for a bye (assumption, RULES.md §7.3).")] = 12,
    step: Annotated[int, typer.Option(help="Mitchell E-W step.")] = 1,
    duplicate: Annotated[bool, typer.Option(help="Same deals at every table.")] = False,
    seed: Annotated[int, typer.Option()] = 1,
    draw: Annotated[bool, typer.Option(help="Seat the first turno by draw.")] = False,
    minutes: Annotated[int, typer.Option(help="Length of a turno.")] = 40,
    preset: Annotated[str, typer.Option(help="Rules of the tables played on the server.")] = (
        "fibur"
    ),
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Create a tournament file."""
    if file.exists() and not force:
        raise _fail(FileExistsError(f"{file} exists; pass --force to replace it"))
    settings = Settings(
        name=name, discipline=discipline, deals_per_round=deals, plan=parse_plan(plan),
        vp_table="CUSTOM" if custom_vp else "FIBUR",
        custom_vp=tuple(parse_scores(custom_vp)) if custom_vp else (),
        bye_vp=bye_vp, mitchell_step=step, duplicate=duplicate, seed=seed,
        first_seating="draw" if draw else "registration", round_minutes=minutes,
        preset=preset,
    )
    try:
        t = Tournament.new(settings)
    except ValueError as exc:
        raise _fail(exc) from None
    store.save(t, file)
    console.print(f"created {file}: {name}, {len(settings.plan)} turni")


@app.command()
def register(
    name: str,
    file: FileOption = Path("tournament.json"),
    members: Annotated[str, typer.Option(help="Comma-separated player names.")] = "",
) -> None:
    """Register a pair, a single player or (individual) a player."""
    with _changing(file) as t:
        try:
            entrant = t.register(name, tuple(m.strip() for m in members.split(",") if m.strip()))
        except ValueError as exc:
            raise _fail(exc) from None
    console.print(f"#{entrant.id} {entrant.name}")


@app.command()
def withdraw(entrant: int, file: FileOption = Path("tournament.json")) -> None:
    """Withdraw an entrant from the next turni (its results so far stay)."""
    with _changing(file) as t:
        try:
            gone = t.withdraw(entrant)
        except (ValueError, KeyError) as exc:
            raise _fail(exc) from None
    console.print(f"withdrawn #{gone.id} {gone.name}")


@app.command()
def seat(file: FileOption = Path("tournament.json")) -> None:
    """Seat the next turno of the plan and print its tables."""
    with _changing(file) as t:
        try:
            rnd = t.seat_next()
        except ValueError as exc:
            raise _fail(exc) from None
    _print_round(t, rnd)


@app.command()
def result(
    round: int,
    table: int,
    ns: Annotated[str, typer.Option(help="N-S score per smazzata, e.g. '120 340 -50'.")],
    ew: Annotated[str, typer.Option(help="E-W score per smazzata.")],
    file: FileOption = Path("tournament.json"),
    by: Annotated[str, typer.Option(help="Side writing the score-card: ns or ew.")] = "",
    director: Annotated[bool, typer.Option(help="Enter or correct as the director.")] = False,
    reason: Annotated[str, typer.Option(help="Why the director corrects.")] = "",
) -> None:
    """Write a table's result: from one side (the other confirms) or as the director."""
    if director == bool(by):
        raise _fail(ValueError("pass exactly one of --by ns|ew or --director"))
    with _changing(file) as t:
        try:
            ns_scores, ew_scores = parse_scores(ns), parse_scores(ew)
            if director:
                t.director_result(round, table, ns_scores, ew_scores, reason)
                status = "counted"
            else:
                status = t.submit(round, table, by, ns_scores, ew_scores)
        except (ValueError, KeyError) as exc:
            raise _fail(exc) from None
    console.print(f"turno {round} table {table}: {status}")


@app.command()
def confirm(
    round: int,
    table: int,
    by: Annotated[str, typer.Option(help="The confirming side: ns or ew.")],
    file: FileOption = Path("tournament.json"),
) -> None:
    """The opponents confirm the score the other side wrote."""
    with _changing(file) as t:
        try:
            status = t.confirm(round, table, by)
        except (ValueError, KeyError) as exc:
            raise _fail(exc) from None
    console.print(f"turno {round} table {table}: {status}")


@app.command()
def penalty(
    entrant: int,
    vp: int,
    reason: Annotated[str, typer.Option()],
    file: FileOption = Path("tournament.json"),
    mp: Annotated[int, typer.Option()] = 0,
) -> None:
    """Take VP (and MP) from an entrant, with a reason for the audit trail."""
    with _changing(file) as t:
        try:
            t.penalize(entrant, vp, reason, mp=mp)
        except (ValueError, KeyError) as exc:
            raise _fail(exc) from None
    console.print(f"#{entrant}: -{vp} VP -{mp} MP")


@app.command()
def standings(file: FileOption = Path("tournament.json")) -> None:
    """Print the standings."""
    t = _load(file)
    grid = RichTable(title=t.settings.name)
    for column in ("#", "entrant", "VP", "MP", "played", "byes"):
        grid.add_column(column, justify="right" if column != "entrant" else "left")
    for row in t.standings():
        grid.add_row(str(row.rank), row.name + ("" if row.active else " (withdrawn)"),
                     str(row.vp), str(row.mp), str(row.played), str(row.byes))
    console.print(grid)


EXPORTS = ("csv", "results-csv", "json", "html", "scorecards")


@app.command("export")
def export_command(
    kind: Annotated[str, typer.Argument(help=f"One of: {', '.join(EXPORTS)}.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write.")],
    file: FileOption = Path("tournament.json"),
    round: Annotated[int, typer.Option(help="Turno for score-cards (default: last).")] = 0,
) -> None:
    """Export standings (CSV, HTML), results (CSV), score-cards (HTML) or the whole JSON."""
    t = _load(file)
    try:
        if kind == "csv":
            text = export.standings_csv(t)
        elif kind == "results-csv":
            text = export.results_csv(t)
        elif kind == "json":
            text = export.tournament_json(t)
        elif kind == "html":
            text = export.standings_html(t)
        elif kind == "scorecards":
            text = export.scorecards_html(t, round or len(t.rounds))
        else:
            raise ValueError(f"unknown export {kind!r}; choose from {', '.join(EXPORTS)}")
    except (ValueError, KeyError) as exc:
        raise _fail(exc) from None
    out.write_text(text, encoding="utf-8")
    console.print(f"wrote {out}")


@app.command("import")
def import_command(
    source: Path,
    file: FileOption = Path("tournament.json"),
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Import a whole tournament from an exported JSON document."""
    if file.exists() and not force:
        raise _fail(FileExistsError(f"{file} exists; pass --force to replace it"))
    try:
        t = store.load(source)
    except (ValueError, KeyError) as exc:
        raise _fail(exc) from None
    store.save(t, file)
    console.print(f"imported {t.settings.name} into {file}")


@app.command()
def online(
    server: Annotated[str, typer.Option(help="The game server serving this tournament, "
                                        "e.g. http://localhost:8000.")],
    token: Annotated[str, typer.Option(envvar="RAMINO_TOURNAMENT_TOKEN",
                                       help="The director's token (--tournament-token).")] = "",
    round: Annotated[int, typer.Option(help="Turno to open (default: the last seated).")] = 0,
    grace: Annotated[float, typer.Option(help="Seconds a player may be late before a bot "
                                         "plays for them.")] = 60.0,
    list_only: Annotated[bool, typer.Option("--list", help="Only show the open tables.")] = False,
) -> None:
    """Play a turno on the game server (`ramino serve --tournament FILE`): one server table per
    table, each pair's seats kept for its players; print every player's join link.  The server
    enters each table's result itself when its last smazzata ends."""
    base = server.rstrip("/") + "/tournament/api/online"
    query = {"token": token} if token else {}
    if list_only:
        where = f"{base}/{round}" if round else base
        request = urllib.request.Request(f"{where}?{urllib.parse.urlencode(query)}")
    else:
        query.update({"round": str(round), "grace": str(grace)})
        request = urllib.request.Request(f"{base}?{urllib.parse.urlencode(query)}",
                                         method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            tables: list[dict[str, Any]] = json.loads(response.read())
    except urllib.error.HTTPError as exc:
        detail = exc.read().decode(errors="replace")
        raise _fail(ValueError(f"the server refused ({exc.code}): {detail}")) from None
    except (urllib.error.URLError, OSError) as exc:
        raise _fail(ValueError(f"cannot reach {server}: {exc}")) from None
    root = server.rstrip("/")
    # Plain lines, not a table: the links are copied whole into messages to the players.
    for table in tables:
        sent = " · result sent" if table["submitted"] else ""
        typer.echo(f"turno {table['round']} table {table['table']}: {root}{table['url']}{sent}")
        for seat in table["seats"]:
            typer.echo(f"  {seat['side'].upper()} {seat['player']}: {root}{seat['url']}")


if __name__ == "__main__":
    app()
