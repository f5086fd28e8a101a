"""An agreed early end: when every player present agrees, the hand ends and does not count
(no score, no experience, no rating); a vote can be withdrawn; the next hand can be dealt."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from .conftest import Frame, act, join, recv_until


def update(f: Frame) -> bool:
    return bool(f["type"] == "update")


def test_agreed_early_end_does_not_count(client: TestClient) -> None:
    client.post("/api/accounts", json={"name": "Franca", "password": "segreto-lungo"})
    table_id = client.post("/api/tables", json={"seats": ["open", "open", "bot", "bot"]}
                           ).json()["id"]
    with client.websocket_connect("/ws") as anna, client.websocket_connect("/ws") as bruno:
        join(anna, table_id, seat=0)
        client.cookies.clear()  # Bruno is a guest
        join(bruno, table_id, seat=1)
        recv_until(anna, update)  # Bruno's arrival
        anna.send_text(json.dumps({"type": "end"}))
        seen = recv_until(anna, update)
        assert seen["end_votes"] == [0] and not seen["voided"]
        anna.send_text(json.dumps({"type": "end", "agree": False}))
        assert recv_until(anna, update)["end_votes"] == []
        anna.send_text(json.dumps({"type": "end"}))
        recv_until(anna, update)
        bruno.send_text(json.dumps({"type": "end"}))
        for ws in (anna, bruno):
            done = recv_until(ws, lambda f: update(f) and f["voided"])
            assert done["legal"] == [] and done["result"] is None
        act(anna, "draw", done["version"])
        assert recv_until(anna, lambda f: f["type"] == "error")["code"] == "hand-over"
        assert client.get(f"/api/tables/{table_id}/record").status_code == 200
        anna.send_text(json.dumps({"type": "next", "hand_no": 0}))
        fresh = recv_until(anna, lambda f: update(f) and f["hand_no"] == 1)
        assert not fresh["voided"] and fresh["end_votes"] == []
    client.post("/api/login", json={"name": "Franca", "password": "segreto-lungo"})
    me = client.get("/api/me").json()
    assert me["hands"] == 0 and me["xp"] == 0
