"""Fuzzing the readers (hypothesis): random and mutated card strings, action strings and
record JSON must give a clean refusal — :class:`NotationError` / :class:`RecordError` naming
the field, exit status 2 from ``ramino replay`` — or a replay report, never a traceback
(docs/record.md §5)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from ramino.cards import NUM_TYPES, card_str, parse_annotated_card, parse_card
from ramino.cli import app
from ramino.errors import NotationError, RecordError
from ramino.games.actions import parse_action
from ramino.records import replay
from tests.records_helpers import hand_document

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "rules" / "T-32.json"
HAND = hand_document(0)
# A shorter hand keeps each replay cheap while still covering every field of a deal record.
SHORT = copy.deepcopy(HAND)
SHORT["turns"] = SHORT["turns"][:12]
SHORT.pop("result")
BASES: list[dict[str, Any]] = [SHORT, json.loads(FIXTURE.read_text(encoding="utf-8"))]
FUZZ = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

card_like = st.text(alphabet="AaKkQqJjTt0123456789shdcSHDCxX♠♥♦♣🃏=+- ", max_size=6)


@FUZZ
@given(st.one_of(card_like, st.text(max_size=8)))
def test_card_strings_parse_or_raise_notation_error(text: str) -> None:
    try:
        card = parse_card(text)
    except NotationError as exc:
        assert repr(text) in str(exc) or text.strip() == "" or "bad card" in str(exc)
        return
    assert 0 <= card < NUM_TYPES
    assert parse_card(card_str(card)) == card


@FUZZ
@given(card_like)
def test_annotated_cards_parse_or_raise_notation_error(text: str) -> None:
    try:
        card, _target = parse_annotated_card(text)
    except NotationError:
        return
    assert 0 <= card < NUM_TYPES


verbs = st.sampled_from(["draw", "pick", "meld", "attach", "discard", "swap", "stallo", "MELD",
                         "timeout", ""])


@FUZZ
@given(verbs, st.lists(st.one_of(card_like, st.integers(-3, 30).map(str)), max_size=5))
def test_action_strings_parse_or_raise_notation_error(verb: str, args: list[str]) -> None:
    text = " ".join([verb, *args])
    try:
        action = parse_action(text)
    except NotationError as exc:
        assert str(exc)
        return
    assert parse_action(str(action)) == action


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.floats(allow_nan=False),
                      card_like, st.sampled_from(["draw", "discard 7h", "meld 7h 8h 9h", "stallo",
                                                  "fibur", "closed", "play"]))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out += _paths(child, (*prefix, i))
    return out


@st.composite
def mutated_records(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(BASES)))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        kind = draw(st.sampled_from(["delete", "replace", "truncate", "text"]))
        if kind == "delete":
            del parent[key]
        elif kind == "truncate" and isinstance(parent[key], list | str):
            parent[key] = parent[key][:draw(st.integers(0, max(0, len(parent[key]) - 1)))]
        elif kind == "text":
            parent[key] = draw(card_like)
        else:
            parent[key] = draw(json_value)
    return doc


def _check(doc: Any) -> None:
    try:
        report = replay(doc)
    except RecordError as exc:
        assert exc.path, str(exc)
        return
    assert report.exit_code in (0, 1)
    for problem in report.problems:
        assert problem.message and problem.path


@FUZZ
@given(mutated_records())
def test_mutated_records_are_refused_by_field_or_replayed(doc: dict[str, Any]) -> None:
    _check(doc)


@FUZZ
@given(json_value)
def test_random_json_is_refused_by_field(doc: Any) -> None:
    _check(doc)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_records())
def test_the_cli_never_shows_a_traceback(doc: dict[str, Any]) -> None:
    result = CliRunner().invoke(app, ["replay", "--json", "-"], input=json.dumps(doc))
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    if result.exit_code == 2:
        assert result.stderr.startswith("not a well-formed ramino-record/1 record: ")


@settings(max_examples=25, deadline=None)
@given(st.binary(max_size=40))
def test_the_cli_refuses_random_bytes(data: bytes) -> None:
    result = CliRunner().invoke(app, ["replay", "-"], input=data)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.exit_code in (1, 2) if data.strip() else result.exit_code == 2
