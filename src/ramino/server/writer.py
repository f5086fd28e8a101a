"""Group commit: the accepted actions of every table, stored in as few transactions as can be.

Each table still waits for its own action to be durable before it broadcasts it (nothing is
ever shown that a crash could take back), but actions that arrive while a transaction is being
written share the next one, so one fsync serves many tables.  As PostgreSQL's ``commit_delay``
does, the writer also waits until a short ``window`` has passed since the first action of a
batch arrived before it writes: the actions of other tables that arrive meanwhile join the
same transaction.  Each
commit costs a hand-off to the writing thread, SQLite's page and lock calls and an fsync, so
under load a few milliseconds of waiting save far more than they cost (docs/performance.md
measures the window).  A batch that fails is retried one action at a time, so that one
table's refusal (:class:`StaleVersionError`) never fails another table's action.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass
from typing import Any

from ramino.server.store import PendingAction, Store

MAX_BATCH = 500
# Seconds the writer waits after a batch's first action for others to join it.
DEFAULT_WINDOW = 0.004


@dataclass
class _Item:
    action: PendingAction
    done: asyncio.Future[None]
    arrived: float  # the event loop's clock when it was appended


class GroupWriter:
    def __init__(self, store: Store, window: float = DEFAULT_WINDOW) -> None:
        self.store = store
        self.window = window
        self._queue: asyncio.Queue[_Item] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def append(self, action: PendingAction) -> None:
        """Return once ``action`` is committed; raise what the store raised for it."""
        if self._task is None:  # not started (a bare manager in a script): write directly
            await asyncio.to_thread(self.store.append_actions, [action])
            return
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put_nowait(_Item(action, done, loop.time()))
        await done

    async def _run(self) -> None:
        while True:
            batch = [await self._queue.get()]
            # The window runs from the first action's arrival: one that waited through the
            # previous commit has had its window already, and goes at once.
            wait = batch[0].arrived + self.window - asyncio.get_running_loop().time()
            if wait > 0:
                await asyncio.sleep(wait)
            while len(batch) < MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await asyncio.to_thread(self.store.append_actions, [i.action for i in batch])
            except Exception:
                await self._one_by_one(batch)
            else:
                for item in batch:
                    _resolve(item.done, None)

    async def _one_by_one(self, batch: list[_Item]) -> None:
        for item in batch:
            try:
                await asyncio.to_thread(self.store.append_actions, [item.action])
            except Exception as exc:
                _resolve(item.done, exc)
            else:
                _resolve(item.done, None)


def _resolve(done: asyncio.Future[None], error: Any) -> None:
    if done.done():
        return  # the waiting table was cancelled (server stopping)
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)
