"""Presence across processes: a player who moved from one server process to another (same
database, same Redis) is not taken for absent by the process that runs the table's clock, so
no bot takes their seat; once they are really gone, the bot stands in.

Needs Redis at 127.0.0.1:6379: skipped without it only outside CI (like the cluster test).
"""

from __future__ import annotations

import json
import os
import secrets
import time
from pathlib import Path

import pytest

from .conftest import fast_app_client, join, recv_until
from .test_cluster import REDIS, reachable


def test_moved_player_is_not_replaced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not reachable("127.0.0.1", 6379):
        if not os.environ.get("CI"):
            pytest.skip("Redis is not running on 127.0.0.1")
        raise AssertionError("CI: Redis must be running for this test")
    monkeypatch.setenv("REDIS_URL", REDIS)
    monkeypatch.setenv("RAMINO_REDIS_PREFIX", "ramino-test-" + secrets.token_hex(4))
    db = tmp_path / "shared.db"
    with fast_app_client(db, tick=0.05) as a, fast_app_client(db, tick=0.05) as b:
        table_id = a.post("/api/tables", json={
            "seats": ["open", "bot", "bot", "bot"], "grace_seconds": 0.3}).json()["id"]
        on_a = a.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        with a.websocket_connect("/ws") as ws:
            welcome, _ = join(ws, table_id, seat=0, name="Anna")
        # Anna comes back through process B; A still runs the table (it holds the lease).
        with b.websocket_connect("/ws") as ws:
            join(ws, table_id, token=welcome["token"])
            time.sleep(1.5)  # five grace periods
            assert 0 not in on_a.standin and on_a.version == 0
            assert not b.app.state.manager.get(table_id).standin  # type: ignore[attr-defined]
            ws.send_text(json.dumps({"type": "act", "action": "draw", "version": 0}))
            done = recv_until(ws, lambda f: f["type"] == "update" and f["version"] == 1)
            assert done["event"]["seat"] == 0
        # Now she is gone from both: a bot (of whichever process) plays her turn.
        store = a.app.state.manager.store  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while not store.bot_actions(table_id, 0):
            assert time.monotonic() < deadline, "no bot stood in for the absent player"
            time.sleep(0.05)
        played = store.load_table(table_id).hands[0].actions
        assert all(seat == 0 for seat, _ in played[:2])
