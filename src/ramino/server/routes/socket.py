"""``/ws``: where players, spectators and bot-API clients speak
:mod:`ramino.server.protocol` — the join handshake, then each message to the table manager
and each of the table's frames back, under the connection's and the address's limits."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ramino.errors import IllegalActionError, RaminoError
from ramino.server import coach_texts
from ramino.server.accounts import SESSION_COOKIE, is_bot_token
from ramino.server.direct_frames import direct_writer
from ramino.server.hints import TableCoach
from ramino.server.i18n import LANG_COOKIE, choose_language
from ramino.server.limits import Limit, PerAddress, TokenBucket
from ramino.server.protocol import (
    Act,
    AnyMessage,
    AskHint,
    Chat,
    EndVote,
    ErrorInfo,
    Fill,
    Join,
    Mute,
    Next,
    Ping,
    Pong,
    ProtocolError,
    Reenter,
    parse_client,
)
from ramino.server.routes.deps import (
    CoachDep,
    LimitsDep,
    ManagerDep,
    StoreDep,
    address_of,
    sha256,
)
from ramino.server.store import Store
from ramino.server.tables import Client, Table, TableManager, error_of

JOIN_TIMEOUT = 15.0
FLOOD_CLOSE_AFTER = 200  # refusals before a flooding connection is closed
FAILED_JOINS_CLOSE_AFTER = 10  # refused joins (bad seat keys, taken seats…) before closing

router = APIRouter()


@router.websocket("/ws")
async def table_socket(websocket: WebSocket, manager: ManagerDep, store: StoreDep,
                       limits: LimitsDep, coach: CoachDep) -> None:
    await websocket.accept()
    account = None
    token = websocket.cookies.get(SESSION_COOKIE)
    if token and len(token) <= 100 and not is_bot_token(token):
        account = await asyncio.to_thread(store.session_account, sha256(token))
    # Refusals in the page's language (its cookie, else the browser's); a program that
    # says nothing reads the engine's own English.
    kept = websocket.cookies.get(LANG_COOKIE)
    accept = websocket.headers.get("accept-language")
    lang = choose_language(None, kept, accept) if kept or accept else "en"
    await serve_connection(manager, websocket, TokenBucket(limits.burst, limits.per_second),
                           account, store, lang, address=address_of(websocket.client),
                           joins=limits.joins, address_messages=limits.address_messages,
                           coach=coach)


async def _send_error(websocket: WebSocket, exc: Exception) -> None:
    await websocket.send_json(error_of(exc).model_dump(mode="json"))


async def _receive_text(websocket: WebSocket) -> str | None:
    """The next frame's text, or None when the client has gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        try:
            text = data.decode()
        except UnicodeDecodeError:
            text = "\x00"  # refused as malformed JSON below
    return str(text)


async def serve_connection(manager: TableManager, websocket: WebSocket,
                           bucket: TokenBucket, account: tuple[int, str] | None = None,
                           store: Store | None = None, lang: str = "en", *,
                           address: str = "?", joins: Limit | None = None,
                           address_messages: PerAddress | None = None,
                           coach: TableCoach | None = None) -> None:
    """One client: the join handshake, then its messages until it leaves.  Refusals are
    explained in the language the join asks for, else ``lang`` (the page's).

    Every frame spends the connection's ``bucket`` (a bucket of the same size before the
    join); a join also spends the address's
    ``joins`` budget, and a message after the join the address's ``address_messages``.  A
    connection that keeps flooding, or whose joins keep being refused (guessed seat keys,
    forged tokens), is closed.  ``coach`` answers hint requests (None: no hints here)."""
    joined: tuple[Table, Client] | None = None
    failed_joins = 0
    handshake = TokenBucket(bucket.burst, bucket.per_second, bucket.clock)  # before the join
    while joined is None:
        try:
            text = await asyncio.wait_for(_receive_text(websocket), JOIN_TIMEOUT)
        except TimeoutError:
            await websocket.close(1008, "join first")
            return
        except WebSocketDisconnect:
            return
        if text is None:
            return
        try:
            if not handshake.allow():
                raise ProtocolError("flood", "too many messages: slow down")
            message = parse_client(text)
            if not isinstance(message, Join):
                raise ProtocolError("join-first", "send 'join' before anything else")
            if joins is not None and not await joins.allow(address):
                raise ProtocolError("flood", "too many joins from your address: slow down")
            if message.auth is not None and store is not None:
                if not is_bot_token(message.auth):
                    raise ProtocolError("bad-auth", "auth takes a bot token (POST /api/tokens)")
                account = await asyncio.to_thread(store.session_account, sha256(message.auth))
                if account is None:
                    raise ProtocolError("bad-auth", "that bot token is unknown or expired")
            table, client, _token = await manager.join(message, account)
            client.lang = message.lang or lang
            joined = (table, client)
        except ProtocolError as exc:
            await _send_error(websocket, exc)
            failed_joins += 1
            if failed_joins >= FAILED_JOINS_CLOSE_AFTER:
                await websocket.close(1008, "too many refused messages")
                return
    table, client = joined
    client.direct = direct_writer(websocket.scope)
    sender = asyncio.create_task(_sender(websocket, client))
    try:
        while not sender.done():
            try:
                text = await _receive_text(websocket)
            except WebSocketDisconnect:
                break
            if text is None:
                break
            allowed = bucket.allow()
            if allowed and address_messages is not None and not address_messages.allow(address):
                allowed = False
                bucket.refused += 1  # the address's budget is spent: counted as this one's
            if not allowed:
                client.send(ErrorInfo(code="flood", message="too many messages: slow down"))
                if bucket.refused > FLOOD_CLOSE_AFTER:
                    break
                continue
            received: AnyMessage | None = None
            try:
                received = parse_client(text)
                await _handle(manager, table, client, received, coach)
            except (ProtocolError, IllegalActionError) as exc:
                written = received.action if isinstance(received, Act) else None
                client.send(error_of(exc, table, client.lang, written))
            except RaminoError as exc:
                client.send(ErrorInfo(code="error", message=str(exc)))
    finally:
        await manager.leave(table, client)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender
        with contextlib.suppress(Exception):
            await websocket.close()


async def _handle(manager: TableManager, table: Table, client: Client,
                  message: AnyMessage, coach: TableCoach | None) -> None:
    if isinstance(message, Act):
        await manager.act(table, client, message)
    elif isinstance(message, Chat):
        await manager.chat(table, client, message.text)
    elif isinstance(message, Mute):
        if message.muted:
            client.muted.add(message.seat)
        else:
            client.muted.discard(message.seat)
        client.send(Pong())
    elif isinstance(message, Ping):
        client.send(Pong())
    elif isinstance(message, Next):
        await manager.next_hand(table, client, message.hand_no)
    elif isinstance(message, EndVote):
        await manager.vote_end(table, client, message.agree)
    elif isinstance(message, Reenter):
        await manager.reenter(table, client)
    elif isinstance(message, Fill):
        await manager.fill(table, client)
    elif isinstance(message, AskHint):
        if coach is None:
            raise ProtocolError("coach-off", coach_texts.text(coach_texts.COACH_OFF,
                                                              client.lang))
        await coach.ask(table, client, message.version)  # the answer comes on its own
    else:
        raise ProtocolError("already-joined", "this connection has joined its table already")


async def _sender(websocket: WebSocket, client: Client) -> None:
    while True:
        frame = await client.outbox.get()
        if frame is None:
            await websocket.close(1008, "too slow: reconnect to resync")
            return
        client.sending = True
        try:
            await websocket.send_text(frame)
        finally:
            client.sending = False
