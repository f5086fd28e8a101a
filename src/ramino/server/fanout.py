"""More than one process: live updates through Redis pub/sub, and which process runs a table's
bots and clocks (a lease in Redis that another process takes over when its holder dies).

Without ``REDIS_URL`` the server is one process and :class:`LocalFanout` does nothing.  With
it, every process serves any table: actions are serialised by the database (the action number
is the primary key: optimistic concurrency, :mod:`ramino.server.store`), each commit is
announced on one channel, and a process that holds the table in memory reads the new actions
from the database and sends its own clients their views.  Only table ids and version numbers
travel through Redis, never a card.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ramino.server")

LEASE_MS = 3000  # a dead holder's tables are taken over within this time
PRESENCE_MS = 3000  # a connection elsewhere counts as present this long after it was seen

OnTable = Callable[[str], Awaitable[None]]
OnChat = Callable[[str, dict[str, Any]], Awaitable[None]]


class LocalFanout:
    """One process: nothing to announce, every lease is ours."""

    shared = False

    async def start(self, on_table: OnTable, on_chat: OnChat) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish_table(self, table_id: str) -> None:
        return None

    async def publish_chat(self, table_id: str, line: dict[str, Any]) -> None:
        return None

    async def hold_lease(self, table_id: str) -> bool:
        return True

    async def mark_present(self, table_id: str, seats: set[int]) -> None:
        return None

    async def present_elsewhere(self, table_id: str, seat: int) -> bool:
        return False


class RedisFanout(LocalFanout):
    shared = True

    def __init__(self, url: str, prefix: str = "ramino") -> None:
        import redis.asyncio as aioredis  # only deployments with REDIS_URL need redis

        self.redis = aioredis.from_url(url)
        self.prefix = prefix
        self.channel = f"{prefix}:events"
        self.origin = secrets.token_hex(8)  # this process
        self._reader: asyncio.Task[None] | None = None

    async def start(self, on_table: OnTable, on_chat: OnChat) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(self.channel)
        self._reader = asyncio.create_task(self._read(pubsub, on_table, on_chat))

    async def _read(self, pubsub: Any, on_table: OnTable, on_chat: OnChat) -> None:
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                if message is None:
                    continue
                event = json.loads(message["data"])
                if event.get("origin") == self.origin:
                    continue
                if event.get("kind") == "table":
                    await on_table(str(event["table"]))
                elif event.get("kind") == "chat":
                    await on_chat(str(event["table"]), dict(event["line"]))
            except asyncio.CancelledError:
                raise
            except Exception:  # a bad message or a Redis hiccup must not stop the updates
                log.exception("fan-out: reading the channel failed")
                await asyncio.sleep(0.5)

    async def stop(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        await self.redis.aclose()

    async def _publish(self, event: dict[str, Any]) -> None:
        event["origin"] = self.origin
        try:
            await self.redis.publish(self.channel, json.dumps(event))
        except Exception:  # the commit stands; the others catch up at their next sync
            log.exception("fan-out: publish failed")

    async def publish_table(self, table_id: str) -> None:
        await self._publish({"kind": "table", "table": table_id})

    async def publish_chat(self, table_id: str, line: dict[str, Any]) -> None:
        await self._publish({"kind": "chat", "table": table_id, "line": line})

    async def mark_present(self, table_id: str, seats: set[int]) -> None:
        """Say that these seats have a connection on this process (for a few seconds), so
        that the process running the table's clock does not think them away."""
        try:
            for seat in seats:
                await self.redis.set(f"{self.prefix}:present:{table_id}:{seat}", self.origin,
                                     px=PRESENCE_MS)
        except Exception:
            log.exception("fan-out: presence of table %s", table_id)

    async def present_elsewhere(self, table_id: str, seat: int) -> bool:
        try:
            return bool(await self.redis.exists(f"{self.prefix}:present:{table_id}:{seat}"))
        except Exception:
            log.exception("fan-out: presence of table %s", table_id)
            return True  # in doubt, no bot takes a seat from a person

    async def hold_lease(self, table_id: str) -> bool:
        """Take or renew the lease to run this table's bots and clocks."""
        key = f"{self.prefix}:lease:{table_id}"
        try:
            if await self.redis.set(key, self.origin, nx=True, px=LEASE_MS):
                return True
            holder = await self.redis.get(key)
            if isinstance(holder, bytes):
                holder = holder.decode()
            if holder == self.origin:
                await self.redis.pexpire(key, LEASE_MS)
                return True
        except Exception:
            log.exception("fan-out: lease of table %s", table_id)
        return False
