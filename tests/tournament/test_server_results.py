"""Results sent by the game server (§7.2: the engine keeps the score-card, so no
countersignature is asked): they count at once, a retry changes nothing, a result entered
first stands; the document keeps the online table and the preset; writers take turns."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from ramino.tournament import store
from ramino.tournament.model import Format
from ramino.tournament.tournament import ResultError

from .conftest import make


def test_a_server_result_counts_without_confirmation_and_once() -> None:
    t = make(4, [Format.DANESE_PURO], deals=2)
    t.seat_next()
    t.submit(1, 1, "ns", [10, 20], [30, 40])  # a score-card someone wrote meanwhile
    source = "server table abc, records abc/0, abc/1"
    assert t.server_result(1, 1, [300, 120], [80, 410], source) == "counted"
    table = t.table(1, 1)
    assert (table.ns_scores, table.ew_scores, table.claims) == ([300, 120], [80, 410], [])
    entry = t.audit[-1]
    assert (entry.actor, entry.action) == ("server", "server-result")
    assert entry.detail == f"turno 1 table 1: N-S [300, 120] E-W [80, 410] from {source}"
    trail = len(t.audit)
    standings = [(r.entrant, r.vp) for r in t.standings()]
    assert t.server_result(1, 1, [300, 120], [80, 410], source) == "already"
    assert len(t.audit) == trail and [(r.entrant, r.vp) for r in t.standings()] == standings
    with pytest.raises(ResultError, match="already counts"):
        t.submit(1, 1, "ew", [0, 0], [0, 0])  # the players cannot overwrite it


def test_the_directors_result_stands_over_a_later_server_result() -> None:
    t = make(4, [Format.DANESE_PURO], deals=2)
    t.seat_next()
    t.director_result(1, 2, [500, 0], [0, 0], "played at a real table")
    for _ in range(2):
        assert t.server_result(1, 2, [100, 100], [90, 90], "server table x") == "kept"
    assert t.table(1, 2).ns_scores == [500, 0]
    assert [a.action for a in t.audit].count("server-kept") == 1
    with pytest.raises(ValueError, match="smazzata scores"):
        t.server_result(1, 1, [1, 2, 3], [1, 2, 3], "server table y")


def test_a_table_plays_online_once_and_the_document_keeps_it(tmp_path: Path) -> None:
    t = make(4, [Format.DANESE_PURO], deals=2, preset="international")
    t.seat_next()
    t.play_online(1, 1, "srv1")
    with pytest.raises(ResultError, match="already plays online at srv1"):
        t.play_online(1, 1, "srv2")
    t.director_result(1, 2, [5, 10], [15, 20])
    with pytest.raises(ResultError, match="already counts"):
        t.play_online(1, 2, "srv3")
    again = store.loads(store.dumps(t))
    assert again.table(1, 1).online == "srv1" and again.table(1, 2).online is None
    assert again.settings.preset == "international"
    old = store.to_dict(t)  # a document written before online play
    del old["settings"]["preset"]
    for table in old["rounds"][0]["tables"]:
        del table["online"]
    before = store.loads(json.dumps(old))
    assert before.settings.preset == "fibur" and before.table(1, 1).online is None


def test_writers_take_turns_on_the_file(tmp_path: Path) -> None:
    """Many threads each register one entrant through ``store.change``: none is lost."""
    path = tmp_path / "t.json"
    store.save(make(0, [Format.DANESE_PURO]), path)

    def register(i: int) -> None:
        with store.change(path) as t:
            t.register(f"Pair {i}")

    threads = [threading.Thread(target=register, args=(i,)) for i in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(e.name for e in store.load(path).entrants) == sorted(
        f"Pair {i}" for i in range(12))
    with pytest.raises(KeyError), store.change(path) as t:
        t.register("Never saved")
        raise KeyError("the change fails")
    assert len(store.load(path).entrants) == 12


def test_an_abandoned_server_table_counts_nothing_and_is_noted_once() -> None:
    t = make(4, [Format.DANESE_PURO], deals=2)
    t.seat_next()
    for _ in range(2):
        assert t.server_abandoned(1, 1, "server table abc") == "abandoned"
    assert not t.table(1, 1).confirmed
    assert [a.action for a in t.audit].count("server-abandoned") == 1
    t.director_result(1, 1, [0, 0], [100, 0], "forfeit")
    assert t.server_abandoned(1, 1, "server table abc") == "already"


def test_the_command_line_waits_for_a_server_writing_the_file(tmp_path: Path) -> None:
    """Another process (the CLI beside a running server) takes its turn on the lock file: its
    change lands after the server's, and neither is lost."""
    path = tmp_path / "t.json"
    store.save(make(0, [Format.DANESE_PURO]), path)
    with store.change(path) as t:  # the server is writing
        cli = subprocess.Popen([sys.executable, "-m", "ramino.tournament.cli", "register",
                                "Dalla riga di comando", "--file", str(path)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        with pytest.raises(subprocess.TimeoutExpired):
            cli.wait(timeout=3)  # started, and waiting for the lock
        t.register("Dal server")
    output, _ = cli.communicate(timeout=60)
    assert cli.returncode == 0, output
    assert [e.name for e in store.load(path).entrants] == ["Dal server",
                                                            "Dalla riga di comando"]
