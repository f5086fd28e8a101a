"""Crash test: ``ramino serve`` killed with SIGKILL mid-hand resumes with no action lost.

The server runs as a real subprocess on a free 127.0.0.1 port with a temporary SQLite file;
four WebSocket clients play part of a hand; the process is killed right after an action is
sent (before its answer arrives), started again on the same file, and every player takes back
its seat with its key: the hand is at the last committed action, every action any client saw
confirmed is there, and play goes on.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

from ramino.records.document import read_deal
from ramino.rules import make_rules
from ramino.server.store import Store, database_url
from ramino.server.tables import replay_hand

TIMEOUT = 10.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    log = (db.parent / "server.log").open("ab")
    code = "import sys; from ramino.cli import app; app(sys.argv[1:])"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(db)],
        stdout=log, stderr=log, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    log.close()  # the child holds its own descriptor
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert process.poll() is None, (db.parent / "server.log").read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("ramino serve did not start in 20 s")


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def receive(ws: ClientConnection) -> dict[str, Any]:
    frame: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT))
    return frame


def latest_update(ws: ClientConnection, version: int) -> dict[str, Any]:
    """Frames until the update at ``version`` (errors fail the test)."""
    for _ in range(500):
        frame = receive(ws)
        assert frame["type"] != "error", frame
        if frame["type"] == "update" and frame["version"] == version:
            return frame
    raise AssertionError(f"no update at version {version}")


def sit(stack: ExitStack, port: int, table: str,
        **fields: Any) -> tuple[ClientConnection, dict[str, Any], dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws", open_timeout=TIMEOUT))
    ws.send(json.dumps({"type": "join", "table": table, **fields}))
    welcome = receive(ws)
    assert welcome["type"] == "welcome", welcome
    update = receive(ws)
    assert update["type"] == "update", update
    return ws, welcome, update


def play(sockets: list[ClientConnection], version: int, actions: int, rng: random.Random,
         current: int, legal: list[str],
         confirmed: list[str] | None = None) -> tuple[int, int, list[str]]:
    """``actions`` actions by whoever's turn it is; each waits for its confirmation (the
    confirmed actions are appended to ``confirmed``)."""
    for _ in range(actions):
        sockets[current].send(json.dumps({"type": "act", "action": rng.choice(legal),
                                          "version": version}))
        version += 1
        frames = [latest_update(ws, version) for ws in sockets]
        if confirmed is not None:
            confirmed.append(frames[0]["event"]["action"])
        current = frames[0]["view"]["current"]
        legal = frames[current]["legal"]
        assert frames[0]["result"] is None, "the hand ended early; pick another seed"
    return version, current, legal


def drain(sockets: list[ClientConnection]) -> None:
    """Drop the presence updates that joining sends to the others."""
    for ws in sockets:
        while True:
            try:
                ws.recv(timeout=0.3)
            except TimeoutError:
                break


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
                assert update["view"] == engine.observation(seat).as_dict()
            drain(sockets)
            current = views[0]["view"]["current"]
            version, _, _ = play(sockets, resumed, 5, rng, current, views[current]["legal"])
            assert version == resumed + 5
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=TIMEOUT)
