"""Spectator delay: a watcher sees the table some actions behind, never the live position, and
all of it once the hand is over."""

from __future__ import annotations

import contextlib
import random

from fastapi.testclient import TestClient

from ramino.games.burraco.state import BurracoState

from .conftest import Frame, act, is_update, join, recv_until

DELAY = 5


def test_spectators_watch_behind_the_table(client: TestClient) -> None:
    rng = random.Random(2)
    table_id = client.post("/api/tables", json={"seats": ["open"] * 4,
                                                "spectator_delay": DELAY}).json()["id"]
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    sockets = [client.websocket_connect("/ws") for _ in range(5)]
    try:
        for seat, ws in enumerate(sockets[:4]):
            ws.__enter__()
            join(ws, table_id, seat=seat)
        watcher = sockets[4]
        watcher.__enter__()
        _, first = join(watcher, table_id, spectate=True)
        assert first["version"] == 0
        for version in range(12):
            seat = table.current_seat()
            ws = sockets[seat]

            def turn(f: Frame, v: int = version) -> bool:
                return bool(f["type"] == "update" and f["version"] == v and f["legal"])
            mine = recv_until(ws, turn)
            act(ws, rng.choice(mine["legal"]), version)
            seen = recv_until(watcher, is_update)  # one update per action
            expected = max(0, version + 1 - DELAY)
            assert seen["version"] == expected
            past = BurracoState.new_hand(table.rules, deal=table.state.deal)
            for action in table.state.history()[:expected]:
                past.apply(action)
            public = past.observation(0).as_dict()
            for field in ("pile", "melds", "stock_size", "hand_sizes", "current", "phase"):
                assert seen["view"][field] == public[field], field
            if expected:
                assert seen["event"]["version"] == expected
    finally:
        for ws in sockets:
            with contextlib.suppress(Exception):  # a socket that never opened
                ws.__exit__(None, None, None)
