"""Fuzzing the ``ramino`` command line (hypothesis): arguments of replay, play, rules, verify
and serve, and garbled record files fed to ``ramino replay`` (random bytes, truncated JSON,
fields of the wrong type, unknown fields).  Never a traceback: a refusal is exit status 2
with one line on standard error naming what is wrong (the field, for a record), nothing on
standard output and nothing written; a usage error is the command line's own (it names the
option).  In process, with the command tree built once: 1,800 cases in about twenty seconds
of CPU."""

from __future__ import annotations

import copy
import json
import random
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main
import typer.testing
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import Result

import ramino.server
from ramino.cli import app
from ramino.games.scala40.state import Scala40State
from ramino.records import dump_document, record_of
from ramino.records.fields import index_path, key_path
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules, preset_names
from tests.records_helpers import played_hand

PREFIX = "not a well-formed ramino-record/1 record: "
runner = typer.testing.CliRunner()


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


def _short_hand(seed: int, players: int) -> dict[str, Any]:
    """A hand stopped after a few actions: every field of a deal record, a cheap replay."""
    state = played_hand(seed, make_rules("fibur", {"players": players}), stop_after=14)
    doc = record_of(state, players=[f"P{seat}" for seat in range(players)],
                    meta={"seed": seed})
    loaded: dict[str, Any] = json.loads(json.dumps(doc))
    return loaded


def _scala40_hand() -> dict[str, Any]:
    state = Scala40State.new_hand(make_rules("fisca", {"players": 3}), seed=5)
    rng = random.Random(5)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    loaded: dict[str, Any] = json.loads(json.dumps(scala40_record.record_of(
        state, players=["Anna", "Bruno", "Carla"], meta={"seed": 5})))
    return loaded


BASES: list[dict[str, Any]] = [_short_hand(3, 4), _short_hand(4, 2), _scala40_hand()]


@pytest.fixture(scope="module", autouse=True)
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A directory to run in (play writes ``records/`` under it) with files to name, the
    command tree built once (typer builds it again at every invoke), and a stand-in server
    (``serve`` with good arguments returns at once)."""
    root = tmp_path_factory.mktemp("cli-fuzz")
    (root / "hand.json").write_text(dump_document(BASES[0]), encoding="utf-8")
    (root / "scala40.json").write_text(dump_document(BASES[2]), encoding="utf-8")
    (root / "garbled.json").write_bytes(b'{"format": "ramino-record/1", "turns": [["dr')
    (root / "binary.json").write_bytes(bytes(range(256)))
    (root / "tournament.json").write_text('{"format": "ramino-tournament/1"}', encoding="utf-8")
    (root / "directory").mkdir()
    command = typer.main.get_command(app)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        patch.setattr(typer.testing, "_get_command", lambda _app: command)
        patch.setattr(ramino.server, "serve", lambda **kwargs: kwargs["announce"]())
        yield root


def _files(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in root.rglob("*") if p.is_file()}


def check(result: Result, allowed: tuple[int, ...]) -> str | None:
    """No traceback, an allowed exit status; for a refusal, the line that names what is
    wrong (``None`` for the command line's own usage errors)."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception), result.output)
    assert "Traceback" not in result.output
    assert result.exit_code in allowed, result.output
    if result.exit_code != 2:
        return None
    assert result.stdout == "", result.stdout
    if "─ Error ─" in result.stderr:
        return None  # the command line's own usage error, in its panel
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), result.stderr
    return lines[0]


def field_of(line: str | None) -> str:
    """The field a refused record is named by: ``turns[3][1]`` in ``PREFIX turns[3][1]: …``."""
    assert line is not None and line.startswith(PREFIX), line
    field, sep, reason = line[len(PREFIX):].partition(": ")
    assert sep and field and reason, line
    return field


# --- arguments -----------------------------------------------------------------------------------

numbers = st.one_of(st.integers(-3, 8).map(str), st.integers(-2**70, 2**70).map(str),
                    st.sampled_from(["", "x", "1e3", "0x10", "٣", "7.0", " 4", "--"]))
presets = st.one_of(st.sampled_from([*preset_names(), "", "casa", "FIBUR", "fibur ", "-"]),
                    st.text(max_size=8))
languages = st.sampled_from(["en", "it", "pt", "de", "", "EN"])
readable = st.sampled_from(["hand.json", "scala40.json", "garbled.json", "binary.json",
                            "tournament.json", "directory", "absent.json", "hand.json/x",
                            "a\0b", "-", ""])
writable = st.sampled_from(["out/hand.json", "directory", "hand.json/below.json", "new.json",
                            "deep/er/hand.json"])


def _free_port() -> str:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return str(probe.getsockname()[1])


