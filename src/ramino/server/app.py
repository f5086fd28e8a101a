"""The app factory: it assembles the server from its routers and shares what they need.

``create_app(db)`` serves everything from one process: the lobby (``/``, ``/api/tables``),
the browser table (``/t/{id}``), records of finished hands, and ``/ws`` where players,
spectators and bot-API clients speak :mod:`ramino.server.protocol`.  The routes live in
:mod:`ramino.server.routes`, one module per concern; the table manager, the store, the page
renderer and the rate limits reach them through ``app.state`` and ``Depends``
(:mod:`ramino.server.routes.deps`).
"""

from __future__ import annotations

import contextlib
import os
import random
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from ramino.server.coach_pool import CoachPool, CoachSettings, coach_settings
from ramino.server.direct_frames import RawSend
from ramino.server.fanout import LocalFanout, RedisFanout
from ramino.server.hints import TableCoach
from ramino.server.i18n import LANG_COOKIE, choose_language, template_globals
from ramino.server.limits import Limit, LocalLimit, PerAddress, SharedLimit
from ramino.server.reviews import ReviewCache
from ramino.server.routes import (
    accounts,
    lobby,
    profiles,
    puzzles,
    replays,
    rules_pages,
    scoresheets,
    socket,
    tables,
)
from ramino.server.routes.deps import Limits, Pages
from ramino.server.routes.errors import http_error
from ramino.server.routes.lobby import preset_games, table_presets
from ramino.server.security import SameOrigin, SecurityHeaders
from ramino.server.store import Store, database_url
from ramino.server.tables import IDLE_MS, NUDGE_MS, TableManager
from ramino.server.writer import DEFAULT_WINDOW

__all__ = ["create_app", "preset_games", "table_presets"]

HERE = Path(__file__).parent

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
               account_burst: int = 10, account_per_second: float = 1 / 60,
               commit_window: float | None = None,
               coach: CoachSettings | None = None,
               coach_executor: Callable[[int, int], Executor] | None = None) -> FastAPI:
    """The server app over the database ``db`` (a SQLite path or a URL).  ``bot_delay`` paces
    the bots (seconds per action); ``burst``/``per_second`` bound each connection's messages;
    a seeded ``rng`` replaces ``secrets`` for deals and bots (tests only); ``tick`` is how
    often the clocks and absences are looked at; ``http_burst``/``http_per_second`` bound
    each address's costly calls (new tables, sign-up, sign-in).  With ``tournament`` (a
    tournament file, docs/tournament.md) the director's desk and the public standings are
    served under ``/tournament`` (``tournament_token`` guards the desk); ``wall_clock`` times
    the tournament turni's round clocks (tests inject one).  At a casual table a player idle on
    their turn for ``idle_seconds`` (None: never) is nudged, and a bot plays that turn
    ``nudge_seconds`` later.  ``commit_window`` (seconds; else ``RAMINO_COMMIT_WINDOW_MS``,
    else 4 ms) is how long the group commit waits for other tables' actions to join a
    transaction (:mod:`ramino.server.writer`).  ``coach`` (else ``RAMINO_COACH_*``) sizes
    the coach's pool of hints and reviews (:mod:`ramino.server.coach_pool`), whose workers
    ``coach_executor`` builds (else separate processes, started on the first request).

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
    coaching = coach or coach_settings()
    manager = TableManager(own_store, bot_delay=bot_delay, rng=rng, tick=tick, fanout=fanout,
                           wall=wall_clock,
                           idle_ms=None if idle_seconds is None else int(idle_seconds * 1000),
                           nudge_ms=int(nudge_seconds * 1000),
                           commit_window=(commit_window if commit_window is not None
                                          else commit_window_of(os.environ)),
                           coach=coaching.workers > 0)
    pool = CoachPool(coaching,
                     **({} if coach_executor is None else {"executor": coach_executor}))
    table_coach = TableCoach(pool)
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
        await table_coach.stop()
        await manager.stop()
        if store is None:
            own_store.close()

    app = FastAPI(title="ramino", lifespan=lifespan)
    # A browser asking for a page that cannot be served gets a page, the API keeps its JSON.
    app.add_exception_handler(StarletteHTTPException, http_error)
    # Outermost last: the proxy's headers are read first, then the origin is checked.
    app.add_middleware(SecurityHeaders)
    app.add_middleware(SameOrigin, allowed=allowed_origins)
    if trusted_proxies:
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(trusted_proxies))
    # The server's own send of each WebSocket, before anything wraps it (direct_frames).
    app.add_middleware(RawSend)

    def budget(name: str, burst_: int, per_second_: float) -> Limit:
        if isinstance(fanout, RedisFanout):
            return SharedLimit(fanout.redis, name, burst_, per_second_, fanout.prefix)
        return LocalLimit(burst_, per_second_)

    app.state.manager = manager
    app.state.coach = table_coach
    app.state.reviews = ReviewCache(pool)
    app.state.store = own_store
    app.state.pages = Pages()
    app.state.limits = Limits(
        costly=budget("costly", http_burst, http_per_second),
        sign_ins=budget("account", account_burst, account_per_second),
        joins=budget("join", join_burst, join_per_second),
        address_messages=PerAddress(address_burst, address_per_second),
        burst=burst, per_second=per_second)
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    if tournament is not None:
        from ramino.tournament.web import create_app as tournament_app

        app.mount("/tournament", tournament_app(tournament, director_token=tournament_token,
                                                online=feed, language=tournament_language),
                  name="tournament")
    for router in (lobby.router, tables.router, rules_pages.router, accounts.router,
                   replays.router, profiles.router, scoresheets.router, puzzles.router,
                   socket.router):
        app.include_router(router)
    return app


def tournament_language(request: Request) -> dict[str, Any]:
    """The tournament pages' language, chosen as the server's own pages choose it."""
    lang = choose_language(request.query_params.get("lang"),
                           request.cookies.get(LANG_COOKIE),
                           request.headers.get("accept-language"))
    return {**template_globals(lang), "lang_cookie": LANG_COOKIE}


def commit_window_of(environ: Mapping[str, str]) -> float:
    """The group commit's window in seconds from ``RAMINO_COMMIT_WINDOW_MS`` (0 to 100)."""
    text = environ.get("RAMINO_COMMIT_WINDOW_MS")
    if text is None:
        return DEFAULT_WINDOW
    try:
        milliseconds = float(text)
    except ValueError:
        milliseconds = -1.0
    if not 0 <= milliseconds <= 100:
        raise SystemExit(f"RAMINO_COMMIT_WINDOW_MS must be a number of milliseconds from 0 to "
                         f"100, not {text!r}")
    return milliseconds / 1000
