"""Crash test: ``ramino serve`` killed with SIGKILL mid-hand resumes with no action lost.

The server runs as a real subprocess on a free 127.0.0.1 port with a temporary SQLite file;
four WebSocket clients play part of a hand; the process is killed right after an action is
sent (before its answer arrives), started again on the same file, and every player takes back
its seat with its key: the hand is at the last committed action, every action any client saw
confirmed is there, and play goes on.
"""

from __future__ import annotations

import json
import random
import signal
from contextlib import ExitStack
from pathlib import Path

from ramino.records.document import read_deal
from ramino.rules import make_rules
from ramino.server.store import Store, database_url
from ramino.server.tables import replay_hand

from .helpers_serve import TIMEOUT, drain, free_port, play, post, sit, start_server


def test_sigkill_mid_hand_then_resume(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    port = free_port()
    rng = random.Random(7)
    process = start_server(db, port)
    try:
        table = post(port, "/api/tables", {"seats": ["open"] * 4})["id"]
        tokens: list[str] = []
        confirmed: list[str] = []
        with ExitStack() as stack:
            sockets = []
            for seat in range(4):
                ws, welcome, _ = sit(stack, port, table, seat=seat, name=f"P{seat}")
                sockets.append(ws)
                tokens.append(welcome["token"])
            drain(sockets)
            version, current, legal = play(sockets, 0, 25, rng, 0, ["draw", "pick"], confirmed)
            in_flight = rng.choice(legal)
            sockets[current].send(json.dumps({"type": "act", "action": in_flight,
                                              "version": version}))
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=TIMEOUT)

        stored = Store(database_url(db))
        try:
            kept = stored.load_table(table)
        finally:
            stored.close()
        assert kept is not None
        texts = [text for _seat, text in kept.hands[0].actions]
        assert texts[:len(confirmed)] == confirmed  # nothing confirmed was lost
        assert texts in (confirmed, [*confirmed, in_flight])  # the in-flight one: all or nothing
        rules = make_rules(kept.preset, kept.options)
        engine = replay_hand(rules, kept.hands[0])
        assert engine.deal == read_deal(kept.hands[0].deal, rules)

        process = start_server(db, port)
        with ExitStack() as stack:
            sockets = []
            views = []
            for seat in range(4):
                ws, welcome, update = sit(stack, port, table, token=tokens[seat])
                assert welcome["seat"] == seat and welcome["name"] == f"P{seat}"
                sockets.append(ws)
                views.append(update)
            resumed = views[0]["version"]
            assert resumed == len(texts)
            for seat, update in enumerate(views):
                assert update["view"] == engine.observation(seat).as_dict(history=False)
            drain(sockets)
            current = views[0]["view"]["current"]
            version, _, _ = play(sockets, resumed, 5, rng, current, views[current]["legal"])
            assert version == resumed + 5
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=TIMEOUT)
