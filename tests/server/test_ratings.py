"""Skill ratings (OpenSkill) per player inside partnerships, at the end of a match; matches of
two hands or fewer are never rated."""

from __future__ import annotations

import json
import random
from pathlib import Path

from ramino.server.ratings import DEFAULT, rate_match

from .conftest import Frame, fast_app_client, join, recv_until
from .test_next_hand import play_to_end


def test_partners_rise_together_and_guests_are_not_rated() -> None:
    new = rate_match([[1, 2], [3, None]], [900, 400], {1: DEFAULT, 2: (30.0, 4.0)})
    assert set(new) == {1, 2, 3}
    assert new[1][0] > DEFAULT[0] and new[2][0] > 30.0 and new[3][0] < DEFAULT[0]
    assert all(sigma < before for (_, sigma), before in
               zip((new[1], new[2]), (DEFAULT[1], 4.0), strict=True))
    even = rate_match([[1, None], [3, None]], [500, 500], {})
    assert abs(even[1][0] - even[3][0]) < 1e-9  # a draw between equals changes nothing


def play_match(db: Path, hands: int, players: int = 4) -> dict[str, object]:
    rng = random.Random(hands)
    with fast_app_client(db, rng=random.Random(30 + hands)) as client:
        client.post("/api/accounts", json={"name": f"Elena{hands}", "password": "segreto-lungo"})
        table_id = client.post("/api/tables", json={
            "seats": ["open"] + ["bot"] * (players - 1), "match_hands": hands}).json()["id"]
        with client.websocket_connect("/ws") as ws:
            _, frame = join(ws, table_id, seat=0)
            totals = [0] * (3 if players == 3 else 2)  # three players score each seat
            for hand in range(hands):
                last = play_to_end(ws, frame, rng)
                totals = [a + b for a, b in zip(totals, last["result"]["scores"], strict=True)]
                assert last["match"]["totals"] == totals
                assert last["match"]["hand"] == hand + 1
                assert last["match"]["over"] == (hand == hands - 1)
                if hand < hands - 1:
                    ws.send_text(json.dumps({"type": "next", "hand_no": hand}))

                    def dealt(f: Frame, hand: int = hand) -> bool:
                        return bool(f["type"] == "update" and f["hand_no"] == hand + 1 and (
                            f["result"] is not None or f["legal"]))
                    frame = recv_until(ws, dealt)
        me: dict[str, object] = client.get("/api/me").json()
        me["won"] = totals[0] > max(totals[1:])
        me["last"] = totals[0] < min(totals[1:])
        me["board"] = [b["name"] for b in client.get("/api/leaderboard?by=rating").json()]
        return me


def test_a_three_hand_match_is_rated(tmp_path: Path) -> None:
    me = play_match(tmp_path / "t.db", 3)
    ratings = me["ratings"]
    assert isinstance(ratings, dict) and set(ratings) == {"burraco"}  # per game
    assert me["hands"] == 3 and ratings["burraco"]["rated"] == 1
    mu, sigma = ratings["burraco"]["mu"], ratings["burraco"]["sigma"]
    assert isinstance(mu, float) and isinstance(sigma, float)
    assert sigma < DEFAULT[1]  # more is known of the player
    assert (mu > DEFAULT[0]) == me["won"]  # and the mean moves with the result
    assert me["board"] == ["Elena3"]


def test_a_two_hand_match_is_not_rated(tmp_path: Path) -> None:
    me = play_match(tmp_path / "t.db", 2)
    assert me["hands"] == 2 and me["ratings"] == {} and me["board"] == []


def test_a_three_hand_match_of_three_players_is_rated(tmp_path: Path) -> None:
    """Three players (§5.2) are rated each for himself, by the match totals of their seats
    (the hands' pairs change from hand to hand)."""
    me = play_match(tmp_path / "t.db", 3, players=3)
    ratings = me["ratings"]
    assert isinstance(ratings, dict) and ratings["burraco"]["rated"] == 1
    mu = ratings["burraco"]["mu"]
    assert ratings["burraco"]["sigma"] < DEFAULT[1]
    assert me["won"] or me["last"]  # on these seeded deals seat 0 is not in the middle
    if me["won"]:
        assert mu > DEFAULT[0]
    if me["last"]:
        assert mu < DEFAULT[0]
