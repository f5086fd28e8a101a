"""The table manager's first layer: the live tables of this process and what they need
(store, writer, fan-out, pace, clocks), each table rebuilt from the store and kept in step
with what other processes commit to it.
"""

from __future__ import annotations

import asyncio
import hmac
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from ramino.rules import make_rules
from ramino.server.clock import Clock
from ramino.server.fanout import LocalFanout
from ramino.server.games import game_of
from ramino.server.matches import rebuild
from ramino.server.profiles import levels_of
from ramino.server.store import Store, StoredTable
from ramino.server.tables.hands import reentries_by_hand, stored_hand, table_plan
from ramino.server.tables.table import Table, secret_hash
from ramino.server.writer import DEFAULT_WINDOW, GroupWriter

FAST_PACE = 5  # a "fast" table's bots wait this many times less between moves
IDLE_MS = 90_000  # a casual table's player idle this long on their turn is nudged …
NUDGE_MS = 30_000  # … and a bot plays the turn this long after the nudge


class TournamentHook(Protocol):
    """Where the hands of tables that play a tournament's turno go
    (:class:`ramino.server.tournaments.TournamentFeed`)."""

    def hand_ended(self, table: Table) -> None:
        """A hand of ``table`` has just ended and is stored; must return at once."""

    async def holds(self, table_id: str) -> bool:
        """Whether the table plays a tournament turno (no rematch there)."""


class TableRegistry:
    """The live tables of this process: found, loaded, and kept in step with what other
    processes commit to them (shared database).  The table manager's first layer."""

    def __init__(self, store: Store, *, bot_delay: float = 1.0, max_tables: int = 5000,
                 rng: random.Random | None = None, tick: float = 0.25,
                 fanout: LocalFanout | None = None,
                 wall: Callable[[], float] = time.time, idle_ms: int | None = IDLE_MS,
                 nudge_ms: int = NUDGE_MS,
                 commit_window: float = DEFAULT_WINDOW, coach: bool = True) -> None:
        self.store = store
        self.coach = coach  # this server answers hints (its coach has workers)
        self.wall = wall  # the wall clock of tournament round clocks (tests inject one)
        self.fanout = fanout or LocalFanout()
        self.rng = rng
        self.tick = tick
        self._ticker: asyncio.Task[None] | None = None
        self.writer = GroupWriter(store, commit_window)
        self.bot_delay = bot_delay  # seconds between a bot's moves ("normal" pace)
        # A casual table's idle player: nudged after ``idle_ms`` (None: never), and a bot plays
        # the turn ``nudge_ms`` later.
        self.idle_ms = idle_ms
        self.nudge_ms = nudge_ms
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.tournament: TournamentHook | None = None
        # How long a tournament table shows a hand's result before dealing the next smazzata
        # itself (a player may deal it sooner with ``next``).
        self.deal_pause = 10.0

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def lobby(self) -> list[dict[str, Any]]:
        return [t.lobby_entry() for t in self.tables.values() if not t.private]

    def may_see(self, table: Table, invite: str | None) -> bool:
        if not table.private:
            return True
        if invite is None or table.invite_hash is None:
            return False
        return hmac.compare_digest(secret_hash(invite), table.invite_hash)

    def pace_of(self, table: Table) -> float:
        """Seconds between two moves of the table's bots."""
        return self.bot_delay / FAST_PACE if table.pace == "fast" else self.bot_delay

    def _table_of(self, stored: StoredTable) -> Table:
        rules = make_rules(stored.preset, stored.options)
        game = game_of(rules)
        hand = stored.hands[-1]
        fixed = stored.tournament is not None
        plan = table_plan(rules, stored.match_hands, stored.match_target, fixed)
        in_play, state = stored_hand(rules, plan, stored.hands, len(stored.hands) - 1)
        clock = None
        if stored.clock_ms is not None:
            clock = Clock(rules.players, stored.clock_ms, stored.increment_ms)
            for seat, bank in hand.clocks.items():
                clock.bank[seat] = bank
            seating = game.seating(rules, hand.dealer, in_play)
            clock.start(None if state.is_over else seating.table(state.current))
        match = rebuild(plan, [(h.hand_no, h.result) for h in stored.hands], rules.players,
                        game.width(rules), reentries_by_hand(stored.hands))
        table = Table(stored.id, stored.name, rules, stored.preset, stored.options,
                     stored.private, stored.invite_hash, stored.bot_level, stored.seats, hand,
                     state, rng=self.rng, clock=clock, grace_ms=stored.grace_ms,
                     clock_ms=stored.clock_ms, increment_ms=stored.increment_ms,
                     match_hands=stored.match_hands, match_target=stored.match_target,
                     match=match, in_play=in_play, fixed_hands=fixed,
                     prepared=stored.prepared,
                     round_ends=None if stored.tournament is None else stored.tournament.ends_at,
                     spectator_delay=stored.spectator_delay, pace=stored.pace,
                     hints=stored.hints, coach=self.coach,
                     voided=bool(hand.result and hand.result.get("void")))
        if table.waiting and table.clock is not None:
            table.clock.start(None)  # no clock runs in a waiting room
        return table

    async def _read_levels(self, table: Table, missing_only: bool = False) -> None:
        """Read the seated accounts' levels again (all of them, or only those not read yet)."""
        accounts = table.accounts()
        if missing_only and all(a in table.levels for a in accounts):
            return
        table.levels = await asyncio.to_thread(levels_of, self.store, accounts)

    async def _sync(self, table: Table) -> bool:
        """Take in what other processes committed to this table (its lock held)."""
        if not self.fanout.shared:
            return False
        latest = await asyncio.to_thread(self.store.latest_hand_no, table.id)
        if latest is not None and latest > table.hand.hand_no:
            # Another process dealt the next hand: take the table up afresh.
            stored = await asyncio.to_thread(self.store.load_table, table.id)
            if stored is not None:
                fresh = self._table_of(stored)
                table.hand, table.state, table.clock = fresh.hand, fresh.state, fresh.clock
                table.voided, table.end_votes = fresh.voided, set()
                table.match, table.in_play = fresh.match, fresh.in_play
                table.seats = stored.seats
                table.standin_turn = None
                table.turn_started = time.monotonic()
                table.ended_at = time.monotonic() if table.finished else None
                return True
        rows = await asyncio.to_thread(self.store.actions_since, table.id,
                                       table.hand.hand_no, table.version)
        was_waiting = table.waiting
        table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
        if was_waiting and not table.waiting:
            table.begin()  # another process seated the last player
        for seq, seat, text, clock_ms in rows:
            if seq != table.version + 1:
                break
            before = table.current_seat()
            table.state.play(text)
            table.hand.actions.append((seat, text))
            table.last_move = time.monotonic()
            if table.state.is_over or table.current_seat() != before:
                if table.clock is not None:
                    table.clock.end_turn(None if table.state.is_over else table.current_seat())
                table.turn_started = time.monotonic()
            if table.clock is not None and clock_ms is not None:
                table.clock.bank[seat] = clock_ms
        if table.finished and table.ended_at is None:
            table.ended_at = time.monotonic()
        await self._read_levels(table, missing_only=not (rows and table.finished))
        return bool(rows)
