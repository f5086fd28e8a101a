"""A connection's side of a table: the outbox of its frames, and the error frame of a refusal.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel

from ramino.errors import IllegalActionError
from ramino.server.protocol import ErrorInfo, ProtocolError
from ramino.server.refusal_texts import refusal_message

if TYPE_CHECKING:
    from ramino.server.tables.table import Table

OUTBOX_LIMIT = 256  # frames queued for one slow client before it is disconnected


class Client:
    """One connection's outbox: the table puts frames in, the connection's sender sends them."""

    def __init__(self, name: str, seat: int | None, lang: str = "en") -> None:
        self.name = name
        self.seat = seat
        self.lang = lang  # the language refusals are explained in
        self.muted: set[int] = set()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.overflowed = False
        # Writes a frame to the connection at once when it can (ramino.server.direct_frames);
        # otherwise frames wait in the outbox for the connection's sender, which marks
        # ``sending`` while it holds one, so that no frame overtakes another.
        self.direct: Callable[[str], bool] | None = None
        self.sending = False

    def send(self, message: BaseModel) -> None:
        self.push(message.model_dump_json())

    def push(self, frame: str) -> None:
        """Queue an encoded frame (a broadcast encodes each distinct view once)."""
        if self.overflowed:
            return
        if (self.direct is not None and not self.sending and self.outbox.empty()
                and self.direct(frame)):
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:
            # A client that does not read cannot hold the table up: it is cut off and will
            # resync in full when it reconnects.
            self.overflowed = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)


def error_of(exc: Exception, table: Table | None = None, lang: str = "en",
             written: str | None = None) -> ErrorInfo:
    """The error frame of a refusal, with the rule and docs/rules.md section when the engine
    refused, explained in ``lang`` with the words of ``table``'s game (``written``: the move
    as the player wrote it)."""
    if isinstance(exc, IllegalActionError):
        game = "burraco" if table is None else table.rules.game
        message = refusal_message(exc, game, lang, None if table is None else table.rules,
                                  written)
        return ErrorInfo(code="illegal", message=message, rule=exc.rule, section=exc.section,
                         detail=None if message == str(exc) else str(exc))
    if isinstance(exc, ProtocolError):
        return ErrorInfo(code=exc.code, message=exc.message)
    return ErrorInfo(code="error", message=str(exc))