COMMANDS: dict[str, tuple[dict[str, st.SearchStrategy[str] | None], bool]] = {
    # options (None: a flag), and whether the command takes a file or name argument
    "replay": ({"--json": None, "--lang": languages}, True),
    "verify": ({}, True),
    "rules": ({}, True),
    "play": ({"--seed": numbers, "--bots-seed": numbers, "--preset": presets,
              "--players": numbers, "--out": writable}, False),
    "score": ({"--preset": presets, "--players": st.sampled_from(["A,B,C,D", "A,B", ",", ""]),
               "--target": numbers, "--dealer": numbers, "--sheet": st.one_of(readable, writable),
               "--export": writable, "--no-input": None, "--lang": languages,
               "--option": st.sampled_from(["players=2", "players=3", "x=1", "reentry=",
                                            "elimination_limit=201", "="])}, False),
    "serve": ({"--host": st.sampled_from(["127.0.0.1", "::1", "0.0.0.0"]),
               "--port": st.one_of(numbers, st.builds(_free_port)),
               "--tournament": readable}, False),
}
EXIT_STATUSES = {"replay": (0, 1, 2), "verify": (0, 1, 2), "rules": (0, 2), "play": (0, 1, 2),
                 "score": (0, 2), "serve": (0, 2)}


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    name = draw(st.sampled_from(sorted(COMMANDS)))
    options, positional = COMMANDS[name]
    args: list[str] = []
    for option in draw(st.lists(st.sampled_from(sorted(options)), unique=True)
                       if options else st.just([])):
        values = options[option]
        args += [option] if values is None else [option, draw(values)]
    if positional and draw(st.booleans()):
        word = draw(presets if name == "rules" else readable)
        if draw(st.booleans()):
            args.insert(0, word)
        else:
            args.append(word)
    # Anything else typed after them: an unknown option, a stray word.
    args += draw(st.lists(st.one_of(st.text(max_size=6), st.sampled_from(
        ["--seed", "--nope", "-x", "--json=1"])), max_size=2))
    return [name, *args]


@fuzz(500)
@given(command_lines())
def test_no_argument_gives_a_traceback(workspace: Path, argv: list[str]) -> None:
    before = _files(workspace)
    result = runner.invoke(app, argv, input="quit\n")
    line = check(result, EXIT_STATUSES[argv[0]])
    if result.exit_code == 2:
        assert _files(workspace) == before, line
    if argv[0] == "serve" and result.exit_code == 0:
        assert "open http://" in result.stdout


# --- garbled record files ------------------------------------------------------------------------


def _replay(data: bytes | str) -> Result:
    return runner.invoke(app, ["replay", "--json", "-"], input=data)


@fuzz(400)
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_naming_the_document(data: bytes) -> None:
    field = field_of(check(_replay(data), (2,)))
    assert field in ("document", "format", "game", "turns") or field.startswith(
        ("document", "format", "game", "turns", "match", "hands", "[")), field


@fuzz(200)
@given(st.sampled_from(BASES), st.data())
def test_truncated_json_is_refused_with_its_line_and_column(base: dict[str, Any],
                                                          data: st.DataObject) -> None:
    text = dump_document(base)
    cut = data.draw(st.integers(0, len(text) - 3))
    line = check(_replay(text[:cut]), (2,))
    assert field_of(line) == "document" and "not JSON" in (line or "")


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, child in value.items():
            if not prefix and key == "meta":
                continue  # free-form (docs/record.md §4): kept verbatim, never read
            out += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out += _paths(child, (*prefix, i))
    return out


def notation(path: tuple[Any, ...]) -> str:
    text = ""
    for key in path:
        text = index_path(text, key) if isinstance(key, int) else key_path(text, key)
    return text


def json_kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return type(value).__name__


other_values = st.one_of(st.booleans(), st.integers(-5, 120), st.sampled_from([2.5, -0.5]),
                         st.text(max_size=6), st.sampled_from(["draw", "7h", "fibur"]),
                         st.lists(st.integers(0, 3), max_size=2),
                         st.dictionaries(st.text(max_size=3), st.integers(), max_size=1))


@st.composite
def wrong_types(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A record with one field replaced by a value of another JSON type, and that field."""
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    path = draw(st.sampled_from(_paths(doc)))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    kind = json_kind(parent[path[-1]])
    parent[path[-1]] = draw(other_values.filter(lambda v: json_kind(v) != kind))
    return doc, notation(path)


@fuzz(500)
@given(wrong_types())
def test_a_field_of_the_wrong_type_is_refused_by_name(case: tuple[dict[str, Any], str]) -> None:
    doc, changed = case
    field = field_of(check(_replay(json.dumps(doc)), (2,)))
    # The field itself, or the object or list it makes wrong, or the part of it that is.
    assert changed.startswith(field) or field.startswith(changed), (field, changed)


@st.composite
def unknown_fields(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    doc = copy.deepcopy(draw(st.sampled_from(BASES)))
    objects = [p for p in _paths(doc) if isinstance(_at(doc, p), dict)] + [()]
    path = draw(st.sampled_from(objects))
    target = _at(doc, path)
    if path and path[0] == "rules" and path[-1] == "options":
        name = draw(st.sampled_from(["no_such_option", "pozzeto_sizes"]))
    else:
        name = draw(st.text(min_size=1, max_size=6).filter(lambda k: k not in target))
    target[name] = draw(other_values)
    return doc, notation((*path, name))


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


@fuzz(200)
@given(unknown_fields())
def test_an_unknown_field_is_refused_by_name(case: tuple[dict[str, Any], str]) -> None:
    doc, added = case
    field = field_of(check(_replay(json.dumps(doc)), (2,)))
    assert added.startswith(field) or field.startswith(added), (field, added)
