"""A table with friends waits for them (the waiting room), quick play deals at once, a casual
table's idle player is nudged before a bot plays the turn, and the bots keep a pace."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ramino.server import create_app
from ramino.server.tables import FAST_PACE, IDLE_MS, NUDGE_MS, Table

from .conftest import Frame, act, fast_app_client, join, recv_until


def manager_table(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    return table


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def expect_error(ws: WebSocketTestSession, code: str) -> Frame:
    frame = recv_until(ws, lambda f: f["type"] == "error")
    assert frame["code"] == code, frame
    return frame


def test_open_seats_wait_with_no_clock_and_a_late_sitter_gets_a_full_bank(
        client: TestClient) -> None:
    table_id = create(client, seats=["open", "bot", "open", "bot"], clock_seconds=60,
                      increment_seconds=5)["id"]
    table = manager_table(client, table_id)
    assert table.waiting and table.clock is not None and table.clock.running is None
    assert client.get("/api/tables").json()[0]["waiting"] is True
    with client.websocket_connect("/ws") as anna:
        _, update = join(anna, table_id, seat=0, name="Anna")
        # Seated, and still nobody plays: no cards shown, no legal move, no clock running.
        assert update["waiting"] is True and "hand" not in update["view"]
        assert update["legal"] == [] and update["clocks"] == [60_000] * 4
        assert update["preset"] == "fibur"  # a refusal links to /rules/fibur#rule-{rule}
        act(anna, "draw", 0)
        assert "every seat" in expect_error(anna, "waiting")["message"]
        assert table.version == 0 and table.clock.running is None  # the bots wait too
        page = client.get(f"/t/{table_id}").text
        assert "waiting.js" in page and f"/t/{table_id}/qr.svg" in page
        with client.websocket_connect("/ws") as bruno:
            _, started = join(bruno, table_id, seat=2, name="Bruno")
            # The last open seat taken: the hand starts, every bank full, Anna's clock runs.
            assert started["waiting"] is False and "hand" in started["view"]
            assert not table.waiting and table.clock.running == 0
            assert table.clock.bank == [60_000] * 4 and table.clock.left(2) == 60_000
            mine = recv_until(anna, lambda f: f["type"] == "update" and not f["waiting"])
            assert mine["legal"] and "hand" in mine["view"]
    assert "/static/table/main.js" in client.get(f"/t/{table_id}").text  # the table page now


def test_fill_with_bots_starts_the_hand(client: TestClient) -> None:
    table_id = create(client, seats=["open", "open", "open", "open"], clock_seconds=60)["id"]
    table = manager_table(client, table_id)
    with client.websocket_connect("/ws") as watcher:
        join(watcher, table_id, spectate=True)
        watcher.send_text(json.dumps({"type": "fill"}))
        expect_error(watcher, "not-seated")
    with client.websocket_connect("/ws") as anna:
        join(anna, table_id, seat=0, name="Anna")
        assert table.waiting
        anna.send_text(json.dumps({"type": "fill"}))
        update = recv_until(anna, lambda f: f["type"] == "update" and not f["waiting"])
        assert [s["kind"] for s in update["seats"]] == ["human", "bot", "bot", "bot"]
        assert update["legal"] and table.clock is not None and table.clock.running == 0
        anna.send_text(json.dumps({"type": "fill"}))
        expect_error(anna, "not-waiting")
    stored = client.app.state.manager.store.seats_of(table_id)  # type: ignore[attr-defined]
    assert [s.kind for s in stored] == ["human", "bot", "bot", "bot"]


def test_quick_play_seats_the_caller_against_bots_dealt_at_once(client: TestClient) -> None:
    for game, preset in (("burraco", "fibur"), ("buraco", "buraco-aberto"),
                         ("scala40", "fisca")):
        response = client.post("/api/quickplay", json={"game": game, "name": "Anna"})
        assert response.status_code == 201, response.text
        answer = response.json()
        table = manager_table(client, answer["id"])
        assert table.preset == preset and not table.waiting and table.private
        assert [s.kind for s in table.seats] == ["human"] + ["bot"] * (len(table.seats) - 1)
        assert table.seats[0].name == "Anna" and table.clock is not None
        url = answer["url"]
        invite = url.split("invite=")[1].split("&")[0]
        key = url.split("key=")[1]
        with client.websocket_connect("/ws") as ws:
            welcome, update = join(ws, answer["id"], token=key, invite=invite)
            assert welcome["seat"] == 0 and welcome["name"] == "Anna"
            assert update["waiting"] is False and update["legal"]  # seat 0 plays first
        assert "/static/table/main.js" in client.get(url).text
    assert client.post("/api/quickplay", json={"game": "poker"}).status_code == 422
    assert client.get("/api/tables").json() == []  # quick play tables are nobody else's


def test_quick_play_for_two(client: TestClient) -> None:
    """'Burraco a due': the caller against one bot ('Burraco a tre': against two); a count the
    game's tables do not take is refused with the counts, one out of range names the field."""
    answer = client.post("/api/quickplay", json={"game": "burraco", "players": 2}).json()
    table = manager_table(client, answer["id"])
    assert table.rules.players == 2 and [s.kind for s in table.seats] == ["human", "bot"]
    assert [s.name for s in table.seats] == ["Giocatore 1", "Bot 2"] and not table.waiting
    three = client.post("/api/quickplay", json={"game": "burraco", "players": 3}).json()
    table = manager_table(client, three["id"])
    assert table.rules.players == 3 and [s.kind for s in table.seats] == ["human", "bot", "bot"]
    assert [s.name for s in table.seats] == ["Giocatore 1", "Bot 2", "Bot 3"]
    refused = client.post("/api/quickplay", json={"game": "burraco", "players": 5})
    assert refused.status_code == 400
    assert refused.json()["detail"] == "5 seats: fibur is played at a table by 2, 3, 4 or 6"
    refused = client.post("/api/quickplay", json={"game": "buraco", "players": 3})
    assert refused.status_code == 400
    assert refused.json()["detail"].endswith("is played at a table by 2, 4 or 6")
    wrong = client.post("/api/quickplay", json={"game": "burraco", "players": 9})
    assert wrong.status_code == 422 and "players" in wrong.text


