"""The floor under the table server's CPU per action: a server that does only the I/O.

``bench/load.py`` reports ``server_cpu_ms_per_action``.  Part of it is ramino's own work (the
engine, the views, the database, the framework); the rest is what any server on this
machine pays to receive one WebSocket message and write one update to each of four
connections over loopback: the event loop's wake-ups, the system calls, and the kernel's TCP
work for both ends of each loopback connection (on loopback the sender's ``send`` runs the
receiver's TCP stack too, so it is counted in the server's CPU).  This script measures that
floor with the same load generator: it serves the endpoints ``bench/load.py`` uses
(``POST /api/tables``, ``GET /api/tables`` and the ``/ws`` WebSocket with ``join`` and
``act``) with no game, no database and no framework.  Each action gets an update of the
size the real server sends (``--frame-bytes``), the same for every seat except its
``legal`` list, which the seat in turn gets non-empty.

The server is one ``asyncio.Protocol`` on uvloop (when installed): HTTP parsed by hand, the
WebSocket handshake by ``websockets``' sans-I/O protocol, then client frames parsed and
update frames written by a dozen lines of Python.  No Python server can do less per action.

Usage: ``python bench/load_floor.py [--tables N] [--seconds S] [--interval I]
[--frame-bytes B]``; prints
the same ``name: value`` lines as ``bench/load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import orjson

HERE = Path(__file__).resolve().parent
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
SEATS = 4


def text_frame(data: bytes) -> bytes:
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 1 << 16:
        return bytes((0x81, 126)) + size.to_bytes(2, "big") + data
    return bytes((0x81, 127)) + size.to_bytes(8, "big") + data


class FloorTable:
    def __init__(self, table_id: str, padding: bytes) -> None:
        self.id = table_id
        self.padding = padding
        self.clients: dict[int, Connection] = {}
        self.version = 0
        self.current = 0

    def broadcast(self) -> None:
        head = b'{"view":{"current":%d,"cards":"%s"},"legal":' % (self.current, self.padding)
        tail = b',"type":"update","version":%d,"result":null}' % self.version
        for seat, client in self.clients.items():
            legal = b'["d","p"]' if seat == self.current else b"[]"
            client.write_text(head + legal + tail)


class Connection(asyncio.Protocol):
    """One HTTP request, or one WebSocket client after its upgrade."""

    def __init__(self, server: FloorServer) -> None:
        self.server = server
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.websocket = False
        self.table: FloorTable | None = None
        self.seat = -1

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def write_text(self, data: bytes) -> None:
        assert self.transport is not None
        self.transport.write(text_frame(data))

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if self.websocket:
            self._frames()
        else:
            self._http()

    def _http(self) -> None:
        assert self.transport is not None
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return
        head = self.buffer[:end].decode("latin-1").split("\r\n")
        headers = {k.strip().lower(): v.strip()
                   for k, _, v in (line.partition(":") for line in head[1:])}
        length = int(headers.get("content-length", "0"))
        if len(self.buffer) < end + 4 + length:
            return
        self.buffer = self.buffer[end + 4 + length:]
        method = head[0].split(" ", 1)[0]
        if headers.get("upgrade", "").lower() == "websocket":
            accept = base64.b64encode(hashlib.sha1(
                headers["sec-websocket-key"].encode() + GUID).digest()).decode()
            self.transport.write(
                ("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n").encode())
            self.websocket = True
            self._frames()
            return
        if method == "POST":
            body = orjson.dumps({"id": self.server.new_table()})
            status = "201 Created"
        else:
            body = b"[]"
            status = "200 OK"
        self.transport.write(f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\n"
                             f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                             .encode() + body)
        self.transport.close()

    def _frames(self) -> None:
        buffer = self.buffer
        while len(buffer) >= 6:
            opcode = buffer[0] & 0x0F
            size = buffer[1] & 0x7F
            at = 2
            if size == 126:
                size = int.from_bytes(buffer[2:4], "big")
                at = 4
            elif size == 127:
                size = int.from_bytes(buffer[2:10], "big")
                at = 10
            if len(buffer) < at + 4 + size:
                break
            mask = buffer[at:at + 4] * (size // 4 + 1)
            payload = (int.from_bytes(buffer[at + 4:at + 4 + size], "big")
                       ^ int.from_bytes(mask[:size], "big")).to_bytes(size, "big")
            buffer = buffer[at + 4 + size:]
            if opcode == 0x8:
                assert self.transport is not None
                self.transport.close()
                return
            if opcode == 0x1:
                self._message(orjson.loads(payload))
        self.buffer = buffer

    def _message(self, message: dict[str, Any]) -> None:
        if message["type"] == "join":
            table = self.server.tables[message["table"]]
            self.table, self.seat = table, int(message["seat"])
            table.clients[self.seat] = self
            if len(table.clients) == SEATS:
                table.broadcast()
        elif message["type"] == "act":
            playing = self.table
            if (playing is None or self.seat != playing.current
                    or message["version"] != playing.version):
                self.write_text(b'{"type":"error","code":"stale","message":"stale"}')
                return
            playing.version += 1
            playing.current = (playing.current + 1) % SEATS
            playing.broadcast()


class FloorServer:
    def __init__(self, frame_bytes: int) -> None:
        self.tables: dict[str, FloorTable] = {}
        self.padding = b"x" * max(0, frame_bytes - 120)

    def new_table(self) -> str:
        table_id = f"t{len(self.tables)}"
        self.tables[table_id] = FloorTable(table_id, self.padding)
        return table_id


async def serve(port: int, frame_bytes: int) -> None:
    server = FloorServer(frame_bytes)
    loop = asyncio.get_running_loop()
    listener = await loop.create_server(lambda: Connection(server), "127.0.0.1", port,
                                        backlog=4096)
    async with listener:
        await listener.serve_forever()


def run_server(port: int, frame_bytes: int) -> None:
    try:
        import uvloop
    except ImportError:
        asyncio.run(serve(port, frame_bytes))
        return
    uvloop.run(serve(port, frame_bytes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--frame-bytes", type=int, default=2600,
                        help="bytes of each update (the real server's are about this size)")
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the server process
    args = parser.parse_args()
    if args.serve:
        run_server(args.serve, args.frame_bytes)
        return
    sys.path.insert(0, str(HERE))
    import load  # bench/load.py: the same generator

    port = load.free_port()
    process = subprocess.Popen([sys.executable, __file__, "--serve", str(port),
                                "--frame-bytes", str(args.frame_bytes)],
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        figures = load.run_loop(load.run(port, args.tables, args.seconds, args.interval,
                                         process.pid))
        figures["server_rss_mb"] = load.rss_mb(process.pid)
    finally:
        os.kill(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
    for name, value in figures.items():
        print(f"{name}: {value:.3g}" if isinstance(value, float) else f"{name}: {value}")


if __name__ == "__main__":
    main()
