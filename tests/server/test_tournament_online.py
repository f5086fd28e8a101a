"""A tournament turno played on the server (hands played on ramino's server flow into
the tournament by themselves): the director opens the turno, each pair's seats are kept for
its players, who sit with their links and play every smazzata; when a table's last one ends
its scores count in the tournament, named by their hand records, exactly once.  A table the
players abandoned to the stand-in bots, or ended early, is left to the director."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text, update
from sqlalchemy.exc import IntegrityError
from starlette.testclient import WebSocketTestSession
from typer.testing import CliRunner

from ramino.server import create_app
from ramino.server.fairness import verify_document
from ramino.server.protocol import ProtocolError
from ramino.server.store import (
    Store,
    StoredHand,
    StoredSeat,
    StoredTable,
    TournamentLink,
    TournamentLinkRow,
    database_url,
)
from ramino.server.tables import Client, Table, TableManager
from ramino.server.tournaments import TournamentFeed
from ramino.tournament import store as tournament_store
from ramino.tournament.cli import app as tournament_cli
from ramino.tournament.model import Discipline, Format, Settings
from ramino.tournament.scoring import score_scores, vp_table
from ramino.tournament.tournament import Tournament

from .conftest import Frame, act, fast_app_client, live_server, migrated_to, recv
from .test_cluster import services  # noqa: F401 - PostgreSQL (and Redis) for this test
from .test_no_leak import Inbox

TOKEN = "arbitro"
DEALS = 2
PAIRS = (("Rossi", "Anna", "Bruno"), ("Verdi", "Carla", "Dario"), ("Gialli", "Elena", "Fabio"),
         ("Neri", "Gina", "Ugo"))


def new_tournament(path: Path, deals: int = DEALS, **options: Any) -> Tournament:
    """Four pairs, their first turno seated: two tables."""
    settings = Settings(name="Circolo", discipline=Discipline.BURRACO_PAIRS,
                        deals_per_round=deals, plan=[Format.DANESE_MODIFICATO] * 2)
    for key, value in options.items():
        setattr(settings, key, value)
    t = Tournament.new(settings)
    for name, *members in PAIRS:
        t.register(name, tuple(members))
    t.seat_next()
    tournament_store.save(t, path)
    return t


def server(db: Path, path: Path, **kwargs: Any) -> TestClient:
    """The server with the tournament; its tables deal their next smazzata only when a test
    asks (``next_hand``), or when it sets ``deal_pause`` itself."""
    client = fast_app_client(db, tournament=path, tournament_token=TOKEN, tick=0.02, **kwargs)
    manager_of(client).deal_pause = 3600.0
    return client


def open_round(client: TestClient, grace: float = 3600) -> list[dict[str, Any]]:
    response = client.post("/tournament/api/online",
                           params={"token": TOKEN, "round": 1, "grace": grace})
    assert response.status_code == 200, response.text
    opened: list[dict[str, Any]] = response.json()
    return opened


def manager_of(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


def wait(done: Any, what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def stand_ins_play(client: TestClient, server_table: str) -> Table:
    """Nobody comes: bots stand in for all four players (grace 0 from now), and someone at the
    table deals each next smazzata, until the turno's last one has ended."""
    manager = manager_of(client)
    table = manager.get(server_table)
    assert table is not None
    table.grace_ms = 0
    for hand_no in range(DEALS):
        wait(lambda hand_no=hand_no: table.finished and table.hand.hand_no == hand_no,
             f"hand {hand_no} of {server_table} did not end")
        if hand_no < DEALS - 1:
            client.portal.call(manager.next_hand, table,  # type: ignore[union-attr]
                               Client("Anna", 0), hand_no)
    assert table.match_over()
    return table


