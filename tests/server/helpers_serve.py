"""A real ``ramino serve`` subprocess and its WebSocket clients, for the crash tests.

The server runs on a free 127.0.0.1 port over a SQLite file; clients are synchronous
``websockets`` connections that sit at a table and play by the protocol (docs/server.md).
"""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

TIMEOUT = 10.0
# Set by a test that wants it, never inherited from the shell that runs the tests.
WINDOW_VARIABLE = "RAMINO_COMMIT_WINDOW_MS"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path, port: int,
                 env: Mapping[str, str] | None = None) -> subprocess.Popen[bytes]:
    """``ramino serve`` on ``db`` (its output in ``server.log`` beside it), once it answers;
    ``env`` adds to the environment (the group commit's window is the server's default
    unless ``env`` sets ``RAMINO_COMMIT_WINDOW_MS``)."""
    log = (db.parent / "server.log").open("ab")
    code = "import sys; from ramino.cli import app; app(sys.argv[1:])"
    inherited = {k: v for k, v in os.environ.items() if k != WINDOW_VARIABLE}
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--host", "127.0.0.1", "--port", str(port),
         "--db", str(db)],
        stdout=log, stderr=log, env={**inherited, "PYTHONUNBUFFERED": "1", **(env or {})})
    log.close()  # the child holds its own descriptor
    return serving(process, port, db.parent / "server.log")


def serving(process: subprocess.Popen[bytes], port: int, log: Path,
            seconds: float = 30) -> subprocess.Popen[bytes]:
    """``process`` once its server answers on ``port``; its ``log`` in the failure if it
    stops or does not answer within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"the server did not start in {seconds:g} s:\n" + log.read_text())


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


def send_act(ws: ClientConnection, action: str, version: int) -> None:
    ws.send(json.dumps({"type": "act", "action": action, "version": version}))


def play(sockets: list[ClientConnection], version: int, actions: int, rng: random.Random,
         current: int, legal: list[str],
         confirmed: list[str] | None = None) -> tuple[int, int, list[str]]:
    """``actions`` actions by whoever's turn it is; each waits for its confirmation (the
    confirmed actions are appended to ``confirmed``)."""
    for _ in range(actions):
        send_act(sockets[current], rng.choice(legal), version)
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
