"""The replay viewer's data: every position of a finished hand with all cards, from the server's
own hands or from an uploaded record; unfinished hands and bad records are refused."""

from __future__ import annotations

import json
import time
from collections import Counter

from fastapi.testclient import TestClient

from ramino.cards import card_str, pack

from .conftest import new_table


def finished_table(client: TestClient) -> str:
    table_id = new_table(client, ["bot", "bot", "bot", "bot"])["id"]
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while not table.state.is_over:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    return str(table_id)


def test_replay_of_a_finished_hand(client: TestClient) -> None:
    table_id = finished_table(client)
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    steps = replay["steps"]
    assert len(steps) == len(table.state.history()) + 1
    assert [s["action"] for s in steps[1:]] == [str(a) for a in table.state.history()]
    whole = Counter(card_str(c) for c in pack(2))
    for step in steps:  # every card is somewhere at every step
        cards = Counter(c for h in step["hands"] + step["pending"] for c in h)
        cards += Counter(step["pile"])
        cards += Counter(c.split("=")[0] for m in step["melds"] for c in m["cards"])
        held = cards.total() + step["stock_size"] + sum(step["pozzetti_left"])
        assert held == 108 and not cards - whole
    final = [sorted(card_str(c) for c in table.state.hand_of(s)) for s in range(4)]
    assert [sorted(h) for h in steps[-1]["hands"]] == final
    assert replay["result"]["scores"] == list(table.state.result().scores)

    record = client.get(f"/api/tables/{table_id}/record").json()
    uploaded = client.post("/api/replay", content=json.dumps(record))
    assert uploaded.status_code == 200 and uploaded.json()["steps"] == steps


def test_replay_refusals(client: TestClient) -> None:
    playing = new_table(client, ["open", "bot", "open", "bot"])["id"]
    assert client.get(f"/api/tables/{playing}/replay").status_code == 409
    bad = client.post("/api/replay", content=json.dumps({"format": "ramino-record/1",
                                                         "game": "burraco", "turns": []}))
    assert bad.status_code == 400 and "deal" in bad.json()["detail"]
    assert client.post("/api/replay", content=b"x" * 300_000).status_code == 413
    assert client.post("/api/replay", content=b"{not json").status_code == 400


def test_replay_of_a_scala40_hand(client: TestClient) -> None:
    """A finished Scala 40 hand (§6) step by step: every card of the two packs is in
    a hand, the pozzo, a meld or the tallone at every step; the end is the engine's; the
    downloaded record uploaded again replays the same; a match record is refused."""
    response = client.post("/api/tables", json={"preset": "fisca", "seats": ["bot"] * 3,
                                                 "bot_level": "random"})
    table_id = response.json()["id"]
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while not table.state.is_over:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    replay = client.get(f"/api/tables/{table_id}/replay").json()
    assert replay["game"] == "scala40" and replay["sides"] == [0, 1, 2]
    steps = replay["steps"]
    assert [s["action"] for s in steps[1:]] == [str(a) for a in table.state.history()]
    whole = Counter(card_str(c) for c in pack(2))
    for step in steps:
        cards = Counter(c for h in step["hands"] for c in h) + Counter(step["pile"])
        cards += Counter(c.split("=")[0] for m in step["melds"] for c in m["cards"])
        assert cards.total() + step["stock_size"] == 108 and not cards - whole
        assert "pozzetti_left" not in step and len(step["opened"]) == 3
    final = [sorted(card_str(c) for c in table.state.hand_of(s)) for s in range(3)]
    assert [sorted(h) for h in steps[-1]["hands"]] == final
    result = table.state.result()
    assert replay["result"]["scores"] == list(result.scores)
    assert replay["result"]["closed_by"] == result.closed_by
    assert replay["result"]["hand_points"] == list(result.hand_points)

    record = client.get(f"/api/tables/{table_id}/record").json()
    uploaded = client.post("/api/replay", content=json.dumps(record))
    assert uploaded.status_code == 200 and uploaded.json()["steps"] == steps
    as_match = {"format": "ramino-record/1", "game": "scala40", "match": {},
                "rules": record["rules"], "hands": [{k: v for k, v in record.items()
                                                     if k in ("dealer", "deal", "turns")}]}
    refused = client.post("/api/replay", content=json.dumps(as_match))
    assert refused.status_code == 400 and "one hand at a time" in refused.json()["detail"]
    broken = {**record, "turns": [["draw", "discard 2c"]] + record["turns"]}
    bad = client.post("/api/replay", content=json.dumps(broken))
    assert bad.status_code == 400
