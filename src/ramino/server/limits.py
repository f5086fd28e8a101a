"""Flood control: token buckets per connection, per address and per account name.

A message over the limit is refused with an error and has no effect; a connection that keeps
flooding is closed.  The clock is injectable so that tests need not sleep.

:class:`PerAddress` keeps one process's buckets; :class:`SharedLimit` counts in Redis (when
the server runs as several processes, ``REDIS_URL``) so that a client cannot multiply its
budget by spreading its calls over the processes, and falls back to the process's own buckets
while Redis cannot be reached.  The same key space serves addresses and account names.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import Any, Protocol

log = logging.getLogger("ramino.server")


class Limit(Protocol):
    """A budget of calls per key (an address, an account name)."""

    async def allow(self, key: str) -> bool: ...


class LocalLimit:
    """One process's budget per key: a :class:`PerAddress` behind the :class:`Limit` face."""

    def __init__(self, burst: int, per_second: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.buckets = PerAddress(burst, per_second, clock=clock)

    async def allow(self, key: str) -> bool:
        return self.buckets.allow(key)


class SharedLimit:
    """A budget per key shared by every process through Redis: ``burst`` calls in each window
    of ``burst / per_second`` seconds (a fixed window, one ``INCR`` a call).  While Redis
    fails, each process keeps the budget alone (``fallback``) rather than refuse everyone."""

    def __init__(self, redis: Any, name: str, burst: int, per_second: float,
                 prefix: str = "ramino", clock: Callable[[], float] = time.time) -> None:
        self.redis = redis
        self.key = f"{prefix}:limit:{name}"
        self.burst = burst
        self.window = max(1, math.ceil(burst / per_second)) if per_second > 0 else 86400
        self.clock = clock
        self.fallback = LocalLimit(burst, per_second)

    async def allow(self, key: str) -> bool:
        slot = int(self.clock() // self.window)
        counter = f"{self.key}:{key}:{slot}"
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                pipe.incr(counter)
                pipe.expire(counter, self.window * 2)
                count, _ = await pipe.execute()
        except Exception as exc:
            log.warning("rate limit %s: Redis unreachable (%s); this process counts alone",
                        self.key, type(exc).__name__)
            return await self.fallback.allow(key)
        return int(count) <= self.burst


class PerAddress:
    """One bucket per client address for the costly HTTP calls (creating tables, signing up
    and in: argon2 is slow on purpose), so that one address cannot wear the server out.  The
    table of addresses is bounded: the oldest are forgotten first."""

    def __init__(self, burst: int, per_second: float, max_addresses: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self.max_addresses = max_addresses
        self.clock = clock
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, address: str) -> bool:
        bucket = self.buckets.pop(address, None)
        if bucket is None:
            bucket = TokenBucket(self.burst, self.per_second, self.clock)
            if len(self.buckets) >= self.max_addresses:
                del self.buckets[next(iter(self.buckets))]
        self.buckets[address] = bucket  # most recently used last
        return bucket.allow()


class TokenBucket:
    def __init__(self, burst: int = 20, per_second: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.tokens = float(burst)
        self.stamp = clock()
        self.refused = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.per_second)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refused += 1
        return False
