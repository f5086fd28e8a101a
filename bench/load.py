"""Load benchmark of the table server: simulated players over WebSockets on loopback.

Starts ``ramino serve`` in a subprocess on a temporary SQLite file, opens ``--tables`` tables
of four people (four WebSocket clients each), and has every table play one action per
``--interval`` seconds (the player whose turn it is sends a random legal action) for
``--seconds`` seconds.  Prints one ``name: value`` line per figure (issue 5):

    tables               tables held (each with 4 connected clients)
    clients              WebSocket clients connected
    actions              actions confirmed during the measurement
    actions_per_s        confirmed actions per second
    latency_p50_ms       action sent -> the update of that version at all four clients, median
    latency_p99_ms       the same, 99th percentile
    errors               refusals and timeouts (0 expected)
    server_rss_mb        resident memory of the server process at the end
    server_cpu_s         CPU seconds the server used in all (set-up included)
    client_cpu_s         CPU seconds of this load generator (the same cores: a busy generator
                         inflates the latencies it measures)

Usage: ``python bench/load.py [--tables N] [--seconds S] [--interval I]``.  The issue's goal on
a 2-core machine: 500 tables at one action per second with p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

SEATS = 4


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from ramino.cli import app; app(sys.argv[1:])"
    process = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "RAMINO_HTTP_RATE": "1000000,1000000"})  # it makes many tables
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/tables", timeout=1):
                return process
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the server did not start")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def create_table(port: int) -> str:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/tables", method="POST",
        headers={"Content-Type": "application/json"},
        data=json.dumps({"seats": ["open"] * SEATS}).encode())
    with urllib.request.urlopen(request, timeout=30) as response:
        table_id: str = json.loads(response.read())["id"]
        return table_id


class Player:
    """One client: keeps its latest update and wakes whoever waits for a version."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.latest: dict[str, Any] = {}
        self.version = -1
        self.changed = asyncio.Event()
        self.errors = 0

    async def read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame["type"] == "update":
                self.latest = frame
                self.version = frame["version"]
                self.changed.set()
            elif frame["type"] == "error":
                self.errors += 1

    async def wait_version(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()


async def seat_table(url: str, table: str) -> list[Player]:
    players = []
    for seat in range(SEATS):
        ws = await connect(url, open_timeout=60, max_size=2**20)
        await ws.send(json.dumps({"type": "join", "table": table, "seat": seat}))
        player = Player(ws)
        players.append(player)
        asyncio.get_running_loop().create_task(player.read())
    return players


async def drive(players: list[Player], stop: float, interval: float, rng: random.Random,
                latencies: list[float], timeouts: list[int]) -> None:
    await asyncio.sleep(rng.random() * interval)  # spread the tables over the interval
    while time.monotonic() < stop:
        started = time.monotonic()
        frame = players[0].latest
        if not frame or frame.get("result"):
            return
        seat = frame["view"]["current"]
        mine = players[seat]
        await mine.wait_version(frame["version"])
        if not mine.latest["legal"]:
            await asyncio.sleep(0.01)
            continue
        version = mine.latest["version"]
        action = rng.choice(mine.latest["legal"])
        sent = time.monotonic()
        await mine.ws.send(json.dumps({"type": "act", "action": action, "version": version}))
        try:
            await asyncio.wait_for(asyncio.gather(*(p.wait_version(version + 1)
                                                    for p in players)), 10)
        except TimeoutError:
            timeouts.append(1)
            return
        latencies.append((time.monotonic() - sent) * 1000)
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


async def run(port: int, tables: int, seconds: float, interval: float) -> dict[str, float]:
    url = f"ws://127.0.0.1:{port}/ws"
    ids = [create_table(port) for _ in range(tables)]
    seated = []
    for table in ids:
        seated.append(await seat_table(url, table))
    for players in seated:
        await asyncio.wait_for(asyncio.gather(*(p.wait_version(0) for p in players)), 30)
    latencies: list[float] = []
    timeouts: list[int] = []
    rng = random.Random(1)
    begin = time.monotonic()
    stop = begin + seconds
    await asyncio.gather(*(drive(players, stop, interval, random.Random(rng.random()),
                                 latencies, timeouts) for players in seated))
    elapsed = time.monotonic() - begin
    errors = sum(p.errors for players in seated for p in players) + len(timeouts)
    for players in seated:
        for p in players:
            await p.ws.close()
    ordered = sorted(latencies) or [float("nan")]
    return {
        "tables": tables,
        "clients": tables * SEATS,
        "actions": len(latencies),
        "actions_per_s": len(latencies) / elapsed,
        "latency_p50_ms": statistics.median(ordered),
        "latency_p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "errors": errors,
        "client_cpu_s": _own_cpu(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--port", type=int, help="load a server already running on this "
                        "127.0.0.1 port instead of starting one")
    args = parser.parse_args()
    if args.port:
        figures = asyncio.run(run(args.port, args.tables, args.seconds, args.interval))
        for name, value in figures.items():
            print(f"{name}: {value:.1f}" if isinstance(value, float) else f"{name}: {value}")
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        process = start_server(Path(folder) / "load.db", port)
        try:
            figures = asyncio.run(run(port, args.tables, args.seconds, args.interval))
            figures["server_rss_mb"] = rss_mb(process.pid)
            figures["server_cpu_s"] = cpu_seconds(process.pid)
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    for name, value in figures.items():
        print(f"{name}: {value:.1f}" if isinstance(value, float) else f"{name}: {value}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
