"""Flood control: a token bucket per connection (a burst, then a steady rate).

A message over the limit is refused with an error and has no effect; a connection that keeps
flooding is closed.  The clock is injectable so that tests need not sleep.
"""

from __future__ import annotations

import time
from collections.abc import Callable


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
