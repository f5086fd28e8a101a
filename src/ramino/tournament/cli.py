"""The director's command line: ``ramino tournament new|settings|register|withdraw|remove|seat|
round|result|confirm|penalty|standings|export|import`` and ``online``, which opens a turno on a
running game server.

Each command loads the tournament file, applies one :class:`Tournament` method and saves it,
taking turns with the desk and the game server that serve the same file
(§7.2–7.3 for what the commands mean).  A refused command prints one line on stderr,
exits 2 and leaves the file as it was; the users' text (names, reasons) is printed as it is,
never read as markup. The lead mounts ``app`` under the main
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
from rich.text import Text

from ramino.tournament import export, pdf, store
from ramino.tournament.model import MAX_TURNI, Discipline, Format, Round, Settings
from ramino.tournament.refusals import Notice
from ramino.tournament.scoring import parse_scores
from ramino.tournament.tournament import Tournament
from ramino.tournament.views import round_summary, side_name, table_status

app = typer.Typer(help="Run a Burraco or Scala 40 tournament: register, seat, score, publish.",
                  no_args_is_help=True,
                  pretty_exceptions_enable=False)
# Names and reasons are the users' text: never read as Rich markup, never highlighted.
console = Console(highlight=False, markup=False, soft_wrap=True)
errors = Console(stderr=True, highlight=False, markup=False, soft_wrap=True)

#: The exit status of a refused command (bad input: nothing changed), as Click's usage errors.
EXIT_REFUSED = 2

FileOption = Annotated[
    Path,
    typer.Option("--file", "-f", envvar="RAMINO_TOURNAMENT",
                 help="The tournament document (JSON)."),
]


class Refused(Exception):
    """A command refused with a one-line reason (printed on stderr, exit 2)."""


def parse_plan(text: str) -> list[Format]:
    """"mitchell*3,danese-puro" → three Mitchell turni then one Danese puro."""
    plan: list[Format] = []
    for part in text.split(","):
        name, star, times = part.strip().partition("*")
        try:
            fmt = Format(name.strip())
        except ValueError:
            choices = ", ".join(f.value for f in Format)
            raise ValueError(f"plan: unknown format {name.strip()!r} in {text!r}; choose from "
                             f"{choices}") from None
        count = 1
        if star:
            times = times.strip()
            if not times.isdigit() or not times.isascii():
                raise ValueError(f"plan: {part.strip()!r} needs a number of turni after '*', "
                                 f"e.g. {fmt.value}*3")
            count = int(times) if len(times) < 6 else MAX_TURNI + 1
            if count < 1:
                raise ValueError(f"plan: {part.strip()!r} asks for {count} turni; at least 1")
        plan.extend([fmt] * min(count, MAX_TURNI + 1))
        if len(plan) > MAX_TURNI:
            raise ValueError(f"plan: at most {MAX_TURNI} turni")
    return plan


def parse_custom_vp(text: str) -> tuple[int, ...]:
    """Ten MP upper bounds, separated by commas or spaces."""
    try:
        return tuple(int(part) for part in text.replace(",", " ").split())
    except ValueError:
        raise ValueError(f"custom-vp: whole numbers separated by commas, not {text!r}"
                         ) from None


def _message(exc: BaseException) -> str:
    """One line: a KeyError's text without the quotes its str() adds."""
    text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
    return " ".join(str(text).split())


def _fail(exc: BaseException | str, code: int = EXIT_REFUSED) -> typer.Exit:
    errors.print(Text.assemble(("error: ", "bold red"),
                               exc if isinstance(exc, str) else _message(exc)))
    return typer.Exit(code=code)


def _warn(text: str) -> None:
    errors.print(Text.assemble(("warning: ", "bold yellow"), text))


@contextmanager
def _refusals() -> Iterator[None]:
    """Turn every refusal of the tournament (a bad value, a missing entrant or turno, a bad
    file, a file that cannot be written) into one line on stderr and exit 2."""
    try:
        yield
    except (Refused, ValueError, KeyError, OSError) as exc:
        raise _fail(exc) from None


def _load(path: Path) -> Tournament:
    return store.load(path)


@contextmanager
def _changing(path: Path, validate: bool = True) -> Iterator[Tournament]:
    """Load, change, save: one writer at a time with the desk and a server that serves the same
    file (:func:`store.change`); nothing is saved when the change fails."""
    with _refusals():
        store.load(path, validate=validate)  # a clear error before taking the lock
        with store.change(path, validate=validate) as tournament:
            yield tournament


def _cell(text: object) -> Text:
    return Text(str(text))


