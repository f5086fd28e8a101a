"""The chess clock of a table: a time bank per seat plus an increment per turn.

Only the seat whose turn it is runs.  When its turn ends (its discard, or the hand's end) the
time used is taken from its bank and the increment added.  A bank at zero is a fallen flag:
the table lets a bot of its level finish that turn (:mod:`ramino.server.tables`), and the
player goes on with the increment alone.  Time is kept in milliseconds on the monotonic clock;
the bank after each action is stored with it, so a restarted server resumes the clocks (the
time the server was down is charged to nobody).
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    def __init__(self, seats: int, bank_ms: int, increment_ms: int,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.bank = [bank_ms] * seats
        self.increment_ms = increment_ms
        self.now = now
        self.running: int | None = None
        self.since = now()

    def start(self, seat: int | None) -> None:
        """Run ``seat``'s clock from now (None: the hand is over, no clock runs)."""
        self.running = seat
        self.since = self.now()

    def left(self, seat: int) -> int:
        """Milliseconds left to ``seat`` now (never below zero)."""
        bank = self.bank[seat]
        if seat == self.running:
            bank -= int((self.now() - self.since) * 1000)
        return max(0, bank)

    def end_turn(self, next_seat: int | None) -> None:
        """The running seat's turn is over: charge it, add the increment, run the next."""
        if self.running is not None:
            self.bank[self.running] = self.left(self.running) + self.increment_ms
        self.start(next_seat)

    def checkpoint(self) -> None:
        """Charge the running seat up to now without ending its turn (before a store)."""
        if self.running is not None:
            self.bank[self.running] = self.left(self.running)
            self.since = self.now()

    def snapshot(self) -> list[int]:
        return [self.left(s) for s in range(len(self.bank))]
