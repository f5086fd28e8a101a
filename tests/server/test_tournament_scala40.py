"""A Scala 40 tournament turno played on the server (§6.6): singles sit one
against one at a table of two (N-S on seat 0, E-W on seat 1), pairs as partners opposite at a
table of four (N-S on seats 0 and 2, E-W on 1 and 3), play exactly the turno's
smazzate with nobody eliminated, and their penalty points flow into the tournament as a
Burraco table's scores do: counted once, abandonment left to the director, the director's
result standing.  What the server cannot seat is refused with the reason."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ramino.rules import make_rules
from ramino.server.fairness import verify_document
from ramino.server.games import game_of
from ramino.server.matches import rebuild
from ramino.server.store import Store, database_url
from ramino.server.tables import TableManager, table_plan
from ramino.server.tournaments import TournamentFeed
from ramino.tournament import store as tournament_store
from ramino.tournament.model import Discipline, Format, Settings
from ramino.tournament.scoring import score_scores, vp_table
from ramino.tournament.tournament import Tournament

from .test_tournament_online import (
    DEALS,
    TOKEN,
    manager_of,
    open_round,
    players_play,
    server,
    stand_ins_play,
)

SINGLES = ("Anna", "Bruno", "Carla", "Dario")


def scala40_tournament(path: Path, discipline: Discipline = Discipline.SCALA40_SINGLES,
                       preset: str = "fisca") -> Tournament:
    """Four singles, the first turno seated (registration order): two tables of two."""
    t = Tournament.new(Settings(name="Scala", discipline=discipline, deals_per_round=DEALS,
                                plan=[Format.DANESE_PURO] * 2, preset=preset))
    for name in SINGLES:
        t.register(name, (name, name) if discipline is Discipline.SCALA40_PAIRS else ())
    t.seat_next()
    tournament_store.save(t, path)
    return t


def seat_scores(record: dict[str, Any]) -> dict[int, int]:
    """A verified Scala 40 hand record's penalty points by table seat (record seats are the
    engine's, ``meta.table_seats`` names their table seats)."""
    verdict = verify_document(record)
    assert verdict.ok, verdict.message
    return dict(zip(record["meta"]["table_seats"], record["result"]["scores"], strict=True))


def test_a_scala40_singles_turno_counts_its_penalty_points(tmp_path: Path) -> None:
    path = tmp_path / "scala.json"
    t = scala40_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(40)) as client:
        opened = open_round(client)
        assert [o["table"] for o in opened] == [1, 2]
        for o in opened:
            seated = t.table(1, o["table"])
            assert [(s["seat"], s["side"], s["player"]) for s in o["seats"]] == [
                (0, "ns", t.entrant(seated.ns[0]).name), (1, "ew", t.entrant(seated.ew[0]).name)]
            table = manager_of(client).get(o["server_table"])
            assert table is not None and table.rules.game == "scala40"
            assert table.rules.players == 2 and table.match_hands == DEALS
            assert table.plan.elimination is None  # a turno is its smazzate, nobody out
        played = players_play(client, opened[0], random.Random(41))
        assert played.hand.hand_no == DEALS - 1
        stand_ins_play(client, opened[1]["server_table"])  # nobody came to table 2
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        standings = client.get("/tournament/api/standings").json()
        records = [client.get(f"/api/tables/{opened[0]['server_table']}/record",
                              params={"hand": h}).json() for h in range(DEALS)]
    after = tournament_store.load(path)
    counted = after.table(1, 1)
    by_seat = [seat_scores(r) for r in records]
    assert counted.ns_scores == [s[0] for s in by_seat]
    assert counted.ew_scores == [s[1] for s in by_seat]
    assert not after.table(1, 2).confirmed  # abandoned: the director's to enter
    actions = [a.action for a in after.audit]
    assert actions.count("server-result") == 1 and actions.count("server-abandoned") == 1
    # Penalty points: the lower total wins the match (§6.5, docs/tournament.md).
    match = score_scores(counted.ns_scores, counted.ew_scores, vp_table(after.settings), True)
    vp = {row["entrant"]: row["vp"] for row in standings}
    assert (vp[counted.ns[0]], vp[counted.ew[0]]) == (match.ns_vp, match.ew_vp)
    with tournament_store.change(path) as changed:
        changed.director_result(1, 2, [0, 0], [60, 40], "forfeit")
    store = Store(database_url(db))
    try:
        feed = TournamentFeed(TableManager(store), path)
        assert feed.submit(opened[0]["server_table"]) is None  # sent already
        assert feed.submit(opened[1]["server_table"]) == "already"  # the director's stands
    finally:
        store.close()


