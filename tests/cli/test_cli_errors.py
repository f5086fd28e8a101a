"""Bad input anywhere on the ``ramino`` command line: one line on standard error naming what
is wrong, exit status 2, nothing written and nothing started; a defect of ramino: one line,
exit status 70 (the error boundary of :mod:`ramino.cli`)."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import ramino.server
from ramino.cli import app
from ramino.records import dump_document
from tests.records_helpers import hand_document

runner = CliRunner()


def refused(result: Result) -> str:
    """The one line of a refusal (exit status 2, nothing on standard output)."""
    assert result.exit_code == 2, result.output
    assert result.stdout == "", result.stdout
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The calls that reached the server (none starts: the server is a stand-in)."""
    calls: list[dict[str, Any]] = []
    def serve(**kwargs: Any) -> None:
        calls.append(kwargs)
        kwargs["announce"]()  # the database opened: the address is announced

    monkeypatch.setattr(ramino.server, "serve", serve)
    return calls


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        yield holder.getsockname()[1]


def test_serve_on_a_busy_port_says_so_before_anything_starts(
        tmp_path: Path, served: list[dict[str, Any]], busy_port: int) -> None:
    result = runner.invoke(app, ["serve", "--port", str(busy_port), "--db",
                                 str(tmp_path / "server.db")])
    line = refused(result)
    assert line.startswith(f"cannot listen on 127.0.0.1:{busy_port}: ")
    assert "in use" in line
    assert served == [] and not (tmp_path / "server.db").exists()


def test_serve_starts_on_a_free_port(served: list[dict[str, Any]]) -> None:
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert f"open http://127.0.0.1:{port}/" in result.stdout
    assert [call["port"] for call in served] == [port]


@pytest.mark.parametrize(("content", "reason"), [
    (None, "does not exist"),
    ("{\"format\": ", "is not JSON"),
    ("[1, 2]", "not a ramino-tournament/1 document"),
    (json.dumps(hand_document(1)), "not a ramino-tournament/1 document"),
    ('{"format": "ramino-tournament/1"}', "missing 'settings'"),
])
def test_serve_refuses_a_tournament_file_it_cannot_open(
        tmp_path: Path, served: list[dict[str, Any]], content: str | None, reason: str) -> None:
    path = tmp_path / "evening.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["serve", "--tournament", str(path)])
    line = refused(result)
    assert line.startswith(f"--tournament: {path}") and reason in line
    assert served == []