def test_quick_play_names_the_signed_in_player(client: TestClient) -> None:
    assert client.post("/api/accounts", json={"name": "Gina", "password": "x" * 10}
                       ).status_code == 201
    answer = client.post("/api/quickplay", json={"game": "burraco"}).json()
    seat = manager_table(client, answer["id"]).seats[0]
    assert seat.name == "Gina" and seat.account_id is not None


def shift(client: TestClient, table: Table, seconds: float) -> None:
    """Move the table's idle stretch ``seconds`` into the past, at once on the server's loop
    (its ticker never sees half of it)."""
    async def move() -> None:
        table.turn_started -= seconds
        table.last_move -= seconds
        if table.nudged is not None:
            table.nudged -= seconds
    client.portal.call(move)  # type: ignore[union-attr]


def test_an_idle_player_is_nudged_before_a_bot_plays_the_turn(db: Path) -> None:
    with fast_app_client(db, tick=0.02) as client:
        table_id = create(client, seats=["open", "bot", "bot", "bot"])["id"]
        table = manager_table(client, table_id)
        with client.websocket_connect("/ws") as anna:
            join(anna, table_id, seat=0, name="Anna", lang="it")
            shift(client, table, IDLE_MS / 1000 + 1)
            nudge = recv_until(anna, lambda f: f["type"] == "nudge")
            assert nudge["seconds"] == NUDGE_MS // 1000
            assert "Un bot gioca il tuo turno tra 30 secondi" in nudge["message"]
            assert table.version == 0 and table.standin_turn is None  # only a nudge so far
            shift(client, table, NUDGE_MS / 1000)
            played = recv_until(anna, lambda f: f["type"] == "update" and f["event"] is not None)
            assert played["event"]["seat"] == 0  # a bot played Anna's turn
            recv_until(anna, lambda f: f["type"] == "update" and f["view"]["current"] != 0)
            assert table.standin_turn is None and table.seats[0].kind == "human"


def test_a_move_resets_the_idle_stretch(db: Path) -> None:
    with fast_app_client(db, tick=0.02) as client:
        table_id = create(client, seats=["open", "bot", "bot", "bot"])["id"]
        table = manager_table(client, table_id)
        with client.websocket_connect("/ws") as anna:
            join(anna, table_id, seat=0, name="Anna")
            shift(client, table, IDLE_MS / 1000 - 5)  # not idle long enough
            act(anna, "draw", 0)
            recv_until(anna, lambda f: f["type"] == "update" and f["version"] == 1)
            # The draw was a move: the stretch starts again and no nudge comes.
            anna.send_text(json.dumps({"type": "ping"}))
            assert recv_until(anna, lambda f: f["type"] in ("pong", "nudge"))["type"] == "pong"
            assert table.nudged is None


def test_bots_pace_about_a_second_or_fast(tmp_path: Path) -> None:
    assert create_app(tmp_path / "a.db").state.manager.bot_delay == 1.0
    db = tmp_path / "paced.db"
    with fast_app_client(db, bot_delay=1.0) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        fast = create(client, seats=["bot"] * 4, pace="fast")["id"]
        normal = create(client, seats=["bot"] * 4)["id"]
        assert manager.pace_of(manager.get(fast)) == 1.0 / FAST_PACE
        assert manager.pace_of(manager.get(normal)) == 1.0
        bad = client.post("/api/tables", json={"pace": "ludicrous"})
        assert bad.status_code == 422 and "pace" in bad.json()["detail"]
    with fast_app_client(db, bot_delay=1.0) as client:  # the pace is stored with the table
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert manager.get(fast).pace == "fast" and manager.get(normal).pace == "normal"
