"""The app factory: HTTP lobby and pages, the table WebSocket, static assets.

``create_app(db)`` serves everything from one process: the lobby (``/``, ``/api/tables``),
the browser table (``/t/{id}``), records of finished hands, and ``/ws`` where players,
spectators and bot-API clients speak :mod:`ramino.server.protocol`.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import datetime as dt
import functools
import hashlib
import logging
import os
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ramino.errors import IllegalActionError, RaminoError, RecordError
from ramino.records import load_document
from ramino.rules import make_rules, preset_names
from ramino.server.accounts import (
    BOT_TOKEN_DAYS,
    SESSION_COOKIE,
    SESSION_DAYS,
    check_new_account,
    dummy_hash,
    hash_password,
    is_bot_token,
    new_bot_token,
    new_session_token,
    verify_password,
)
from ramino.server.bots import DEFAULT_LEVEL, bot_levels, default_level
from ramino.server.fanout import LocalFanout, RedisFanout
from ramino.server.games import GAMES
from ramino.server.i18n import (
    LANG_COOKIE,
    LANGUAGES,
    catalog_json,
    choose_language,
    template_globals,
)
from ramino.server.limits import Limit, LocalLimit, PerAddress, SharedLimit, TokenBucket
from ramino.server.lobby import qr_svg, refusal_rows, rule_rows
from ramino.server.protocol import (
    Act,
    AnyMessage,
    Chat,
    CreateTable,
    Credentials,
    EndVote,
    ErrorInfo,
    Fill,
    Join,
    Mute,
    Next,
    Ping,
    Pong,
    ProtocolError,
    QuickPlay,
    Reenter,
    parse_client,
)
from ramino.server.replays import ReplayError, replay_steps
from ramino.server.security import SameOrigin, SecurityHeaders
from ramino.server.store import NameTakenError, Store, database_url
from ramino.server.tables import (
    IDLE_MS,
    NUDGE_MS,
    Client,
    Table,
    TableManager,
    error_of,
    new_hand,
    stored_hand,
)

HERE = Path(__file__).parent
JOIN_TIMEOUT = 15.0
MAX_RECORD_BYTES = 256 * 1024
FLOOD_CLOSE_AFTER = 200  # refusals before a flooding connection is closed
FAILED_JOINS_CLOSE_AFTER = 10  # refused joins (bad seat keys, taken seats…) before closing

log = logging.getLogger("ramino.server")


@functools.cache
def table_presets() -> list[str]:
    """The presets a table can be played under: those whose game's engine deals them."""
    return list(preset_games())


@functools.cache
def preset_games() -> dict[str, dict[str, Any]]:
    """Each playable preset's game, players (Scala 40: 2 to 6, §6.1) and bot levels."""
    out = {}
    for name in preset_names():
        rules = make_rules(name)
        try:
            new_hand(rules, 0, rules.players - 1, random.Random(0))
        except (RaminoError, ValueError):
            continue
        players = list(range(2, 7)) if rules.game == "scala40" else [rules.players]
        out[name] = {"game": rules.game, "players": players, "default_players": rules.players,
                     "bot_levels": bot_levels(rules.game),
                     "default_level": default_level(rules.game)}
    return out


