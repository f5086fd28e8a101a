"""Security of the table protocol: what a client may send never reaches past its rights.

A player cannot send the arbiter's events (the engine has a player's entry point that refuses
them), a deeply nested JSON frame is refused like any malformed one, and a bot that raises
does not freeze its table.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ramino.errors import IllegalActionError
from ramino.games.actions import Action, parse_action
from ramino.games.burraco import BurracoState
from ramino.games.scala40 import Scala40State
from ramino.rules import make_rules
from ramino.server.protocol import MAX_FRAME_BYTES, ProtocolError, parse_client

from .conftest import act, fast_app_client, join, new_table, recv, recv_until
from .test_protocol import expect_error, table_state

# --- arbiter events are not a player's move --------------------------------------------------


@pytest.mark.parametrize("preset", ["fibur", "buraco-aberto"])
@pytest.mark.parametrize("event", ["stallo", "timeout"])
def test_engine_player_entry_refuses_arbiter_events(preset: str, event: str) -> None:
    state = BurracoState.new_hand(make_rules(preset), seed=5)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as refused:
        state.play_move(event)
    assert refused.value.rule == "arbiter-only" and refused.value.section == "§2.9"
    assert event in str(refused.value)
    with pytest.raises(IllegalActionError):
        state.apply_move(parse_action(event))
    assert state.fingerprint() == before and not state.is_over
    state.play_move("draw")  # a player's ordinary move goes through
    # The arbiter's own entry point still takes the event (the server's round clock).
    arbiter = BurracoState.new_hand(make_rules(preset), seed=5)
    arbiter.apply(parse_action(event))
    assert arbiter.fingerprint() != before


def test_scala40_player_entry_refuses_arbiter_events() -> None:
    state = Scala40State.new_hand(make_rules("fisca"), seed=5)
    before = state.fingerprint()
    for event in ("stallo", "timeout"):
        with pytest.raises(IllegalActionError):
            state.play_move(event)
    assert state.fingerprint() == before


@pytest.mark.parametrize("preset", ["fibur", "buraco-aberto"])
@pytest.mark.parametrize("event", ["stallo", "timeout"])
def test_seated_player_cannot_send_arbiter_events(db: Path, preset: str, event: str) -> None:
    with fast_app_client(db) as client:
        response = client.post("/api/tables", json={"preset": preset, "seats": ["open"] * 4})
        table = response.json()["id"]
        with client.websocket_connect("/ws") as ws:
            join(ws, table, seat=0)
            before = table_state(client, table)
            act(ws, event, 0)
            error = expect_error(ws, "illegal")
            assert error["rule"] == "arbiter-only" and error["section"] == "§2.9"
            assert table_state(client, table) == before
            act(ws, "draw", 0)  # the table goes on
            assert recv(ws)["type"] == "update"


# --- deeply nested JSON ----------------------------------------------------------------------


def test_deeply_nested_json_is_a_protocol_error() -> None:
    for text in ("[" * 1000 + "]" * 1000, '{"a":' * 300 + "1" + "}" * 300,
                 '{"type": "join", "table": ' + "[" * 1000 + "]" * 1000 + "}"):
        assert len(text.encode()) <= MAX_FRAME_BYTES
        with pytest.raises(ProtocolError) as refused:
            parse_client(text)
        assert refused.value.code == "malformed"


def test_deeply_nested_frame_keeps_the_connection(client: TestClient,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text("[" * 1000 + "]" * 1000)
        expect_error(ws, "malformed")
        join(ws, table, seat=0)
        ws.send_text("[" * 1000 + "]" * 1000)
        expect_error(ws, "malformed")
        ws.send_text(json.dumps({"type": "ping"}))
        assert recv_until(ws, lambda f: f["type"] == "pong")
    assert not [r for r in caplog.records if r.exc_info]


# --- a bot that raises -----------------------------------------------------------------------


class RaisingBot:
    name = "raising"

    def choose(self, observation: Any, legal: list[Action]) -> Action:
        raise ZeroDivisionError("the bot's own bug")


def test_a_raising_bot_is_replaced_and_the_table_moves(db: Path,
                                                       caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    with fast_app_client(db, rng=random.Random(4)) as client:
        table_id = new_table(client, ["open", "bot", "bot", "bot"])["id"]
        table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        for seat in (1, 2, 3):
            table.bots[seat] = RaisingBot()
        with caplog.at_level(logging.WARNING, logger="ramino.server"), \
                client.websocket_connect("/ws") as ws:
            _, update = join(ws, table_id, seat=0)
            act(ws, "draw", update["version"])
            recv(ws)
            act(ws, f"discard {update['view']['hand'][0]}", update["version"] + 1)
            # The three raising bots' turns are played by stand-ins: seat 0 plays again.
            back = recv_until(ws, lambda f: f["type"] == "update" and f["view"]["current"] == 0
                              and f["version"] > update["version"] + 2)
            assert back["legal"]
    failures = [r for r in caplog.records if "raised" in r.getMessage()]
    assert failures and all(not r.exc_info for r in failures)
    assert f"table {table_id} seat 1" in failures[0].getMessage()
    assert "ZeroDivisionError" in failures[0].getMessage()
    # Told once per seat: the stand-in keeps the seat.
    assert len(failures) == 3
