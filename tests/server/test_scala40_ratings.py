"""Scala 40 rated: one rated event is a match to elimination (§6.5), a
free-for-all where each side is placed by how long it lasted; matches of two hands or fewer
are never rated; each game has its own ratings and leaderboard."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ramino.rules import make_rules
from ramino.server.matches import elimination_places, elimination_standing
from ramino.server.ratings import DEFAULT, rate_places

from .conftest import fast_app_client, join, recv_until
from .test_scala40_table import create, dealt_after, play_to_end

THREE = make_rules("fisca", {"players": 3})


def test_places_follow_the_order_of_elimination() -> None:
    # Seat 0 goes out in the second hand (110), seat 2 in the third (110): seat 1 wins.  A seat
    # out is dealt nothing and scores 0.
    scores = [[50, 0, 60], [60, 0, 20], [0, 30, 30]]
    final = elimination_standing(THREE, scores)
    assert final.over and final.winner == 1 and final.totals == (110, 30, 110)
    assert elimination_places(THREE, scores) == [3, 1, 2]


def test_sides_out_in_the_same_hand_are_placed_by_their_totals() -> None:
    scores = [[10, 20, 30], [95, 90, 0]]  # seats 0 and 1 both out in hand 2: 105 beats 110
    assert elimination_places(THREE, scores) == [2, 3, 1]
    tied = [[10, 10, 0], [95, 95, 0]]
    assert elimination_places(THREE, tied) == [2, 2, 1]


def test_every_side_out_at_once_the_lowest_total_wins() -> None:
    scores = [[0, 50, 60], [120, 60, 45]]  # all out in hand 2 (a hand ended by the stock)
    assert elimination_standing(THREE, scores).winner == 2
    assert elimination_places(THREE, scores) == [3, 2, 1]


def test_pairs_are_placed_as_sides() -> None:
    pairs = make_rules("fisca", {"players": 4, "partnerships": "PAIRS_2V2"})
    scores = [[40, 0], [70, 0]]  # by side: seats {0, 2} and {1, 3}
    assert elimination_places(pairs, scores) == [2, 1]


def test_a_free_for_all_moves_each_player_by_place() -> None:
    new = rate_places([[1], [2], [3]], [1, 2, 3], {})
    assert new[1][0] > DEFAULT[0] > new[3][0]
    assert new[1][0] > new[2][0] > new[3][0]
    assert all(sigma < DEFAULT[1] for _, sigma in new.values())


def play_match(db: Path, seed: int) -> dict[str, Any]:
    """A signed-in person (random legal moves) against a random bot, hands until one of them
    is out; the person's standing and the boards afterwards."""
    rng = random.Random(seed)
    name = f"Sara{seed}"
    with fast_app_client(db, rng=random.Random(seed)) as client:
        client.post("/api/accounts", json={"name": name, "password": "segreto-lungo"})
        body = create(client, ["open", "bot"])
        with client.websocket_connect("/ws") as ws:
            _welcome, frame = join(ws, body["id"], seat=0)
            for hand_no in range(60):
                last = play_to_end(client, ws, 0, rng, frame)
                if last["match"]["over"]:
                    break
                assert last["match"]["rated"]
                ws.send_json({"type": "next", "hand_no": hand_no})
                frame = recv_until(ws, dealt_after(hand_no))
            else:
                raise AssertionError("the match did not end")
        me: dict[str, Any] = client.get("/api/me").json()
        boards = {game: [row["name"] for row in client.get(
            f"/api/leaderboard?by=rating&game={game}").json()]
            for game in ("burraco", "buraco", "scala40")}
        unknown = client.get("/api/leaderboard?by=rating&game=poker")
        assert unknown.status_code == 422
        return {"me": me, "hands": hand_no + 1, "won": last["match"]["winner"] == 0,
                "boards": boards, "name": name}


@pytest.mark.parametrize("seed", [1, 4])  # (seeded) the person wins one, loses the other
def test_a_scala40_match_of_three_hands_or_more_is_rated(tmp_path: Path, seed: int) -> None:
    out = play_match(tmp_path / "t.db", seed)
    assert out["hands"] >= 3  # (seeded)
    me = out["me"]
    assert me["hands"] == out["hands"]
    assert set(me["ratings"]) == {"scala40"} and me["ratings"]["scala40"]["rated"] == 1
    assert (me["ratings"]["scala40"]["mu"] > DEFAULT[0]) == out["won"]
    assert me["ratings"]["scala40"]["sigma"] < DEFAULT[1]
    assert out["boards"] == {"burraco": [], "buraco": [], "scala40": [out["name"]]}


def test_a_scala40_match_of_two_hands_is_not_rated(tmp_path: Path) -> None:
    out = play_match(tmp_path / "t.db", 2)
    assert out["hands"] <= 2  # (seeded)
    assert out["me"]["ratings"] == {} and out["boards"]["scala40"] == []
