"""CPU of the table server's action path in one process: no sockets, no framework.

Plays ``--tables`` four-player Burraco tables through the table manager, as ``/ws`` does
after it has parsed a client's message: ``TableManager.act`` (the checks, the engine, the
group commit on a real SQLite file, the broadcast that builds and encodes every receiver's
update), with each client's frames written to a function that drops them.  Each table plays
one random legal action a round; rounds go on for ``--seconds``.  Prints the CPU per
action of the whole process and, with ``--profile``, the functions that take it (cProfile
on thread CPU time: the shares, not the sizes, are what to read).

Set beside ``bench/load.py`` (the whole server over WebSockets) and ``bench/load_floor.py``
(the I/O alone), it tells the action path's part of ``server_cpu_ms_per_action`` from the
WebSocket and framework layers' part.

Usage: ``python bench/action_path.py [--tables N] [--seconds S] [--profile]``
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from ramino.server import tune_gc
from ramino.server.protocol import Act, Join
from ramino.server.store import Store, database_url
from ramino.server.tables import Client, Table, TableManager
from ramino.server.writer import DEFAULT_WINDOW


async def seat(manager: TableManager, seats: int = 4) -> tuple[Table, list[Client]]:
    table, _ = await manager.create(name="", preset="fibur", options={}, seats=["open"] * seats,
                                    private=False, bot_level=None)
    clients = []
    for number in range(seats):
        _table, client, _token = await manager.join(Join(type="join", table=table.id,
                                                         seat=number))
        while not client.outbox.empty():  # what the join sent
            client.outbox.get_nowait()
        client.direct = lambda frame: True  # written: dropped
        clients.append(client)
    return table, clients


async def play(tables: int, seconds: float, profile: cProfile.Profile | None,
               interval: float = 0.0, window: float = DEFAULT_WINDOW) -> tuple[int, float]:
    with tempfile.TemporaryDirectory() as folder:
        store = Store(database_url(Path(folder) / "path.db"))
        manager = TableManager(store, tick=3600, rng=random.Random(1), commit_window=window)
        await manager.start()
        try:
            seated = [await seat(manager) for _ in range(tables)]
            rng = random.Random(2)
            tune_gc()
            actions = 0
            started = time.process_time()
            stop = time.monotonic() + seconds
            if profile is not None:
                profile.enable()

            async def one(table: Table, clients: list[Client]) -> int:
                if table.finished:
                    return 0
                action = rng.choice(table.state.legal_actions())
                await manager.act(table, clients[table.current_seat()],
                                  Act(type="act", action=str(action), version=table.version))
                return 1

            if interval:
                async def paced(table: Table, clients: list[Client]) -> int:
                    await asyncio.sleep(rng.random() * interval)
                    count = 0
                    while time.monotonic() < stop:
                        began = time.monotonic()
                        if not await one(table, clients):
                            break
                        count += 1
                        await asyncio.sleep(max(0.0, interval - (time.monotonic() - began)))
                    return count

                actions = sum(await asyncio.gather(*(paced(t, c) for t, c in seated)))
            while not interval and time.monotonic() < stop:
                done = await asyncio.gather(*(one(t, c) for t, c in seated))
                actions += sum(done)
                if not any(done):
                    break
            if profile is not None:
                profile.disable()
            used = time.process_time() - started
        finally:
            await manager.stop()
            store.close()
    return actions, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between a table's actions, as bench/load.py plays "
                        "(0: every table acts in each round, as fast as the server goes)")
    parser.add_argument("--window-ms", type=float, default=DEFAULT_WINDOW * 1000,
                        help="the group commit's window")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    profile = cProfile.Profile(time.thread_time) if args.profile else None
    main = play(args.tables, args.seconds, profile, args.interval, args.window_ms / 1000)
    try:  # the event loop the server runs on
        import uvloop
    except ImportError:
        actions, used = asyncio.run(main)
    else:
        actions, used = uvloop.run(main)
    print(f"actions: {actions}")
    print(f"cpu_ms_per_action: {used * 1000 / max(1, actions):.3f}")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
