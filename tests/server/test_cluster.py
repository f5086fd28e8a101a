"""Two server processes, one PostgreSQL database, one Redis: players connected to different
processes play one table; the same action sent to both processes at once is accepted once
(optimistic concurrency); one process is killed, its players reconnect to the other with their
seat keys and finish the hand.

Needs PostgreSQL at 127.0.0.1:5432 (database ``test``) and Redis at 127.0.0.1:6379 (override
with ``RAMINO_TEST_PG`` / ``RAMINO_TEST_REDIS``).  Without CI it is skipped only when one of
them cannot be reached; in CI (``CI`` set) it always runs.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from ramino.server.store import Store

from .helpers_serve import serving

PG = os.environ.get("RAMINO_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("RAMINO_TEST_REDIS", "redis://127.0.0.1:6379/0")
TIMEOUT = 15.0


def reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=2):
            return True
    except OSError:
        return False


@pytest.fixture
def services() -> Iterator[tuple[str, str]]:
    """A fresh PostgreSQL schema and Redis prefix for this test; dropped afterwards."""
    if not (reachable("127.0.0.1", 5432) and reachable("127.0.0.1", 6379)):
        if not os.environ.get("CI"):
            pytest.skip("PostgreSQL or Redis is not running on 127.0.0.1")
        raise AssertionError("CI: PostgreSQL and Redis must be running for this test")
    import psycopg

    schema = "ramino_test_" + secrets.token_hex(4)
    plain = PG.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG}?options=-csearch_path%3D{schema}", "ramino-test-" + schema
    finally:
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start(database: str, prefix: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    code = "import sys; from ramino.cli import app; app(sys.argv[1:])"
    env = {**os.environ, "DATABASE_URL": database, "REDIS_URL": REDIS,
           "RAMINO_REDIS_PREFIX": prefix}
    with log.open("ab") as out:
        process = subprocess.Popen([sys.executable, "-c", code, "serve", "--port", str(port)],
                                   stdout=out, stderr=out, env=env)
    return serving(process, port, log)


def receive(ws: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT))
    return frame


def sit(stack: ExitStack, port: int, table: str, **fields: Any) -> tuple[ClientConnection,
                                                                        dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws", open_timeout=TIMEOUT))
    ws.send(json.dumps({"type": "join", "table": table, **fields}))
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    return ws, welcome


def at_version(ws: ClientConnection, version: int) -> dict[str, Any]:
    """The first update at ``version`` or later, once the hand has started (errors fail the
    test)."""
    seen: list[dict[str, Any]] = []
    for _ in range(1000):
        try:
            frame = receive(ws)
        except TimeoutError:
            raise AssertionError(f"no update at version {version}; had "
                                 f"{[(f['type'], f.get('version')) for f in seen]}") from None
        seen.append(frame)
        assert frame["type"] != "error", frame
        if frame["type"] == "update" and frame["version"] >= version and not frame["waiting"]:
            return frame
    raise AssertionError(f"no update at version {version}")


def drain(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every frame already sent to ``ws``."""
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=0.3)))
        except TimeoutError:
            return out


def last_update(frames: list[dict[str, Any]]) -> dict[str, Any]:
    return [f for f in frames if f["type"] == "update"][-1]


def play(sockets: dict[int, ClientConnection], views: dict[int, dict[str, Any]],
         rng: random.Random, actions: int) -> dict[int, dict[str, Any]]:
    """Up to ``actions`` actions, each confirmed at all four seats (whatever process they are
    connected to); stops early when the hand ends."""
    for _ in range(actions):
        if views[0]["result"] is not None:
            break
        version = views[0]["version"]
        seat = views[0]["view"]["current"]
        action = rng.choice(views[seat]["legal"])
        message = json.dumps({"type": "act", "version": version, "action": action})
        sockets[seat].send(message)
        for _ in range(10):  # the server bounds each connection's rate: wait, send again
            frame = receive(sockets[seat])
            if frame["type"] == "error" and frame["code"] == "flood":
                time.sleep(1.0)
                sockets[seat].send(message)
            elif frame["type"] != "update" or frame["version"] > version:
                break
        assert frame["type"] == "update", frame
        try:
            views = {s: at_version(ws, version + 1) if s != seat else frame
                     for s, ws in sockets.items()}
        except AssertionError as exc:
            raise AssertionError(f"seat {seat} played {action!r} at {version}: {exc}") from None
        assert len({v["version"] for v in views.values()}) == 1
    return views