def players_play(client: TestClient, opened: dict[str, Any], rng: random.Random) -> Table:
    """The four players sit with their links and play every smazzata of the turno through the
    WebSocket (seeded random legal moves), seat 0 dealing the next one."""
    server_table = opened["server_table"]
    sockets: dict[int, WebSocketTestSession] = {}
    inbox: dict[int, Inbox] = {}
    try:
        for seat in opened["seats"]:
            ws = client.websocket_connect("/ws")
            ws.__enter__()
            sockets[seat["seat"]] = ws
            inbox[seat["seat"]] = Inbox(ws)
            key = seat["url"].split("key=")[1]
            ws.send_text(json.dumps({"type": "join", "table": server_table, "token": key}))
            assert inbox[seat["seat"]].until(lambda f: f["type"] == "welcome")["seat"] == \
                seat["seat"]
        for hand_no in range(DEALS):
            acted = 0
            for _ in range(3000):
                def seen(f: Frame, hand_no: int = hand_no, acted: int = acted) -> bool:
                    return bool(f["type"] == "update" and f["hand_no"] == hand_no
                                and f["version"] >= acted)
                frame = inbox[0].until(seen)
                if frame["result"] is not None:
                    break
                seat, version = frame["view"]["current"], frame["version"]

                def turn(f: Frame, hand_no: int = hand_no, version: int = version) -> bool:
                    return bool(f["type"] == "update" and f["hand_no"] == hand_no
                                and f["version"] == version)
                mine = frame if seat == 0 else inbox[seat].until(turn)
                act(sockets[seat], rng.choice(mine["legal"]), version)
                acted = version + 1
            else:
                raise AssertionError(f"hand {hand_no} of {server_table} did not end")
            if hand_no < DEALS - 1:
                sockets[0].send_text(json.dumps({"type": "next", "hand_no": hand_no}))
        errors = [f for box in inbox.values() for f in box.frames if f["type"] == "error"]
        assert not errors, errors
    finally:
        for ws in sockets.values():
            ws.__exit__(None, None, None)
    table = manager_of(client).get(server_table)
    assert table is not None and table.match_over() and not table.standins()
    return table


def scores_of_record(record: dict[str, Any]) -> tuple[int, int]:
    """(N-S, E-W) of a hand record, once its deal is checked against the commitment and every
    action replayed (``ramino verify``): record sides are engine sides, the first player sits
    at table seat ``first_table_seat`` (N-S are the even table seats)."""
    verdict = verify_document(record)
    assert verdict.ok, verdict.message
    scores = record["result"]["scores"]
    first = record["meta"]["first_table_seat"]
    ns = scores[first % 2]
    return ns, scores[(first + 1) % 2]


