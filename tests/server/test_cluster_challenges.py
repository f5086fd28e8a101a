"""Two server processes, one PostgreSQL database, one Redis: one registered player finishes a
hand in each process at the same moment, and a challenge both hands meet is paid once.

The two tables are dealt the same cards (each process's first table, from the same seed) and
played move for move alike, each move sent to both processes at once: the last one ends both
hands together.  The servers run the project's app with a fixed wall clock and a catalogue of
one challenge that every hand meets (set up by the launcher below), so that the test does not
depend on which challenges a day draws or on how the hand goes.  Needs PostgreSQL and Redis
as tests/server/test_cluster.py does.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session
from websockets.sync.client import ClientConnection, connect

from ramino.server.standing import ChallengeRow
from ramino.server.store import Store

from .helpers_serve import serving
from .test_cluster import REDIS, TIMEOUT, at_version, free_port, services  # noqa: F401

LAUNCHER = """
import datetime as dt, random, sys
import uvicorn
from ramino.server import create_app
from ramino.server.challenges import check
from ramino.server.challenges.catalogue import DAILY, Challenge

EVERY_HAND = Challenge("every-hand", DAILY, "Gioca una mano", 50)
check.drawn = lambda day: (EVERY_HAND,)  # every hand meets the one challenge on
NOON = dt.datetime(2026, 12, 2, 12, tzinfo=dt.UTC).timestamp()
many = 10**6
app = create_app(sys.argv[1], rng=random.Random(11), wall_clock=lambda: NOON, bot_delay=0.0,
                 burst=many, per_second=many, http_burst=many, http_per_second=many,
                 join_burst=many, join_per_second=many, address_burst=many,
                 address_per_second=many, account_burst=many, account_per_second=many)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def launch(database: str, prefix: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "REDIS_URL": REDIS, "RAMINO_REDIS_PREFIX": prefix}
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-c", LAUNCHER, database, str(port)],
                                   stdout=out, stderr=out, env=env)
    return serving(process, port, log)


def post(port: int, path: str, body: dict[str, Any],
         cookie: str | None = None) -> tuple[dict[str, Any], str | None]:
    headers = {"Content-Type": "application/json", **({"Cookie": cookie} if cookie else {})}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method="POST",
                                     headers=headers, data=json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer, response.headers.get("Set-Cookie")


def choose(rng: random.Random, legal: list[str]) -> str:
    """Draw; then a meld or an attach when there is one, else a discard."""
    if "draw" in legal:
        return "draw"
    table = [a for a in legal if a.split()[0] in ("meld", "attach")]
    return rng.choice(table or [a for a in legal if a.startswith("discard")] or legal)


def test_a_challenge_met_in_two_processes_at_once_is_paid_once(
        services: tuple[str, str], tmp_path: Path) -> None:  # noqa: F811
    database, prefix = services
    ports = free_port(), free_port()
    processes = [launch(database, prefix, port, tmp_path / f"{n}.log")
                 for n, port in enumerate(ports)]
    try:
        _, set_cookie = post(ports[0], "/api/accounts",
                             {"name": "Carla", "password": "segreto-lungo"})
        assert set_cookie is not None
        cookie = set_cookie.split(";")[0]  # a session stored in the shared database
        tables = [post(port, "/api/tables", {"seats": ["open", "open"],
                                             "options": {"players": 2}}, cookie)[0]["id"]
                  for port in ports]
        rng = random.Random(5)
        with ExitStack() as stack:
            sockets: dict[tuple[int, int], ClientConnection] = {}
            for n, (port, table) in enumerate(zip(ports, tables, strict=True)):
                for seat in (0, 1):
                    ws = stack.enter_context(connect(
                        f"ws://127.0.0.1:{port}/ws", open_timeout=TIMEOUT,
                        additional_headers={"Cookie": cookie} if seat == 0 else {}))
                    ws.send(json.dumps({"type": "join", "table": table, "seat": seat,
                                        "name": "Ospite"}))
                    sockets[n, seat] = ws
            views = {key: at_version(ws, 0) for key, ws in sockets.items()}
            for _ in range(2000):
                first = views[0, 0]
                if first["result"] is not None:
                    break
                version, seat = first["version"], first["view"]["current"]
                legal = views[0, seat]["legal"]
                assert views[1, seat]["legal"] == legal  # the same hand at both tables
                action = choose(rng, legal)
                for n in (0, 1):  # the same move to both processes at once
                    sockets[n, seat].send(json.dumps({"type": "act", "action": action,
                                                      "version": version}))
                views = {key: at_version(ws, version + 1) for key, ws in sockets.items()}
            results = [views[n, 0]["result"] for n in (0, 1)]
            assert results[0] is not None and results[0]["scores"] == results[1]["scores"]
        scores = results[0]["scores"]
        win = scores[0] > scores[1]
        burrachi = len(results[0]["burrachi"][0])
        store = Store(database)
        try:
            login = store.account_login("Carla")
            assert login is not None
            stats = store.account_stats(login[0])
            assert stats is not None and stats["hands"] == 2
            # Two hands' experience, and the challenge once.
            assert stats["xp"] == 2 * (16 + (26 if win else 0) + burrachi) + 50
            with Session(store.engine) as session:
                rows = session.scalars(select(ChallengeRow)).all()
                assert [(r.challenge, r.period, r.count, r.done_at is not None)
                        for r in rows] == [("every-hand", "2026-12-02", 1, True)]
        finally:
            store.close()
    finally:
        for process in processes:
            process.kill()
            process.wait(timeout=TIMEOUT)
