"""Burraco at a table of three (§5.2): everyone alone until the first to empty his hand takes
the 18 and plays solo, the other two become a pair that shares its melds and the 11; each seat
scores (the pair's total split); from 1000 points on the match deals three pozzetti of 11."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ramino.games.burraco.state import BurracoState
from ramino.rules.presets import make_rules
from ramino.server.seating import Seating
from ramino.server.tables import Table
from ramino.server.tables.hands import new_hand, replay_hand

from .conftest import fast_app_client, join, recv_until
from .test_next_hand import play_to_end


def test_a_hand_of_three_pairs_up_and_scores_each_seat(tmp_path: Path) -> None:
    rng = random.Random(11)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(11)) as client:
        answer = client.post("/api/tables", json={"preset": "fibur",
                                                  "seats": ["open", "bot", "bot"],
                                                  "match_hands": 2})
        assert answer.status_code == 201
        table_id = answer.json()["id"]
        table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert table.rules.players == 3 and table.state.rules.pozzetto_sizes == (18, 11)
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0, name="Anna")
            assert frame["view"]["sides"] == [0, 1, 2]  # each for himself
            assert sorted(frame["view"]["pozzetti_left"]) == [11, 18]
            first = play_to_end(ws, frame, rng)
            ws.send_text(json.dumps({"type": "next", "hand_no": 0}))
            frame = recv_until(ws, lambda f: f["type"] == "update" and f["hand_no"] == 1
                               and (f["result"] is not None or bool(f["legal"])))
            assert table.seating.first == 1  # the deal went round
            last = play_to_end(ws, frame, rng, check=table)
        for hand in (first, last):
            sides = hand["view"]["sides"]
            # Somebody took the 18: he is alone, the other two one side.
            assert sorted(sides.count(s) for s in set(sides)) == [1, 2]
            pair = [seat for seat in range(3) if sides.count(sides[seat]) == 2]
            scores = hand["result"]["scores"]
            assert len(scores) == 3 and scores[pair[0]] == scores[pair[1]]
            pair_total = sum(hand["result"]["breakdown"][pair[0]][part] for part in (
                "table", "burraco", "closing", "hand", "pozzetto"))
            assert scores[pair[0]] == -(-pair_total // 2)  # half the pair's, rounded up
            for meld in hand["view"]["melds"]:
                assert meld["team"] in sides
        result = table.state.result()
        assert result is not None and isinstance(table.seating, Seating)
        assert last["result"]["scores"] == table.seating.by_team(list(result.scores))
        assert last["match"]["sheet"] == [first["result"]["scores"], last["result"]["scores"]]
        assert last["match"]["totals"] == [a + b for a, b in zip(*last["match"]["sheet"],
                                                                strict=True)]
        # The replay has each position's sides: three alone, then the solo and the pair, and
        # every meld lies on a side of its own position.
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        steps = replay["steps"]
        assert steps[0]["sides"] == [0, 1, 2] and steps[-1]["sides"] == replay["sides"]
        assert len(set(replay["sides"])) == 2
        for step in steps:
            assert {m["team"] for m in step["melds"]} <= set(step["sides"])
        assert len(client.get(f"/api/tables/{table_id}/record").json()["players"]) == 3


def test_from_1000_points_the_hands_deal_three_pozzetti_of_11() -> None:
    rules = make_rules("fibur", {"players": 3})
    hand, state = new_hand(rules, 1, 0, random.Random(3), totals=(980, 420, 615))
    assert state.rules.pozzetto_sizes == (18, 11)
    hand, state = new_hand(rules, 2, 1, random.Random(3), totals=(1010, 420, 615))
    assert isinstance(state, BurracoState)
    assert state.rules.pozzetto_sizes == (11, 11, 11)
    assert sorted(len(p or ()) for p in state.pozzetti) == [11, 11, 11]
    # A hand read back from the store (a restart) is dealt under the same rules.
    again = replay_hand(rules, hand, totals=(1010, 420, 615))
    assert isinstance(again, BurracoState)
    assert again.rules.pozzetto_sizes == (11, 11, 11)
    assert again.pozzetti == state.pozzetti


def test_a_table_past_1000_deals_the_next_hand_everyone_alone(tmp_path: Path) -> None:
    rng = random.Random(5)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(5)) as client:
        table_id = client.post("/api/tables", json={
            "preset": "fibur", "seats": ["open", "bot", "bot"],
            "match_target": 1505}).json()["id"]
        table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0, name="Anna")
            assert frame["match"]["target"] == 1505
            ended = play_to_end(ws, frame, rng)
            assert not ended["match"]["over"]
            # The match as if its earlier hands had taken seat 2 past the switch (§5.2).
            table.match.scores[0] = [table.match.scores[0][0], table.match.scores[0][1], 1200]
            ws.send_text(json.dumps({"type": "next", "hand_no": 0}))
            frame = recv_until(ws, lambda f: f["type"] == "update" and f["hand_no"] == 1)
        assert table.state.rules.pozzetto_sizes == (11, 11, 11)
        assert frame["view"]["pozzetti_left"] == [11, 11, 11]
        assert frame["view"]["sides"] == [0, 1, 2]
