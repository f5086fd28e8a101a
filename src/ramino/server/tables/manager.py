"""The table manager: one writer per table, every command serialised, every change versioned.

Each :class:`Table` owns an ``asyncio.Lock``; an action (from a person, a bot or a bot-API
client) is checked by the engine, committed to the store, and only then applied to the live
state and broadcast — so a crash can lose a broadcast but never an accepted action.  The table
version is the number of actions of the hand; a client must send the version it saw (stale
submissions are refused).  Each receiver gets only its own ``observation(seat)`` or the public
view (:mod:`ramino.server.views`).  On start every stored table is rebuilt by replaying its
deal and actions through the engine.

:class:`TableManager` is built in layers, one module each: the live tables
(:mod:`~ramino.server.tables.registry`), playing (:mod:`~ramino.server.tables.play`), time
(:mod:`~ramino.server.tables.timekeeping`) and, here, the life cycle, new tables, joining and
chat.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections.abc import Sequence
from typing import Any

from ramino.errors import RaminoError
from ramino.rules import make_rules
from ramino.server.bots import default_level, make_bot
from ramino.server.clock import Clock
from ramino.server.games import game_of
from ramino.server.matches import fresh_match
from ramino.server.protocol import MAX_NAME_CHARS, ChatLine, Join, ProtocolError, Welcome
from ramino.server.store import StoredSeat, StoredTable, TournamentLink
from ramino.server.tables.client import Client
from ramino.server.tables.hands import new_hand, table_plan
from ramino.server.tables.table import Table, secret_hash
from ramino.server.tables.timekeeping import Timekeeping

CHAT_HISTORY = 50

# Quick play: each game's preset, and a relaxed clock (a casual table).
QUICK_PRESETS = {"burraco": "fibur", "buraco": "buraco-aberto", "scala40": "fisca"}
QUICK_CLOCK_MS = 1_200_000
QUICK_INCREMENT_MS = 15_000

log = logging.getLogger("ramino.server")


def bot_name(seat: int) -> str:
    """A bot's name: its seat as the pages count seats, from 1 ("Posto 2" holds "Bot 2")."""
    return f"Bot {seat + 1}"


def guest_name(seat: int) -> str:
    """The name of a player who gave none: "Giocatore" and the seat, counted from 1."""
    return f"Giocatore {seat + 1}"