def test_a_tournament_table_plays_its_smazzate_past_the_elimination_limit() -> None:
    """At a lobby table a player at the limit is out (§6.5); at a tournament table the turno
    is its smazzate, each scored, so nobody is out and the match is not over early."""
    rules = make_rules("fisca", {"players": 2})
    game = game_of(rules)
    scores = [[130, 0]]
    lobby = table_plan(rules, DEALS, None)
    turno = table_plan(rules, DEALS, None, fixed_hands=True)
    ended = [(0, {"scores": [130, 0]})]
    assert lobby.over(scores, 1, 0)
    assert game.in_play(rules, rebuild(lobby, ended, 2, 2)) == (False, True)
    assert not turno.over(scores, 1, 0) and turno.over(scores * 2, 2, 0)
    assert game.in_play(rules, rebuild(turno, ended, 2, 2)) == (True, True)


def test_a_scala40_pairs_turno_counts_each_pairs_penalty_points(tmp_path: Path) -> None:
    """Scala 40 pairs (§6.1, partnerships PAIRS_2V2): the partners sit opposite, N-S on seats
    0 and 2 and E-W on 1 and 3, and each smazzata's penalty points of a side are its pair's."""
    path = tmp_path / "pairs.json"
    t = scala40_tournament(path, Discipline.SCALA40_PAIRS)
    with server(tmp_path / "p.db", path, rng=random.Random(42)) as client:
        opened = open_round(client)
        assert [o["table"] for o in opened] == [1, 2]
        seated = t.table(1, 1)
        ns, ew = t.entrant(seated.ns[0]), t.entrant(seated.ew[0])
        assert [(s["seat"], s["side"], s["player"]) for s in opened[0]["seats"]] == [
            (0, "ns", ns.members[0]), (1, "ew", ew.members[0]),
            (2, "ns", ns.members[1]), (3, "ew", ew.members[1])]
        table = manager_of(client).get(opened[0]["server_table"])
        assert table is not None and table.rules.game == "scala40"
        assert table.rules.players == 4 and table.rules.partnerships.name == "PAIRS_2V2"
        assert table.plan.elimination is None
        players_play(client, opened[0], random.Random(43))
        stand_ins_play(client, opened[1]["server_table"])
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        records = [client.get(f"/api/tables/{opened[0]['server_table']}/record",
                              params={"hand": h}).json() for h in range(DEALS)]
    counted = tournament_store.load(path).table(1, 1)
    assert counted.confirmed
    assert counted.ns_scores is not None and counted.ew_scores is not None
    for record, ns_points, ew_points in zip(records, counted.ns_scores, counted.ew_scores,
                                            strict=True):
        verdict = verify_document(record)
        assert verdict.ok, verdict.message
        # One score per side (a pair), as the engine counts sides from its first seat; the
        # table's seat 0 is N-S.
        by_seat = record["meta"]["table_seats"]
        sides = record["result"]["scores"]
        assert len(sides) == 2
        ns_side = 0 if by_seat.index(0) % 2 == 0 else 1
        assert (ns_points, ew_points) == (sides[ns_side], sides[1 - ns_side])


def test_scala40_turni_the_server_cannot_seat_are_refused(tmp_path: Path) -> None:
    cases = (
        (Discipline.SCALA40_PAIRS, "fibur",
         "preset fibur plays burraco; a scala40-pairs tournament needs a Scala 40 preset"),
        (Discipline.SCALA40_SINGLES, "fibur",
         "preset fibur plays burraco; a scala40-singles tournament needs a Scala 40 preset"),
    )
    for discipline, preset, why in cases:
        path = tmp_path / f"{discipline.value}-{preset}.json"
        scala40_tournament(path, discipline, preset)
        with server(tmp_path / f"{discipline.value}-{preset}.db", path) as client:
            response = client.post("/tournament/api/online", params={"token": TOKEN})
            assert response.status_code == 400
            assert why in response.json()["detail"]
            assert manager_of(client).tables == {}
    burraco = tmp_path / "burraco.json"
    t = Tournament.new(Settings(name="B", deals_per_round=DEALS, plan=[Format.DANESE_PURO],
                                preset="fisca"))
    for name in SINGLES:
        t.register(name)
    t.seat_next()
    tournament_store.save(t, burraco)
    with server(tmp_path / "burraco.db", burraco) as client:
        response = client.post("/tournament/api/online", params={"token": TOKEN})
        assert response.status_code == 400
        assert response.json()["detail"] == (
            "preset fisca plays scala40; a burraco-pairs tournament needs a Burraco preset")
