"""What this machine charges, in CPU, for the steps a table server's action is built from.

``server_cpu_ms_per_action`` (``bench/load.py``) depends on how often the server wakes up as
much as on how much Python it runs: every time the event loop goes idle and is woken (by a
socket, a timer or a thread that finished), and every hand-off to a worker thread, costs CPU
of its own, and on a virtual machine that cost can be many times what it is on bare metal.
This script measures those steps one by one, then the action path (``bench/action_path.py``)
at the same number of tables with the actions coming ever closer together, which shows how
much of an action's CPU is the price of the load being spread out in time:

- ``sleep_wake_us``: a thread that sleeps 4 ms and wakes (the kernel's own part of a wake-up);
- ``loop_timer_wake_us``: the event loop idle until a 4 ms timer wakes it (uvloop, as
  ``ramino serve`` runs);
- ``thread_handoff_us``: ``await asyncio.to_thread(f)`` of a function that does nothing, back
  to back (a worker thread woken, then the event loop woken by its result);
- ``commit_us`` and ``commit_in_thread_us``: a durable SQLite commit of two actions'
  rows (WAL, ``synchronous=FULL``, as :mod:`ramino.server.store` sets it), in the calling
  thread and through ``asyncio.to_thread`` as the group commit does;
- ``action_path_ms[interval]``: ``bench/action_path.py``'s CPU per action at ``--tables``
  tables with each table acting every ``interval`` seconds (0: all of them in every round).

Each figure is CPU time (user and system) of this process divided by the count.

Usage: ``python bench/wake_costs.py [--tables N] [--seconds S] [--intervals 1,0.5,0.25,0]``
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

REPEAT = 1000
SLEEP = 0.004


def _cpu_us(count: int, run: Callable[[], None]) -> float:
    started = time.process_time()
    run()
    return (time.process_time() - started) * 1e6 / count


def _run(main: Coroutine[Any, Any, None]) -> None:
    try:  # the event loop the server runs on
        import uvloop
    except ImportError:
        asyncio.run(main)
    else:
        uvloop.run(main)


def sleep_wake_us(count: int) -> float:
    def run() -> None:
        for _ in range(count):
            time.sleep(SLEEP)
    return _cpu_us(count, run)


def loop_timer_wake_us(count: int) -> float:
    async def main() -> None:
        for _ in range(count):
            await asyncio.sleep(SLEEP)
    return _cpu_us(count, lambda: _run(main()))


def thread_handoff_us(count: int) -> float:
    def nothing() -> None:
        return None

    async def main() -> None:
        for _ in range(count):
            await asyncio.to_thread(nothing)
    return _cpu_us(count, lambda: _run(main()))


def _database(folder: str) -> tuple[sqlite3.Connection, Callable[[], None]]:
    connection = sqlite3.connect(Path(folder) / "commit.db", isolation_level=None,
                                 check_same_thread=False)
    connection.execute("PRAGMA journal_mode=WAL")
    connection.execute("PRAGMA synchronous=FULL")
    connection.execute("CREATE TABLE actions (id INTEGER PRIMARY KEY, text TEXT)")
    rows = [("d 7h",), ("m 5s 6s 7s",)]

    def commit() -> None:
        connection.execute("BEGIN")
        connection.executemany("INSERT INTO actions (text) VALUES (?)", rows)
        connection.execute("COMMIT")
    return connection, commit


def commit_us(count: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        connection, commit = _database(folder)

        def run() -> None:
            for _ in range(count):
                commit()
        try:
            return _cpu_us(count, run)
        finally:
            connection.close()


def commit_in_thread_us(count: int) -> float:
    with tempfile.TemporaryDirectory() as folder:
        connection, commit = _database(folder)

        async def main() -> None:
            for _ in range(count):
                await asyncio.to_thread(commit)
        try:
            return _cpu_us(count, lambda: _run(main()))
        finally:
            connection.close()


def action_path_ms(tables: int, seconds: float, interval: float) -> float:
    spec = importlib.util.spec_from_file_location("action_path",
                                                  Path(__file__).with_name("action_path.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    play = module.play(tables, seconds, None, interval)
    try:
        import uvloop
    except ImportError:
        actions, used = asyncio.run(play)
    else:
        actions, used = uvloop.run(play)
    return float(used * 1000 / max(1, actions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=REPEAT,
                        help="wake-ups, hand-offs and commits each step is timed over")
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="of the action path at each interval")
    parser.add_argument("--intervals", default="1,0.5,0.25,0",
                        help="seconds between a table's actions, comma-separated (0: every "
                        "table in every round); empty: skip the action path")
    args = parser.parse_args()
    count = args.repeat
    print(f"sleep_wake_us: {sleep_wake_us(count):.1f}")
    print(f"loop_timer_wake_us: {loop_timer_wake_us(count):.1f}")
    print(f"thread_handoff_us: {thread_handoff_us(count):.1f}")
    print(f"commit_us: {commit_us(count):.1f}")
    print(f"commit_in_thread_us: {commit_in_thread_us(count):.1f}")
    for text in filter(None, args.intervals.split(",")):
        interval = float(text)
        cost = action_path_ms(args.tables, args.seconds, interval)
        print(f"action_path_ms[{interval:g}]: {cost:.3f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