def test_a_turno_played_on_the_server_counts_in_the_standings(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    t = new_tournament(path)
    with server(tmp_path / "s.db", path, rng=random.Random(17)) as client:
        opened = open_round(client)
        assert [o["table"] for o in opened] == [1, 2]
        assert open_round(client) == opened  # opening again opens nothing new
        tournament = tournament_store.load(path)
        for o in opened:
            seated = tournament.table(1, o["table"])
            assert seated.online == o["server_table"]
            for seat in o["seats"]:  # N-S on seats 0 and 2, E-W on 1 and 3
                side = seated.ns if seat["seat"] % 2 == 0 else seated.ew
                assert seat["side"] == ("ns" if seat["seat"] % 2 == 0 else "ew")
                assert seat["player"] in t.entrant(side[0]).members
        rng = random.Random(29)
        for o in opened:
            table = players_play(client, o, rng)
            with pytest.raises(ProtocolError, match="turno is over"):  # no rematch
                client.portal.call(manager_of(client).next_hand,  # type: ignore[union-attr]
                                   table, Client("Anna", 0), DEALS - 1)
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        standings = client.get("/tournament/api/standings").json()
        audit = tournament_store.load(path).audit
    done = [a for a in audit if a.action == "server-result"]
    assert len(done) == 2
    tournament = tournament_store.load(path)
    expected_vp: dict[int, int] = {}
    with server(tmp_path / "s.db", path) as client:
        for o, entry in zip(opened, sorted(done, key=lambda a: a.detail), strict=True):
            server_table = o["server_table"]
            records = entry.detail.split("records ")[1].split(", ")
            assert records == [f"{server_table}/{h}" for h in range(DEALS)]
            assert f"server table {server_table}" in entry.detail
            ns, ew = [], []
            for record_id in records:
                table_id, hand = record_id.split("/")
                record = client.get(f"/api/tables/{table_id}/record",
                                    params={"hand": hand}).json()
                assert record["meta"]["table"] == table_id and record["meta"]["hand"] == int(hand)
                n, e = scores_of_record(record)
                ns.append(n)
                ew.append(e)
            seated = tournament.table(1, o["table"])
            assert (seated.ns_scores, seated.ew_scores) == (ns, ew)  # exactly the records
            match = score_scores(ns, ew, vp_table(tournament.settings), False)
            expected_vp[seated.ns[0]] = match.ns_vp
            expected_vp[seated.ew[0]] = match.ew_vp
    assert {row["entrant"]: row["vp"] for row in standings} == expected_vp
    assert sorted(expected_vp.values(), reverse=True) == [row["vp"] for row in standings]


def test_a_restart_sends_what_was_not_sent_and_never_twice(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(5)) as client:
        opened = open_round(client)
        first = opened[0]["server_table"]
        players_play(client, opened[0], random.Random(31))
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        counted = tournament_store.load(path).table(1, opened[0]["table"])
        assert counted.confirmed
        assert feed.submit(first) is None  # sent already: nothing more
        # A crash between the tournament's write and the mark on the server: not marked.
        with manager_of(client).store.engine.begin() as connection:
            connection.execute(update(TournamentLinkRow).values(submitted_at=None))
        unmarked = tournament_store.load(path)
    with server(db, path) as client:  # the link and the table outlive the restart
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        again = tournament_store.load(path)
        assert again.table(1, opened[0]["table"]).ns_scores == counted.ns_scores
        assert [a.action for a in again.audit] == [a.action for a in unmarked.audit]
        links = manager_of(client).store.tournament_links(str(path.resolve()), 1)
        assert [(tid, link.submitted) for tid, link in links] == [
            (o["server_table"], o is opened[0]) for o in opened]
        assert feed.submit(first) is None
        # The table still waits for its players, with its seats and the link.
        second = manager_of(client).get(opened[1]["server_table"])
        assert second is not None and second.match_hands == DEALS
        assert [s.name for s in second.seats] == [s["player"] for s in opened[1]["seats"]]
    assert len([a for a in tournament_store.load(path).audit
                if a.action == "server-result"]) == 1


def test_the_pairs_sit_with_their_links_and_no_one_else_can(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    with server(tmp_path / "s.db", path) as client:
        opened = open_round(client)
        o = opened[0]
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "table": o["server_table"], "seat": 0,
                                     "name": "Intruso"}))
            assert recv(ws)["code"] == "seat-taken"  # kept for its player
            ws.send_text(json.dumps({"type": "join", "table": o["server_table"],
                                     "token": o["ns_code"] + "-1"}))
            assert recv(ws)["code"] == "bad-token"  # the N-S code does not open an E-W seat
        for seat in o["seats"]:
            key = seat["url"].split("key=")[1]
            assert key == (o["ns_code"] if seat["side"] == "ns" else o["ew_code"]) + \
                f"-{seat['seat']}"
            with client.websocket_connect("/ws") as ws:
                ws.send_text(json.dumps({"type": "join", "table": o["server_table"],
                                         "token": key}))
                welcome = recv(ws)
                assert welcome["seat"] == seat["seat"] and welcome["name"] == seat["player"]
        assert client.post("/tournament/api/online", params={"round": 1}).status_code == 403
        desk = client.get("/tournament/desk", params={"token": TOKEN}).text
        assert all(seat["url"] in desk for seat in o["seats"])
        listed = client.get("/tournament/api/online/1", params={"token": TOKEN}).json()
        assert listed == opened
        public = client.get("/tournament/round/1").text
        assert f"/t/{o['server_table']}?watch=1" in public
        # A table of the lobby ends its hand beside them: nothing goes to the tournament.
        plain = client.post("/api/tables", json={"seats": ["bot"] * 4}).json()["id"]
        table = manager_of(client).get(plain)
        assert table is not None
        wait(lambda: table.match_over(), "the lobby table's hand did not end")
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        assert feed.submit(plain) is None
        assert [a.action for a in tournament_store.load(path).audit][-2:] == ["online"] * 2


def test_turni_the_server_cannot_play_are_refused(tmp_path: Path) -> None:
    cases: tuple[tuple[dict[str, Any], str], ...] = (({"preset": "nessuno"}, "nessuno"),
                                                     ({"preset": "fisca"}, "plays scala40"))
    for options, why in cases:
        path = tmp_path / f"{why.replace(' ', '-')}.json"
        new_tournament(path, **options)
        with server(path.with_suffix(".db"), path) as client:
            response = client.post("/tournament/api/online", params={"token": TOKEN})
            assert response.status_code == 400 and why in response.json()["detail"]
            assert manager_of(client).tables == {}
    plain = tmp_path / "plain.json"
    new_tournament(plain)
    with fast_app_client(tmp_path / "plain.db") as client:
        assert client.post("/tournament/api/online").status_code == 404


