"""The coach's worker pool: hints and reviews searched off the server's event loop.

A hint or a review is a search in pure Python, CPU-bound for its whole budget: run on the
event loop it would stop every table, and run in a thread of the server's process it would
hold the GIL the tables need.  So it runs in a separate process (a
``concurrent.futures.ProcessPoolExecutor``, started on the first request and shut down with
the app), with a bounded number of requests in flight: when ``workers + queue`` requests are
already running or waiting, the next is refused at once (:class:`CoachBusy`) instead of
queued without bound.  Each request has its own budget (``seconds`` of search) and each player
a budget of requests (:mod:`ramino.server.limits`), so no one can keep the pool to themselves.

The settings come from the environment (docs/server.md, "Hints and reviews"):

- ``RAMINO_COACH_WORKERS``  worker processes (default 1; 0 turns the coach off)
- ``RAMINO_COACH_QUEUE``    requests that may wait for a worker (default 2: a hint that waits
  behind more searches than that comes too late to help)
- ``RAMINO_COACH_SECONDS``  search seconds per hint (default 1.0)
- ``RAMINO_COACH_REVIEW_SECONDS``  search seconds per decision of a reviewed hand (default
  0.25: a seat has some twenty to forty decisions a hand)
- ``RAMINO_COACH_RATE``     each player's hints as ``BURST,PER_SECOND`` (default ``4,0.1``:
  four at once, then one every ten seconds)
- ``RAMINO_COACH_NICE``     how much lower the workers' CPU priority is than the server's
  (default 10, 0 to 19): on a machine whose cores the tables need, the kernel runs the tables
  first and a search takes what is left, so hints slow down before the tables do
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from collections.abc import Callable, Mapping
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

T = TypeVar("T")

class CoachBusy(Exception):
    """Every worker is busy and the queue is full: the request is refused, not queued."""


class CoachOff(Exception):
    """This server runs no coach (``RAMINO_COACH_WORKERS=0``)."""


@dataclass(frozen=True)
class CoachSettings:
    workers: int = 1
    queue: int = 2
    seconds: float = 1.0
    review_seconds: float = 0.25
    burst: int = 4
    per_second: float = 0.1
    nice: int = 10

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> CoachSettings:
        """The settings from ``RAMINO_COACH_*``; a bad value stops the server with its name."""

        def number(name: str, default: float, low: float, high: float) -> float:
            text = environ.get(name)
            if text is None:
                return default
            try:
                value = float(text)
            except ValueError:
                value = low - 1
            if not low <= value <= high:
                raise SystemExit(f"{name} must be a number from {low:g} to {high:g}, "
                                 f"not {text!r}")
            return value

        rate = environ.get("RAMINO_COACH_RATE", "4,0.1")
        try:
            burst_text, per_second_text = rate.split(",")
            burst, per_second = int(burst_text), float(per_second_text)
        except ValueError:
            raise SystemExit(f"RAMINO_COACH_RATE must be BURST,PER_SECOND (e.g. 4,0.1), "
                             f"not {rate!r}") from None
        return cls(workers=int(number("RAMINO_COACH_WORKERS", 1, 0, 64)),
                   queue=int(number("RAMINO_COACH_QUEUE", 2, 0, 1000)),
                   seconds=number("RAMINO_COACH_SECONDS", 1.0, 0.05, 30.0),
                   review_seconds=number("RAMINO_COACH_REVIEW_SECONDS", 0.25, 0.01, 10.0),
                   burst=burst, per_second=per_second,
                   nice=int(number("RAMINO_COACH_NICE", 10, 0, 19)))


def lower_priority(increment: int) -> None:
    """Run this worker process ``increment`` nice levels below its parent (a worker's
    initializer)."""
    if increment > 0:
        os.nice(increment)


def process_pool(workers: int, nice: int = 0) -> Executor:
    """``workers`` coach processes, ``nice`` levels below the server."""
    # A fresh interpreter per worker ("spawn"): forking a process that runs an event loop and
    # threads would copy their locks in whatever state they were.
    return ProcessPoolExecutor(max_workers=workers,
                               mp_context=multiprocessing.get_context("spawn"),
                               initializer=lower_priority, initargs=(nice,))


class CoachPool:
    """A bounded pool of coach workers, started on first use.  ``executor`` builds the
    executor from the number of workers and their nice increment (tests pass a thread pool: no
    process to spawn)."""

    def __init__(self, settings: CoachSettings,
                 executor: Callable[[int, int], Executor] = process_pool) -> None:
        self.settings = settings
        self._make = executor
        self._executor: Executor | None = None
        # Counted until the worker is done with it, even when its asker has gone: a search
        # abandoned by its asker still holds its worker.
        self._futures: set[Future[Any]] = set()

    @property
    def in_flight(self) -> int:
        self._futures = {f for f in self._futures if not f.done()}
        return len(self._futures)

    @property
    def capacity(self) -> int:
        """Requests running or waiting at most: one per worker and the queue."""
        return self.settings.workers + self.settings.queue

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        """``job(*args)`` in a worker; :class:`CoachBusy` at once when the pool is full,
        :class:`CoachOff` when the server runs no coach."""
        if self.settings.workers == 0:
            raise CoachOff("this server offers no coach")
        if self.in_flight >= self.capacity:
            raise CoachBusy("the coach is busy")
        if self._executor is None:
            self._executor = self._make(self.settings.workers, self.settings.nice)
        executor = self._executor
        try:
            future = executor.submit(job, *args)
            self._futures.add(future)
            return await asyncio.wrap_future(future)
        except BrokenExecutor:
            # A worker died (killed, out of memory): the next request starts a fresh pool
            # instead of every later one failing.
            if self._executor is executor:
                self._executor = None
                executor.shutdown(wait=False, cancel_futures=True)
            raise

    def shutdown(self) -> None:
        """Stop the workers (with the app): a search still running is abandoned."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def coach_settings() -> CoachSettings:
    return CoachSettings.from_environ(os.environ)