def _print_round(t: Tournament, rnd: Round) -> None:
    grid = RichTable(title=_cell(f"Turno {rnd.number} · {rnd.format.value}"))
    for column in ("table", "N-S", "E-W", "result"):
        grid.add_column(column)
    for table in rnd.tables:
        grid.add_row(_cell(table.number), _cell(side_name(t, table.ns)),
                     _cell(side_name(t, table.ew)), _cell(table_status(t, table)))
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
    with _refusals():
        if file.exists() and not force:
            raise Refused(f"{file} exists; pass --force to replace it")
        custom = parse_custom_vp(custom_vp) if custom_vp.strip() else ()
        settings = Settings(
            name=" ".join(name.split()), discipline=discipline, deals_per_round=deals,
            plan=parse_plan(plan), vp_table="CUSTOM" if custom else "FIBUR", custom_vp=custom,
            bye_vp=bye_vp, mitchell_step=step, duplicate=duplicate, seed=seed,
            first_seating="draw" if draw else "registration", round_minutes=minutes,
            preset=preset,
        )
        t = Tournament.new(settings)
        store.save(t, file)
    console.print(f"created {file}: {settings.name}, {len(settings.plan)} turni")


@app.command("settings")
def settings_command(
    file: FileOption = Path("tournament.json"),
    name: Annotated[str | None, typer.Option(help="The tournament's name.")] = None,
    deals: Annotated[int | None, typer.Option(help="Smazzate per turno.")] = None,
    plan: Annotated[str | None, typer.Option(help="The whole plan, seated turni first.")] = None,
    custom_vp: Annotated[str | None, typer.Option(help="Ten MP upper bounds.")] = None,
    fibur_vp: Annotated[bool, typer.Option("--fibur-vp",
                                           help="Use the FIBUR VP table again.")] = False,
    bye_vp: Annotated[int | None, typer.Option(help="VP for a bye.")] = None,
    step: Annotated[int | None, typer.Option(help="Mitchell E-W step.")] = None,
    minutes: Annotated[int | None, typer.Option(help="Length of a turno.")] = None,
    preset: Annotated[str | None, typer.Option(help="Rules of the tables on the server.")] = None,
) -> None:
    """Correct the settings of an existing tournament (also one whose settings are refused);
    every change goes to the audit trail."""
    changes: dict[str, object] = {}
    with _refusals():
        if custom_vp is not None and fibur_vp:
            raise Refused("pass --custom-vp or --fibur-vp, not both")
        if name is not None:
            changes["name"] = " ".join(name.split())
        if deals is not None:
            changes["deals_per_round"] = deals
        if plan is not None:
            changes["plan"] = parse_plan(plan)
        if custom_vp is not None:
            changes["custom_vp"] = parse_custom_vp(custom_vp)
            if not changes["custom_vp"]:
                raise Refused("custom-vp: give ten upper bounds (or --fibur-vp)")
        if fibur_vp:
            changes["custom_vp"] = ()
        for key, value in (("bye_vp", bye_vp), ("mitchell_step", step),
                           ("round_minutes", minutes), ("preset", preset)):
            if value is not None:
                changes[key] = value
        if not changes:
            raise Refused("name a setting to change, e.g. --deals 3 (see --help)")
    with _changing(file, validate=False) as t:
        done = t.change_settings(changes)
    for line in done:
        console.print(line)


@app.command()
def register(
    name: str,
    file: FileOption = Path("tournament.json"),
    members: Annotated[str, typer.Option(help="Comma-separated player names.")] = "",
) -> None:
    """Register a pair, a single player or (individual) a player."""
    with _changing(file) as t:
        entrant = t.register(name, tuple(m for m in members.split(",") if m.strip()))
    console.print(f"#{entrant.id} {entrant.name}")


@app.command()
def withdraw(entrant: int, file: FileOption = Path("tournament.json")) -> None:
    """Withdraw an entrant from the next turni (its results so far stay)."""
    with _changing(file) as t:
        gone = t.withdraw(entrant)
    console.print(f"withdrawn #{gone.id} {gone.name}")


@app.command()
def remove(entrant: int, file: FileOption = Path("tournament.json")) -> None:
    """Remove a registration made by mistake (never seated); a seated one is withdrawn."""
    with _changing(file) as t:
        gone = t.remove(entrant)
    console.print(f"removed #{gone.id} {gone.name}")


@app.command()
def seat(file: FileOption = Path("tournament.json")) -> None:
    """Seat the next turno of the plan and print its tables."""
    with _changing(file) as t:
        rnd = t.seat_next()
    _print_round(t, rnd)


