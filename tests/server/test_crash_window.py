"""Crash test: ``ramino serve`` killed with SIGKILL inside a group-commit window.

The server runs as a real subprocess with the widest window (``RAMINO_COMMIT_WINDOW_MS=100``):
after a batch's first action the writer waits 100 ms for other tables' actions before it
writes them all in one transaction (:mod:`ramino.server.writer`).  Four tables of four
WebSocket clients play rounds together, then three of them send one more action each and the
process is killed while those actions wait in the window.  Started again on the same file,
every table holds exactly what its clients saw confirmed, plus possibly its action in flight
and nothing else; every row is whole; every player takes back the seat with its key and play
goes on.  The assertions hold wherever the kill lands (before the actions were read, in the
window, or after a commit the clients had no time to see): only the durability promise is
checked, never the timing.
"""

from __future__ import annotations

import random
import sqlite3
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from ramino.records.document import read_deal
from ramino.rules import make_rules
from ramino.server.store import Store, StoredTable, database_url
from ramino.server.tables import replay_hand

from .helpers_serve import (
    TIMEOUT,
    free_port,
    latest_update,
    post,
    receive,
    send_act,
    sit,
    start_server,
)

TABLES = 4
IN_FLIGHT = 3  # tables 0, 1 and 2 have an action in flight at the kill; table 3 has none
ROUNDS = 5  # actions every table plays, all tables together, before the kill
AFTER = 3  # actions every table plays after the restart
Sent = tuple[int, str]  # (seat, action text)


@dataclass
class Seated:
    """One table as its four clients know it."""

    id: str
    sockets: list[ClientConnection]
    tokens: list[str]
    version: int = 0
    current: int = 0
    legal: list[str] = field(default_factory=lambda: ["draw", "pick"])
    acknowledged: list[Sent] = field(default_factory=list)  # every client saw its update


def send_next(table: Seated, rng: random.Random) -> Sent:
    """A legal action of the seat in turn, sent and not waited for."""
    sent = (table.current, rng.choice(table.legal))
    send_act(table.sockets[table.current], sent[1], table.version)
    return sent


def confirm(table: Seated, sent: Sent) -> None:
    """Every client sees ``sent`` acknowledged at the next version."""
    table.version += 1
    frames = [latest_update(ws, table.version) for ws in table.sockets]
    assert all(f["event"] == {"seat": sent[0], "action": sent[1], "version": table.version}
               for f in frames), frames[0]["event"]
    assert frames[0]["result"] is None, "the hand ended early; pick another seed"
    table.acknowledged.append(sent)
    table.current = frames[0]["view"]["current"]
    table.legal = frames[table.current]["legal"]


def play_rounds(tables: list[Seated], rounds: int, rng: random.Random) -> None:
    """Each round one action at every table, all sent before any is waited for: they share
    the group commit's transactions."""
    for _ in range(rounds):
        sent = [send_next(table, rng) for table in tables]
        for table, action in zip(tables, sent, strict=True):
            confirm(table, action)


def read_to_the_end(table: Seated) -> list[Sent]:
    """The updates past the acknowledged version that any client of ``table`` received
    before its connection died: acknowledged too, whatever the test knew when it killed."""
    late: dict[int, Sent] = {}
    for ws in table.sockets:
        while True:
            try:
                frame = receive(ws)
            except ConnectionClosed:
                break
            if frame["type"] == "update" and frame["version"] > table.version:
                event = frame["event"]
                late[event["version"]] = (event["seat"], event["action"])
    return [late[v] for v in sorted(late)]


def stored_table(db: Path, table_id: str) -> StoredTable:
    store = Store(database_url(db))
    try:
        kept = store.load_table(table_id)
    finally:
        store.close()
    assert kept is not None
    return kept


def action_rows(db: Path) -> list[tuple[Any, ...]]:
    """Every row of the actions table, read by SQLite itself (after its integrity check)."""
    with closing(sqlite3.connect(db)) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        rows = connection.execute(
            "SELECT table_id, hand_no, seq, seat, text, created_at, by_bot, out_of_time "
            "FROM actions ORDER BY table_id, hand_no, seq").fetchall()
        assert connection.execute(
            "SELECT count(*) FROM hands WHERE result IS NOT NULL").fetchone() == (0,)
        return rows


