"""Security of the server: what a client may send never reaches past its rights.

A player cannot send the arbiter's events (the engine has a player's entry point that refuses
them); a deeply nested JSON frame is refused like any malformed one; joins and messages are
limited per connection and per address (across processes through Redis); sign-ins are limited
per address (forwarded headers believed only from trusted proxies) and per account, and a
wrong name costs an argon2 verify like a wrong password; another site can neither POST nor
open the WebSocket; pages carry a CSP and framing/sniffing headers; a bot token opens the bot
API only; shown names hold no control characters; a bot that raises does not freeze its table.
"""

from __future__ import annotations

import json
import logging
import os
import random
import secrets
import socket
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from ramino.errors import IllegalActionError
from ramino.games.actions import Action, parse_action
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.rules import make_rules
from ramino.server import create_app
from ramino.server.accounts import dummy_hash, verify_password
from ramino.server.bots import StandIn
from ramino.server.limits import SharedLimit
from ramino.server.protocol import MAX_FRAME_BYTES, ProtocolError, parse_client
from ramino.server.routes.socket import FAILED_JOINS_CLOSE_AFTER

from .conftest import (
    RECEIVE_TIMEOUT,
    act,
    fast_app_client,
    join,
    new_table,
    recv,
    recv_until,
)
from .test_accounts import table_of
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
        response = client.post("/api/tables",
                               json={"preset": preset, "seats": ["open", "bot", "bot", "bot"]})
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


class IllegalBot:
    name = "illegal"

    def choose(self, observation: Any, legal: list[Action]) -> Action:
        return parse_action("stallo")  # an arbiter event: never a bot's move


def test_a_failing_bot_is_replaced_and_the_table_moves(db: Path,
                                                       caplog: pytest.LogCaptureFixture
                                                       ) -> None:
    with fast_app_client(db, rng=random.Random(4)) as client:
        table_id = new_table(client, ["open", "bot", "bot", "bot"])["id"]
        table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        table.bots.update({1: RaisingBot(), 2: IllegalBot(), 3: RaisingBot()})
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
    failures = [r.getMessage() for r in caplog.records if "stands in" in r.getMessage()]
    assert not [r for r in caplog.records if r.exc_info]
    # Told once per seat, in one line naming the table and seat: the stand-in keeps the seat.
    assert len(failures) == 3, failures
    assert f"table {table_id} seat 1" in failures[0] and "ZeroDivisionError" in failures[0]
    assert f"table {table_id} seat 2" in failures[1] and "arbiter-only" in failures[1]
    assert all(isinstance(table.bots[seat], StandIn) for seat in (1, 2, 3))


# --- rate limits on the WebSocket ------------------------------------------------------------


def next_message(ws: WebSocketTestSession, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
    """The next ASGI message the server sent (a frame or the close), never waiting forever."""

    async def receive() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message: dict[str, Any] = ws.portal.call(receive)
    return message


def test_refused_joins_close_the_connection(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        for guess in range(FAILED_JOINS_CLOSE_AFTER):
            ws.send_text(json.dumps({"type": "join", "table": table, "token": f"guess{guess}"}))
            expect_error(ws, "bad-token")
        assert next_message(ws)["type"] == "websocket.close"


def test_frames_before_the_join_are_limited(db: Path) -> None:
    with fast_app_client(db, burst=3, per_second=0.001) as client, \
            client.websocket_connect("/ws") as ws:
        for _ in range(3):
            ws.send_text(json.dumps({"type": "ping"}))
            expect_error(ws, "join-first")
        ws.send_text(json.dumps({"type": "ping"}))
        expect_error(ws, "flood")


def test_joins_limited_per_address(db: Path) -> None:
    with fast_app_client(db, join_burst=5, join_per_second=0.001) as client:
        table = new_table(client, ["open", "bot", "open", "bot"])["id"]
        codes = []
        for _ in range(3):  # three connections from one address
            with client.websocket_connect("/ws") as ws:
                for guess in range(3):
                    ws.send_text(json.dumps({"type": "join", "table": table,
                                             "token": f"forged{guess}"}))
                    codes.append(recv(ws)["code"])
        assert codes == ["bad-token"] * 5 + ["flood"] * 4
        with client.websocket_connect("/ws") as ws:  # a real join is refused too, for now
            ws.send_text(json.dumps({"type": "join", "table": table, "seat": 0}))
            assert recv(ws)["code"] == "flood"
        assert table_of(client, table).seats[0].kind == "open"


def test_messages_limited_per_address_over_its_connections(db: Path) -> None:
    with fast_app_client(db, address_burst=4, address_per_second=0.001) as client:
        table = new_table(client, ["open", "open", "bot", "bot"])["id"]
        with client.websocket_connect("/ws") as anna, client.websocket_connect("/ws") as bruno:
            join(anna, table, seat=0)
            join(bruno, table, seat=1)
            recv(anna)  # Bruno's arrival
            for ws in (anna, bruno, anna, bruno, anna):
                ws.send_text(json.dumps({"type": "ping"}))
            assert [recv(anna)["type"] for _ in range(3)] == ["pong", "pong", "error"]
            assert [recv(bruno)["type"] for _ in range(2)] == ["pong", "pong"]


def redis_url() -> str:
    url = os.environ.get("RAMINO_TEST_REDIS", "redis://127.0.0.1:6379/0")
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2):
            return url
    except OSError:
        if os.environ.get("CI"):
            raise AssertionError("CI: Redis must be running for this test") from None
        pytest.skip("Redis is not running on 127.0.0.1")


def test_shared_limit_counts_across_processes() -> None:
    import redis.asyncio as aioredis

    url = redis_url()
    prefix = "ramino-test-" + secrets.token_hex(4)

    async def run() -> list[bool]:
        first, second = aioredis.from_url(url), aioredis.from_url(url)
        try:
            one = SharedLimit(first, "join", 3, 0.001, prefix)
            other = SharedLimit(second, "join", 3, 0.001, prefix)  # another process
            answers = [await one.allow("198.51.100.7"), await other.allow("198.51.100.7"),
                       await one.allow("198.51.100.7"), await other.allow("198.51.100.7"),
                       await one.allow("198.51.100.8")]
            for key in await first.keys(prefix + ":*"):
                await first.delete(key)
            return answers
        finally:
            await first.aclose()
            await second.aclose()

    assert anyio.run(run) == [True, True, True, False, True]


def test_shared_limit_falls_back_to_the_process_without_redis() -> None:
    import redis.asyncio as aioredis

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]  # nothing listens there

    async def run() -> list[bool]:
        gone = aioredis.from_url(f"redis://127.0.0.1:{port}/0", socket_connect_timeout=1)
        try:
            limit = SharedLimit(gone, "join", 2, 0.001)
            return [await limit.allow("a") for _ in range(3)]
        finally:
            await gone.aclose()

    assert anyio.run(run) == [True, True, False]


