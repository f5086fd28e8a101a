"""Accounts: sign-up with argon2 hashes, sign-in sessions, seats that follow the account to
another device, and the S004 experience points and statistics of a finished hand."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from fastapi.testclient import TestClient

from ramino.server.tables import Table

from .conftest import Frame, act, fast_app_client, join, recv_until


def sign_up(client: TestClient, name: str, password: str = "segreto-lungo") -> None:
    response = client.post("/api/accounts", json={"name": name, "password": password})
    assert response.status_code == 201, response.text


def table_of(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    return table


def test_sign_up_login_logout(client: TestClient) -> None:
    sign_up(client, "Anna")
    assert client.get("/api/me").json()["name"] == "Anna"
    stored = client.app.state.manager.store.account_login("Anna")  # type: ignore[attr-defined]
    assert stored is not None and stored[1].startswith("$argon2")
    assert "segreto" not in stored[1]
    assert client.post("/api/accounts", json={"name": "Anna", "password": "altro-segreto"}
                       ).status_code == 409
    assert client.post("/api/accounts", json={"name": "Bo", "password": "segreto-lungo"}
                       ).status_code == 400
    assert client.post("/api/accounts", json={"name": "Bruno", "password": "corta"}
                       ).status_code == 400
    assert client.post("/api/logout").status_code == 200
    assert client.get("/api/me").status_code == 401
    wrong = client.post("/api/login", json={"name": "Anna", "password": "sbagliata!"})
    unknown = client.post("/api/login", json={"name": "Nessuno", "password": "sbagliata!"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json()
    assert client.post("/api/login", json={"name": "Anna", "password": "segreto-lungo"}
                       ).status_code == 200
    assert client.get("/api/me").json()["hands"] == 0


def test_account_plays_a_hand_and_earns_xp(db: Path) -> None:
    rng = random.Random(3)
    with fast_app_client(db, rng=random.Random(8)) as client:
        sign_up(client, "Carla")
        table_id = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"]}
                               ).json()["id"]
        with client.websocket_connect("/ws") as ws:
            welcome, frame = join(ws, table_id, seat=0, name="ignored")
            assert welcome["account"] == "Carla" and welcome["name"] == "Carla"
            for _ in range(1000):
                if frame["result"] is not None:
                    break
                acted: int = frame["version"]
                act(ws, rng.choice(frame["legal"]), acted)

                def mine(f: Frame, acted: int = acted) -> bool:
                    return f["type"] == "update" and (f["result"] is not None or (
                        bool(f["legal"]) and f["version"] > acted))
                frame = recv_until(ws, mine)
        result = table_of(client, table_id).state.result()
        assert result is not None
        win = result.scores[0] > result.scores[1]
        burrachi = len(result.breakdown[0].burrachi)
        me = client.get("/api/me").json()
        assert me["hands"] == 1 and me["wins"] == int(win) and me["abandons"] == 0
        assert me["burrachi"] == burrachi
        # ... and whatever the day's challenges the hand met paid (tests/server/test_profiles.py).
        paid = sum(c["xp"] for c in client.get("/api/players/Carla").json()["done"])
        assert me["xp"] == 16 + (26 if win else 0) + burrachi + paid
        board = client.get("/api/leaderboard").json()
        assert [b["name"] for b in board] == ["Carla"]


def test_seat_follows_the_account_and_abandon_earns_nothing(db: Path) -> None:
    with fast_app_client(db, tick=0.02, bot_delay=0.0) as client:
        sign_up(client, "Dario")
        table_id = client.post("/api/tables", json={
            "seats": ["open", "bot", "bot", "bot"], "grace_seconds": 0.1}).json()["id"]
        with client.websocket_connect("/ws") as ws:
            join(ws, table_id, seat=0)
        # Another connection (another device), signed in: no seat key needed.
        with client.websocket_connect("/ws") as ws:
            welcome, update = join(ws, table_id, seat=0)
            assert welcome["seat"] == 0 and welcome["token"] is None
            assert update["view"]["seat"] == 0
        # A guest cannot take it.
        client.cookies.clear()
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "table": table_id, "seat": 0}))
            refused: Frame = recv_until(ws, lambda f: f["type"] == "error")
            assert refused["code"] == "seat-taken"
        client.post("/api/login", json={"name": "Dario", "password": "segreto-lungo"})
        table = table_of(client, table_id)
        deadline = time.monotonic() + 30
        while not table.state.is_over:  # away: a bot stands in to the end of the hand
            assert time.monotonic() < deadline
            time.sleep(0.02)
        me = client.get("/api/me").json()
        assert me["hands"] == 1 and me["abandons"] == 1 and me["xp"] == 0
