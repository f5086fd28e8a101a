"""A duplicate turno played on the server (duplicate Burraco): every table deals its
smazzate from the same prepared deals, and a deal is revealed (its salt and deal in the final
update, its record, its replay, watching the tables) only once the last table of the turno has
finished it.  Until then nobody, least of all a player at a table still playing it, can obtain
it over the frames or the HTTP endpoints; after it, ``ramino verify`` checks every record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.testclient import WebSocketTestSession

from ramino.server.fairness import verify_document
from ramino.server.store import Store, database_url
from ramino.server.tables import Client, Table
from ramino.server.tournaments import TournamentFeed

from .conftest import Frame, migrated_to, recv
from .test_no_leak import Inbox
from .test_tournament_online import (
    TOKEN,
    manager_of,
    new_tournament,
    open_round,
    server,
    wait,
)


def settle(client: TestClient) -> None:
    feed = manager_of(client).tournament
    assert isinstance(feed, TournamentFeed)
    client.portal.call(feed.settled)  # type: ignore[union-attr]


def live(client: TestClient, table_id: str) -> Table:
    table = manager_of(client).get(table_id)
    assert table is not None
    return table


def bots_finish(table: Table, hand_no: int) -> None:
    """Nobody is there: stand-ins play the rest of the hand at once."""
    table.grace_ms = 0
    wait(lambda: table.finished and table.hand.hand_no == hand_no,
         f"hand {hand_no} of {table.id} did not end")


def sit(client: TestClient, opened: dict[str, Any], seat: int) -> tuple[WebSocketTestSession,
                                                                        Inbox]:
    ws = client.websocket_connect("/ws")
    ws.__enter__()
    key = opened["seats"][seat]["url"].split("key=")[1]
    ws.send_text(json.dumps({"type": "join", "table": opened["server_table"], "token": key}))
    inbox = Inbox(ws)
    assert inbox.until(lambda f: f["type"] == "welcome")["seat"] == seat
    return ws, inbox


def spectate(client: TestClient, table_id: str) -> Frame:
    with client.websocket_connect("/ws") as ws:
        ws.send_text(json.dumps({"type": "join", "table": table_id, "spectate": True}))
        return recv(ws)


def what_anyone_can_fetch(client: TestClient, table_id: str, hand_no: int) -> dict[str, Any]:
    """Every HTTP answer about a table a player could ask for, by path."""
    paths = [f"/api/tables/{table_id}", f"/api/tables/{table_id}/record",
             f"/api/tables/{table_id}/record?hand={hand_no}", f"/api/tables/{table_id}/replay",
             f"/replay?table={table_id}", "/api/tables", "/tournament/round/1",
             "/tournament/standings", "/tournament/api/standings",
             "/tournament/export/tournament.json", "/tournament/export/results.csv",
             "/tournament/export/scorecards/1.html", f"/t/{table_id}"]
    return {path: client.get(path) for path in paths}


def test_every_table_plays_the_same_deals_revealed_after_the_last_table(
        tmp_path: Path) -> None:
    path = tmp_path / "duplicate.json"
    new_tournament(path, duplicate=True)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(23)) as client:
        opened = open_round(client)
        a, b = (live(client, o["server_table"]) for o in opened)
        prepared = manager_of(client).store.prepare_deals(str(path.resolve()), 1, [])
        assert len(prepared) == 2 and prepared[0] != prepared[1]
        assert a.hand.deal == b.hand.deal == prepared[0]  # the same cards at every table
        assert a.hand.commitment != b.hand.commitment  # each table its own salt
        # A player of table B sits down and thinks (B waits); table A plays the deal out.
        b_ws, b_inbox = sit(client, opened[1], 0)
        bots_finish(a, 0)
        secrets = [a.hand.salt, b.hand.salt, json.dumps(a.hand.deal["hands"])]
        for path_, response in what_anyone_can_fetch(client, a.id, 0).items():
            assert not any(s in response.text for s in secrets), path_
            if "/record" in path_ or path_.endswith("/replay"):
                assert response.status_code == 409 and "duplicate deal" in response.text
        for table in (a, b):
            refused = spectate(client, table.id)
            assert refused["type"] == "error" and refused["code"] == "duplicate-hidden"
        # A's own players see the score, not the salt or the deal.
        a_ws, a_inbox = sit(client, opened[0], 0)
        final = a_inbox.until(lambda f: f["type"] == "update")
        assert final["result"] is not None and final["result"]["scores"]
        assert final["result"]["salt"] is None and final["result"]["deal"] is None
        assert final["result"]["hands"] is None  # the hands left would show the deal too
        assert final["match"]["rematch"] is False  # a tournament table: no rematch offered
        b_ws.send_text(json.dumps({"type": "ping"}))
        b_inbox.until(lambda f: f["type"] == "pong")
        for frame in a_inbox.frames + b_inbox.frames:
            assert not any(s in json.dumps(frame) for s in secrets)
        # The last table finishes the deal: it is revealed everywhere.
        b_ws.__exit__(None, None, None)
        bots_finish(b, 0)
        settle(client)
        assert a.revealed == b.revealed == {0}
        shown = a_inbox.until(lambda f: f["type"] == "update" and f["result"] is not None
                              and f["result"]["salt"] is not None)
        assert shown["result"]["salt"] == a.hand.salt and shown["result"]["deal"] == prepared[0]
        a_ws.__exit__(None, None, None)
        records = [client.get(f"/api/tables/{t.id}/record", params={"hand": 0}).json()
                   for t in (a, b)]
        assert client.get(f"/api/tables/{a.id}/replay").status_code == 200
        assert spectate(client, a.id)["code"] == "duplicate-hidden"  # smazzata 2 is to come
        # The next smazzata: the second prepared deal, at each table.
        for table in (a, b):
            client.portal.call(manager_of(client).next_hand,  # type: ignore[union-attr]
                               table, Client("Anna", 0), 0)
            assert table.hand.deal == prepared[1]
    for record in records:  # ramino verify: the deal hashes to the commitment, moves replay
        verdict = verify_document(record)
        assert verdict.ok, verdict.message
    assert records[0]["deal"] == records[1]["deal"]
    assert records[0]["meta"]["commitment"] != records[1]["meta"]["commitment"]
    with server(db, path) as client:  # a restart knows what is revealed and what is not
        a, b = (live(client, o["server_table"]) for o in opened)
        assert a.revealed == b.revealed == {0} and a.prepared == prepared
        assert client.get(f"/api/tables/{a.id}/record", params={"hand": 0}).status_code == 200
        bots_finish(a, 1)
        assert client.get(f"/api/tables/{a.id}/record").status_code == 409
        bots_finish(b, 1)
        settle(client)
        assert a.revealed == {0, 1}
        assert spectate(client, a.id)["type"] == "welcome"  # every deal is known now
        second = [client.get(f"/api/tables/{t.id}/record").json() for t in (a, b)]
        assert all(verify_document(r).ok for r in second)
        assert second[0]["deal"] == second[1]["deal"] != records[0]["deal"]
        assert client.post("/tournament/api/online",
                           params={"token": TOKEN, "round": 1}).status_code == 200
    store = Store(database_url(db))
    try:
        assert store.prepare_deals(str(path.resolve()), 1, []) == prepared
    finally:
        store.close()


def test_the_prepared_deals_come_with_revision_0009(tmp_path: Path) -> None:
    """A database of revision 0008 is upgraded in place; the first deals stored for a turno
    stand (a second opening gets them back); the downgrade takes only them away."""
    url = database_url(tmp_path / "old.db")
    with migrated_to(url, "0008") as connection:
        names = {r[0] for r in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "tournament_deals" not in names
    store = Store(url)
    try:
        first = [{"hands": [["Ah"]]}, {"hands": [["Kd"]]}]
        assert store.prepare_deals("/club.json", 2, first) == first
        assert store.prepare_deals("/club.json", 2, [{"hands": []}]) == first
        assert store.prepare_deals("/club.json", 3, []) == []
    finally:
        store.close()
    with migrated_to(url, "0008", down=True) as connection:
        names = {r[0] for r in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "tournament_deals" not in names and "tournament_links" in names
