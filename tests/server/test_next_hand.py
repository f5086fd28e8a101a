"""The next hand: the deal passes to the next seat, people keep their seats and sides, and every
view, event and score is given in table seats (the engine counts from the first player)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from starlette.testclient import WebSocketTestSession

from ramino.cards import card_str
from ramino.server.fairness import verify_document
from ramino.server.tables import Table

from .conftest import Frame, act, fast_app_client, join, recv_until


def play_to_end(ws: WebSocketTestSession, frame: Frame, rng: random.Random,
                check: Table | None = None) -> Frame:
    """Seat 0 plays random legal actions until the hand is over; with ``check``, every update
    is compared with the engine seen from seat 0's engine seat."""
    for _ in range(1000):
        if check is not None and frame["result"] is None:
            engine_seat = check.seating.engine(0)
            obs = check.state.observation(engine_seat)
            assert frame["view"]["seat"] == 0
            assert sorted(frame["view"]["hand"]) == sorted(card_str(c) for c in obs.hand)
            assert frame["view"]["hand_sizes"][0] == len(obs.hand)
            assert frame["view"]["current"] == check.seating.table(obs.current)
        if frame["result"] is not None:
            return frame
        acted: int = frame["version"]
        act(ws, rng.choice(frame["legal"]), acted)

        def mine(f: Frame, acted: int = acted) -> bool:
            return f["type"] == "update" and (f["result"] is not None or (
                bool(f["legal"]) and f["version"] > acted))
        frame = recv_until(ws, mine)
    raise AssertionError("the hand did not end")


def test_next_hand_rotates_the_deal(tmp_path: Path) -> None:
    rng = random.Random(6)
    db = tmp_path / "t.db"
    with fast_app_client(db, rng=random.Random(12)) as client:
        table_id = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"]}
                               ).json()["id"]
        table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0, name="Anna")
            assert frame["dealer"] == 3 and frame["hand_no"] == 0
            first = play_to_end(ws, frame, rng)
            ws.send_text(json.dumps({"type": "next", "hand_no": 0}))
            frame = recv_until(ws, lambda f: f["type"] == "update" and f["hand_no"] == 1)
            assert frame["dealer"] == 0 and frame["result"] is None and frame["version"] == 0
            assert table.seating.first == 1 and table.seating.engine(0) == 3
            ws.send_text(json.dumps({"type": "next", "hand_no": 0}))  # pressed twice
            assert recv_until(ws, lambda f: f["type"] == "error")["code"] == "stale"
            frame = recv_until(ws, lambda f: f["type"] == "update" and (
                f["result"] is not None or bool(f["legal"])))
            assert frame["result"] is not None or frame["event"]["seat"] == 3  # dealer's right
            last = play_to_end(ws, frame, rng, check=table)
        result = table.state.result()
        assert result is not None and last["hand_no"] == 1
        # Seats 0 and 2 are engine seats 3 and 1 this hand: engine side 1.
        assert last["result"]["scores"] == [result.scores[1], result.scores[0]]
        assert first["result"]["scores"] != [] and first["hand_no"] == 0
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert record["players"] == ["Bot 2", "Bot 3", "Bot 4", "Anna"]
        assert record["meta"]["hand"] == 1
        verdict = verify_document(record)  # the rotated deal checks against its commitment
        assert verdict.ok, verdict.message
    with fast_app_client(db) as client:
        again: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert again.hand.hand_no == 1 and again.hand.dealer == 0
        assert again.state.fingerprint() == table.state.fingerprint()
