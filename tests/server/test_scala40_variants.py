"""Scala 40 §6.7 variants at a server table: partnerships (pairs of 4, teams of 3 of 6), whose
penalty points, totals and elimination are per side as the engine's match counts them
(docs/scala40.md), and re-entry (``reentry=ONCE_AT_HIGHEST_REMAINING``, §6.5): a
side just eliminated may come back before the next hand, at the highest total in play."""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from ramino.games.scala40.state import Scala40State
from ramino.rules import make_rules
from ramino.server.fairness import verify_document
from ramino.server.games import Order, Scala40Game

from .conftest import Frame, fast_app_client, join, recv_until
from .test_scala40_table import create, dealt_after, play_to_end

REENTRY = {"reentry": "ONCE_AT_HIGHEST_REMAINING"}


def test_partners_share_their_side_from_the_first_player_on() -> None:
    """The engine counts sides from its own first seat; the table from seat 0.  With the
    first player at an odd seat the two differ, and the table's scores and the totals each
    seat is shown follow the table's sides."""
    game = Scala40Game()
    rules = make_rules("fisca", {"players": 4, "partnerships": "PAIRS_2V2"})
    seating = game.seating(rules, 0, (True,) * 4)
    assert isinstance(seating, Order)
    assert seating.order == (1, 2, 3, 0) and seating.sides == (0, 1, 0, 1)
    hand = game.hand_rules(rules, seating, [30, 50])
    state = game.start(hand, game.deal(hand, seating, random.Random(5)), seating, [30, 50])
    assert isinstance(state, Scala40State)
    assert state.penalties == (50, 30, 50, 30)  # engine seats 0..3 are table seats 1, 2, 3, 0
    view = game.seat_view(state, 2, seating)
    assert view["penalties"] == [30, 50, 30, 50] and view["sides"] == [0, 1, 0, 1]
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result is not None
    info = game.result_info(state, "salt", {}, seating)
    assert info is not None
    assert info.scores == [result.scores[1], result.scores[0]]  # engine side 0 is table side 1
    assert [b["penalty"] for b in info.breakdown] == [result.seat_scores[3],
                                                       *result.seat_scores[:3]]
    teams = make_rules("fisca", {"players": 6, "partnerships": "TEAMS_3V3"})
    six = game.seating(teams, 2, (True,) * 6)
    assert isinstance(six, Order) and six.width == 2 and six.sides == (0, 1, 0, 1, 0, 1)


def play_match(client: Any, table_id: str, seat: int, rng: random.Random,
               on_end: Any = None) -> list[Frame]:
    """The person at ``seat`` plays random legal moves, hand after hand, until the match is
    over; ``on_end(ws, last)`` may act between hands.  The last update of every hand."""
    ends: list[Frame] = []
    with client.websocket_connect("/ws") as ws:
        _welcome, frame = join(ws, table_id, seat=seat)
        for hand_no in range(60):
            if frame["view"]["dealt"][seat]:
                last = play_to_end(client, ws, seat, rng, frame)
            else:
                last = recv_until(ws, lambda f: f["type"] == "update"
                                  and f["result"] is not None)
            if on_end is not None:
                last = on_end(ws, last) or last
            ends.append(last)
            if last["match"]["over"]:
                return ends
            ws.send_json({"type": "next", "hand_no": hand_no})
            frame = recv_until(ws, dealt_after(hand_no))
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("players, partnerships", [(4, "PAIRS_2V2"), (6, "TEAMS_3V3")])
def test_a_partnership_match_counts_and_eliminates_by_side(tmp_path: Path, players: int,
                                                           partnerships: str) -> None:
    rng = random.Random(players)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(players)) as client:
        body = create(client, ["open"] + ["bot"] * (players - 1),
                      options={"partnerships": partnerships})
        ends = play_match(client, body["id"], 0, rng)
        totals = [0, 0]
        for last in ends:
            match = last["match"]
            assert match["sides"] == [s % 2 for s in range(players)]
            assert last["view"]["dealt"] == [True] * players  # a side plays whole or not at all
            scores = last["result"]["scores"]
            assert len(scores) == 2
            closer = last["result"]["closed_by"]
            if closer is not None:
                assert scores[closer % 2] == 0  # the closer's partners pay nothing
            totals = [t + s for t, s in zip(totals, scores, strict=True)]
            assert match["totals"] == totals and match["out"] == [t >= 101 for t in totals]
        final = ends[-1]["match"]
        assert final["over"] and final["winner"] in (0, 1)
        assert final["totals"][final["winner"]] < 101 or all(t >= 101 for t in totals)
        record = client.get(f"/api/tables/{body['id']}/record").json()
        assert record["rules"]["options"]["partnerships"] == partnerships
        assert verify_document(record).exit_code == 0


