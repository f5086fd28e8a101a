"""Updates written straight to the connection (``ramino.server.direct_frames``): under the
server ``ramino serve`` runs they are, every client still receives every version in order,
and a frame never overtakes one that waits in the outbox or is being sent the ASGI way."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from websockets.frames import Frame, Opcode
from websockets.sync.client import ClientConnection, connect

from ramino.server import uvicorn_options
from ramino.server.direct_frames import direct_writer, text_frame
from ramino.server.routes import socket as socket_route
from ramino.server.tables import Client

from .conftest import fast_app_client
from .helpers_serve import free_port, post


class FakeConnection:
    def __init__(self) -> None:
        self.written: list[str] = []
        self.accepting = True

    def __call__(self, frame: str) -> bool:
        if not self.accepting:
            return False
        self.written.append(frame)
        return True


def queued(client: Client) -> list[str | None]:
    out = []
    while not client.outbox.empty():
        out.append(client.outbox.get_nowait())
    return out


def test_a_frame_goes_direct_only_when_nothing_waits_before_it() -> None:
    async def scenario() -> None:
        client = Client("Anna", 0)
        connection = FakeConnection()
        client.direct = connection
        client.push("1")
        assert connection.written == ["1"] and client.outbox.empty()
        connection.accepting = False  # the transport is full: the ASGI way
        client.push("2")
        connection.accepting = True
        client.push("3")  # "2" still waits: "3" goes behind it, not ahead
        assert connection.written == ["1"] and queued(client) == ["2", "3"]
        client.sending = True  # the sender holds a frame it is writing
        client.push("4")
        assert queued(client) == ["4"]
        client.sending = False
        client.push("5")
        assert connection.written == ["1", "5"]

    asyncio.run(scenario())


def test_another_server_gets_every_frame_the_asgi_way() -> None:
    assert direct_writer({"type": "websocket"}) is None
    assert direct_writer({"type": "websocket", "ramino.server_send": print}) is None


@contextmanager
def served(db: Path) -> Iterator[int]:
    """The app under uvicorn, run as ``ramino serve`` runs it, in a thread of this process."""
    port = free_port()
    app = fast_app_client(db).app
    server = uvicorn.Server(uvicorn.Config(app, **uvicorn_options("127.0.0.1", port)))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        for _ in range(500):
            if server.started:
                break
            threading.Event().wait(0.01)
        assert server.started
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


def updates_until(ws: ClientConnection, version: int, seen: list[int]) -> dict[str, Any]:
    while True:
        frame = json.loads(ws.recv(timeout=10))
        if frame["type"] == "update":
            seen.append(frame["version"])
            if frame["version"] >= version and not frame["waiting"]:
                return dict(frame)


def test_under_uvicorn_updates_are_written_directly_and_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writes = []

    def counting(scope: Any) -> Callable[[str], bool] | None:
        write = direct_writer(scope)
        if write is None:
            return None

        def counted(frame: str) -> bool:
            done = write(frame)
            writes.append(done)
            return done
        return counted

    monkeypatch.setattr(socket_route, "direct_writer", counting)
    with served(tmp_path / "direct.db") as port:
        table = post(port, "/api/tables", {"seats": ["open"] * 4})["id"]
        with ExitStack() as stack:
            clients = [stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws"))
                       for _ in range(4)]
            seen: list[list[int]] = [[] for _ in clients]
            for seat, ws in enumerate(clients):
                ws.send(json.dumps({"type": "join", "table": table, "seat": seat}))
            frames = [updates_until(ws, 0, seen[s]) for s, ws in enumerate(clients)]
            rng = random.Random(4)
            for version in range(30):
                seat = frames[0]["view"]["current"]
                legal = frames[seat]["legal"]
                clients[seat].send(json.dumps({"type": "act", "action": rng.choice(legal),
                                               "version": version}))
                frames = [updates_until(ws, version + 1, seen[s])
                          for s, ws in enumerate(clients)]
    assert sum(writes) >= 30 * 4  # every action's four updates, at the least
    for versions in seen:
        assert versions == sorted(versions) and versions[-1] == 30
        assert set(range(31)) <= set(versions)  # no version skipped


@pytest.mark.parametrize("size", [0, 1, 125, 126, 65535, 65536, 70000])
def test_a_text_frame_is_what_the_websockets_library_frames(size: int) -> None:
    data = ("è" * size).encode()[:size]
    expected = Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
    assert text_frame(data) == expected
