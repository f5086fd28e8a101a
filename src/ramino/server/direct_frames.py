"""Table updates written straight to their WebSocket connections, in the broadcast itself.

An update goes to every client of a table at once.  Through ASGI each frame would be queued
for its connection's sender task and then pass Starlette's WebSocket state checks, the
exception middleware's wrapper and the server's ``send`` coroutine before the server frames
it and writes it to the socket: per frame, a queue hand-off, a task switch and four layers of
coroutines around the one thing that must happen.  Under the server ``ramino serve`` runs
(uvicorn's websockets-sansio protocol) the connection is reachable from the ASGI ``send``
callable it hands the application, so a broadcast frames and writes each update itself,
exactly as that protocol's own ``send`` does for a text message: a server's frame of an open
connection with no extension (``ramino serve`` offers none) is a two- to ten-byte header and
the text (RFC 6455, section 5.2), which :func:`text_frame` writes.

Only while that is safe: the connection open and its transport below its high-water mark.
A client whose transport is full, a closing connection, a frame behind others still queued,
or another ASGI server: the frame takes the ASGI way, in order.  :class:`RawSend` is the
outermost middleware, which keeps the server's own ``send`` in the connection's scope.
"""

from __future__ import annotations

import struct
from collections.abc import Callable

from starlette.types import ASGIApp, Receive, Scope, Send
from websockets.protocol import State

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import (
        WebSocketsSansIOProtocol,
    )
except ImportError:  # an older uvicorn, or another server: the ASGI way only
    WebSocketsSansIOProtocol = None  # type: ignore[assignment,misc]

SCOPE_KEY = "ramino.server_send"

DirectWrite = Callable[[str], bool]


class RawSend:
    """Keeps the server's own ``send`` of a WebSocket connection in its scope, before any
    middleware wraps it (add it last: the last middleware added is the outermost)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            scope[SCOPE_KEY] = send
        await self.app(scope, receive, send)


def direct_writer(scope: Scope) -> DirectWrite | None:
    """A function that writes a text frame to this connection now and says whether it did,
    or None when the server is not one whose connections can be written to directly."""
    send = scope.get(SCOPE_KEY)
    protocol = getattr(send, "__self__", None)
    if WebSocketsSansIOProtocol is None or not isinstance(protocol, WebSocketsSansIOProtocol):
        return None
    connection = protocol

    def write(frame: str) -> bool:
        if (not connection.handshake_complete or connection.close_sent
                or connection.disconnected or connection.initial_response is not None
                or not connection.writable.is_set() or connection.transport.is_closing()
                or connection.conn.state is not State.OPEN or connection.conn.extensions):
            return False
        connection.transport.write(text_frame(frame.encode()))
        return True

    return write


def text_frame(data: bytes) -> bytes:
    """One unfragmented, unmasked text frame of ``data`` (UTF-8), as a server sends it."""
    size = len(data)
    if size < 126:
        header = bytes((0x81, size))
    elif size < 1 << 16:
        header = struct.pack("!BBH", 0x81, 126, size)
    else:
        header = struct.pack("!BBQ", 0x81, 127, size)
    return header + data