def test_a_player_out_may_reenter_once_at_the_highest_total(tmp_path: Path) -> None:
    """Three players, re-entry allowed: the person, once out while the two bots play on, asks
    to re-enter and is dealt in again at the highest total in play; a second elimination is
    final.  A bot out re-enters by itself.  Asking when it is not allowed is refused, and a
    restarted server finds the same match."""
    rng = random.Random(4)
    db = tmp_path / "t.db"
    seen: dict[str, Any] = {"back": [], "refused": 0}

    def on_end(ws: Any, last: Frame) -> Frame | None:
        match = last["match"]
        if not match["can_reenter"][0]:
            ws.send_json({"type": "reenter"})
            error = recv_until(ws, lambda f: f["type"] == "error")
            assert error["code"] == "no-reentry" and "§6.5" in error["message"]
            seen["refused"] += 1
            return None
        highest = max(t for t, out in zip(match["totals"], match["out"], strict=True)
                      if not out)
        ws.send_json({"type": "reenter"})
        back = recv_until(ws, lambda f: f["type"] == "update")
        assert back["match"]["totals"][0] == highest
        assert back["match"]["out"][0] is False and back["match"]["reentered"][0] is True
        assert back["match"]["can_reenter"] == [False, False, False]
        seen["back"].append(highest)
        return back

    with fast_app_client(db, rng=random.Random(4)) as client:
        body = create(client, ["open", "bot", "bot"], options=REENTRY)
        ends = play_match(client, body["id"], 0, rng, on_end)
        table = client.app.state.manager.get(body["id"])  # type: ignore[attr-defined]
        before = (table.match.totals, table.match.reentries, table.in_play)
    assert seen["back"] and seen["refused"]  # (seeded) the person went out and came back
    bots_back = 0
    for now, after in itertools.pairwise(ends):  # a bot that may re-enter does, when dealt
        for seat in (1, 2):
            if now["match"]["can_reenter"][seat]:
                assert after["match"]["reentered"][seat] and after["view"]["dealt"][seat]
                bots_back += 1
    assert bots_back  # (seeded)
    assert ends[-1]["match"]["over"] and ends[-1]["match"]["reentered"][0]
    with fast_app_client(db) as client:
        again = client.app.state.manager.get(body["id"])  # type: ignore[attr-defined]
        assert (again.match.totals, again.match.reentries, again.in_play) == before


def test_reentry_is_refused_when_the_rules_have_none(tmp_path: Path) -> None:
    rng = random.Random(1)
    with fast_app_client(tmp_path / "t.db", rng=random.Random(1)) as client:
        body = create(client, ["open", "bot"])
        with client.websocket_connect("/ws") as ws:
            _welcome, frame = join(ws, body["id"], seat=0)
            ws.send_json({"type": "reenter"})
            assert recv_until(ws, lambda f: f["type"] == "error")["code"] == "no-reentry"
            last = play_to_end(client, ws, 0, rng, frame)
            assert last["match"]["can_reenter"] == [False, False]
            ws.send_json({"type": "reenter"})
            assert recv_until(ws, lambda f: f["type"] == "error")["code"] == "no-reentry"
