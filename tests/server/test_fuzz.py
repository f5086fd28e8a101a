"""Fuzzing the server's inputs (hypothesis) through the TestClient: client WebSocket frames
before and after the join, and the bodies and parameters of the HTTP API.

Every input gets an answer, never a traceback (the TestClient raises any exception the app
lets out, and the log must hold none) and never a 500; a refused input changes nothing (the
table's version and engine fingerprint, the tables, the accounts).  argon2 is replaced by a
cheap stand-in here: what is fuzzed is the handling of the input, not the hash.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from sqlalchemy import text
from starlette.testclient import WebSocketTestSession

import ramino.server.routes.accounts as server_app

from .conftest import fast_app_client, join, new_table, recv


def fuzz(examples: int) -> settings:
    """Seeded (the same cases every run), no example database, no per-case deadline."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    # No shrinking: the cases share a connection, and the first failure is
                    # the one to read.
                    phases=[Phase.explicit, Phase.generate],
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])

# --- strategies ------------------------------------------------------------------------------

scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                    st.floats(allow_nan=False), st.text(max_size=30))
json_values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)
actions = st.one_of(
    st.sampled_from(["draw", "pick", "stallo", "timeout", "STALLO", " timeout ", "discard",
                     "discard As", "meld 3h 4h 5h", "attach 1 Kh", "attach 0 Kh",
                     "swap 1 7d", "meld JK=7d 8d 9d", "discard 2c=As"]),
    st.text(alphabet="adehikmoprst 0123456789AKQJTshdcJK=", max_size=40),
    st.text(max_size=40))
fields = {
    "table": st.one_of(st.text(max_size=40), st.integers(), st.none()),
    "name": st.one_of(st.text(max_size=30), st.sampled_from(["\u202eevil", "a\x00b", ""])),
    "seat": st.one_of(st.integers(-3, 9), st.text(max_size=3), st.none(), st.booleans()),
    "token": st.one_of(st.text(max_size=70), st.none()),
    "invite": st.one_of(st.text(max_size=70), st.none()),
    "spectate": st.one_of(st.booleans(), st.integers(0, 2)),
    "auth": st.one_of(st.text(max_size=110), st.just("bot_" + "x" * 40), st.none()),
    "lang": st.one_of(st.sampled_from(["it", "en", "pt", "fr"]), st.none()),
    "action": st.one_of(actions, st.integers(), st.none()),
    "version": st.one_of(st.integers(-2, 5), st.integers(), st.text(max_size=3)),
    "text": st.one_of(st.text(max_size=40), st.text(min_size=299, max_size=302)),
    "muted": st.one_of(st.booleans(), st.none()),
    "hand_no": st.one_of(st.integers(-2, 3), st.floats()),
    "agree": st.one_of(st.booleans(), st.text(max_size=3)),
}
types = st.sampled_from(["join", "act", "chat", "mute", "ping", "next", "end", "reenter",
                         "teleport", "", "JOIN"])


@st.composite
def shaped_messages(draw: st.DrawFn) -> dict[str, Any]:
    """A message of a known (or near-known) type with some of the fields, fair or not."""
    chosen = draw(st.lists(st.sampled_from(sorted(fields)), max_size=4, unique=True))
    message: dict[str, Any] = {"type": draw(types)}
    for name in chosen:
        message[name] = draw(fields[name])
    if draw(st.booleans()):
        message[draw(st.text(max_size=6))] = draw(scalars)
    return message


frames = st.one_of(
    shaped_messages().map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=80),
    st.builds(lambda n, o, c: o * n + c * n, st.integers(1, 1020),
              st.sampled_from(["[", "{\"a\":", "[{\"b\":"]), st.sampled_from(["]", "}", "}]"])),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
)


# --- fixtures --------------------------------------------------------------------------------


@pytest.fixture
def fuzzed(db: Path, monkeypatch: pytest.MonkeyPatch,
           caplog: pytest.LogCaptureFixture) -> Iterator[TestClient]:
    monkeypatch.setattr(server_app, "hash_password", lambda password: "cheap$" + password)
    monkeypatch.setattr(server_app, "verify_password",
                        lambda pw_hash, password: pw_hash == "cheap$" + password)
    monkeypatch.setattr(server_app, "dummy_hash", lambda: "cheap$\x00")
    with caplog.at_level(logging.WARNING), fast_app_client(db, idle_seconds=None) as client:
        yield client
    tracebacks = [r.getMessage() for r in caplog.records if r.exc_info]
    assert not tracebacks, tracebacks


def state_of(client: TestClient, table_id: str) -> tuple[Any, ...]:
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    return (table.version, table.hand.hand_no, table.state.fingerprint(),
            [(s.kind, s.name) for s in table.seats])


def sync(ws: WebSocketTestSession, count: int) -> list[dict[str, Any]]:
    """Every frame the server sent before its answer to sentinel ``count``: a message with a
    field no fuzzed message has (their extra keys are shorter), refused at once whatever the
    table's state, naming the field."""
    ws.send_text(json.dumps({"type": "ping", f"sentinel_{count:06d}": 1}))
    frames: list[dict[str, Any]] = []
    while True:
        frame = recv(ws)
        if frame["type"] == "error" and frame["message"].startswith(
                f"ping.sentinel_{count:06d}:"):
            return frames
        frames.append(frame)


# --- the WebSocket ---------------------------------------------------------------------------


