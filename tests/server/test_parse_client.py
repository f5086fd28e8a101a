"""``parse_client`` reads a plain ``act`` without the validator: what it returns that way is
what the validator returns for the same frame, and a frame it leaves to the validator is
refused or accepted exactly as the validator decides (hypothesis, seeded)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.server.protocol import _ADAPTER, Act, ProtocolError, parse_client

SETTINGS = settings(max_examples=400, derandomize=True, deadline=None, database=None)

VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 2**70), st.floats(allow_nan=False),
                   st.text(max_size=210), st.lists(st.integers(), max_size=2))
ACTS = st.fixed_dictionaries(
    {"type": st.sampled_from(["act", "act", "chat", "Act"]),
     "action": st.one_of(st.text(max_size=210), VALUES),
     "version": st.one_of(st.integers(-3, 2**40), VALUES)},
    optional={"extra": VALUES})


def validator(data: dict[str, Any]) -> Any:
    try:
        return _ADAPTER.validate_python(data)
    except Exception:
        return "refused"


@SETTINGS
@given(ACTS)
def test_an_act_is_read_as_the_validator_reads_it(data: dict[str, Any]) -> None:
    try:
        parsed: Any = parse_client(json.dumps(data))
    except ProtocolError:
        parsed = "refused"
    assert parsed == validator(data)


@pytest.mark.parametrize("frame", [
    '{"type":"act","action":"d","version":3}',
    '{"version":3,"action":"d","type":"act"}',
])
def test_a_plain_act(frame: str) -> None:
    assert parse_client(frame) == Act(type="act", action="d", version=3)


@pytest.mark.parametrize(("frame", "message"), [
    ('{"type":"act","action":"d","version":true}', "version: Input should be a valid integer"),
    ('{"type":"act","action":"d","version":-1}', "version: Input should be greater than or "
     "equal to 0"),
    ('{"type":"act","action":"","version":1}', "act.action: String should have at least 1 "
     "character"),
    ('{"type":"act","action":"d","version":1,"x":1}', "act.x: Extra inputs are not permitted"),
    ('{"type":"act","action":"d","version":NaN}', "act.version: Input should be a valid "
     "integer"),
    ('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]'
     ']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', "a message must be one JSON "
     "object"),
])
def test_an_act_out_of_shape_is_explained_by_the_validator(frame: str, message: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        parse_client(frame)
    assert refused.value.code == "malformed"
    assert message in refused.value.message
