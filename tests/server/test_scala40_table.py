"""Scala 40 tables (§6): created from the API, played over the WebSocket against bots,
each hand's penalty points added up and a player out at the elimination limit (§6.5) sitting
out the following hands, records that are Scala 40 ``ramino-record/1`` hands and verify."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ramino.games.scala40.state import Scala40State
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules
from ramino.server.bots import bot_levels
from ramino.server.fairness import verify_document
from ramino.server.games import Order, Scala40Game
from ramino.server.matches import MatchState

from .conftest import Frame, act, fast_app_client, join, my_turn, recv_until


def create(client: TestClient, seats: list[str], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"preset": "fisca", "seats": seats,
                                                "bot_level": "random", **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def play_to_end(client: TestClient, ws: Any, seat: int, rng: random.Random,
                first: Frame) -> Frame:
    """Random legal actions for ``seat`` until the hand is over; the last update."""
    frame = first
    for _ in range(3000):
        if not my_turn(seat)(frame):
            frame = recv_until(ws, my_turn(seat))
        if frame["result"] is not None:
            return frame
        act(ws, rng.choice(frame["legal"]), frame["version"])
        frame = recv_until(ws, lambda f: f["type"] in ("update", "error"))
        assert frame["type"] == "update", frame
    raise AssertionError("the hand did not end")


def dealt_after(hand_no: int) -> Callable[[Frame], bool]:
    return lambda f: bool(f["type"] == "update" and f["hand_no"] == hand_no + 1)


def test_options_offer_scala40_with_two_to_six_players(client: TestClient) -> None:
    games = client.get("/api/options").json()["games"]
    assert games["fisca"]["game"] == "scala40"
    assert games["fisca"]["players"] == [2, 3, 4, 5, 6]
    assert "random" in games["fisca"]["bot_levels"]
    assert set(games["fisca"]["bot_levels"]) <= set(bot_levels())
    for players in range(2, 7):
        body = create(client, ["bot"] * players)
        info = client.get(f"/api/tables/{body['id']}").json()
        assert info["preset"] == "fisca" and len(info["seats"]) == players
    refused = client.post("/api/tables", json={"preset": "fisca", "seats": ["bot"] * 7})
    assert refused.status_code == 422  # at most six seats


def test_scala40_hand_against_a_bot_scores_and_verifies(tmp_path: Path) -> None:
    """One person and one bot play a whole hand; the update shows each player's melds,
    opening and penalty points; the record replays and checks against its commitment."""
    rng = random.Random(4)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(8)) as client:
        body = create(client, ["open", "bot"])
        with client.websocket_connect("/ws") as ws:
            _welcome, first = join(ws, body["id"], seat=0, name="Anna")
            assert first["game"] == "scala40"
            view = first["view"]
            assert len(view["hand"]) in (13, 14) and view["players"] == 2
            assert view["opened"] == [False, False] and view["penalties"] == [0, 0]
            assert "pozzetti_left" not in view and view["dealt"] == [True, True]
            last = play_to_end(client, ws, 0, rng, first)
        result = last["result"]
        table = client.app.state.manager.get(body["id"])  # type: ignore[attr-defined]
        final = table.state.result()
        assert result["scores"] == list(final.scores)  # the first dealer is the last seat
        assert result["closed_by"] == final.closed_by
        assert [b["hand"] for b in result["breakdown"]] == list(final.hand_points)
        assert last["match"]["totals"] == list(final.scores)
        assert last["match"]["limit"] == 101
        record = client.get(f"/api/tables/{body['id']}/record").json()
        assert record["game"] == "scala40" and record["players"][0] == "Anna"
        report = scala40_record.replay(record)
        assert report.ok and report.hands[0].result == final
        assert verify_document(record).exit_code == 0
        record["deal"]["stock"][0], record["deal"]["stock"][1] = (record["deal"]["stock"][1],
                                                                  record["deal"]["stock"][0])
        if record["deal"]["stock"][0] != record["deal"]["stock"][1]:
            assert verify_document(record).exit_code == 1  # a changed deal is caught


def test_players_out_sit_out_until_one_is_left(tmp_path: Path) -> None:
    """Hands follow one another (the person asks for the next); a seat whose total reaches
    the limit is dealt no more cards; the match ends with one player left, and "next" then
    starts a new match with everyone back (§6.5)."""
    rng = random.Random(9)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(3)) as client:
        body = create(client, ["open", "bot", "bot"])
        manager = client.app.state.manager  # type: ignore[attr-defined]
        totals = [0, 0, 0]
        out_seen = False
        short_hands = 0
        with client.websocket_connect("/ws") as ws:
            _welcome, frame = join(ws, body["id"], seat=0)
            for hand_no in range(40):
                table = manager.get(body["id"])
                dealt = [t < 101 for t in totals]
                assert frame["view"]["dealt"] == dealt
                assert table.state.players == sum(dealt)
                short_hands += sum(dealt) < 3
                assert frame["view"]["penalties"] == [t if d else None
                                                      for t, d in zip(totals, dealt,
                                                                      strict=True)]
                if dealt[0]:
                    last = play_to_end(client, ws, 0, rng, frame)
                else:
                    # Out of the match: the person watches (no hand, no legal moves).
                    assert "hand" not in frame["view"] and frame["legal"] == []
                    out_seen = True
                    last = recv_until(ws, lambda f: f["type"] == "update"
                                      and f["result"] is not None)
                for seat in range(3):
                    totals[seat] += last["result"]["scores"][seat]
                    if not dealt[seat]:
                        assert last["result"]["scores"][seat] == 0
                assert last["match"]["totals"] == totals
                assert last["match"]["out"] == [t >= 101 for t in totals]
                if last["match"]["over"]:
                    alive = [s for s in range(3) if totals[s] < 101]
                    assert len(alive) <= 1
                    assert last["match"]["winner"] == (alive[0] if alive else None)
                    break
                ws.send_json({"type": "next", "hand_no": hand_no})
                frame = recv_until(ws, dealt_after(hand_no))
            else:
                raise AssertionError("the match did not end")
            ws.send_json({"type": "next", "hand_no": hand_no})
            rematch = recv_until(ws, dealt_after(hand_no))
            assert rematch["view"]["dealt"] == [True, True, True]
            assert rematch["match"]["totals"] == [0, 0, 0]
    assert short_hands and out_seen  # (seeded) a hand was dealt without the players out


def test_seating_skips_the_players_out() -> None:
    game = Scala40Game()
    rules = make_rules("fisca", {"players": 4})
    match = MatchState(scores=[[120, 30, 101, 0]], width=4, scala40=rules)
    assert game.in_play(rules, match) == (False, True, False, True)
    seating = game.seating(rules, 1, (False, True, False, True))
    assert isinstance(seating, Order)
    assert seating.order == (3, 1) and seating.first == 3
    assert seating.engine(1) == 1 and seating.table(0) == 3 and not seating.dealt(0)
    hand = game.hand_rules(rules, seating, [120, 30, 101, 0])
    assert hand.players == 2  # the two seats still in
    state = game.start(hand, game.deal(hand, seating, random.Random(1)), seating,
                       [120, 30, 101, 0])
    assert isinstance(state, Scala40State)
    assert state.players == 2 and state.penalties == (0, 30)  # engine seats: 3 then 1
    view = game.seat_view(state, 1, seating)
    assert view["seat"] == 1 and view["penalties"] == [None, 30, None, 0]
    assert view["hand_sizes"][0] == 0 and view["dealt"] == [False, True, False, True]
    watcher = game.seat_view(state, 0, seating)
    assert "hand" not in watcher and watcher["seat"] is None


def test_a_level_scala40_lacks_is_refused(client: TestClient) -> None:
    """Until the registry has a Scala 40 bot of a level, a table cannot ask for it."""
    lacking = [level for level in bot_levels() if level not in bot_levels("scala40")]
    for level in ["nonsense", *lacking]:
        response = client.post("/api/tables", json={"preset": "fisca", "seats": ["bot"] * 2,
                                                    "bot_level": level})
        assert response.status_code == 400 and "random" in response.text, level


def test_a_restart_deals_the_players_out_out_again(tmp_path: Path) -> None:
    """Who is dealt in is not stored: it follows from the match's stored hands.  A server
    restarted while a player is out rebuilds the same hand, seats and totals."""
    rng = random.Random(9)
    db = tmp_path / "t.db"
    with fast_app_client(db, rng=random.Random(3)) as client:
        body = create(client, ["open", "bot", "bot"])
        manager = client.app.state.manager  # type: ignore[attr-defined]
        with client.websocket_connect("/ws") as ws:
            _welcome, frame = join(ws, body["id"], seat=0)
            for hand_no in range(40):
                if not all(frame["view"]["dealt"]):
                    break
                last = play_to_end(client, ws, 0, rng, frame)
                assert not last["match"]["over"]
                ws.send_json({"type": "next", "hand_no": hand_no})
                frame = recv_until(ws, dealt_after(hand_no))
            else:
                raise AssertionError("nobody went out")
            if frame["view"]["dealt"][0]:  # play a few actions into the short hand
                for _ in range(3):
                    frame = recv_until(ws, my_turn(0))
                    act(ws, rng.choice(frame["legal"]), frame["version"])
                    frame = recv_until(ws, lambda f: f["type"] in ("update", "error"))
        table = manager.get(body["id"])
        # The bots play on by themselves: compare what does not move, and the actions so far.
        before = (table.in_play, table.state.deal, table.state.penalties, table.match.totals,
                  table.seating.order)
        played = [str(a) for a in table.state.history()]
    with fast_app_client(db) as client:
        again = client.app.state.manager.get(body["id"])  # type: ignore[attr-defined]
        assert (again.in_play, again.state.deal, again.state.penalties, again.match.totals,
                again.seating.order) == before
        replayed = [str(a) for a in again.state.history()]
        shorter = min(len(played), len(replayed))
        assert played[:shorter] == replayed[:shorter]
        assert not all(again.in_play)
