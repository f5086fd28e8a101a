"""What a director meets during an evening played on the server: the next smazzata dealt by
the server itself (also after a restart), no rematch at a tournament table, an abandoned
table flagged on the desk with its played score, scores read N-S first, and the evening told
in the server log."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from ramino.server.protocol import ProtocolError
from ramino.server.tables import Client
from ramino.server.tournaments import TournamentFeed
from ramino.tournament import store as tournament_store
from ramino.tournament.views import card_line

from .conftest import fast_app_client
from .test_tournament_online import (
    DEALS,
    TOKEN,
    manager_of,
    new_tournament,
    open_round,
    scores_of_record,
    server,
    stand_ins_play,
    wait,
)


def test_a_tournament_table_deals_its_next_smazzata_itself_after_a_restart(
        tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(3)) as client:
        first = open_round(client)[0]["server_table"]
        table = manager_of(client).get(first)
        assert table is not None
        table.grace_ms = 0
        wait(lambda: table.finished and table.hand.hand_no == 0, "hand 0 did not end")
    with server(db, path) as client:  # nobody presses "next hand" after the restart
        manager = manager_of(client)
        manager.deal_pause = 0
        table = manager.get(first)
        assert table is not None
        wait(lambda: table.hand.hand_no == 1 and not table.finished,
             "the server did not deal smazzata 2", seconds=20)
        # The result panel of smazzata 1 offered its record and replay: both still answer
        # while smazzata 2 is played (named by hand, never "409 still being played").
        for download in ("record", "replay"):
            answer = client.get(f"/api/tables/{first}/{download}", params={"hand": 0})
            assert answer.status_code == 200, (download, answer.text)


def test_a_tournament_table_refuses_a_rematch_even_without_its_tournament(
        tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(8)) as client:
        first = open_round(client)[0]["server_table"]
        stand_ins_play(client, first)
    # The same tables served without the tournament file: the table still plays a turno.
    with fast_app_client(db, tick=0.02) as client:
        manager = manager_of(client)
        table = manager.get(first)
        assert table is not None and table.match_over()
        with pytest.raises(ProtocolError) as refused:
            client.portal.call(manager.next_hand, table,  # type: ignore[union-attr]
                               Client("Anna", 0), DEALS - 1)
        assert refused.value.code == "round-over"
        assert "rematch" in str(refused.value)
        assert table.hand.hand_no == DEALS - 1
    assert tournament_store.load(path).rounds[0].tables[0].online == first


def test_an_abandoned_table_is_flagged_on_the_desk_and_counted_in_one_click(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Bots played the whole turno for four no-shows: the desk flags the table (not "in
    gioco"), shows the played score N-S first by smazzata with each record, and counts it in
    one click with the director's note.  The records label the score by pair, N-S first,
    whatever seat their own order starts from; the server log tells the evening."""
    caplog.set_level(logging.INFO, logger="ramino.server")
    path = tmp_path / "club.json"
    new_tournament(path)
    with server(tmp_path / "s.db", path, rng=random.Random(8)) as client:
        opened = open_round(client)[0]
        first, number = opened["server_table"], opened["table"]
        stand_ins_play(client, first)
        feed = manager_of(client).tournament
        assert isinstance(feed, TournamentFeed)
        client.portal.call(feed.settled)  # type: ignore[union-attr]
        desk = client.get("/tournament/desk", params={"token": TOKEN}).text
        row = desk[desk.index(f'id="t{number}"'):]
        row = row[:row.index("</tr>")]
        assert "Abbandonato sul server" in row and "in gioco" not in row
        assert "Conta il punteggio giocato" in row
        assert "Regola del no-show" not in row  # both pairs were gone
        played: list[tuple[int, int]] = []
        seats = set()
        for hand in range(DEALS):
            record = client.get(f"/api/tables/{first}/record", params={"hand": hand}).json()
            ns, ew = scores_of_record(record)
            assert list(record["meta"]["scores_by_pair"].items()) == [("N-S", ns), ("E-W", ew)]
            assert f"smazzata {hand + 1}</a>: N-S {card_line([ns])} · E-W {card_line([ew])}" \
                in row
            played.append((ns, ew))
            seats.add(record["meta"]["first_table_seat"] % 2)
        assert seats == {0, 1}  # one record starts from an E-W seat: its scores[0] is E-W's
        answer = client.post("/tournament/desk/abandoned", params={"token": TOKEN}, data={
            "round": 1, "table": number, "rule": "played", "note": "nobody came"})
        assert "registrato" in answer.text
    t = tournament_store.load(path)
    table = t.table(1, number)
    assert table.ns_scores == [ns for ns, _ew in played]
    assert table.ew_scores == [ew for _ns, ew in played]
    assert t.audit[-1].detail.endswith("the played score counts; nobody came)")
    lines = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert f"turno 1 table {number} started at server table {first}" in lines
    assert any(line.startswith(f"table {first}: turno 1 table {number} abandoned")
               for line in lines)


def test_a_result_the_director_enters_reveals_the_deals_every_table_is_done_with(
        tmp_path: Path) -> None:
    """A duplicate turno: table A played smazzata 1, nobody sat at table B and the director
    enters its result: smazzata 1 is known at every table now (A's record, its watchers),
    not at the next hand end or restart."""
    path = tmp_path / "duplicate.json"
    new_tournament(path, duplicate=True)
    with server(tmp_path / "s.db", path, rng=random.Random(23)) as client:
        opened = open_round(client)
        a = manager_of(client).get(opened[0]["server_table"])
        assert a is not None
        a.grace_ms = 0
        wait(lambda: a.finished and a.hand.hand_no == 0, "hand 0 of table A did not end")
        record = f"/api/tables/{a.id}/record"
        assert client.get(record, params={"hand": 0}).status_code == 409
        client.get("/tournament/desk", params={"token": TOKEN})  # the director's cookie
        answer = client.post("/tournament/desk/result", params={"token": TOKEN}, data={
            "round": 1, "table": opened[1]["table"], "ns": "100 0", "ew": "0 0",
            "reason": "forfeit"})
        assert "registrato" in answer.text
        assert a.revealed == {0}
        assert client.get(record, params={"hand": 0}).status_code == 200