class TableManager(Timekeeping):
    """Every live table of this process, created, loaded and played through one API."""

    # --- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every stored table at its last committed action and restart its bots."""
        self.writer.start()
        for table_id in await asyncio.to_thread(self.store.table_ids):
            stored = await asyncio.to_thread(self.store.load_table, table_id)
            if stored is None or not stored.hands:
                continue
            try:
                table = self._table_of(stored)
            except RaminoError as exc:
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
                continue
            table.chat = [ChatLine(seat=s, name=n, text=t) for s, n, t in
                          await asyncio.to_thread(self.store.recent_chat, table_id, CHAT_HISTORY)]
            self.tables[table.id] = table
            await self._read_levels(table)
            now = time.monotonic()
            if table.finished:
                table.ended_at = now
            for seat, kind in enumerate(s.kind for s in table.seats):
                if kind == "human":
                    table.absent_since[seat] = now  # nobody is connected after a restart
            self._kick_bots(table)
        await self.fanout.start(self._remote_table, self._remote_chat)
        self._ticker = asyncio.create_task(self._tick_loop())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        await self.writer.stop()
        await self.fanout.stop()

    async def get_or_load(self, table_id: str) -> Table | None:
        """A table of this process, or one another process created (shared database)."""
        table = self.tables.get(table_id)
        if table is not None or not self.fanout.shared:
            return table
        stored = await asyncio.to_thread(self.store.load_table, table_id)
        if stored is None or not stored.hands:
            return None
        if table_id not in self.tables:  # another join may have loaded it meanwhile
            loaded = self._table_of(stored)
            now = time.monotonic()
            for seat, kind in enumerate(s.kind for s in loaded.seats):
                if kind == "human":
                    loaded.absent_since[seat] = now
            self.tables[table_id] = loaded
            await self._read_levels(loaded)
            self._kick_bots(loaded)
        return self.tables[table_id]

    async def _remote_table(self, table_id: str) -> None:
        """Another process committed to a table: send this process's clients their views."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            hand_no = table.hand.hand_no
            if (await self._sync(table) and table.hand.actions
                    and table.hand.hand_no == hand_no):
                seat, text = table.hand.actions[-1]
                table.broadcast({"seat": seat, "action": text, "version": table.version})
            else:
                table.broadcast(None)  # a seat changed hands
            self._kick_bots(table)

    async def _remote_chat(self, table_id: str, line: dict[str, Any]) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        chat = ChatLine.model_validate(line)
        async with table.lock:
            table.chat = [*table.chat[-(CHAT_HISTORY - 1):], chat]
            for other in table.clients:
                if chat.seat not in other.muted:
                    other.send(chat)

    # --- lobby -------------------------------------------------------------------------------

    async def create(self, *, name: str, preset: str, options: dict[str, Any],
                     seats: Sequence[str], private: bool, bot_level: str | None,
                     clock_ms: int | None = None, increment_ms: int = 0,
                     grace_ms: int = 60000, match_hands: int = 1,
                     spectator_delay: int = 0,
                     match_target: int | None = None, pace: str = "normal",
                     hints: bool = True,
                     reserved: Sequence[StoredSeat] | None = None,
                     tournament: TournamentLink | None = None,
                     prepared: list[dict[str, Any]] | None = None
                     ) -> tuple[Table, str | None]:
        """A new table with its first hand dealt; returns it and the invite code if private.
        ``RaminoError``/``ValueError`` with a readable message for bad settings.  A tournament
        table comes with its ``reserved`` seats (each held by a player's seat key), its
        ``tournament`` link and, in a duplicate turno, the ``prepared`` deal of each hand.
        A table with open seats waits for its players (:attr:`Table.waiting`)."""
        if len(self.tables) >= self.max_tables:
            raise ValueError("this server holds as many tables as it may; try again later")
        plain = make_rules(preset, {})
        allowed = game_of(plain).table_sizes(plain)
        counts = ", ".join(map(str, allowed[:-1])) + f" or {allowed[-1]}"
        if "players" not in options and len(seats) != plain.players:
            # The seats say how many play (Scala 40 2 to 6, §6.1; Burraco 2, 3, 4 or 6), before
            # the other options, which may depend on it: teams of three need six.
            if len(seats) not in allowed:
                raise ValueError(f"{len(seats)} seats: {preset} is played at a table by "
                                 f"{counts}")
            options = {**options, "players": len(seats)}
        rules = make_rules(preset, options)
        if rules.players not in allowed:
            raise ValueError(f"players {rules.players}: {preset} is played at a table by "
                             f"{counts}")
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player game")
        game_of(rules).check(rules)
        if any(kind not in ("open", "bot") for kind in seats):
            raise ValueError("each seat is 'open' (for a person) or 'bot'")
        if pace not in ("normal", "fast"):
            raise ValueError("pace is 'normal' or 'fast'")
        bot_level = bot_level or default_level(rules.game)
        make_bot(bot_level, 0, rules)  # refuse an unknown level now, not at the bots' first turn
        invite = secrets.token_urlsafe(9) if private else None
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        dealer = rules.players - 1
        hand, state = new_hand(rules, 0, dealer, self.rng,
                               prepared=None if prepared is None else prepared[0])
        stored_seats = [StoredSeat(kind, bot_name(i) if kind == "bot" else "", None)
                        for i, kind in enumerate(seats)]
        if reserved is not None:
            stored_seats = list(reserved)
        invite_hash = None if invite is None else secret_hash(invite)
        stored = StoredTable(table_id, name or f"Tavolo {table_id}", rules.game, preset,
                             dict(options), private, invite_hash,
                             bot_level, stored_seats, [hand], clock_ms, increment_ms, grace_ms,
                             match_hands, spectator_delay, match_target, tournament, pace=pace,
                             hints=hints)
        await asyncio.to_thread(self.store.create_table, stored)
        clock = None
        if clock_ms is not None:
            clock = Clock(rules.players, clock_ms, increment_ms)
            clock.start(game_of(rules).seating(rules, dealer,
                                               (True,) * rules.players).table(state.current))
        table = Table(table_id, stored.name, rules, preset, dict(options), private,
                      stored.invite_hash, bot_level, stored_seats, hand, state, rng=self.rng,
                      clock=clock, grace_ms=grace_ms, clock_ms=clock_ms,
                      increment_ms=increment_ms, match_hands=match_hands,
                      spectator_delay=spectator_delay, match_target=match_target,
                      match=fresh_match(table_plan(rules, match_hands, match_target,
                                                   tournament is not None),
                                        game_of(rules).width(rules)),
                      in_play=(True,) * rules.players, fixed_hands=tournament is not None,
                      prepared=prepared, pace=pace, hints=hints, coach=self.coach,
                      round_ends=None if tournament is None else tournament.ends_at)
        if table.waiting and clock is not None:
            clock.start(None)  # no clock runs for an empty seat: it starts with the hand
        for seat, held in enumerate(stored_seats):
            if held.kind == "human":  # reserved: absent until its player comes
                table.absent_since[seat] = time.monotonic()
        self.tables[table_id] = table
        self._kick_bots(table)
        return table, invite

    async def quick_play(self, game: str, name: str, account: tuple[int, str] | None,
                         pace: str = "normal", bot_level: str | None = None,
                         players: int | None = None) -> tuple[Table, str, str]:
        """A table of ``game`` dealt at once: the caller on seat 0 (kept for them by a seat key,
        returned), bots in every other seat — at Burraco and Buraco the partner opposite is a
        bot too.  A relaxed clock (:data:`QUICK_CLOCK_MS`); bots of ``bot_level``, by default
        the game's strongest up to ``expert``; ``players`` seats (a count the game's tables
        take), else the preset's.  Private (a table of one person is nobody else's business):
        returns the table, its invite code and the seat key."""
        preset = QUICK_PRESETS[game]
        rules = make_rules(preset, {})
        players = players or rules.players
        token = secrets.token_urlsafe(24)
        player = account[1] if account is not None else (" ".join(name.split())[:MAX_NAME_CHARS]
                                                          or guest_name(0))
        seats = ["open"] + ["bot"] * (players - 1)
        reserved = [StoredSeat("human", player, secret_hash(token),
                               None if account is None else account[0])]
        reserved += [StoredSeat("bot", bot_name(i), None) for i in range(1, players)]
        table, invite = await self.create(
            name="", preset=preset, options={}, seats=seats, private=True, bot_level=bot_level,
            clock_ms=QUICK_CLOCK_MS, increment_ms=QUICK_INCREMENT_MS, pace=pace,
            reserved=reserved)
        await self._read_levels(table)
        assert invite is not None
        return table, invite, token

    async def fill(self, table: Table, client: Client) -> None:
        """A waiting table: a bot of the table's level in every open seat, and the hand
        starts."""
        async with table.lock:
            await self._sync(table)
            if client.seat is None:
                raise ProtocolError("not-seated", "only a seated player fills the table")
            if not table.waiting:
                raise ProtocolError("not-waiting", "every seat is taken: the hand has started")
            for seat, held in enumerate(table.seats):
                if held.kind != "open":
                    continue
                bot = StoredSeat("bot", bot_name(seat), None)
                if await asyncio.to_thread(self.store.claim_seat, table.id, seat, bot):
                    table.seats[seat] = bot
            table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
            if not table.waiting:
                table.begin()
            table.broadcast(None)
            await self.fanout.publish_table(table.id)
            self._kick_bots(table)

    # --- joining -----------------------------------------------------------------------------

    async def join(self, message: Join, account: tuple[int, str] | None = None
                   ) -> tuple[Table, Client, str | None]:
        """Seat (or take back a seat, or watch) and send the welcome and the table.
        ``account`` is the (id, name) signed in on this connection, if any: its seats come
        back to it from any device, and what it earns is recorded."""
        table = await self.get_or_load(message.table)
        if table is None:
            raise ProtocolError("no-table", f"there is no table {message.table!r}")
        if not self.may_see(table, message.invite):
            raise ProtocolError("invite-required",
                                "this table is private: join with its invite code")
        name = " ".join(message.name.split())[:MAX_NAME_CHARS]
        token: str | None = None
        async with table.lock:
            await self._sync(table)
            if message.spectate:
                if not table.watchable():
                    raise ProtocolError("duplicate-hidden", "a duplicate turno's table can be "
                                        "watched once every table has played every smazzata")
                seat: int | None = None
                name = name or "Spettatore"
            elif message.token is not None:
                wanted = secret_hash(message.token)
                matches = [i for i, s in enumerate(table.seats)
                           if s.token_hash is not None and hmac.compare_digest(s.token_hash,
                                                                               wanted)]
                if not matches:
                    raise ProtocolError("bad-token", "that seat key belongs to no seat here")
                seat = matches[0]
                name = table.seats[seat].name
                # Back from any device: the stand-in bot gives the seat back.
                table.standin.discard(seat)
                table.absent_since.pop(seat, None)
            elif message.seat is not None:
                seat = message.seat
                if seat >= len(table.seats):
                    raise ProtocolError("no-seat", f"this table has seats 0–"
                                        f"{len(table.seats) - 1}")
                held = table.seats[seat]
                if (account is not None and held.kind == "human"
                        and held.account_id == account[0]):
                    name = held.name  # the account's own seat, from another device
                    table.standin.discard(seat)
                    table.absent_since.pop(seat, None)
                    await self._read_levels(table, missing_only=True)
                    client = self._admit(table, name, seat, None, account)
                    await self.fanout.mark_present(table.id, {seat})
                    return table, client, None
                if held.kind != "open":
                    raise ProtocolError("seat-taken", f"seat {seat} is taken")
                token = secrets.token_urlsafe(24)
                name = account[1] if account is not None else name or guest_name(seat)
                taken = StoredSeat("human", name, secret_hash(token),
                                   None if account is None else account[0])
                if not await asyncio.to_thread(self.store.claim_seat, table.id, seat, taken):
                    table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
                    raise ProtocolError("seat-taken", f"seat {seat} is taken")
                was_waiting = table.waiting
                table.seats[seat] = taken
                if was_waiting and not table.waiting:
                    table.begin()  # the last open seat: the hand starts
                await self.fanout.publish_table(table.id)
            else:
                raise ProtocolError("malformed", "join: give a seat, a seat key or spectate")
            await self._read_levels(table, missing_only=True)
            client = self._admit(table, name, seat, token, account)
            self._kick_bots(table)
        if seat is not None:
            await self.fanout.mark_present(table.id, {seat})  # before any clock looks
        return table, client, token

    def _admit(self, table: Table, name: str, seat: int | None, token: str | None,
               account: tuple[int, str] | None) -> Client:
        """Welcome a client to the table (its lock held) and send everyone what changed."""
        client = Client(name, seat)
        client.send(Welcome(table=table.id, name=name, seat=seat, token=token,
                            account=None if account is None else account[1],
                            chat=[c.model_dump() for c in table.chat]))
        table.clients.add(client)
        if seat is None:
            client.push(table.update_for(client, None))
        else:
            table.broadcast(None)  # the newcomer's first update, the others' presence
        return client

    async def leave(self, table: Table, client: Client) -> None:
        async with table.lock:
            table.clients.discard(client)
            if client.seat is not None:
                if not any(c.seat == client.seat for c in table.clients):
                    table.absent_since[client.seat] = time.monotonic()
                table.broadcast(None)

    # --- chat --------------------------------------------------------------------------------

    async def chat(self, table: Table, client: Client, text: str) -> None:
        if client.seat is None:
            raise ProtocolError("not-seated", "spectators watch; the chat is the players'")
        line = ChatLine(seat=client.seat, name=client.name, text=" ".join(text.split()))
        if not line.text:
            raise ProtocolError("malformed", "chat: empty message")
        async with table.lock:
            await asyncio.to_thread(self.store.add_chat, table.id, client.seat, client.name,
                                    line.text)
            table.chat = [*table.chat[-(CHAT_HISTORY - 1):], line]
            for other in table.clients:
                if client.seat not in other.muted:
                    other.send(line)
        await self.fanout.publish_chat(table.id, line.model_dump())
