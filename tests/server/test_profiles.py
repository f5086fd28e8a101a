"""Levels, challenges and profiles through the server: a registered player's hand is checked
against the day's challenges from the hand the server played, paid in its experience, shown on
the profile page (``/players/{name}``, 404 page for an unknown name) with the level beside
the name at the table, in the lobby's tables and on the leaderboard."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ramino.bots.registry import make_bot
from ramino.server.challenges import HandFacts, MatchFacts, steps
from ramino.server.levels import level_of

from .conftest import Frame, act, fast_app_client, join, recv_until
from .test_accounts import sign_up, table_of

# A day whose challenges the test's hand (won and closed by seat 0's side against expert bots,
# with burrachi sporco and semipulito) meets three of, and counts towards a fourth.
NOON = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)


def play_a_hand(client: TestClient, table_id: str, seed: int, **fields: Any) -> Frame:
    """Seat 0 plays the hand to its end as the expert bot would (its choice made here, from
    seat 0's observation, and sent like any player's move); the last update."""
    table = table_of(client, table_id)
    player = make_bot("expert", seed, table.rules)
    with client.websocket_connect("/ws") as ws:
        _, frame = join(ws, table_id, seat=0, **fields)
        for _ in range(1000):
            if frame["result"] is not None:
                break
            acted: int = frame["version"]
            state = table.state
            act(ws, str(player.choose(state.observation(0), state.legal_actions())), acted)

            def mine(f: Frame, acted: int = acted) -> bool:
                return f["type"] == "update" and (f["result"] is not None or (
                    bool(f["legal"]) and f["version"] > acted))
            frame = recv_until(ws, mine)
    return frame


def expected_facts(client: TestClient, table_id: str) -> HandFacts:
    """What the hand was for seat 0, read off the engine's own result independently."""
    table = table_of(client, table_id)
    result = table.state.result()
    assert result is not None
    win = result.scores[0] > result.scores[1]
    return HandFacts("burraco", win, result.closed_by == 0, result.scores[0],
                     result.breakdown[0].burrachi,
                     match=MatchFacts(1, win, True, table.bot_level))


def test_a_hand_pays_the_challenges_it_meets_and_shows_on_the_profile(db: Path) -> None:
    with fast_app_client(db, rng=random.Random(8),
                         wall_clock=lambda: NOON.timestamp()) as client:
        sign_up(client, "Carla")
        table_id = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"]}
                               ).json()["id"]
        last = play_a_hand(client, table_id, 3)
        facts = expected_facts(client, table_id)
        met = steps(facts, NOON.date())
        assert {(s.challenge, s.target) for s in met} == {
            ("burraco-sporco", 1), ("burraco-semipulito", 1), ("win-two-hands", 2),
            ("win-match-expert", 1)}
        paid = sum(s.xp for s in met if s.target == 1)
        me = client.get("/api/me").json()
        base = 16 + (26 if facts.won else 0) + len(facts.burrachi)
        assert me["xp"] == base + paid and me["level"] == level_of(base + paid)
        # The level beside the name at the table (after the hand's experience).
        assert last["seats"][0]["level"] == me["level"]
        assert [s["level"] for s in last["seats"][1:]] == [None, None, None]
        profile = client.get("/api/players/Carla").json()
        assert profile["xp"] == me["xp"]
        assert {d["id"] for d in profile["done"]} == {s.challenge for s in met
                                                      if s.target == 1}
        on = {c["id"]: c for c in profile["challenges"]}
        for step in met:
            assert on[step.challenge]["count"] == 1
            assert on[step.challenge]["done"] == (step.target == 1)
        assert profile["games"][0]["hands"] == 1
        assert profile["games"][0]["average"] == facts.points
        assert [m["table"] for m in profile["matches"]] == [table_id]
        assert profile["matches"][0]["hands"][0]["hand"] == 0
        page = client.get("/players/Carla?lang=en")
        assert page.status_code == 200
        assert "Carla" in page.text and f"level {me['level']}" in page.text
        assert f"/replay?table={table_id}&amp;hand=0" in page.text
        board = client.get("/api/leaderboard").json()
        assert board[0]["name"] == "Carla" and board[0]["level"] == me["level"]
        lobby: list[dict[str, Any]] = client.get("/api/tables").json()
        assert [s["level"] for s in lobby[0]["seats"]] == [me["level"], None, None, None]


def test_an_unknown_player_is_a_404_page(client: TestClient) -> None:
    page = client.get("/players/Nessuno?lang=en")
    assert page.status_code == 404
    assert "Player not found" in page.text and "Traceback" not in page.text
    assert "text/html" in page.headers["content-type"]
    assert client.get("/players/Nessuno?lang=it").text.count("Giocatore non trovato") >= 1
    data = client.get("/api/players/Nessuno")
    assert data.status_code == 404 and "Nessuno" in data.json()["detail"]
    long = client.get("/players/" + "x" * 300)
    assert long.status_code == 404
    odd = client.get("/players/%3Cb%3Emio")  # shown, never as markup
    assert odd.status_code == 404 and "<b>mio" not in odd.text
    assert "&lt;b&gt;mio" in odd.text


def test_a_private_tables_replay_opens_to_its_players_only(db: Path) -> None:
    with fast_app_client(db, rng=random.Random(8)) as client:
        sign_up(client, "Bea")
        made = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"],
                                                "private": True}).json()
        table_id, invite = made["id"], made["invite"]
        play_a_hand(client, table_id, 5, invite=invite)
        replay = f"/api/tables/{table_id}/replay?hand=0"
        assert client.get(replay).status_code == 200  # Bea sat there
        own = client.get("/players/Bea?lang=en").text
        assert f"/replay?table={table_id}&amp;hand=0" in own and "private table" not in own
        client.post("/api/logout")
        assert client.get(replay).status_code == 404
        assert client.get(f"/api/tables/{table_id}/record").status_code == 404
        assert client.get(f"{replay}&invite={invite}").status_code == 200
        other = client.get("/players/Bea?lang=en").text
        assert "/replay?table=" not in other and "(private table)" in other
        assert table_id not in other
        assert client.get("/api/players/Bea").json()["matches"][0]["table"] is None
