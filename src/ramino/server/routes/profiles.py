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


@router.get("/api/players/{name}")
async def player(name: str, store: StoreDep, manager: ManagerDep) -> dict[str, Any]:
    found = await asyncio.to_thread(profile, store, name[:40], today(manager))
    if found is None:
        raise HTTPException(404, f"there is no player {name[:40]!r}")
    return found


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(request: Request, name: str, store: StoreDep, manager: ManagerDep,
                      page: PagesDep, account: AccountDep) -> HTMLResponse:
    found = await asyncio.to_thread(profile, store, name[:40], today(manager))
    response = page(request, "profile.html", {
        "player": found, "asked": name[:40], "titles": TITLES,
        # A private table's replay opens to the players who sat at it (the owner here).
        "own": account is not None and found is not None and account[1] == found["name"]})
    if found is None:
        response.status_code = 404
    return response
