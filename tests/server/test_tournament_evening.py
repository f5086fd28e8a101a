"""What a director meets during an evening played on the server: the next smazzata dealt by
the server itself (also after a restart), no rematch at a tournament table, an abandoned
table flagged on the desk with its played score, scores read N-S first, and the evening told
in the server log."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ramino.server.protocol import ProtocolError
from ramino.server.tables import Client
from ramino.tournament import store as tournament_store

from .test_tournament_online import (
    DEALS,
    manager_of,
    new_tournament,
    open_round,
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


def test_a_tournament_table_refuses_a_rematch_even_without_its_tournament(
        tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    db = tmp_path / "s.db"
    with server(db, path, rng=random.Random(8)) as client:
        first = open_round(client)[0]["server_table"]
        stand_ins_play(client, first)
    # The same tables served without the tournament file: the table still plays a turno.
    with server(db, None) as client:
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