def sha256(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def create_app(db: str | Path | None = None, *, bot_delay: float = 1.0,
               store: Store | None = None, burst: int = 30,
               per_second: float = 15.0, rng: random.Random | None = None,
               tick: float = 0.25, http_burst: int = 20,
               http_per_second: float = 0.5, tournament: str | Path | None = None,
               tournament_token: str | None = None,
               wall_clock: Callable[[], float] = time.time,
               idle_seconds: float | None = IDLE_MS / 1000,
               nudge_seconds: float = NUDGE_MS / 1000,
               trusted_proxies: Sequence[str] = (), allowed_origins: Sequence[str] = (),
               join_burst: int = 60, join_per_second: float = 1.0,
               address_burst: int = 600, address_per_second: float = 200.0,
               account_burst: int = 10, account_per_second: float = 1 / 60) -> FastAPI:
    """The server app over the database ``db`` (a SQLite path or a URL).  ``bot_delay`` paces
    the bots (seconds per action); ``burst``/``per_second`` bound each connection's messages;
    a seeded ``rng`` replaces ``secrets`` for deals and bots (tests only); ``tick`` is how
    often the clocks and absences are looked at; ``http_burst``/``http_per_second`` bound
    each address's costly calls (new tables, sign-up, sign-in).  With ``tournament`` (a
    tournament file, docs/tournament.md) the director's desk and the public standings are
    served under ``/tournament`` (``tournament_token`` guards the desk); ``wall_clock`` times
    the tournament turni's round clocks (tests inject one).  At a casual table a player idle on
    their turn for ``idle_seconds`` (None: never) is nudged, and a bot plays that turn
    ``nudge_seconds`` later.

    Security (docs/server.md, "Security"): the client's address and scheme come from
    ``X-Forwarded-For``/``-Proto`` only when the connection comes from one of
    ``trusted_proxies`` (addresses or networks); ``allowed_origins`` are origins besides the
    request's own host that may open the WebSocket and POST; ``join_burst``/
    ``join_per_second`` bound each address's joins, ``address_burst``/``address_per_second``
    its messages over all its connections, ``account_burst``/``account_per_second`` the
    sign-ins to one account name.  With ``REDIS_URL`` the joins, the costly calls and the
    sign-ins are counted across the processes."""
    own_store = store or Store(database_url(db))
    redis_url = os.environ.get("REDIS_URL")
    fanout = (RedisFanout(redis_url, os.environ.get("RAMINO_REDIS_PREFIX", "ramino"))
              if redis_url else LocalFanout())
    manager = TableManager(own_store, bot_delay=bot_delay, rng=rng, tick=tick, fanout=fanout,
                           wall=wall_clock,
                           idle_ms=None if idle_seconds is None else int(idle_seconds * 1000),
                           nudge_ms=int(nudge_seconds * 1000))
    feed = None
    if tournament is not None:
        from ramino.server.tournaments import TournamentFeed

        feed = manager.tournament = TournamentFeed(manager, Path(tournament))

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        if feed is not None:
            await feed.start()
        yield
        if feed is not None:
            await feed.stop()
        await manager.stop()
        if store is None:
            own_store.close()

    app = FastAPI(title="ramino", lifespan=lifespan)
    # Outermost last: the proxy's headers are read first, then the origin is checked.
    app.add_middleware(SecurityHeaders)
    app.add_middleware(SameOrigin, allowed=allowed_origins)
    if trusted_proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(trusted_proxies))

    def budget(name: str, burst_: int, per_second_: float) -> Limit:
        if isinstance(fanout, RedisFanout):
            return SharedLimit(fanout.redis, name, burst_, per_second_, fanout.prefix)
        return LocalLimit(burst_, per_second_)

    costly = budget("costly", http_burst, http_per_second)
    sign_ins = budget("account", account_burst, account_per_second)
    joins = budget("join", join_burst, join_per_second)
    address_messages = PerAddress(address_burst, address_per_second)

    async def limit(request: Request) -> None:
        if not await costly.allow(address_of(request.client)):
            raise HTTPException(429, "too many requests from your address: slow down")
    app.state.manager = manager
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    # gettext, pgettext and term come with each page's context, in the reader's language.
    templates.env.add_extension("jinja2.ext.i18n")

    def page(request: Request, name: str, context: dict[str, Any],
             game: str = "burraco") -> HTMLResponse:
        asked = request.query_params.get("lang")
        lang = choose_language(asked, request.cookies.get(LANG_COOKIE),
                               request.headers.get("accept-language"))
        response = templates.TemplateResponse(request, name,
                                              {**context, **template_globals(lang, game)})
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language, Cookie"
        if asked == lang and request.cookies.get(LANG_COOKIE) != lang:
            # A language chosen in the menu is kept for the next pages.
            response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax",
                                path="/")
        return response
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    if tournament is not None:
        from ramino.tournament.web import create_app as tournament_app

        def language(request: Request) -> dict[str, Any]:
            lang = choose_language(request.query_params.get("lang"),
                                   request.cookies.get(LANG_COOKIE),
                                   request.headers.get("accept-language"))
            return {**template_globals(lang), "lang_cookie": LANG_COOKIE}

        app.mount("/tournament", tournament_app(tournament, director_token=tournament_token,
                                                online=feed, language=language),
                  name="tournament")

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page(request: Request) -> HTMLResponse:
        return page(request, "lobby.html", {
            "presets": table_presets(), "levels": bot_levels(), "default_level": DEFAULT_LEVEL})

    @app.get("/i18n/{lang}.json")
    async def strings(lang: str) -> dict[str, Any]:
        """The scripts' texts, from the same gettext catalog as the templates."""
        if lang not in LANGUAGES:
            raise HTTPException(404, f"no catalog for {lang!r} (known: {', '.join(LANGUAGES)})")
        return catalog_json(lang)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(request: Request, table_id: str,
                         invite: str | None = None) -> HTMLResponse:
        table = await manager.get_or_load(table_id)
        if table is None:
            raise HTTPException(404, f"there is no table {table_id!r}")
        # A private table's page names it only to those who bring the invite.
        name = table.name if manager.may_see(table, invite) else None
        if table.waiting and name is not None:
            return waiting_page(request, table, invite)
        return page(request, "table.html", {"table_id": table.id, "table_name": name},
                    game=table.rules.game)

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return manager.lobby()

    @app.get("/api/options")
    async def options() -> dict[str, Any]:
        return {"presets": table_presets(), "bot_levels": bot_levels(),
                "games": preset_games()}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> JSONResponse:
        await limit(request)
        body = await request.body()
        if len(body) > 4096:
            raise HTTPException(413, "the table settings are limited to 4096 bytes")
        try:
            spec = CreateTable.model_validate_json(body)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            raise HTTPException(422, f"{where}: {first['msg']}") from None
        try:
            table, invite = await manager.create(
                name=spec.name, preset=spec.preset, options=spec.options, seats=spec.seats,
                private=spec.private, bot_level=spec.bot_level,
                clock_ms=None if spec.clock_seconds is None else int(spec.clock_seconds * 1000),
                increment_ms=int(spec.increment_seconds * 1000),
                grace_ms=int(spec.grace_seconds * 1000), match_hands=spec.match_hands,
                spectator_delay=spec.spectator_delay, match_target=spec.match_target,
                pace=spec.pace)
        except (RaminoError, ValueError, KeyError) as exc:
            raise HTTPException(400, str(exc).strip("'\"")) from None
        url = f"/t/{table.id}" + (f"?invite={invite}" if invite else "")
        return JSONResponse({"id": table.id, "invite": invite, "url": url}, status_code=201)

    # --- first contact: quick play, the waiting room, the rules -----------------------------

    @app.post("/api/quickplay", status_code=201)
    async def quick_play(request: Request) -> JSONResponse:
        """Sit the caller at a new table of a game against bots, dealt now: the answer's
        ``url`` takes them to their seat (its seat key rides in the address once)."""
        await limit(request)
        body = await request.body()
        if len(body) > 1024:
            raise HTTPException(413, "quick play settings are limited to 1024 bytes")
        try:
            spec = QuickPlay.model_validate_json(body or b"{}")
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "body"
            raise HTTPException(422, f"{where}: {first['msg']}") from None
        account = await signed_in(request)
        try:
            table, invite, token = await manager.quick_play(spec.game, spec.name, account,
                                                            spec.pace)
        except (RaminoError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None
        return JSONResponse({"id": table.id, "seat": 0,
                             "url": f"/t/{table.id}?invite={invite}&key={token}"},
                            status_code=201)

    def waiting_page(request: Request, table: Table, invite: str | None) -> HTMLResponse:
        """A table waiting for its players: who sits where, the invitation, fill with bots."""
        link = str(request.url_for("table_page", table_id=table.id))
        if invite:
            link += f"?invite={invite}"
        return page(request, "waiting.html", {
            "table_id": table.id, "table_name": table.name, "preset": table.preset,
            "players": table.rules.players, "invite_link": link,
            "qr": f"/t/{table.id}/qr.svg" + (f"?invite={invite}" if invite else ""),
            "sides": table.rules.game != "scala40" or bool(table.options.get("partnerships"))},
            game=table.rules.game)

    @app.get("/t/{table_id}/qr.svg")
    async def invitation_qr(request: Request, table_id: str,
                            invite: str | None = None) -> Response:
        """The invitation link as a QR code (SVG), for a phone at the club."""
        table = await manager.get_or_load(table_id)
        if table is None or not manager.may_see(table, invite):
            raise HTTPException(404, f"there is no table {table_id!r} you may see")
        link = str(request.url_for("table_page", table_id=table.id))
        if invite:
            link += f"?invite={invite}"
        return Response(qr_svg(link), media_type="image/svg+xml",
                        headers={"Cache-Control": "private, max-age=3600"})

    @app.get("/rules/{preset}", response_class=HTMLResponse)
    async def rules_page(request: Request, preset: str) -> HTMLResponse:
        """Every option of a preset with its value and its docs/rules.md section."""
        if preset not in table_presets():
            raise HTTPException(404, f"there is no preset {preset!r} (there are "
                                f"{', '.join(table_presets())})")
        rules = make_rules(preset)
        lang = choose_language(request.query_params.get("lang"),
                               request.cookies.get(LANG_COOKIE),
                               request.headers.get("accept-language"))
        return page(request, "rules.html", {"preset": preset, "options": rule_rows(rules, lang),
                                            "refusals": refusal_rows(rules, lang),
                                            "presets": table_presets()},
                    game=rules.game)

    @app.get("/api/session")
    async def session(request: Request) -> dict[str, Any]:
        """Who is signed in here: ``{"account": null}`` for a guest (no error: a guest page
        asks this on every load), else the player's standing as ``/api/me`` gives it."""
        account = await signed_in(request)
        stats = None if account is None else await asyncio.to_thread(own_store.account_stats,
                                                                     account[0])
        return {"account": stats}

    # --- accounts ----------------------------------------------------------------------------

    async def read_credentials(request: Request) -> Credentials:
        body = await request.body()
        if len(body) > 1024:
            raise HTTPException(413, "credentials are limited to 1024 bytes")
        try:
            return Credentials.model_validate_json(body)
        except ValidationError:
            raise HTTPException(422, "send {\"name\": …, \"password\": …}") from None

    async def open_session(request: Request, account_id: int, name: str,
                           status: int) -> JSONResponse:
        token = new_session_token()
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(days=SESSION_DAYS)
        await asyncio.to_thread(own_store.create_session, sha256(token), account_id, expires)
        response = JSONResponse({"name": name}, status_code=status)
        # Secure behind https (a trusted proxy's X-Forwarded-Proto says so): the cookie then
        # never travels in clear.
        response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400,
                            httponly=True, samesite="lax", path="/",
                            secure=request.url.scheme == "https")
        return response

    async def signed_in(request: Request) -> tuple[int, str] | None:
        token = request.cookies.get(SESSION_COOKIE)
        if not token or len(token) > 100 or is_bot_token(token):
            return None
        return await asyncio.to_thread(own_store.session_account, sha256(token))

    @app.post("/api/accounts", status_code=201)
    async def sign_up(request: Request) -> JSONResponse:
        await limit(request)
        creds = await read_credentials(request)
        problem = check_new_account(creds.name, creds.password)
        if problem:
            raise HTTPException(400, problem)
        pw_hash = await asyncio.to_thread(hash_password, creds.password)
        try:
            account_id = await asyncio.to_thread(own_store.create_account, creds.name, pw_hash)
        except NameTakenError as exc:
            raise HTTPException(409, str(exc)) from None
        return await open_session(request, account_id, creds.name, 201)

    @app.post("/api/login")
    async def login(request: Request) -> JSONResponse:
        await limit(request)
        creds = await read_credentials(request)
        # Each account name has its own budget of tries, whatever the addresses they come
        # from (known or not: the answer must not tell which names exist).
        if not await sign_ins.allow(creds.name.casefold()):
            raise HTTPException(429, "too many sign-in attempts for this name: wait a minute")
        found = await asyncio.to_thread(own_store.account_login, creds.name)
        # The same answer, after the same argon2 work, for an unknown name and a wrong
        # password: names are probed neither by the answer nor by its time.
        ok = await asyncio.to_thread(verify_password,
                                     dummy_hash() if found is None else found[1],
                                     creds.password)
        if found is None or not ok:
            raise HTTPException(401, "wrong name or password")
        return await open_session(request, found[0], creds.name, 200)

    @app.post("/api/logout")
    async def logout(request: Request) -> JSONResponse:
        token = request.cookies.get(SESSION_COOKIE)
        if token and len(token) <= 100:
            await asyncio.to_thread(own_store.delete_session, sha256(token))
        response = JSONResponse({"ok": True})
        response.delete_cookie(SESSION_COOKIE, path="/")
        return response

    @app.post("/api/tokens", status_code=201)
    async def bot_token(request: Request) -> dict[str, Any]:
        """A bot token for the signed-in account: a program joins with ``"auth": TOKEN`` and
        plays as that account (docs/server.md, Bot API)."""
        account = await signed_in(request)
        if account is None:
            raise HTTPException(401, "sign in first: a bot token belongs to an account")
        token = new_bot_token()
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(days=BOT_TOKEN_DAYS)
        await asyncio.to_thread(own_store.create_session, sha256(token), account[0], expires)
        return {"token": token, "account": account[1], "expires": expires.isoformat()}

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        account = await signed_in(request)
        if account is None:
            raise HTTPException(401, "not signed in (guests play without an account)")
        stats = await asyncio.to_thread(own_store.account_stats, account[0])
        if stats is None:
            raise HTTPException(401, "not signed in")
        return stats

    @app.get("/api/leaderboard")
    async def leaderboard(by: str = "xp", game: str = "burraco") -> list[dict[str, Any]]:
        if by not in ("xp", "rating"):
            raise HTTPException(422, "by is 'xp' or 'rating'")
        if game not in GAMES:
            raise HTTPException(422, f"game is one of {', '.join(GAMES)}")
        return await asyncio.to_thread(own_store.leaderboard, 50, by, game)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, invite: str | None = None) -> dict[str, Any]:
        table = await manager.get_or_load(table_id)
        if table is None or not manager.may_see(table, invite):
            raise HTTPException(404, f"there is no table {table_id!r} you may see")
        return table.lobby_entry()

    @app.get("/api/tables/{table_id}/record")
    async def table_record(table_id: str, invite: str | None = None,
                           hand: int | None = None) -> dict[str, Any]:
        table = await manager.get_or_load(table_id)
        if table is None or not manager.may_see(table, invite):
            raise HTTPException(404, f"there is no table {table_id!r} you may see")
        held(table, table.hand.hand_no if hand is None else hand)
        if hand is not None and hand != table.hand.hand_no:
            # An earlier hand of the table (a tournament result names its records so).
            past = await asyncio.to_thread(earlier_record, own_store, table, hand)
            if past is None:
                raise HTTPException(404, f"table {table_id!r} has no hand {hand}")
            return past
        if not table.finished:
            # The record holds the whole deal: it is published only once the hand is over.
            raise HTTPException(409, "the hand is still being played")
        return table.record()

    @app.get("/replay", response_class=HTMLResponse)
    async def replay_page(request: Request) -> HTMLResponse:
        return page(request, "replay.html", {})

    @app.get("/api/tables/{table_id}/replay")
    async def table_replay(table_id: str, invite: str | None = None,
                           hand: int | None = None) -> dict[str, Any]:
        table = await manager.get_or_load(table_id)
        if table is None or not manager.may_see(table, invite):
            raise HTTPException(404, f"there is no table {table_id!r} you may see")
        held(table, table.hand.hand_no if hand is None else hand)
        if hand is not None and hand != table.hand.hand_no:
            # An earlier hand: its replay stays where its result panel offered it, also
            # once the next hand is dealt (a tournament table deals it by itself).
            past = await asyncio.to_thread(earlier_record, own_store, table, hand)
            if past is None:
                raise HTTPException(404, f"table {table_id!r} has no hand {hand}")
            return await asyncio.to_thread(replay_steps, past)
        if not table.finished:
            raise HTTPException(409, "the hand is still being played")
        return await asyncio.to_thread(replay_steps, table.record())

    @app.post("/api/replay")
    async def upload_replay(request: Request) -> dict[str, Any]:
        body = await request.body()
        if len(body) > MAX_RECORD_BYTES:
            raise HTTPException(413, f"a record is limited to {MAX_RECORD_BYTES} bytes")
        try:
            document = load_document(body)
            return await asyncio.to_thread(replay_steps, document)
        except (RecordError, ReplayError) as exc:
            raise HTTPException(400, str(exc)) from None

    @app.websocket("/ws")
    async def table_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        account = None
        token = websocket.cookies.get(SESSION_COOKIE)
        if token and len(token) <= 100 and not is_bot_token(token):
            account = await asyncio.to_thread(own_store.session_account, sha256(token))
        # Refusals in the page's language (its cookie, else the browser's); a program that
        # says nothing reads the engine's own English.
        kept = websocket.cookies.get(LANG_COOKIE)
        accept = websocket.headers.get("accept-language")
        lang = choose_language(None, kept, accept) if kept or accept else "en"
        await serve_connection(manager, websocket, TokenBucket(burst, per_second), account,
                               own_store, lang, address=address_of(websocket.client),
                               joins=joins, address_messages=address_messages)

    return app