def test_two_processes_share_a_table_and_survive_one(services: tuple[str, str],
                                                     tmp_path: Path) -> None:
    database, prefix = services
    ports = free_port(), free_port()
    processes = [start(database, prefix, ports[0], tmp_path / "a.log")]
    processes.append(start(database, prefix, ports[1], tmp_path / "b.log"))
    rng = random.Random(9)
    try:
        request = urllib.request.Request(
            f"http://127.0.0.1:{ports[0]}/api/tables", method="POST",
            headers={"Content-Type": "application/json"},
            data=json.dumps({"seats": ["open"] * 4}).encode())
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            table = json.loads(response.read())["id"]
        tokens: dict[int, str] = {}
        with ExitStack() as stack:
            sockets: dict[int, ClientConnection] = {}
            for seat in range(4):  # seats 0 and 2 on process A, 1 and 3 on process B
                ws, welcome = sit(stack, ports[seat % 2], table, seat=seat, name=f"P{seat}")
                sockets[seat] = ws
                tokens[seat] = welcome["token"]
            time.sleep(0.5)  # the last arrival is known everywhere
            views = {s: at_version(ws, 0) for s, ws in sockets.items()}
            views = play(sockets, views, rng, 12)
            # The same seat on both processes sends the same action at once: accepted once.
            version, seat = views[0]["version"], views[0]["view"]["current"]
            twin, _ = sit(stack, ports[(seat + 1) % 2], table, token=tokens[seat])
            action = rng.choice(views[seat]["legal"])
            for ws in (sockets[seat], twin):
                ws.send(json.dumps({"type": "act", "action": action, "version": version}))
            time.sleep(1.0)  # both are answered by now
            frames = {id(ws): drain(ws) for ws in (sockets[seat], twin)}
            refused = [f for fs in frames.values() for f in fs if f["type"] == "error"]
            assert len(refused) <= 1 and all(f["code"] == "stale" for f in refused)
            views = {s: (last_update(frames[id(ws)]) if s == seat
                         else at_version(ws, version + 1))
                     for s, ws in sockets.items()}
            assert {v["version"] for v in views.values()} == {version + 1}
            processes[0].send_signal(signal.SIGKILL)
            processes[0].wait(timeout=TIMEOUT)
        with ExitStack() as stack:  # everyone on process B now
            sockets = {}
            for seat in range(4):
                ws, welcome = sit(stack, ports[1], table, token=tokens[seat])
                assert welcome["seat"] == seat
                sockets[seat] = ws
            time.sleep(0.3)
            views = {s: at_version(ws, version + 1) for s, ws in sockets.items()}
            try:
                views = play(sockets, views, rng, 600)
            except AssertionError as exc:
                store = Store(database)
                kept = store.load_table(table)
                store.close()
                stored = None if kept is None else len(kept.hands[0].actions)
                raise AssertionError(f"{exc}; stored {stored}; B alive "
                                     f"{processes[1].poll() is None}") from None
            assert views[0]["result"] is not None, "the hand did not finish"
            assert len({json.dumps(v["result"]) for v in views.values()}) == 1
        store = Store(database)
        try:
            kept = store.load_table(table)
        finally:
            store.close()
        assert kept is not None
        texts = [text for _, text in kept.hands[0].actions]
        assert len(texts) == views[0]["version"]  # every action once, none lost or doubled
        assert texts[version] == action  # the contested action, stored once
        assert kept.hands[0].result is not None
        assert kept.hands[0].result["scores"] == views[0]["result"]["scores"]
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=TIMEOUT)