def test_fuzzed_frames_after_the_join(fuzzed: TestClient) -> None:
    client = fuzzed
    table = new_table(client, ["open", "open", "bot", "bot"])["id"]
    count = 0
    # Seat 0 sits and never moves, so the table stands still on its turn and whatever changes
    # the state comes from the fuzzed frames.
    with client.websocket_connect("/ws") as idle, client.websocket_connect("/ws") as ws:
        join(idle, table, seat=0, name="Idle")
        join(ws, table, seat=1, name="Fuzz")

        @fuzz(800)
        @given(frames)
        def one(frame: str) -> None:
            nonlocal count
            count += 1
            before = state_of(client, table)
            ws.send_text(frame)
            answers = sync(ws, count)
            refused = [a for a in answers if a["type"] == "error"]
            for answer in refused:
                assert answer["code"] and answer["message"], answer
            if refused:
                assert state_of(client, table) == before, (frame, refused)

        one()


def test_fuzzed_frames_before_the_join(fuzzed: TestClient) -> None:
    client = fuzzed
    table = new_table(client, ["open", "open", "open", "open"])["id"]
    joins = st.fixed_dictionaries({"type": st.just("join"), "table": st.just(table)},
                                  optional={k: fields[k] for k in (
                                      "name", "seat", "token", "invite", "spectate", "auth",
                                      "lang")}).map(json.dumps)

    @fuzz(200)
    @given(st.one_of(frames, joins))
    def one(frame: str) -> None:
        before = state_of(client, table)
        with client.websocket_connect("/ws") as ws:
            ws.send_text(frame)
            answer = recv(ws)
            if answer["type"] == "error":
                assert answer["code"] and answer["message"], answer
                assert state_of(client, table) == before, (frame, answer)
            else:
                assert answer["type"] == "welcome", answer
                assert recv(ws)["type"] == "update"

    one()


# --- the HTTP API ----------------------------------------------------------------------------


def world(client: TestClient) -> tuple[Any, ...]:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    with manager.store.engine.connect() as connection:
        counts = connection.execute(text(
            "SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM sessions)")).one()
    return sorted(manager.tables), tuple(counts)


table_settings = st.fixed_dictionaries({}, optional={
    "name": st.one_of(st.text(max_size=70), st.integers()),
    "preset": st.one_of(st.sampled_from(["fibur", "fisca", "buraco-aberto", "nonsense", ""]),
                        st.text(max_size=40)),
    "options": st.one_of(st.dictionaries(st.sampled_from(
        ["players", "stallo_detection", "decks", "min_first_meld_points", "x"]),
        scalars, max_size=3), json_values),
    "seats": st.one_of(st.lists(st.sampled_from(["open", "bot", "human"]), max_size=8),
                       json_values),
    "private": st.one_of(st.booleans(), scalars),
    "bot_level": st.one_of(st.sampled_from(["random", "greedy", "oracle", "god"]), scalars),
    "clock_seconds": st.one_of(st.floats(), st.integers(-5, 10**5), st.none()),
    "increment_seconds": st.one_of(st.floats(), st.integers(-5, 10**4)),
    "grace_seconds": st.one_of(st.floats(), st.integers(-5, 10**5)),
    "match_hands": st.one_of(st.integers(-2, 30), scalars),
    "spectator_delay": st.one_of(st.integers(-2, 50), scalars),
    "match_target": st.one_of(st.integers(-10, 20000), scalars),
})
credentials = st.fixed_dictionaries({}, optional={
    "name": st.one_of(st.text(max_size=30), st.sampled_from(["Anna", "anna", "\u202eAnna"]),
                      scalars),
    "password": st.one_of(st.text(max_size=140), st.just("segreto-lungo"), scalars),
})
bodies = st.one_of(table_settings.map(json.dumps), credentials.map(json.dumps),
                   json_values.map(json.dumps), st.binary(max_size=200),
                   st.text(max_size=200).map(str.encode),
                   st.integers(1, 1200).map(lambda n: ("[" * n + "]" * n).encode()))
posts = st.sampled_from(["/api/tables", "/api/accounts", "/api/login", "/api/logout",
                         "/api/tokens", "/api/replay"])
queries = st.one_of(
    st.builds(lambda t, i, h: f"/api/tables/{t}/record?invite={i}&hand={h}",
              st.text(alphabet="abc_-%0123456789", min_size=1, max_size=12),
              st.text(alphabet="abc%&=", max_size=6), st.one_of(st.integers(), st.text(
                  alphabet="x-1.", max_size=4))),
    st.builds(lambda by, game: f"/api/leaderboard?by={by}&game={game}",
              st.text(alphabet="xpratign%", max_size=8),
              st.sampled_from(["burraco", "buraco", "scala40", "chess", "%00"])),
    st.builds(lambda t: f"/api/tables/{t}", st.text(alphabet="abcXYZ_-%.", min_size=1,
                                                      max_size=12)),
    st.builds(lambda t: f"/api/tables/{t}/replay", st.text(alphabet="abc-", min_size=1,
                                                             max_size=12)),
    st.sampled_from(["/api/me", "/api/options", "/i18n/it.json", "/i18n/xx.json",
                     "/t/nope", "/?lang=%00"]))


def test_fuzzed_http_api(fuzzed: TestClient) -> None:
    client = fuzzed
    assert client.post("/api/accounts", json={"name": "Anna", "password": "segreto-lungo"}
                       ).status_code == 201
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    queried = st.one_of(queries, st.just(f"/api/tables/{table}/record"))

    @fuzz(800)
    @given(st.one_of(st.tuples(posts, bodies), st.tuples(st.just("GET"), queried)))
    def one(request: tuple[str, Any]) -> None:
        before = world(client)
        target, body = request
        if target == "GET":
            answer = client.get(body)
        else:
            answer = client.post(target, content=body,
                                 headers={"content-type": "application/json"})
        assert answer.status_code < 500, (request, answer.text)
        if answer.status_code >= 400:
            detail = answer.json()["detail"]
            assert detail and isinstance(detail, (str, list)), answer.text
            if target != "/api/logout":
                assert world(client) == before, (request, answer.text)

    one()
