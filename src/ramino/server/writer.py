"""Group commit: the accepted actions of every table, stored in as few transactions as can be.

Each table still waits for its own action to be durable before it broadcasts it (nothing is
ever shown that a crash could take back), but actions that arrive while a transaction is being
written share the next one, so one fsync serves many tables.  As PostgreSQL's ``commit_delay``
does, the writer also waits until a short ``window`` has passed since the first action of a
batch arrived before it writes: the actions of other tables that arrive meanwhile join the
same transaction.  A batch that fails is retried one action at a time, so that one table's
refusal (:class:`StaleVersionError`) never fails another table's action.

The writing runs in one thread of its own, fed through a ``queue.SimpleQueue`` (a C queue:
putting an action is one call, with no event-loop task between) and answering each batch
with one ``call_soon_threadsafe``: a table waits on one future, and the event loop's share
of a commit is resolving those futures.  Under load the event loop's thread is the server's
bottleneck, so the commit's bookkeeping belongs on the writer's side.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from dataclasses import dataclass

from ramino.server.store import PendingAction, Store

log = logging.getLogger("ramino.server")

MAX_BATCH = 500
# Seconds the writer waits after a batch's first action for others to join it.
DEFAULT_WINDOW = 0.004


@dataclass(slots=True)
class _Item:
    action: PendingAction
    done: asyncio.Future[None]
    arrived: float  # time.monotonic() when it was appended


class GroupWriter:
    def __init__(self, store: Store, window: float = DEFAULT_WINDOW) -> None:
        self.store = store
        self.window = window
        self._queue: queue.SimpleQueue[_Item | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, name="ramino-writer", daemon=True)
        self._thread.start()

    async def stop(self) -> None:
        """Write what is queued, then end the writing thread."""
        thread = self._thread
        if thread is None:
            return
        self._thread = None
        self._queue.put(None)
        await asyncio.to_thread(thread.join)

    async def append(self, action: PendingAction) -> None:
        """Return once ``action`` is committed; raise what the store raised for it."""
        loop = self._loop
        if self._thread is None or loop is None:
            # Not started (a bare manager in a script): write directly.
            await asyncio.to_thread(self.store.append_actions, [action])
            return
        done: asyncio.Future[None] = loop.create_future()
        self._queue.put(_Item(action, done, time.monotonic()))
        await done

    def _run(self) -> None:
        take = self._queue.get
        while True:
            first = take()
            if first is None:
                return
            batch = [first]
            # The window runs from the first action's arrival: one that waited through the
            # previous commit has had its window already, and goes at once.
            wait = first.arrived + self.window - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            stopping = False
            while len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stopping = True
                    break
                batch.append(item)
            self._answer(batch, self._write(batch))
            if stopping:
                return

    def _write(self, batch: list[_Item]) -> list[BaseException | None]:
        """Each action's outcome: None when stored, else what the store raised for it."""
        try:
            self.store.append_actions([item.action for item in batch])
        except Exception:
            outcomes: list[BaseException | None] = []
            for item in batch:
                try:
                    self.store.append_actions([item.action])
                except Exception as exc:
                    outcomes.append(exc)
                else:
                    outcomes.append(None)
            return outcomes
        return [None] * len(batch)

    def _answer(self, batch: list[_Item], outcomes: list[BaseException | None]) -> None:
        loop = self._loop
        assert loop is not None
        try:
            loop.call_soon_threadsafe(_resolve, batch, outcomes)
        except RuntimeError:  # the event loop has closed: nobody waits any more
            log.warning("group commit: %d actions written after the event loop closed",
                        len(batch))


def _resolve(batch: list[_Item], outcomes: list[BaseException | None]) -> None:
    for item, error in zip(batch, outcomes, strict=True):
        done = item.done
        if done.done():
            continue  # the waiting table was cancelled (server stopping)
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)
