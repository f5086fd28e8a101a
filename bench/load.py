"""Load benchmark of the table server: simulated players over WebSockets on loopback.

Starts ``ramino serve`` in a subprocess on a temporary SQLite file, opens ``--tables`` tables
of four people (four WebSocket clients each), and has every table play one action per
``--interval`` seconds (the player whose turn it is sends a random legal action) for
``--seconds`` seconds.  Prints one ``name: value`` line per figure:

    tables                      tables held (each with 4 connected clients)
    clients                     WebSocket clients connected
    actions                     actions confirmed during the measurement
    actions_per_s               confirmed actions per second
    latency_p50_ms              action sent -> the update of that version at all four
                                clients, median
    latency_p99_ms              the same, 99th percentile
    errors                      refusals and timeouts (0 expected)
    server_cpu_ms_per_action    CPU the server used during the measurement, per action: the
                                figure that depends least on what else the machine is doing
    client_cpu_ms_per_action    the same for this load generator (on the same cores)
    server_cpu_share            the server's CPU seconds per second of the measurement
    server_runqueue_wait_share  seconds per second the server's event loop was ready to run
                                but waited for a CPU (other processes had the cores): the
                                part of the latency that is the machine's, not the server's
    client_runqueue_wait_share  the same for this load generator
    server_rss_mb               resident memory of the server process at the end
    server_cpu_s                CPU seconds the server used in all (set-up included)
    client_cpu_s                CPU seconds of this load generator in all

With ``--hint-tables K`` the first K tables also ask the coach for a hint before every action
(the player in turn sends ``hint`` and waits for the answer or a refusal, then acts): the
latencies above are then the other tables' only — what the coach's searches cost the tables
that do not ask — and these figures are added:

    hint_tables                 tables asking for hints
    hints                       hints answered
    hints_refused               hint requests refused (coach busy, the player's budget, stale),
                                then one line per refusal code (hints_refused_coach_busy, …)
    hint_p50_ms                 hint asked -> answered, median (the search's budget included)

The clients are cheap on purpose (the sans-I/O protocol of ``websockets`` on plain asyncio
transports, uvloop when it is installed, orjson): the generator shares the cores with the
server, and a busy generator inflates the latencies it measures.

Usage: ``python bench/load.py [--tables N] [--seconds S] [--interval I] [--db URL]
[--hint-tables K]``;
``--server-python PY`` runs the server with another interpreter (another install, to compare
side by side); ``--db`` another database (PostgreSQL); ``RAMINO_COMMIT_WINDOW_MS`` in the
environment reaches the server (the group commit's window).  ``./dev bench-load`` runs it on
the mypyc-compiled engine.  The goal on a 2-core machine: 1,000 tables at one action per
second with p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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
from collections import Counter
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, cast

import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.uri import parse_uri

SEATS = 4
# The refusals of a hint request (docs/server.md, "Hints and reviews"): counted apart.
HINT_REFUSALS = frozenset({"coach-busy", "hint-budget", "hint-stale", "stale", "hint-pending",
                           "not-your-turn", "coach-failed"})


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def start_server(db: Path | str, port: int, python: str) -> subprocess.Popen[bytes]:
    code = "import sys; from ramino.cli import app; app(sys.argv[1:])"
    process = subprocess.Popen(
        [python, "-c", code, "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        # It makes many tables and connects every player from one address.
        env={**os.environ, "RAMINO_HTTP_RATE": "1000000,1000000",
             "RAMINO_JOIN_RATE": "1000000,1000000", "RAMINO_ADDRESS_RATE": "1000000,1000000"},
        # Its own session, as a server daemon has: Linux's autogroup scheduling shares the
        # CPU among sessions, and the server must not share one share with its clients.
        start_new_session=True)
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


def run_wait_seconds(pid: int | str) -> float:
    """Seconds the process's main thread (the event loop) spent runnable but waiting for a
    CPU: what the machine's other work costs it, not what it costs itself."""
    fields = Path(f"/proc/{pid}/schedstat").read_text().split()
    return int(fields[1]) / 1e9


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