def address_of(client: Any) -> str:
    """The client's address (a trusted proxy's ``X-Forwarded-For`` already applied)."""
    return str(client.host) if client is not None else "?"


def held(table: Table, hand_no: int) -> None:
    """Refuse the record of a duplicate turno's hand whose deal other tables still play."""
    if table.hidden(hand_no):
        raise HTTPException(409, f"hand {hand_no} is a duplicate deal: its record is published "
                            "once every table of the turno has played it")


def earlier_record(store: Store, table: Table, hand_no: int) -> dict[str, Any] | None:
    """The record of an earlier, finished hand of ``table``, replayed from the store."""
    stored = store.load_table(table.id)
    hands = [] if stored is None else stored.hands
    found = [i for i, h in enumerate(hands) if h.hand_no == hand_no]
    if not found or hand_no > table.hand.hand_no:
        return None
    past = copy.copy(table)  # the same table and seats, at that hand
    past.hand = hands[found[0]]
    past.in_play, past.state = stored_hand(table.rules, table.plan, hands, found[0])
    return past.record()


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
                           address_messages: PerAddress | None = None) -> None:
    """One client: the join handshake, then its messages until it leaves.  Refusals are
    explained in the language the join asks for, else ``lang`` (the page's).

    Every frame spends the connection's ``bucket`` (a bucket of the same size before the
    join); a join also spends the address's
    ``joins`` budget, and a message after the join the address's ``address_messages``.  A
    connection that keeps flooding, or whose joins keep being refused (guessed seat keys,
    forged tokens), is closed."""
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
                await _handle(manager, table, client, received)
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
                  message: AnyMessage) -> None:
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
    else:
        raise ProtocolError("already-joined", "this connection has joined its table already")


async def _sender(websocket: WebSocket, client: Client) -> None:
    while True:
        frame = await client.outbox.get()
        if frame is None:
            await websocket.close(1008, "too slow: reconnect to resync")
            return
        await websocket.send_text(frame)
