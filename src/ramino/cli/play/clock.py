"""``--clock MINUTES``: a time bank per player for the whole match, shown on the table.

Each turn's time (from its first decision to its discard) comes off the bank of the seat
that played it; a bank that runs out shows ``flag`` beside the player.  The clock is shown,
not enforced: a person playing against bots in a terminal is never stopped mid-move, and a
table's time-out is the arbiter's call (§2.9), which ``ramino play`` does not make.  It tells
how long the player and the bots take, and it is there to practise under a tournament's
time (the server's clocks enforce theirs).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence


class Clocks:
    """One bank per match seat, in seconds."""

    def __init__(self, minutes: float, seats: int,
                 now: Callable[[], float] = time.monotonic) -> None:
        if minutes <= 0:
            raise ValueError(f"--clock {minutes:g}: a positive number of minutes")
        self.left = [minutes * 60.0] * seats
        self._now = now
        self._running: tuple[int, float] | None = None

    def start(self, seat: int) -> None:
        self.stop()
        self._running = (seat, self._now())

    def stop(self) -> None:
        if self._running is not None:
            seat, since = self._running
            self.left[seat] -= self._now() - since
            self._running = None

    def shown(self, seats: Sequence[int]) -> list[str]:
        """The banks of the hand's seats (``seats``: their match seats) as ``m:ss``."""
        return [shown_time(self.left[s]) for s in seats]


def shown_time(seconds: float) -> str:
    if seconds <= 0:
        return "0:00 flag"
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
