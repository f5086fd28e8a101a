"""Burraco and Buraco tables of two and of six (three pairs, §5.3), Burraco tables of three
(§5.2), as well as four: the lobby offers the counts a table takes, a table of another count
is refused with them, and as the deal goes round every view, result and score sheet keeps each
table seat on its own side."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ramino.games.burraco.seating import initial_sides
from ramino.server.seating import Seating
from ramino.server.tables import Table

from .conftest import fast_app_client, join, recv_until
from .test_next_hand import play_to_end


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_seat_keeps_its_side_whoever_plays_first(players: int) -> None:
    sides = initial_sides(players)
    count = max(sides) + 1
    for first in range(players):
        seating = Seating.for_dealer(players, (first - 1) % players)
        assert seating.first == first and seating.sides == count
        engine_view: dict[str, Any] = {
            "seat": None, "current": 0, "sides": list(sides),
            "hand_sizes": list(range(players)), "pending_pozzetto_sizes": [0] * players,
            "known_cards": [[] for _ in range(players)],
            "pozzetto_taken": [side == 0 for side in range(count)],
            "melds": [{"team": sides[e], "number": e + 1} for e in range(players)]}
        view = seating.view(engine_view)
        assert view["sides"] == list(sides)  # by table seat, whoever plays first
        for meld in view["melds"]:  # the meld of engine seat e lies on its table seat's side
            assert meld["team"] == sides[seating.table(meld["number"] - 1)]
        assert view["hand_sizes"] == [seating.engine(t) for t in range(players)]
        # by_team takes an engine-side list to table sides, as table_team takes one side.
        engine_list = [f"engine side {e}" for e in range(count)]
        mapped = seating.by_team(engine_list)
        assert [mapped[seating.table_team(e)] for e in range(count)] == engine_list


def test_the_lobby_offers_the_counts_a_table_takes(tmp_path: Path) -> None:
    with fast_app_client(tmp_path / "t.db") as client:
        games = client.get("/api/options").json()["games"]
        assert games["fibur"]["players"] == [2, 3, 4, 6]
        assert games["house"]["players"] == [2, 3, 4, 6]
        # The 18/11 pozzetti of three players are Italian Burraco's (§5.2).
        assert games["buraco-aberto"]["players"] == [2, 4, 6]
        assert games["fisca"]["players"] == [2, 3, 4, 5, 6]
        # Each seat's side where seats play as sides: the lobby marks partners from it.
        assert games["fibur"]["sides"] == {"2": [0, 1], "3": [0, 1, 2], "4": [0, 1, 0, 1],
                                           "6": [0, 1, 2, 0, 1, 2]}
        assert games["fisca"]["sides"] == {"4:PAIRS_2V2": [0, 1, 0, 1],
                                           "6:TEAMS_3V3": [0, 1, 0, 1, 0, 1]}
        answer = client.post("/api/tables", json={"preset": "fibur",
                                                  "seats": ["open"] + ["bot"] * 4})
        assert answer.status_code == 400
        assert answer.json()["detail"] == "5 seats: fibur is played at a table by 2, 3, 4 or 6"
        answer = client.post("/api/tables", json={"preset": "buraco-stbl",
                                                  "seats": ["open", "bot", "bot"]})
        assert answer.status_code == 400
        assert answer.json()["detail"] == "3 seats: buraco-stbl is played at a table by 2, 4 or 6"
        # Asked in the options instead of by the seats: the same counts.
        answer = client.post("/api/tables", json={"preset": "buraco-aberto",
                                                  "options": {"players": 3},
                                                  "seats": ["open", "bot", "bot"]})
        assert answer.status_code == 400
        assert answer.json()["detail"] == ("players 3: buraco-aberto is played at a table by "
                                           "2, 4 or 6")
        answer = client.post("/api/tables", json={"preset": "house", "options": {"players": 3},
                                                  "seats": ["open", "bot", "bot"]})
        assert answer.status_code == 201


@pytest.mark.parametrize(("preset", "players", "seed"), [("fibur", 2, 3), ("fibur", 6, 5),
                                                         ("buraco-aberto", 2, 7)])
def test_two_hands_at_a_table_of_two_or_six(tmp_path: Path, preset: str, players: int,
                                            seed: int) -> None:
    rng = random.Random(seed)
    sides = list(initial_sides(players))
    count = max(sides) + 1
    with fast_app_client(tmp_path / "t.db", rng=random.Random(seed)) as client:
        table_id = client.post("/api/tables", json={
            "preset": preset, "seats": ["open"] + ["bot"] * (players - 1),
            "match_hands": 2}).json()["id"]
        table: Table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert table.rules.players == players
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0, name="Anna")
            assert frame["view"]["sides"] == sides and len(frame["view"]["hand_sizes"]) == players
            first = play_to_end(ws, frame, rng)
            assert len(first["result"]["scores"]) == count
            ws.send_text(json.dumps({"type": "next", "hand_no": 0}))
            frame = recv_until(ws, lambda f: f["type"] == "update" and f["hand_no"] == 1
                               and (f["result"] is not None or bool(f["legal"])))
            assert table.seating.first == 1  # the deal went round: engine and table differ
            last = play_to_end(ws, frame, rng, check=table)
        assert last["view"]["sides"] == sides
        result = table.state.result()
        assert result is not None
        seating = table.seating
        assert isinstance(seating, Seating)
        assert last["result"]["scores"] == seating.by_team(list(result.scores))
        for meld in last["view"]["melds"]:
            assert 0 <= meld["team"] < count
        assert [len(scores) for scores in last["match"]["sheet"]] == [count, count]
        assert len(last["match"]["totals"]) == count and last["match"]["over"]
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert len(record["players"]) == players
        # The replay's sides are the record's seats' (from the hand's first player).
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert replay["sides"] == sides and len(replay["result"]["scores"]) == count