def stored_table(table_id: str, results: list[dict[str, Any] | None],
                 link: TournamentLink) -> StoredTable:
    hands = [StoredHand(i, (3 + i) % 4, {}, "salt", "c", [], result)
             for i, result in enumerate(results)]
    return StoredTable(table_id, "t", "burraco", "fibur", {}, False, None, "expert",
                       [StoredSeat("human", f"P{i}", None) for i in range(4)], hands,
                       match_hands=DEALS, tournament=link)


def test_only_a_turno_played_to_its_last_smazzata_is_sent(tmp_path: Path) -> None:
    """Ended early by agreement, or not finished: nothing is sent, the director enters it;
    a result the director entered first stands (and is noted once)."""
    path = tmp_path / "club.json"
    new_tournament(path)
    store = Store(database_url(tmp_path / "s.db"))
    feed = TournamentFeed(TableManager(store), path)
    key = str(path.resolve())
    void = {"end": "agreed", "void": True}
    store.create_table(stored_table("early", [{"scores": [300, 100]}, void],
                                    TournamentLink(key, 1, 1, "a", "b")))
    store.create_table(stored_table("unfinished", [{"scores": [300, 100]}],
                                    TournamentLink(key, 1, 2, "c", "d")))
    assert feed.submit("early") is None and feed.submit("unfinished") is None
    assert not any(tb.confirmed for tb in tournament_store.load(path).rounds[0].tables)
    with tournament_store.change(path) as t:
        t.director_result(1, 2, [500, 0], [0, 0], "played at a real table")
    store.add_hand("unfinished", StoredHand(1, 0, {}, "salt", "c", [], {"scores": [80, 90]}))
    assert feed.submit("unfinished") == "kept"
    store.close()
    store = Store(database_url(tmp_path / "s.db"))  # a retry after a restart
    with store.engine.begin() as connection:
        connection.execute(update(TournamentLinkRow).values(submitted_at=None))
    assert TournamentFeed(TableManager(store), path).submit("unfinished") == "kept"
    t = tournament_store.load(path)
    assert t.table(1, 2).ns_scores == [500, 0]
    assert [a.action for a in t.audit].count("server-kept") == 1
    store.close()