class Player(asyncio.Protocol):
    """One client: keeps its latest update and wakes whoever waits for a version."""

    def __init__(self, url: str, table: Seated) -> None:
        self.table = table
        self.protocol = ClientProtocol(parse_uri(url), max_size=2**20)
        self.transport: asyncio.Transport | None = None
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._raw = b""  # the latest update as it came: decoded only when someone reads it
        self._decoded: dict[str, Any] = {}
        self.version = -1
        self.waiting: list[tuple[int, asyncio.Future[None]]] = []
        self.errors = 0
        self.hint: asyncio.Future[str] | None = None  # a hint asked for: "hint" or the refusal

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's are not subclasses
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Response):
                if not self.opened.done():
                    failed = self.protocol.handshake_exc
                    if failed is None:
                        self.opened.set_result(None)
                    else:
                        self.opened.set_exception(failed)
            elif isinstance(event, Frame) and event.opcode is Opcode.TEXT:
                self._frame(bytes(event.data))
        self._flush()  # pongs, and the close handshake

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))

    def _flush(self) -> None:
        data = b"".join(self.protocol.data_to_send())
        if data and self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    @property
    def latest(self) -> dict[str, Any]:
        """The latest update, decoded (once) when the driver needs it."""
        if self._raw:
            self._decoded = orjson.loads(self._raw)
            self._raw = b""
        return self._decoded

    def _frame(self, data: bytes) -> None:
        # Most updates are only waited for, never read: their version is all this needs.
        # An update is the receiver's view (cards and numbers, never a "version" key) and
        # then the shared fields, whose first "version" is the table's.
        if b'"type":"update"' in data:
            at = data.index(b'"version":') + 10
            self._raw = data
            self.version = int(data[at:data.index(b",", at)])
            still = []
            for version, future in self.waiting:
                if self.version >= version:
                    if not future.done():
                        future.set_result(None)
                else:
                    still.append((version, future))
            self.waiting = still
            self.table.check()
        elif b'"type":"hint"' in data:
            if self.hint is not None and not self.hint.done():
                self.hint.set_result("hint")
        else:
            message = orjson.loads(data)
            if message["type"] != "error":
                return
            if (self.hint is not None and not self.hint.done()
                    and message["code"] in HINT_REFUSALS):
                self.hint.set_result(message["code"])
            else:
                self.errors += 1

    def ask_hint(self, version: int) -> asyncio.Future[str]:
        self.hint = asyncio.get_running_loop().create_future()
        self.send({"type": "hint", "version": version})
        return self.hint

    def send(self, message: dict[str, Any]) -> None:
        self.protocol.send_text(orjson.dumps(message))
        self._flush()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()

    async def wait_version(self, version: int) -> None:
        if self.version >= version:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((version, future))
        await future


class Seated:
    """A table's four clients, and the version all of them are awaited at (one future per
    action, not one task per client)."""

    def __init__(self) -> None:
        self.players: list[Player] = []
        self.target = 0
        self.done: asyncio.Future[None] | None = None

    def all_at(self, version: int) -> asyncio.Future[None]:
        self.target = version
        self.done = asyncio.get_running_loop().create_future()
        self.check()
        return self.done

    def check(self) -> None:
        done = self.done
        if (done is not None and not done.done()
                and all(p.version >= self.target for p in self.players)):
            done.set_result(None)


async def seat_table(url: str, port: int, table: str) -> Seated:
    seated = Seated()
    loop = asyncio.get_running_loop()
    for seat in range(SEATS):
        _transport, player = await loop.create_connection(lambda: Player(url, seated),
                                                          "127.0.0.1", port)
        await asyncio.wait_for(player.opened, 60)
        player.send({"type": "join", "table": table, "seat": seat})
        seated.players.append(player)
    return seated


class Hints:
    """What the tables that ask for hints saw: answer times and refusals."""

    def __init__(self) -> None:
        self.answered: list[float] = []
        self.refused: Counter[str] = Counter()  # by the refusal's code


async def drive(table: Seated, stop: float, interval: float, rng: random.Random,
                latencies: list[float], timeouts: list[int],
                hints: Hints | None = None) -> None:
    """Play ``table`` until ``stop``; with ``hints``, ask the coach before every action
    (its latencies then go to ``hints``, not ``latencies``)."""
    await asyncio.sleep(rng.random() * interval)  # spread the tables over the interval
    players = table.players
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
        if hints is not None:
            asked = time.monotonic()
            try:
                outcome = await asyncio.wait_for(mine.ask_hint(version), 30)
            except TimeoutError:
                timeouts.append(1)
                return
            if outcome == "hint":
                hints.answered.append((time.monotonic() - asked) * 1000)
            else:
                hints.refused[outcome] += 1
            if mine.version != version:  # a stand-in bot played meanwhile
                continue
        action = rng.choice(mine.latest["legal"])
        sent = time.monotonic()
        mine.send({"type": "act", "action": action, "version": version})
        try:
            await asyncio.wait_for(table.all_at(version + 1), 10)
        except TimeoutError:
            timeouts.append(1)
            return
        if hints is None:
            latencies.append((time.monotonic() - sent) * 1000)
        await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


