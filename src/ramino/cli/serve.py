"""``ramino serve`` and ``ramino verify``: the table server (its web stack imported only
when it starts) and the check of a server's hand record.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ramino.cli.core import EXIT_MALFORMED, CliError, needs_server_extra, read_file, say
from ramino.records import load_document


def serve_command(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port", min=1, max=65535)] = 8000,
    db: Annotated[str | None, typer.Option(
        help="SQLite file or database URL (default: DATABASE_URL, else ./ramino-server.db)")
                  ] = None,
    tournament: Annotated[Path | None, typer.Option(
        help="a tournament file (ramino tournament new): its desk and standings under "
             "/tournament, its turni played here (ramino tournament online)")] = None,
    tournament_token: Annotated[str | None, typer.Option(
        help="a token the director's desk asks for once")] = None,
    trusted_proxy: Annotated[list[str] | None, typer.Option(
        help="a reverse proxy's address or network (repeatable; default: "
             "RAMINO_TRUSTED_PROXIES): only its X-Forwarded-For and -Proto are believed")
    ] = None,
    allowed_origin: Annotated[list[str] | None, typer.Option(
        help="an origin such as https://club.example that may POST and open the WebSocket "
             "besides the request's own host (repeatable; default: RAMINO_ALLOWED_ORIGINS)")
    ] = None,
) -> None:
    """Serve the lobby and the browser table (tables with bots) at http://HOST:PORT/.

    The tournament file and the port are checked first: a file that cannot be read or a
    port already in use is refused in one line (exit status 2) before anything starts."""
    try:  # lazily: the plain commands need no web stack, which comes with the server extra
        import ramino.server.app  # noqa: F401
    except ModuleNotFoundError as exc:
        raise CliError(needs_server_extra("serve", exc)) from None
    from ramino.server import serve

    if tournament is not None:
        check_tournament_file(tournament)
    if db is not None and "://" not in db:
        check_sqlite_file(Path(db))
    check_port_free(host, port)
    def announce() -> None:
        say(Console(), f"ramino: open http://{host}:{port}/ in a browser (Ctrl-C stops)")

    serve(host=host, port=port, db=db, tournament=tournament,
          tournament_token=tournament_token, trusted_proxies=trusted_proxy or (),
          allowed_origins=allowed_origin or (), announce=announce)


def check_tournament_file(path: Path) -> None:
    """Refuse a tournament file the server could not open, naming it and what is wrong."""
    from ramino.tournament.store import TournamentFileError, load

    try:
        load(path)
    except TournamentFileError as exc:  # one line that already names the file
        raise CliError(f"--tournament: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise CliError(f"--tournament {path}: not a tournament file ({exc})") from None


def check_sqlite_file(path: Path) -> None:
    """SQLite creates the file but not its directory: refuse a path it could not open."""
    if path.is_dir():
        raise CliError(f"--db {path}: is a directory, not a database file")
    if not path.expanduser().resolve().parent.is_dir():
        raise CliError(f"--db {path}: no directory {path.parent}")


def check_port_free(host: str, port: int) -> None:
    """Bind the address the server will listen on (as uvicorn does) and let it go again."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise CliError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def verify_command(
    record: Annotated[Path, typer.Argument(help="a hand record downloaded from a ramino server")],
) -> None:
    """Check a hand record from a ramino server: a fair deal and a legal replay.

    The deal must match the commitment the server published before the first action
    (commit-reveal) and the hand must replay legally.  Exit status 0: checked; 1: it does not
    check; 2: not checkable (what is missing on standard error)."""
    from ramino.server.fairness import verify_document  # lazily, like serve

    verdict = verify_document(load_document(read_file(record)))
    if verdict.exit_code == EXIT_MALFORMED:
        raise CliError(verdict.message)
    say(Console(), verdict.message)
    raise typer.Exit(verdict.exit_code)