def test_the_link_survives_the_migration(tmp_path: Path) -> None:
    """A database of revision 0007 is upgraded in place; the link is stored with its table and
    the downgrade takes only the links away."""
    url = database_url(tmp_path / "old.db")
    with migrated_to(url, "0007") as connection:
        connection.execute(text(
            "INSERT INTO tables (id, name, game, preset, options, private, bot_level, "
            "created_at, increment_ms, grace_ms, match_hands, spectator_delay) VALUES "
            "('old', 'Vecchio', 'burraco', 'fibur', '{}', 0, 'expert', '2026-11-29', 0, "
            "60000, 1, 0)"))
    store = Store(url)  # upgrades to the newest revision
    link = TournamentLink("/club.json", 3, 7, "nord", "est")
    store.create_table(stored_table("linked", [None], link))
    store.close()
    store = Store(url)  # and again: nothing changes, the link is there
    try:
        loaded = store.load_table("linked")
        assert loaded is not None and loaded.tournament == link
        old = store.load_table("old")
        assert old is not None and old.tournament is None
        assert store.tournament_links("/club.json") == [("linked", link)]
    finally:
        store.close()
    with migrated_to(url, "0007", down=True) as connection:
        names = {r[0] for r in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "tournament_links" not in names and "tables" in names


def test_the_director_opens_the_turno_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    app = create_app(tmp_path / "s.db", tournament=path, tournament_token=TOKEN,
                     bot_delay=0.0)
    with live_server(app) as base:
        runner = CliRunner()
        result = runner.invoke(tournament_cli, ["online", "--server", base, "--token", TOKEN,
                                                "--grace", "120"])
        assert result.exit_code == 0, result.output
        opened = app.state.manager.tables
        assert len(opened) == 2 and all(t.grace_ms == 120_000 for t in opened.values())
        for name in ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"):
            assert name in result.output
        assert f"{base}/t/" in result.output and "?key=" in result.output
        listed = runner.invoke(tournament_cli, ["online", "--server", base, "--token", TOKEN,
                                                "--list", "--round", "1"])
        assert listed.exit_code == 0 and listed.output == result.output
        last = runner.invoke(tournament_cli, ["online", "--server", base, "--token", TOKEN,
                                              "--list"])
        assert last.exit_code == 0 and last.output == result.output
        refused = runner.invoke(tournament_cli, ["online", "--server", base])
        assert refused.exit_code == 1 and "403" in refused.output


def test_an_individual_turno_seats_each_player_with_the_partner_of_the_turno(
        tmp_path: Path) -> None:
    """Individual Burraco (§7.3): a side is two entrants, partners for this turno."""
    path = tmp_path / "individual.json"
    t = Tournament.new(Settings(name="Individuale", discipline=Discipline.BURRACO_INDIVIDUAL,
                                deals_per_round=DEALS, plan=[Format.INDIVIDUAL_DANISH]))
    for name in ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Ugo"):
        t.register(name)
    t.seat_next()
    tournament_store.save(t, path)
    with server(tmp_path / "s.db", path) as client:
        opened = open_round(client)
    assert len(opened) == 2
    for o in opened:
        table = t.table(1, o["table"])
        names = {s["seat"]: s["player"] for s in o["seats"]}
        assert [names[0], names[2]] == [t.entrant(e).name for e in table.ns]
        assert [names[1], names[3]] == [t.entrant(e).name for e in table.ew]


def test_opening_again_after_a_crash_names_the_tables_it_made(tmp_path: Path) -> None:
    """The tables were made but the tournament file not yet written when the server stopped:
    opening again makes no new table and names the ones made."""
    path = tmp_path / "club.json"
    new_tournament(path)
    with server(tmp_path / "s.db", path) as client:
        opened = open_round(client)
        with tournament_store.change(path) as t:
            for number in (1, 2):
                t.table(1, number).online = None  # as if the write had not happened
            t.director_result(1, 2, [100, 0], [0, 50], "played at a real table after all")
        assert open_round(client) == opened
        assert len(manager_of(client).tables) == 2
    t = tournament_store.load(path)
    assert t.table(1, 1).online == opened[0]["server_table"]
    assert t.table(1, 2).online is None  # counted by the director meanwhile: left as it is
    assert [a.action for a in t.audit].count("online") == 3


def test_the_link_on_postgresql(services: tuple[str, str]) -> None:  # noqa: F811
    """The same link on PostgreSQL: stored with its table in one transaction, one server table
    per tournament table (a second is refused whole), marked sent, and revision 0008 goes down
    and up again."""
    url, _prefix = services
    store = Store(url)
    link = TournamentLink("/club.json", 1, 2, "nord", "est")
    try:
        store.create_table(stored_table("pg", [{"scores": [300, 120]}], link))
        loaded = store.load_table("pg")
        assert loaded is not None and loaded.tournament == link
        with pytest.raises(IntegrityError):
            store.create_table(stored_table("twice", [None], link))
        assert store.load_table("twice") is None  # nothing of it stored
        store.mark_submitted("pg")
        sent = store.tournament_link("pg")
        assert sent is not None and sent.submitted
    finally:
        store.close()
    with migrated_to(url, "0007", down=True) as connection:
        assert connection.execute(text("SELECT to_regclass('tournament_links')")).scalar() is None
    store = Store(url)
    try:
        assert store.tournament_links("/club.json") == []
        kept = store.load_table("pg")
        assert kept is not None and kept.tournament is None
    finally:
        store.close()


def test_an_abandoned_table_is_left_to_the_director(tmp_path: Path) -> None:
    """Nobody comes and bots play the whole turno for the absent players: the engine's score
    is not the pairs' result, so nothing counts; the trail says so, once, even after a
    restart, and the director enters the result by hand."""
    path = tmp_path / "club.json"
    new_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(8)) as client:
        opened = open_round(client)
        first = opened[0]["server_table"]
        stand_ins_play(client, first)
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        assert feed.submit(first) == "abandoned"  # asked again: the same answer, no new line
    with server(db, path) as client:  # a restart looks again: still nothing to count
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
    t = tournament_store.load(path)
    assert not t.table(1, opened[0]["table"]).confirmed
    notes = [a for a in t.audit if a.action == "server-abandoned"]
    assert len(notes) == 1 and f"server table {first}" in notes[0].detail
    players = ", ".join(seat["player"] for seat in opened[0]["seats"])
    assert notes[0].detail.endswith(f"smazzata {DEALS}: {players})")
    with tournament_store.change(path) as t:
        t.director_result(1, opened[0]["table"], [100, 0], [0, 0], "forfeit")
    store = Store(database_url(db))
    try:
        assert TournamentFeed(TableManager(store), path).submit(first) == "already"
    finally:
        store.close()
