"""Protocol and security: every bad message is refused with a clear error and changes nothing.

Acting out of turn or for another seat, stale versions, illegal moves (with the rule and its
docs/rules.md section), private tables without the invite, oversized and malformed frames, flooding.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ramino.server.protocol import MAX_FRAME_BYTES

from .conftest import Frame, act, fast_app_client, join, new_table, recv


def table_state(client: TestClient, table_id: str) -> tuple[int, Any]:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = manager.get(table_id)
    return table.version, table.state.fingerprint()


def expect_error(ws: WebSocketTestSession, code: str) -> Frame:
    frame = recv(ws)
    assert frame["type"] == "error", frame
    assert frame["code"] == code, frame
    assert frame["message"]
    return frame


def test_lobby_lists_public_tables_only(client: TestClient) -> None:
    public = new_table(client, ["open", "bot", "open", "bot"])
    private = new_table(client, ["open", "bot", "open", "bot"], private=True)
    assert private["invite"] and public["invite"] is None
    ids = [t["id"] for t in client.get("/api/tables").json()]
    assert public["id"] in ids and private["id"] not in ids


def test_every_offered_preset_makes_a_table(client: TestClient) -> None:
    presets = client.get("/api/options").json()["presets"]
    assert "fibur" in presets and "fisca" in presets  # Scala 40 too (§6)
    for name in presets:
        response = client.post("/api/tables", json={"preset": name, "seats": ["open"] * 4})
        assert response.status_code == 201, (name, response.text)


def test_bad_table_settings_refused_with_reason(client: TestClient) -> None:
    response = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot", "bot"]})
    assert response.status_code == 400 and "5 seats" in response.json()["detail"]
    response = client.post("/api/tables", json={"preset": "nonsense"})
    assert response.status_code == 400 and "nonsense" in response.json()["detail"]
    response = client.post("/api/tables", json={"bot_level": "grandmaster"})
    assert response.status_code == 400 and "grandmaster" in response.json()["detail"]
    response = client.post("/api/tables", content=b"{" + b" " * 5000 + b"}")
    assert response.status_code == 413


def test_out_of_turn_and_other_seat_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "open", "bot", "bot"])["id"]
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        join(first, table, seat=0, name="Anna")
        _, update = join(second, table, seat=1, name="Bruno")
        recv(first)  # Bruno's arrival
        before = table_state(client, table)
        assert update["view"]["current"] == 0 and update["legal"] == []
        act(second, "draw", 0)
        expect_error(second, "not-your-turn")
        # There is no field to act for another seat: the seat is the connection's.
        second.send_text(json.dumps({"type": "act", "action": "draw", "version": 0, "seat": 0}))
        assert "seat" in expect_error(second, "malformed")["message"]
        assert table_state(client, table) == before


def test_taken_seat_wrong_token_and_second_join_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        welcome, _ = join(first, table, seat=0, name="Anna")
        assert welcome["token"]
        second.send_text(json.dumps({"type": "join", "table": table, "seat": 0}))
        expect_error(second, "seat-taken")
        second.send_text(json.dumps({"type": "join", "table": table, "seat": 1}))
        expect_error(second, "seat-taken")  # a bot's seat
        second.send_text(json.dumps({"type": "join", "table": table, "token": "x" * 20}))
        expect_error(second, "bad-token")
        first.send_text(json.dumps({"type": "join", "table": table, "seat": 2}))
        expect_error(first, "already-joined")


def test_seat_taken_back_with_token_from_another_connection(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "bot", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        welcome, first = join(ws, table, seat=0, name="Anna")
    with client.websocket_connect("/ws") as again:
        back, update = join(again, table, token=welcome["token"])
        assert back["seat"] == 0 and back["token"] is None and back["name"] == "Anna"
        assert update["view"]["hand"] == first["view"]["hand"]


def test_stale_version_and_illegal_action_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "bot", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        _, update = join(ws, table, seat=0)
        before = table_state(client, table)
        act(ws, "draw", 5)
        expect_error(ws, "stale")
        act(ws, "discard As", 0)
        error = expect_error(ws, "illegal")
        assert error["rule"] == "draw-first" and error["section"] == "§2.3"
        assert "RULES.md §2.3" in error["message"]
        act(ws, "meld", 0)
        expect_error(ws, "notation")
        act(ws, "shuffle the deck", 0)
        assert "unknown action" in expect_error(ws, "notation")["message"]
        assert table_state(client, table) == before
        act(ws, "draw", 0)
        after = recv(ws)
        assert after["type"] == "update" and after["version"] == 1
        assert after["event"] == {"seat": 0, "action": "draw", "version": 1}
        assert len(after["view"]["hand"]) == len(update["view"]["hand"]) + 1


def test_private_table_needs_invite(client: TestClient) -> None:
    created = new_table(client, ["open", "bot", "open", "bot"], private=True)
    table = created["id"]
    with client.websocket_connect("/ws") as ws:
        for fields in ({"seat": 0}, {"spectate": True}, {"seat": 0, "invite": "guess"}):
            ws.send_text(json.dumps({"type": "join", "table": table, **fields}))
            expect_error(ws, "invite-required")
        assert client.app.state.manager.get(table).seats[0].kind == "open"  # type: ignore[attr-defined]
        welcome, _ = join(ws, table, seat=0, invite=created["invite"])
        assert welcome["seat"] == 0
    assert client.get(f"/api/tables/{table}/record").status_code == 404
    assert client.get(f"/t/{table}").status_code == 200  # the page itself holds nothing


def test_bad_bot_token_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": table, "seat": 0,
                                 "auth": "bot_not-a-real-token"}))
        expect_error(ws, "bad-auth")
    assert client.get(f"/t/{table}").status_code == 200


def test_spectator_cannot_act_or_chat(client: TestClient) -> None:
    table = new_table(client, ["open", "bot", "open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        _, update = join(ws, table, spectate=True)
        assert "hand" not in update["view"] and update["legal"] == []
        before = table_state(client, table)
        act(ws, "draw", 0)
        expect_error(ws, "not-seated")
        ws.send_text(json.dumps({"type": "chat", "text": "psst"}))
        expect_error(ws, "not-seated")
        assert table_state(client, table) == before


def test_oversized_and_malformed_frames_refused(client: TestClient) -> None:
    table = new_table(client, ["open", "open", "open", "open"])["id"]
    with client.websocket_connect("/ws") as ws:
        ws.send_text("not json")
        expect_error(ws, "malformed")
        ws.send_text(json.dumps({"type": "act", "action": "draw", "version": 0}))
        expect_error(ws, "join-first")
        join(ws, table, seat=0)
        before = table_state(client, table)
        ws.send_text(json.dumps({"type": "chat", "text": "x" * (MAX_FRAME_BYTES + 10)}))
        expect_error(ws, "too-large")
        for bad in ('[1, 2]', '{"type": "act"}', '{"type": "act", "action": 7, "version": 0}',
                    '{"type": "teleport"}', '{"type": "act", "action": "draw", '
                    '"version": "0"}', '{"type": "chat", "text": ""}'):
            ws.send_text(bad)
            expect_error(ws, "malformed")
        ws.send_bytes(b"\xff\xfe")
        expect_error(ws, "malformed")
        assert table_state(client, table) == before
        ws.send_text(json.dumps({"type": "ping"}))
        assert recv(ws)["type"] == "pong"


def test_costly_http_calls_limited_per_address(db: Path) -> None:
    with fast_app_client(db, http_burst=3, http_per_second=0.001) as client:
        answers = [client.post("/api/tables", json={}).status_code for _ in range(5)]
        assert answers == [201, 201, 201, 429, 429]
        login = client.post("/api/login", json={"name": "Nessuno", "password": "x" * 8})
        assert login.status_code == 429 and "slow down" in login.json()["detail"]
        assert client.get("/api/tables").status_code == 200  # reading is not limited
        assert len(client.get("/api/tables").json()) == 3


def test_flooding_refused_then_disconnected(db: Path) -> None:
    with fast_app_client(db, burst=5, per_second=0.001) as client:
        table = new_table(client, ["open", "bot", "open", "bot"])["id"]
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            join(ws, table, seat=0)
            for i in range(12):
                ws.send_text(json.dumps({"type": "chat", "text": f"spam {i}"}))
            frames = [recv(ws) for _ in range(12)]
            lines = [f for f in frames if f["type"] == "chat"]
            refused = [f for f in frames if f["type"] == "error"]
            assert len(lines) == 5 and len(refused) == 7
            assert all(f["code"] == "flood" for f in refused)
            assert [line.text for line in manager.get(table).chat] == [
                f"spam {i}" for i in range(5)]


def test_chat_and_mute(client: TestClient) -> None:
    table = new_table(client, ["open", "open", "bot", "bot"])["id"]
    with client.websocket_connect("/ws") as anna, client.websocket_connect("/ws") as bruno:
        join(anna, table, seat=0, name="Anna")
        join(bruno, table, seat=1, name="Bruno")
        recv(anna)  # Bruno's arrival
        bruno.send_text(json.dumps({"type": "chat", "text": "ciao   a tutti"}))
        for ws in (anna, bruno):
            line = recv(ws)
            assert line == {"type": "chat", "seat": 1, "name": "Bruno", "text": "ciao a tutti"}
        anna.send_text(json.dumps({"type": "mute", "seat": 1}))
        assert recv(anna)["type"] == "pong"
        bruno.send_text(json.dumps({"type": "chat", "text": "mi senti?"}))
        assert recv(bruno)["text"] == "mi senti?"
        anna.send_text(json.dumps({"type": "chat", "text": "silenzio"}))
        assert recv(anna)["text"] == "silenzio"  # Bruno's line never came to Anna
        assert recv(bruno)["text"] == "silenzio"
    with client.websocket_connect("/ws") as carla:
        welcome, _ = join(carla, table, spectate=True)
        assert [c["text"] for c in welcome["chat"]] == ["ciao a tutti", "mi senti?", "silenzio"]
