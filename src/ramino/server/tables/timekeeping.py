"""The table manager's third layer: time.  A tick looks at every table: a tournament's
round clock, an empty time bank or a player away past the grace period (a bot stands in), an
idle player at a casual table (nudged, then a bot plays the turn), and a tournament table's
next smazzata.
"""

from __future__ import annotations

import asyncio
import logging
import time

from ramino.server.lobby import nudge_text
from ramino.server.protocol import Nudge
from ramino.server.tables.play import TablePlay
from ramino.server.tables.table import Table

log = logging.getLogger("ramino.server")
# The longest a table goes unlooked at by the tick, whatever it expects next.
MAX_QUIET = 1.0


class Timekeeping(TablePlay):
    """The tick: clocks, absences, idle players, the round clock and the next smazzata."""

    async def _tick_loop(self) -> None:
        marked = 0.0
        while True:
            await asyncio.sleep(self.tick)
            # Presence for the other processes once a second (it lives 3 s in Redis).
            mark = self.fanout.shared and time.monotonic() - marked >= 1.0
            if mark:
                marked = time.monotonic()
            now = time.monotonic()
            for table in list(self.tables.values()):
                if table.quiet_until > now and not self.fanout.shared:
                    continue  # nothing can fall due there before then (see _next_due)
                try:
                    if self.fanout.shared:
                        self._kick_bots(table)  # take over the bots of a process that died
                        here = {c.seat for c in table.clients if c.seat is not None}
                        if mark and here:
                            await self.fanout.mark_present(table.id, here)
                    wait = self._next_due(table, now)
                    if wait <= 0:
                        await self.check_time(table)
                    else:
                        table.quiet_until = now + min(wait, MAX_QUIET)
                    if table.fixed_hands and table.finished:
                        await self.deal_turno(table)
                except Exception:  # one table's trouble must not stop every clock
                    log.exception("table %s: clock check failed", table.id)

    def _next_due(self, table: Table, now: float) -> float:
        """Seconds until :meth:`check_time` may have something to do at ``table`` (0: now): a
        round clock that ends, or on a person's turn an empty bank, the player away, or a
        casual table's idle time run out.  The tick skips a table until then (any change
        to the table, which is broadcast, has it looked at again on the next tick), so the
        thousands of tables where nothing is due cost nothing; ``check_time`` itself
        decides."""
        waits = [MAX_QUIET]
        if table.round_ends is not None and not table.time_called:
            waits.append(table.round_ends - self.wall())
        if table.fixed_hands and table.finished and table.ended_at is not None:
            waits.append(table.ended_at + self.deal_pause - now)
        if table.finished or table.waiting:
            return min(waits)
        seat = table.current_seat()
        if table.seats[seat].kind != "human" or table.bot_plays(seat):
            return min(waits)
        if seat in table.absent_since or not any(c.seat == seat for c in table.clients):
            return 0.0
        if table.clock is not None:
            waits.append(table.clock.left(seat) / 1000)
        if self.idle_ms is not None and table.casual():
            waits.append(max(table.turn_started, table.last_move) + self.idle_ms / 1000 - now)
        return min(waits)

    async def check_time(self, table: Table) -> None:
        """Call time at a tournament table whose round clock has ended; let a bot stand in for
        the player whose turn it is when its time bank is empty (for this turn) or when it
        has been away longer than the grace period (until it comes back, from any device,
        with its seat key)."""
        if (table.round_ends is not None and not table.time_called
                and self.wall() >= table.round_ends):
            async with table.lock:
                await self._round_clock(table)
        state = table.state
        if table.finished or table.waiting:
            return
        seat = table.current_seat()
        if table.seats[seat].kind != "human" or table.bot_plays(seat):
            return
        out_of_time = table.clock is not None and table.clock.left(seat) <= 0
        here = any(c.seat == seat for c in table.clients)
        if not out_of_time and here and await self._idle(table, seat):
            return
        if not out_of_time and (seat not in table.absent_since or here):
            return  # the usual case, settled without queueing for the table's lock
        now = time.monotonic()
        changed = False
        async with table.lock:
            if table.state is not state:
                return  # moved on meanwhile; the next tick looks again
            if table.clock is not None and table.clock.left(seat) <= 0:
                table.standin_turn = seat
                changed = True
            elif seat in table.absent_since and not any(c.seat == seat for c in table.clients):
                away = now - max(table.absent_since[seat], table.turn_started)
                if (away * 1000 >= table.grace_ms
                        and not await self.fanout.present_elsewhere(table.id, seat)):
                    table.standin.add(seat)
                    changed = True
            if changed:
                table.broadcast(None)
                self._kick_bots(table)

    async def _idle(self, table: Table, seat: int) -> bool:
        """A casual table's player, connected, who has not moved on their turn for
        ``idle_ms``: nudged once (a ``nudge`` to their connections), then, ``nudge_ms`` later,
        a bot plays the rest of that turn.  Whether the player is idle (then this rule has
        the turn in hand and nothing else is looked at)."""
        if self.idle_ms is None or not table.casual():
            return False
        since = max(table.turn_started, table.last_move)
        idle_ms = (time.monotonic() - since) * 1000
        if idle_ms < self.idle_ms:
            return False
        if table.nudged != since:
            table.nudged = since
            for client in table.clients:
                if client.seat == seat:
                    seconds = round(self.nudge_ms / 1000)
                    client.send(Nudge(seconds=seconds, message=nudge_text(client.lang, seconds)))
            return True
        if idle_ms < self.idle_ms + self.nudge_ms:
            return True
        state = table.state
        async with table.lock:
            if table.state is not state or table.bot_plays(seat):
                return True  # moved on meanwhile; the next tick looks again
            table.standin_turn = seat
            table.broadcast(None)
            self._kick_bots(table)
        return True
