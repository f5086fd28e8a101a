"""The ``ramino`` command group and what every command shares: the error boundary (the one
place where an error becomes the line a user reads: bad input exits 2, a defect of ramino 70),
``--version``, the exit statuses, plain output lines, the bounded reading of an input file,
and ``ramino tournament``, which the group loads only when it is asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperGroup

from ramino import __version__
from ramino.errors import RecordError

EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_INTERNAL = 70  # EX_SOFTWARE (sysexits.h): a defect of ramino, not of the input
DEBUG_VARIABLE = "RAMINO_DEBUG"
# A long match record is some hundreds of KB; more is not a record (/dev/zero, a disk image).
MAX_INPUT_BYTES = 16 * 2**20


class CliError(Exception):
    """A refusal the command line shows as one line on standard error, exit status 2: what
    is wrong, naming the file, the field or the option."""


def error_line(exc: Exception) -> str | None:
    """The one line that tells a user what is wrong with the input behind ``exc``; ``None``
    when ``exc`` is not about the input (a defect of ramino)."""
    if isinstance(exc, CliError):
        text = str(exc)
    elif isinstance(exc, RecordError):
        text = f"not a well-formed ramino-record/1 record: {exc}"
    elif isinstance(exc, OSError):
        reason = exc.strerror or str(exc) or type(exc).__name__
        text = f"{exc.filename}: {reason}" if exc.filename is not None else reason
    elif type(exc).__module__.startswith("sqlalchemy."):
        # The database named by --db or DATABASE_URL cannot be opened or reached.
        cause = str(getattr(exc, "orig", None) or exc)
        text = f"database: {cause.splitlines()[0] if cause else type(exc).__name__}"
    elif isinstance(exc, ValueError):
        # Every error ramino raises on bad input is a ValueError (ramino.errors), and so are
        # the standard readers' (json, UTF-8, the tournament file).
        text = str(exc) or type(exc).__name__
    else:
        return None
    return " ".join(text.splitlines())


class ErrorBoundary(TyperGroup):
    """The ``ramino`` command group: the one place where an error becomes what a user reads.

    Bad input (a missing, garbled or wrong file, a bad value) gives one line on standard
    error naming what is wrong and exit status 2; anything else is a defect of ramino and
    gives one line naming it and exit status 70 (``RAMINO_DEBUG=1`` shows the traceback).
    Every subcommand runs inside, the mounted ``ramino tournament`` commands too."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except Exception as exc:
            if isinstance(exc, typer.Exit | typer.Abort) or type(exc).__module__.startswith(
                    "typer"):
                raise  # the command line's own exits and usage errors
            refuse(exc)

    def list_commands(self, ctx: Any) -> list[str]:
        names = super().list_commands(ctx)
        lazy = "tournament" not in names and importlib.util.find_spec("ramino.tournament.cli")
        return [*names, "tournament"] if lazy else names

    def get_command(self, ctx: Any, name: str) -> Any:
        command = super().get_command(ctx, name)
        if command is None and name == "tournament":
            return tournament_group()
        return command


def needs_server_extra(command: str, exc: ModuleNotFoundError) -> str:
    """The line for a command whose packages come with ``ramino[server]`` when one of them is
    not installed; a module of ramino itself that is missing is a defect, raised again."""
    missing = (exc.name or "").partition(".")[0]
    if not missing or missing == "ramino":
        raise exc
    return (f"ramino {command} needs the server extra ({missing} is not installed): "
            "pip install 'ramino[server]'")


def refuse(exc: Exception) -> NoReturn:
    line = error_line(exc)
    if line is not None:
        typer.echo(line, err=True)
        raise typer.Exit(EXIT_MALFORMED) from None
    if os.environ.get(DEBUG_VARIABLE):
        raise exc
    where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    at = f" at {Path(where.filename).name}:{where.lineno}" if where is not None else ""
    summary = " ".join(f"{type(exc).__name__}: {exc}".splitlines())
    typer.echo(f"ramino: internal error ({summary}{at}); {DEBUG_VARIABLE}=1 shows the "
               "traceback", err=True)
    raise typer.Exit(EXIT_INTERNAL) from None


app = typer.Typer(help="ramino: Burraco, Buraco and Scala 40 — play, replay, rules, bots, "
                       "tables, tournaments.",
                  cls=ErrorBoundary, rich_markup_mode="markdown", no_args_is_help=True,
                  add_completion=False)


def main() -> None:
    app()


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"ramino {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[bool, typer.Option(
        "--version", help="print the version and exit", is_eager=True, callback=show_version)
    ] = False,
) -> None:
    # No docstring: the group's help is the one given to typer.Typer above.
    pass


def say(console: Console, text: str, *, end: str = "\n") -> None:
    """A plain message line: never wrapped (a transcript stays greppable), no markup."""
    console.print(text, end=end, soft_wrap=True, markup=False, highlight=False)


def rule_options(items: list[str] | None) -> dict[str, str]:
    """``--option NAME=VALUE`` items as the overrides of a preset (``build_ruleset``)."""
    overrides: dict[str, str] = {}
    for item in items or ():
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise CliError(f"--option {item!r}: write NAME=VALUE, e.g. elimination_limit=201")
        overrides[name.strip()] = value.strip()
    return overrides


def read_file(name: str | Path) -> bytes:
    """A file's bytes; a file that cannot be read is refused naming it and the reason."""
    try:
        with Path(name).open("rb") as handle:
            return _at_most(handle.read(MAX_INPUT_BYTES + 1), str(name))
    except OSError as exc:
        raise CliError(f"cannot read {name}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a name the system cannot take (a NUL byte)
        raise CliError(f"cannot read {name!r}: {exc}") from None


def _at_most(data: bytes, name: str) -> bytes:
    if len(data) > MAX_INPUT_BYTES:
        raise CliError(f"{name}: more than {MAX_INPUT_BYTES:,} bytes, too large for a record")
    return data


def _stdin_bytes() -> bytes:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is not None:
        data = buffer.read(MAX_INPUT_BYTES + 1)
        assert isinstance(data, bytes)
        return _at_most(data, "standard input")
    return _at_most(sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogateescape"),
                    "standard input")


def tournament_group() -> Any:
    """``ramino tournament``, loaded when it is first asked for: its packages (networkx, Jinja,
    fpdf2) take longer to import than a hand takes to play.  Without the server extra it is
    a command that says so.  ``import-record`` (:mod:`ramino.cli.tournament_records`), which
    reads card-game records the tournament's core knows nothing of, is mounted here."""
    if importlib.util.find_spec("ramino.tournament.cli") is None:
        return None
    try:
        module: Any = importlib.import_module("ramino.tournament.cli")
    except ModuleNotFoundError as exc:
        line = needs_server_extra("tournament", exc)
        refusal = typer.Typer()

        @refusal.command(
            "tournament", add_help_option=False,
            help="Run a tournament (needs the server extra: pip install 'ramino[server]').",
            context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
        def refuse_missing_extra() -> NoReturn:
            raise CliError(line)

        return typer.main.get_command(refusal)
    from ramino.cli.tournament_records import import_record_command

    if not any(c.name == "import-record" for c in module.app.registered_commands):
        module.app.command("import-record")(import_record_command)
    group = typer.main.get_group(module.app)
    group.name = "tournament"
    return group
