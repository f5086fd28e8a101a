"""A player's public profile: the page ``/players/{name}`` and its data ``/api/players/{name}``
(docs/server.md, "Profiles").  Read-only; an unknown name is a 404 page, in the reader's
language."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from ramino.server.challenges import CATALOGUE
from ramino.server.profiles import profile
from ramino.server.routes.deps import AccountDep, ManagerDep, PagesDep, StoreDep
from ramino.server.tables import TableManager

router = APIRouter()

TITLES = {c.id: c.title for c in CATALOGUE}


def today(manager: TableManager) -> dt.date:
    """The day whose challenges are on (UTC, by the server's wall clock)."""
    return dt.datetime.fromtimestamp(manager.wall(), dt.UTC).date()


def shown(found: dict[str, Any], own: bool) -> dict[str, Any]:
    """The profile as its reader may see it: a private table's id (the way to its replays)
    only to the player who sat at it."""
    if own:
        return found
    return {**found, "matches": [{**m, "table": None} if m["private"] else m
                                 for m in found["matches"]]}


def is_own(account: tuple[int, str] | None, found: dict[str, Any] | None) -> bool:
    return account is not None and found is not None and account[1] == found["name"]


@router.get("/api/players/{name}")
async def player(name: str, store: StoreDep, manager: ManagerDep,
                 account: AccountDep) -> dict[str, Any]:
    found = await asyncio.to_thread(profile, store, name[:40], today(manager))
    if found is None:
        raise HTTPException(404, f"there is no player {name[:40]!r}")
    return shown(found, is_own(account, found))


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(request: Request, name: str, store: StoreDep, manager: ManagerDep,
                      page: PagesDep, account: AccountDep) -> HTMLResponse:
    found = await asyncio.to_thread(profile, store, name[:40], today(manager))
    own = is_own(account, found)
    response = page(request, "profile.html", {
        "player": None if found is None else shown(found, own), "asked": name[:40],
        "titles": TITLES})
    if found is None:
        response.status_code = 404
    return response