def check_stored(db: Path, tables: list[Seated], in_flight: dict[str, Sent]) -> None:
    """Each table's stored hand: what was acknowledged, then at most its action in flight;
    every row whole and numbered 1, 2, 3 … with no gap; nothing for any other table."""
    rows = action_rows(db)
    assert {row[0] for row in rows} <= {table.id for table in tables}
    for table in tables:
        mine = [row for row in rows if row[0] == table.id]
        assert [(hand, seq) for _, hand, seq, *_ in mine] == [
            (0, seq) for seq in range(1, len(mine) + 1)]
        assert all(row[5] is not None and row[6] == 0 and row[7] == 0 for row in mine)
        stored = [(seat, text) for _, _, _, seat, text, *_ in mine]
        allowed = [table.acknowledged]
        if table.id in in_flight:
            allowed.append([*table.acknowledged, in_flight[table.id]])
        assert stored in allowed, (table.id, stored, table.acknowledged)


def test_sigkill_inside_the_commit_window_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    port = free_port()
    rng = random.Random(11)
    process = start_server(db, port, {"RAMINO_COMMIT_WINDOW_MS": "100"})
    try:
        ids = [post(port, "/api/tables", {"seats": ["open"] * 4})["id"] for _ in range(TABLES)]
        with ExitStack() as stack:
            tables = []
            for table_id in ids:
                seated = [sit(stack, port, table_id, seat=seat, name=f"P{seat}")
                          for seat in range(4)]
                tables.append(Seated(table_id, [ws for ws, _, _ in seated],
                                     [welcome["token"] for _, welcome, _ in seated]))
            play_rounds(tables, ROUNDS, rng)
            # Table 0's last action is committed alone and acknowledged just before the next
            # one is sent into the window.
            confirm(tables[0], send_next(tables[0], rng))
            in_flight = {table.id: send_next(table, rng) for table in tables[:IN_FLIGHT]}
            # A WebSocket ping is answered once the server has read the frames before it, and
            # two rounds of them let its event loop take each action through the engine into
            # the writer's queue: the kill lands well inside the 100 ms window.
            for _ in range(2):
                pongs = [table.sockets[in_flight[table.id][0]].ping()
                         for table in tables[:IN_FLIGHT]]
                assert all(pong.wait(TIMEOUT) for pong in pongs)
            process.kill()
            process.wait(timeout=TIMEOUT)
            for table in tables:
                late = read_to_the_end(table)
                assert late in ([], [in_flight.get(table.id)]), (table.id, late)
                table.acknowledged += late
                table.version += len(late)

        check_stored(db, tables, in_flight)
        engines = []
        for table in tables:
            kept = stored_table(db, table.id)
            rules = make_rules(kept.preset, kept.options)
            engine = replay_hand(rules, kept.hands[0])  # a legal hand from the stored deal
            assert engine.deal == read_deal(kept.hands[0].deal, rules)
            engines.append((engine, kept.hands[0].actions))

        process = start_server(db, port)  # the default window
        with ExitStack() as stack:
            for table, (engine, actions) in zip(tables, engines, strict=True):
                # An action committed but killed before its update went out is stored all
                # the same: from now on it is part of the hand.
                table.acknowledged, resumed = list(actions), len(actions)
                views = []
                for seat in range(4):
                    ws, welcome, update = sit(stack, port, table.id, token=table.tokens[seat])
                    assert (welcome["seat"], welcome["name"]) == (seat, f"P{seat}")
                    table.sockets[seat] = ws
                    views.append(update)
                assert all(update["version"] == resumed for update in views)
                for seat, update in enumerate(views):
                    assert update["view"] == engine.observation(seat).as_dict(history=False)
                table.version, table.current = resumed, views[0]["view"]["current"]
                table.legal = views[table.current]["legal"]
            play_rounds(tables, AFTER, rng)
        process.kill()
        process.wait(timeout=TIMEOUT)
        check_stored(db, tables, {})
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=TIMEOUT)