async def run(port: int, tables: int, seconds: float, interval: float,
              server_pid: int | None = None, hint_tables: int = 0) -> dict[str, float]:
    url = f"ws://127.0.0.1:{port}/ws"
    ids = [create_table(port) for _ in range(tables)]
    seated = [await seat_table(url, port, table) for table in ids]
    for table in seated:
        await asyncio.wait_for(table.all_at(0), 30)
    # The generator's own full garbage collections would stop every client at once and count
    # as server latency: as in the server (``ramino.server.tune_gc``), not during the run.
    gc.collect()
    gc.freeze()
    gc.set_threshold(*gc.get_threshold()[:2], 1000)
    latencies: list[float] = []
    timeouts: list[int] = []
    rng = random.Random(1)
    begin = time.monotonic()
    server_begin = cpu_seconds(server_pid) if server_pid else float("nan")
    server_wait = run_wait_seconds(server_pid) if server_pid else float("nan")
    client_begin = _own_cpu()
    client_wait = run_wait_seconds("self")
    stop = begin + seconds
    hints = Hints()
    await asyncio.gather(*(drive(table, stop, interval, random.Random(rng.random()),
                                 latencies, timeouts, hints if i < hint_tables else None)
                           for i, table in enumerate(seated)))
    elapsed = time.monotonic() - begin
    server_used = (cpu_seconds(server_pid) if server_pid else float("nan")) - server_begin
    client_used = _own_cpu() - client_begin
    server_wait = (run_wait_seconds(server_pid) if server_pid else float("nan")) - server_wait
    client_wait = run_wait_seconds("self") - client_wait
    errors = sum(p.errors for table in seated for p in table.players) + len(timeouts)
    for table in seated:
        for p in table.players:
            p.close()
    ordered = sorted(latencies) or [float("nan")]
    return {
        "tables": tables,
        "clients": tables * SEATS,
        "actions": len(latencies),
        "actions_per_s": len(latencies) / elapsed,
        "latency_p50_ms": statistics.median(ordered),
        "latency_p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
        "errors": errors,
        "server_cpu_ms_per_action": server_used * 1000 / max(1, len(latencies)),
        "client_cpu_ms_per_action": client_used * 1000 / max(1, len(latencies)),
        "server_cpu_share": server_used / elapsed,
        "server_runqueue_wait_share": server_wait / elapsed,
        "client_runqueue_wait_share": client_wait / elapsed,
        "client_cpu_s": _own_cpu(),
        **({} if not hint_tables else {
            "hint_tables": hint_tables, "hints": len(hints.answered),
            "hints_refused": sum(hints.refused.values()),
            **{f"hints_refused_{code.replace('-', '_')}": count
               for code, count in sorted(hints.refused.items())},
            "hint_p50_ms": (statistics.median(hints.answered) if hints.answered
                            else float("nan"))}),
    }


def run_loop(main: Coroutine[Any, Any, dict[str, float]]) -> dict[str, float]:
    """Run the generator on uvloop when it is installed (less CPU taken from the server)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--port", type=int, help="load a server already running on this "
                        "127.0.0.1 port instead of starting one")
    parser.add_argument("--server-python", default=sys.executable,
                        help="the Python that runs the server (default: this one)")
    parser.add_argument("--db", help="the server's database URL (default: a new SQLite file "
                        "in a temporary folder), e.g. postgresql+psycopg://postgres@"
                        "127.0.0.1:5432/test")
    parser.add_argument("--hint-tables", type=int, default=0,
                        help="tables that ask the coach for a hint before every action (the "
                        "latencies are then the other tables')")
    args = parser.parse_args()
    if not 0 <= args.hint_tables <= args.tables:
        parser.error("--hint-tables: from 0 to --tables")
    if args.port:
        figures = run_loop(run(args.port, args.tables, args.seconds, args.interval,
                               hint_tables=args.hint_tables))
        for name, value in figures.items():
            print(f"{name}: {value:.3g}" if isinstance(value, float) else f"{name}: {value}")
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        process = start_server(args.db or Path(folder) / "load.db", port, args.server_python)
        try:
            figures = run_loop(run(port, args.tables, args.seconds, args.interval,
                                   process.pid, args.hint_tables))
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
        print(f"{name}: {value:.3g}" if isinstance(value, float) else f"{name}: {value}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
