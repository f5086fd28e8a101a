"""Chess clock and presence: a bot finishes the turn of a player out of time, stands in for an
absent one after the grace period, and gives the seat back when its key returns."""

from __future__ import annotations

import json
import time
from pathlib import Path

from fastapi.testclient import TestClient

from ramino.server.clock import Clock
from ramino.server.tables import Table
from ramino.server.tables.timekeeping import MAX_QUIET

from .conftest import Frame, act, fast_app_client, join, recv_until


class FakeTime:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def test_clock_bank_and_increment() -> None:
    now = FakeTime()
    clock = Clock(4, 10_000, 2_000, now)
    clock.start(0)
    now.t += 3
    assert clock.snapshot() == [7_000, 10_000, 10_000, 10_000]
    clock.end_turn(1)  # seat 0 used 3 s and gains 2 s
    now.t += 12
    assert clock.left(0) == 9_000 and clock.left(1) == 0  # never below zero
    clock.end_turn(2)
    assert clock.left(1) == 2_000  # out of time: goes on with the increment alone
    clock.end_turn(None)
    now.t += 5
    assert clock.snapshot() == [9_000, 2_000, 12_000, 10_000]  # nothing runs after the end


def create(client: TestClient, **settings: object) -> str:
    response = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"],
                                                **settings})
    assert response.status_code == 201, response.text
    table_id: str = response.json()["id"]
    return table_id


def table_of(client: TestClient, table_id: str) -> Table:
    table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    return table


def test_bot_finishes_the_turn_of_a_player_out_of_time(db: Path) -> None:
    with fast_app_client(db, tick=0.02) as client:
        table_id = create(client, clock_seconds=0.3, increment_seconds=60)
        with client.websocket_connect("/ws") as ws:
            _, first = join(ws, table_id, seat=0)
            assert first["clocks"][0] <= 300 and first["legal"]
            # Seat 0 does nothing: its flag falls and a bot plays its turn.
            standing: list[Frame] = []
            recv_until(ws, lambda f: f["type"] == "update" and 0 in f["standin"],
                       seen=standing)
            assert standing[-1]["legal"] == []  # nothing to play while the bot plays
            act(ws, "draw", standing[-1]["version"])
            refused = recv_until(ws, lambda f: f["type"] == "error")
            assert refused["code"] in ("bot-playing", "stale")
            back = recv_until(ws, lambda f: f["type"] == "update" and f["result"] is None
                              and f["view"]["current"] == 0 and bool(f["legal"]))
            assert back["standin"] == [] and back["legal"]
            assert 50_000 < back["clocks"][0] <= 60_000  # the increment, nothing more
            act(ws, back["legal"][0], back["version"])
            mine = recv_until(ws, lambda f: f["type"] == "update"
                              and f["version"] == back["version"] + 1)
            assert mine["event"]["seat"] == 0
        table = table_of(client, table_id)
        stand_in = client.app.state.manager.store.bot_actions(  # type: ignore[attr-defined]
            table_id, 0)
        assert stand_in and stand_in[0] == 1  # the very first action, by the bot for seat 0
        assert all(table.hand.actions[seq - 1][0] == 0 for seq in stand_in)
        assert back["version"] + 1 not in stand_in  # the player's own action


def test_bot_stands_in_for_an_absent_player_until_it_returns(db: Path) -> None:
    with fast_app_client(db, tick=0.02, bot_delay=0.03) as client:
        table_id = create(client, grace_seconds=0.2)
        table = table_of(client, table_id)
        with client.websocket_connect("/ws") as ws:
            welcome, _ = join(ws, table_id, seat=0, name="Anna")
        deadline = time.monotonic() + 10
        while not any(seat == 0 for seat, _ in table.hand.actions):
            assert time.monotonic() < deadline, "no bot stood in for the absent player"
            time.sleep(0.02)
        with client.websocket_connect("/ws") as ws:  # back, as from another device
            ws.send_text(json.dumps({"type": "join", "table": table_id,
                                     "token": welcome["token"]}))
            turn = recv_until(ws, lambda f: f["type"] == "update" and (
                f["result"] is not None or (f["view"]["current"] == 0 and bool(f["legal"]))))
            assert turn["result"] is None, "the bots finished the hand first"
            assert 0 not in turn["standin"]
            time.sleep(0.4)  # longer than the grace period: the seat is the player's again
            assert table.version == turn["version"]
            act(ws, turn["legal"][0], turn["version"])
            done = recv_until(ws, lambda f: f["type"] == "update"
                              and f["version"] == turn["version"] + 1)
            assert done["event"]["seat"] == 0


def test_the_tick_skips_a_table_only_until_something_can_fall_due(db: Path) -> None:
    """The tick leaves a table alone until its next deadline (the bank of the player in turn
    here), looks at once when the player in turn is away, and any broadcast (a move, a join)
    has the table looked at again on the next tick."""
    with fast_app_client(db, tick=3600) as client:  # the tick itself never runs here
        manager = client.app.state.manager  # type: ignore[attr-defined]
        table_id = create(client, clock_seconds=30, increment_seconds=0)
        table = table_of(client, table_id)
        with client.websocket_connect("/ws") as ws:
            join(ws, table_id, seat=0)
            now = time.monotonic()
            wait = manager._next_due(table, now)
            assert wait == MAX_QUIET  # the bank (30 s) ends later than the longest skip
            table.clock.bank[0] = 400  # 0.4 s left: the tick looks again when it runs out
            assert 0.3 < manager._next_due(table, time.monotonic()) <= 0.4
            table.quiet_until = now + 1.0
            table.broadcast(None)
            assert table.quiet_until == 0.0
        recv_deadline = time.monotonic() + 5
        while any(c.seat == 0 for c in table.clients) and time.monotonic() < recv_deadline:
            time.sleep(0.01)
        assert manager._next_due(table, time.monotonic()) == 0.0  # away: looked at each tick
