"""What the routers share, the FastAPI way: each piece lives on ``app.state`` (set by
:func:`ramino.server.app.create_app`) and reaches a route through ``Depends``.

- ``ManagerDep``  the table manager (:class:`ramino.server.tables.TableManager`)
- ``StoreDep``    the store of tables, accounts and sessions
- ``PagesDep``    the page renderer: templates in the reader's language
- ``LimitsDep``   the rate limits (costly calls, sign-ins, joins, messages)
- ``CoachDep``    the coach's hints at the tables
- ``ReviewsDep``  the coach's reviews of finished hands (kept once computed)
- ``AccountDep``  the account signed in by the session cookie, if any
- ``costly``      a dependency that spends the address's budget of costly calls
"""

from __future__ import annotations

import asyncio
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from starlette.requests import HTTPConnection

from ramino.server.accounts import SESSION_COOKIE, is_bot_token
from ramino.server.hints import TableCoach
from ramino.server.i18n import LANG_COOKIE, choose_language, template_globals
from ramino.server.limits import Limit, PerAddress
from ramino.server.reviews import ReviewCache
from ramino.server.store import Store
from ramino.server.tables import Table, TableManager

TEMPLATES = Path(__file__).parent.parent / "templates"


def sha256(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def address_of(client: Any) -> str:
    """The client's address (a trusted proxy's ``X-Forwarded-For`` already applied)."""
    return str(client.host) if client is not None else "?"


@dataclass(frozen=True)
class Limits:
    """The server's budgets: each address's ``costly`` calls (new tables, sign-up, sign-in)
    and ``joins``, each account name's ``sign_ins``, each address's ``address_messages`` over
    all its connections, and each connection's ``burst``/``per_second`` of messages."""

    costly: Limit
    sign_ins: Limit
    joins: Limit
    address_messages: PerAddress
    burst: int
    per_second: float


class Pages:
    """The HTML pages: Jinja2 templates rendered in the reader's language."""

    def __init__(self, directory: Path = TEMPLATES) -> None:
        self.templates = Jinja2Templates(directory=str(directory))
        # gettext, pgettext and term come with each page's context, in the reader's language.
        self.templates.env.add_extension("jinja2.ext.i18n")

    def __call__(self, request: Request, name: str, context: dict[str, Any],
                 game: str = "burraco", status_code: int = 200) -> HTMLResponse:
        asked = request.query_params.get("lang")
        lang = choose_language(asked, request.cookies.get(LANG_COOKIE),
                               request.headers.get("accept-language"))
        response = self.templates.TemplateResponse(request, name,
                                                   {**context, **template_globals(lang, game)},
                                                   status_code=status_code)
        response.headers["Content-Language"] = lang
        response.headers["Vary"] = "Accept-Language, Cookie"
        if asked == lang and request.cookies.get(LANG_COOKIE) != lang:
            # A language chosen in the menu is kept for the next pages.
            response.set_cookie(LANG_COOKIE, lang, max_age=365 * 86400, samesite="lax",
                                path="/")
        return response


def get_manager(connection: HTTPConnection) -> TableManager:
    manager: TableManager = connection.app.state.manager
    return manager


def get_store(connection: HTTPConnection) -> Store:
    store: Store = connection.app.state.store
    return store


def get_pages(connection: HTTPConnection) -> Pages:
    pages: Pages = connection.app.state.pages
    return pages


def get_limits(connection: HTTPConnection) -> Limits:
    limits: Limits = connection.app.state.limits
    return limits


def get_coach(connection: HTTPConnection) -> TableCoach:
    coach: TableCoach = connection.app.state.coach
    return coach


def get_reviews(connection: HTTPConnection) -> ReviewCache:
    reviews: ReviewCache = connection.app.state.reviews
    return reviews


ManagerDep = Annotated[TableManager, Depends(get_manager)]
ReviewsDep = Annotated[ReviewCache, Depends(get_reviews)]
CoachDep = Annotated[TableCoach, Depends(get_coach)]
StoreDep = Annotated[Store, Depends(get_store)]
PagesDep = Annotated[Pages, Depends(get_pages)]
LimitsDep = Annotated[Limits, Depends(get_limits)]


async def costly(request: Request, limits: LimitsDep) -> None:
    """Spend one of the address's costly calls, or refuse with 429."""
    if not await limits.costly.allow(address_of(request.client)):
        raise HTTPException(429, "too many requests from your address: slow down")


async def signed_in(request: Request, store: StoreDep) -> tuple[int, str] | None:
    """The (id, name) of the account the session cookie signs in, else None (a guest)."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token or len(token) > 100 or is_bot_token(token):
        return None
    return await asyncio.to_thread(store.session_account, sha256(token))


AccountDep = Annotated[tuple[int, str] | None, Depends(signed_in)]


async def visible(manager: TableManager, table_id: str, invite: str | None,
                  account: tuple[int, str] | None = None) -> Table:
    """The table, when the caller may see it (a private one needs its invite, or the caller's
    account seated at it: a player's own matches on their profile), else 404."""
    table = await manager.get_or_load(table_id)
    if table is None or not (manager.may_see(table, invite) or (
            account is not None and account[0] in table.accounts())):
        raise HTTPException(404, f"there is no table {table_id!r} you may see")
    return table