@app.command("round")
def round_command(
    file: FileOption = Path("tournament.json"),
    number: Annotated[int, typer.Option("--round", help="Turno (default: the last seated).")
                      ] = 0,
) -> None:
    """The director's view of a turno: each table's state (counted, pending, disputed, to
    play, on the server), the byes and what is still missing."""
    with _refusals():
        t = _load(file)
        if not t.rounds:
            raise Refused("no turno is seated yet: `seat` seats the first")
        rnd = t.round(number or len(t.rounds))
    _print_round(t, rnd)
    console.print(round_summary(rnd))


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
        raise _fail("pass exactly one of --by ns|ew or --director")
    warnings: list[Notice] = []
    with _changing(file) as t:
        ns_scores, ew_scores = parse_scores(ns), parse_scores(ew)
        if director:
            outcome = t.director_result(round, table, ns_scores, ew_scores,
                                        " ".join(reason.split()))
            status, warnings = outcome.status, outcome.warnings
            if status == "unchanged":
                status = "unchanged (these scores count already)"
        else:
            status = t.submit(round, table, by, ns_scores, ew_scores)
    console.print(f"turno {round} table {table}: {status}")
    for warning in warnings:
        _warn(str(warning))


@app.command()
def confirm(
    round: int,
    table: int,
    by: Annotated[str, typer.Option(help="The confirming side: ns or ew.")],
    file: FileOption = Path("tournament.json"),
) -> None:
    """The opponents confirm the score the other side wrote."""
    with _changing(file) as t:
        status = t.confirm(round, table, by)
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
        taken = t.penalize(entrant, vp, " ".join(reason.split()), mp=mp)
    console.print(f"#{taken.entrant}: -{taken.vp} VP -{taken.mp} MP")


@app.command()
def standings(file: FileOption = Path("tournament.json")) -> None:
    """Print the standings, each entrant with its number."""
    with _refusals():
        t = _load(file)
        rows = t.standings()
    grid = RichTable(title=_cell(t.settings.name))
    for column in ("#", "no.", "entrant", "VP", "MP", "played", "byes"):
        grid.add_column(column, justify="left" if column == "entrant" else "right")
    for row in rows:
        grid.add_row(_cell(row.rank), _cell(f"#{row.entrant}"),
                     _cell(row.name + ("" if row.active else " (withdrawn)")),
                     _cell(row.vp), _cell(row.mp_signed), _cell(row.played), _cell(row.byes))
    console.print(grid)


TEXT_EXPORTS = ("csv", "results-csv", "json", "html", "scorecards")
PDF_EXPORTS = ("pdf-standings", "pdf-scorecards", "pdf-tables")
EXPORTS = TEXT_EXPORTS + PDF_EXPORTS


@app.command("export")
def export_command(
    kind: Annotated[str, typer.Argument(help=f"One of: {', '.join(EXPORTS)}.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write.")],
    file: FileOption = Path("tournament.json"),
    round: Annotated[int, typer.Option(help="Turno for score-cards and table lists "
                                       "(default: last).")] = 0,
) -> None:
    """Export standings (CSV, HTML, PDF), results (CSV), score-cards (HTML, PDF), a turno's
    table list (PDF) or the whole JSON."""
    with _refusals():
        if kind not in EXPORTS:
            raise Refused(f"unknown export {kind!r}; choose from {', '.join(EXPORTS)}")
        t = _load(file)
        number = round or len(t.rounds)
        data: bytes
        if kind == "csv":
            data = export.standings_csv(t).encode()
        elif kind == "results-csv":
            data = export.results_csv(t).encode()
        elif kind == "json":
            data = export.tournament_json(t).encode()
        elif kind == "html":
            data = export.standings_html(t).encode()
        elif kind == "scorecards":
            data = export.scorecards_html(t, number).encode()
        elif kind == "pdf-standings":
            data = pdf.standings_pdf(t)
        elif kind == "pdf-scorecards":
            data = pdf.scorecards_pdf(t, number)
        else:
            data = pdf.tables_pdf(t, number)
        if out.resolve() == file.resolve():
            raise Refused(f"--out {out} is the tournament file itself")
        out.write_bytes(data)
    console.print(f"wrote {out}")


@app.command("import")
def import_command(
    source: Path,
    file: FileOption = Path("tournament.json"),
    force: Annotated[bool, typer.Option(help="Overwrite an existing file.")] = False,
) -> None:
    """Import a whole tournament from an exported JSON document."""
    with _refusals():
        if file.exists() and not force:
            raise Refused(f"{file} exists; pass --force to replace it")
        t = store.load(source)
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
        raise _fail(f"the server refused ({exc.code}): {detail}", code=1) from None
    except (urllib.error.URLError, OSError, ValueError) as exc:
        raise _fail(f"cannot reach {server}: {exc}", code=1) from None
    root = server.rstrip("/")
    # Plain lines, not a table: the links are copied whole into messages to the players.
    for table in tables:
        sent = " · result sent" if table["submitted"] else ""
        typer.echo(f"turno {table['round']} table {table['table']}: {root}{table['url']}{sent}")
        for seat in table["seats"]:
            typer.echo(f"  {seat['side'].upper()} {seat['player']}: {root}{seat['url']}")


if __name__ == "__main__":
    app()
