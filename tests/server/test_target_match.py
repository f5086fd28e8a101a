"""Matches to a target score: hands follow one another until a side reaches the target
(``ramino.games.burraco.match.standing`` decides, ties past it included), then a rematch starts
afresh;
a restart finds the match where it was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from ramino.games.burraco.match import MatchFormat, standing
from ramino.server.matches import MatchPlan, rebuild
from ramino.server.tables import Table

from .conftest import Frame, fast_app_client, join, recv_until
from .test_next_hand import play_to_end

TARGET = 400


def test_rebuild_finds_the_current_match() -> None:
    plan = MatchPlan(target=500)
    hands: list[tuple[int, dict[str, Any] | None]] = [
             (0, {"scores": [300, 100]}), (1, {"scores": [250, 50]}),  # 550: match 1 over
             (2, {"end": "agreed", "void": True}), (3, {"scores": [100, 120]}), (4, None)]
    state = rebuild(plan, hands, 4)
    assert state.start == 2 and state.scores == [[100, 120]] and state.totals == [100, 120]
    fixed = rebuild(MatchPlan(hands=2), hands, 4)
    assert fixed.start == 4 and fixed.scores == []


def test_match_to_a_target(tmp_path: Path) -> None:
    rng = random.Random(21)
    db = tmp_path / "t.db"
    with fast_app_client(db, rng=random.Random(5)) as client:
        table_id = client.post("/api/tables", json={
            "seats": ["open", "bot", "bot", "bot"], "match_target": TARGET}).json()["id"]
        table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0)
            scores: list[list[int]] = []
            for hand in range(12):
                last = play_to_end(ws, frame, rng)
                scores.append(last["result"]["scores"])
                expected = standing(MatchFormat.target(TARGET), scores, 0)
                assert last["match"]["over"] == expected.over
                assert last["match"]["totals"] == list(expected.totals)
                assert last["match"]["target"] == TARGET and last["match"]["hand"] == hand + 1
                ws.send_text(json.dumps({"type": "next", "hand_no": hand}))

                def dealt(f: Frame, hand: int = hand) -> bool:
                    return bool(f["type"] == "update" and f["hand_no"] == hand + 1 and (
                        f["result"] is not None or f["legal"]))
                frame = recv_until(ws, dealt)
                if expected.over:
                    assert frame["match"]["hand"] == 1 and frame["match"]["totals"] == [0, 0]
                    break
                assert frame["match"]["hand"] == hand + 2
            else:
                raise AssertionError("no side reached the target in 12 hands")
        start = table.match.start
    with fast_app_client(db) as client:
        again: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert again.match.start == start and again.match.scores == []