# --- sign-in: trusted proxies, a budget per account, the same cost for a wrong name ----------


def test_serve_leaves_forwarded_headers_to_the_app(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    import uvicorn

    import ramino.server as server

    ran: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: ran.update(options, app=app))
    monkeypatch.setattr(server, "tune_gc", lambda: None)
    monkeypatch.setenv("RAMINO_TRUSTED_PROXIES", "10.0.0.0/8, 192.0.2.1")
    server.serve(db=tmp_path / "s.db")
    assert ran["proxy_headers"] is False  # uvicorn would believe any client on 127.0.0.1
    forwarded = TestClient(ran["app"], client=("10.1.2.3", 1000))
    answer = forwarded.post("/api/login", json={"name": "Nessuno", "password": "x" * 8},
                            headers={"X-Forwarded-For": "203.0.113.5"})
    assert answer.status_code == 401


def login_answers(client: TestClient, names: list[str]) -> list[int]:
    return [client.post("/api/login", json={"name": name, "password": "sbagliata!"},
                        headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code
            for i, name in enumerate(names)]


def test_forwarded_for_ignored_from_an_untrusted_peer(db: Path) -> None:
    app = create_app(db, http_burst=3, http_per_second=0.001)
    with TestClient(app, client=("127.0.0.1", 4000)) as client:
        names = [f"Nome{i}" for i in range(5)]
        assert login_answers(client, names) == [401, 401, 401, 429, 429]


def test_forwarded_for_believed_from_a_trusted_proxy(db: Path) -> None:
    app = create_app(db, http_burst=3, http_per_second=0.001, trusted_proxies=["127.0.0.1"])
    with TestClient(app, client=("127.0.0.1", 4000)) as client:
        names = [f"Nome{i}" for i in range(5)]
        assert login_answers(client, names) == [401] * 5  # five addresses
        # The proxy's scheme too: the session cookie is Secure behind https.
        signed = client.post("/api/accounts", json={"name": "Dora", "password": "segreto-lungo"},
                             headers={"X-Forwarded-Proto": "https"})
        assert signed.status_code == 201 and "secure" in signed.headers["set-cookie"].lower()


def test_sign_ins_limited_per_account_from_any_address(db: Path) -> None:
    app = create_app(db, account_burst=3, account_per_second=0.001,
                     trusted_proxies=["127.0.0.1"])
    with TestClient(app, client=("127.0.0.1", 4000)) as client:
        assert client.post("/api/accounts", json={"name": "Anna", "password": "segreto-lungo"}
                           ).status_code == 201
        assert login_answers(client, ["Anna"] * 5) == [401, 401, 401, 429, 429]
        assert login_answers(client, ["anna"]) == [429]  # the name as the server compares it
        assert login_answers(client, ["Bruno"]) == [401]  # another name has its own budget


def test_unknown_name_costs_an_argon2_verify(client: TestClient,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import ramino.server.routes.accounts as server_app

    hashes: list[str] = []

    def counting(pw_hash: str, password: str) -> bool:
        hashes.append(pw_hash)
        return verify_password(pw_hash, password)

    monkeypatch.setattr(server_app, "verify_password", counting)
    answer = client.post("/api/login", json={"name": "Nessuno", "password": "sbagliata!"})
    assert answer.status_code == 401 and hashes == [dummy_hash()]
    assert hashes[0].startswith("$argon2")


# --- cross-site requests, headers, bot tokens, shown names -----------------------------------


EVIL = {"Origin": "https://evil.example"}


def test_cross_site_posts_refused(client: TestClient) -> None:
    creds = {"name": "Carla", "password": "segreto-lungo"}
    for path, body in (("/api/accounts", creds), ("/api/login", creds), ("/api/tables", {}),
                       ("/api/tokens", {}), ("/api/logout", {})):
        answer = client.post(path, json=body, headers=EVIL)
        assert answer.status_code == 403, path
        assert "cross-site" in answer.json()["detail"]
    assert client.get("/api/tables").json() == []  # nothing was made
    assert client.post("/api/login", json=creds).status_code == 401  # nor signed up
    same = client.post("/api/accounts", json=creds, headers={"Origin": "http://testserver"})
    assert same.status_code == 201
    assert client.get("/api/me", headers=EVIL).status_code == 200  # reading is not refused


def test_allowed_origins_setting(db: Path) -> None:
    app = create_app(db, allowed_origins=["https://club.example"])
    with TestClient(app) as client:
        answer = client.post("/api/tables", json={}, headers={"Origin": "https://club.example"})
        assert answer.status_code == 201
        assert client.post("/api/tables", json={}, headers=EVIL).status_code == 403


def test_cross_site_websocket_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect("/ws", headers=EVIL) as ws:
        ws.send_text(json.dumps({"type": "join", "table": table, "seat": 0}))
        recv(ws)
    assert closed.value.code == 1008
    assert table_of(client, table).seats[0].kind == "open"
    with client.websocket_connect("/ws", headers={"Origin": "http://testserver"}) as ws:
        join(ws, table, seat=0)


def test_security_headers_on_pages(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    for path in ("/", f"/t/{table}", "/replay", "/api/tables", "/static/table/main.js"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        policy = answer.headers["content-security-policy"]
        assert "script-src 'self';" in policy and "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["x-content-type-options"] == "nosniff"


def test_session_cookie_secure_behind_https(db: Path) -> None:
    with fast_app_client(db) as plain:
        answer = plain.post("/api/accounts", json={"name": "Ezio", "password": "segreto-lungo"})
        assert "secure" not in answer.headers["set-cookie"].lower()
    app = create_app(db)
    with TestClient(app, base_url="https://testserver") as secure:
        answer = secure.post("/api/login", json={"name": "Ezio", "password": "segreto-lungo"})
        cookie = answer.headers["set-cookie"].lower()
        assert answer.status_code == 200 and "secure" in cookie and "httponly" in cookie


def test_bot_token_opens_the_bot_api_only(client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "Fede", "password": "segreto-lungo"}
                       ).status_code == 201
    session = client.cookies["ramino_session"]
    token = client.post("/api/tokens").json()["token"]
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    client.cookies.clear()
    client.cookies.set("ramino_session", token)
    assert client.get("/api/me").status_code == 401  # not a session
    assert client.post("/api/tokens").status_code == 401  # cannot mint more
    with client.websocket_connect("/ws") as ws:  # the cookie gives no account
        welcome, _ = join(ws, table, spectate=True)
        assert welcome["account"] is None
    client.cookies.clear()
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": table, "seat": 0, "auth": session}))
        assert "bot token" in expect_error(ws, "bad-auth")["message"]
        welcome, _ = join(ws, table, seat=0, auth=token)  # the bot API
        assert welcome["account"] == "Fede"


@pytest.mark.parametrize("name", ["\u202eevil", "An\u200bna", "tab\there", "a\u2066b"])
def test_shown_names_refuse_control_and_bidi_characters(client: TestClient, name: str) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": table, "seat": 0, "name": name}))
        assert expect_error(ws, "malformed")["message"].startswith("join.name:")
        join(ws, table, seat=0, name="Anna è qui")
        ws.send_text(json.dumps({"type": "chat", "text": "ciao \u202eoaic"}))
        assert expect_error(ws, "malformed")["message"].startswith("chat.text:")
    answer = client.post("/api/tables", json={"name": name})
    assert answer.status_code == 422 and answer.json()["detail"].startswith("name:")
    assert table_of(client, table).seats[0].name == "Anna è qui"