def test_serve_refuses_a_port_out_of_range(served: list[dict[str, Any]]) -> None:
    result = runner.invoke(app, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "--port" in result.stderr and served == []


@pytest.mark.parametrize("name", ["a\0b.json", "{dir}", "{dir}/absent.json",
                                  "{file}/below-a-file.json"])
def test_replay_and_verify_refuse_a_file_they_cannot_read(tmp_path: Path, name: str) -> None:
    (tmp_path / "file").write_text("{}", encoding="utf-8")
    path = name.format(dir=tmp_path, file=tmp_path / "file")
    for command in ("replay", "verify"):
        result = runner.invoke(app, [command, path])
        if command == "verify" and "\0" in path:
            # A Path argument: the command line itself refuses the name (a usage error).
            assert result.exit_code == 2 and "'record'" in result.stderr, result.output
            continue
        line = refused(result)
        assert line.startswith("cannot read "), line


def test_verify_names_the_missing_field_on_standard_error(tmp_path: Path) -> None:
    path = tmp_path / "hand.json"
    path.write_text(dump_document(hand_document(2)), encoding="utf-8")
    line = refused(runner.invoke(app, ["verify", str(path)]))
    assert line.startswith("meta: no salt and commitment")


@pytest.mark.parametrize(("document", "field"), [
    ({"format": "ramino-record/2", "game": "burraco", "turns": []}, "format: 'ramino-record/2'"),
    ({"format": "ramino-tournament/1", "settings": {}}, "format: 'ramino-tournament/1'"),
    ({"format": 1}, "format: expected a string"),
])
def test_replay_names_another_format_or_version(tmp_path: Path, document: object,
                                                field: str) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    line = refused(runner.invoke(app, ["replay", str(path)]))
    assert line.startswith(f"not a well-formed ramino-record/1 record: {field}"), line


@pytest.mark.parametrize("out", ["{dir}", "{file}/hand.json", "{file}/deeper/hand.json"])
def test_play_refuses_a_record_path_before_dealing(tmp_path: Path, out: str) -> None:
    (tmp_path / "file").write_text("kept", encoding="utf-8")
    path = out.format(dir=tmp_path, file=tmp_path / "file")
    before = sorted(p.name for p in tmp_path.rglob("*"))
    line = refused(runner.invoke(app, ["play", "--seed", "3", "--out", path], input="draw\n"))
    assert line.startswith(f"--out {path}: "), line
    assert sorted(p.name for p in tmp_path.rglob("*")) == before
    assert (tmp_path / "file").read_text(encoding="utf-8") == "kept"


def test_play_refuses_a_player_count_naming_the_option() -> None:
    line = refused(runner.invoke(app, ["play", "--players", "9"]))
    assert line.startswith("option players: bad value 9")


def test_a_defect_is_one_line_with_exit_70(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(name: str) -> Any:
        raise KeyError("a defect")
    monkeypatch.setattr("ramino.cli.rules.preset", broken)
    result = runner.invoke(app, ["rules", "fibur"])
    assert result.exit_code == 70  # EX_SOFTWARE
    assert result.stderr.splitlines() == [
        "ramino: internal error (KeyError: 'a defect' at test_cli_errors.py:"
        f"{broken.__code__.co_firstlineno + 1}); RAMINO_DEBUG=1 shows the traceback"]
    result = runner.invoke(app, ["rules", "fibur"], env={"RAMINO_DEBUG": "1"})
    assert isinstance(result.exception, KeyError)


def test_usage_errors_stay_click_s(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay"])
    assert result.exit_code == 2 and "Missing argument" in result.stderr
    result = runner.invoke(app, ["play", "--seed", "seven"])
    assert result.exit_code == 2 and "--seed" in result.stderr


@pytest.mark.parametrize("db", ["{tmp}", "{tmp}/absent/server.db"])
def test_serve_refuses_a_sqlite_path_it_could_not_open(
        tmp_path: Path, served: list[dict[str, Any]], db: str) -> None:
    path = db.format(tmp=tmp_path)
    line = refused(runner.invoke(app, ["serve", "--db", path]))
    assert line.startswith(f"--db {path}: ")
    assert served == [] and not (tmp_path / "absent").exists()


def test_serve_takes_a_database_url_as_written(served: list[dict[str, Any]]) -> None:
    url = "postgresql://director@127.0.0.1:5432/club"
    port = free_port()
    result = runner.invoke(app, ["serve", "--db", url, "--port", str(port)])
    assert result.exit_code == 0, result.output
    assert served[0]["db"] == url


def test_a_database_that_cannot_be_opened_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from sqlalchemy.exc import OperationalError

    def unreachable(**_kwargs: Any) -> None:
        raise OperationalError("connect", {}, Exception("connection refused\nretry later"))
    monkeypatch.setattr(ramino.server, "serve", unreachable)
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["database: connection refused"]


def test_replay_stops_reading_an_endless_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ramino.cli.core.MAX_INPUT_BYTES", 1000)
    line = refused(runner.invoke(app, ["replay", "/dev/zero"]))
    assert line == "/dev/zero: more than 1,000 bytes, too large for a record"
    line = refused(runner.invoke(app, ["replay", "-"], input=" " * 1001))
    assert line.startswith("standard input: more than")


def test_serve_announces_no_address_when_the_database_cannot_be_reached(tmp_path: Path) -> None:
    """The real server: a database that refuses the connection is one line, and no "open
    http://…" is printed for a server that never starts."""
    port = free_port()
    result = runner.invoke(app, ["serve", "--port", str(port),
                                 "--db", f"postgresql+psycopg://nobody@127.0.0.1:{free_port()}/none"])
    assert result.exit_code == 2, result.output
    assert "open http" not in result.stdout
    assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("database: ")
