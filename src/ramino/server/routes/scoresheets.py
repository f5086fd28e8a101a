"""The score keeper (segnapunti): a phone page that keeps the score of hands played with real
cards, works offline once loaded, and publishes a finished sheet as a read-only link.

- ``GET /segnapunti``               the page (its script scores with the engine's tables)
- ``GET /segnapunti/sw.js``         its service worker (the offline store), scope /segnapunti
- ``GET /segnapunti/manifest.webmanifest``  the installable web app's manifest
- ``GET /api/segnapunti/tables``    every preset's score table (:func:`score_table`)
- ``POST /api/segnapunti``          publish a sheet: re-scored here, stored, a link returned
- ``GET /api/segnapunti/{id}``      a published sheet as the server scored it
- ``GET /api/segnapunti/{id}/record``  its ``ramino-record/1`` match document
- ``GET /segnapunti/s/{id}``        a published sheet, read-only, rendered here

The browser never decides a score: its script only does the arithmetic a score table
describes, and a published sheet is scored anew from its entries by the engine's own scoring
(the client's totals are never read).
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ramino.errors import RaminoError
from ramino.scoresheet import Sheet, SheetError, sheet_record
from ramino.server.i18n import LANG_COOKIE, LANGUAGES, choose_language, translations
from ramino.server.routes.deps import PagesDep, StoreDep, costly
from ramino.server.routes.lobby import table_presets
from ramino.server.scorekeeper import published_view, setups
from ramino.server.security import shown_name_problem
from ramino.server.sheet_store import load_sheet, save_sheet

router = APIRouter()

SERVER = Path(__file__).parent.parent
STATIC = SERVER / "static"
PAGE: Final = "/segnapunti"
# What the page needs, stored by the service worker at install (the page itself first).
ASSETS: Final = ("/static/style.css", "/static/i18n.js", "/static/language.js",
                 "/static/favicon.svg",
                 *(f"/static/segnapunti/{name}" for name in (
                     "segnapunti.css", "main.js", "score.js", "setup.js", "sheet.js",
                     "view.js", "icon.svg", "icon-192.png", "icon-512.png")))
DATA: Final = ("/api/segnapunti/tables", "/segnapunti/manifest.webmanifest",
               *(f"/i18n/{lang}.json" for lang in LANGUAGES))


def N_(message: str) -> str:
    return message


APP_NAME = N_("Segnapunti ramino")


@functools.cache
def worker_script() -> str:
    """The service worker with its store's list and version (a digest of everything stored:
    a server with other files or other tables installs a new store)."""
    digest = hashlib.sha256()
    for url in ASSETS:
        digest.update((STATIC / url.removeprefix("/static/")).read_bytes())
    digest.update((SERVER / "templates" / "segnapunti.html").read_bytes())
    digest.update(json.dumps(score_tables(), sort_keys=True).encode())
    for lang in LANGUAGES:
        digest.update((SERVER / "locale" / lang / "LC_MESSAGES" / "ramino.mo").read_bytes())
    source = (STATIC / "segnapunti" / "sw.js").read_text(encoding="utf-8")
    return (source.replace("__VERSION__", digest.hexdigest()[:16])
            .replace("__PRECACHE__", json.dumps([PAGE, *ASSETS, *DATA])))


# A sheet of a few hundred hands is a few tens of KiB; the core refuses more than 500 hands.
MAX_SHEET_BYTES: Final = 128 * 1024


def score_tables() -> dict[str, Any]:
    """Every setup's score table, by preset and options (:func:`setups`)."""
    return setups(tuple(table_presets()))


@router.get(PAGE, response_class=HTMLResponse)
async def keeper_page(request: Request, page: PagesDep) -> HTMLResponse:
    return page(request, "segnapunti.html", {"presets": list(score_tables())})


@router.get(PAGE + "/sw.js")
async def service_worker() -> Response:
    # Served from here, not /static, so that its scope may be the page's own address.
    return Response(worker_script(), media_type="text/javascript",
                    headers={"Service-Worker-Allowed": PAGE, "Cache-Control": "no-cache"})


@router.get(PAGE + "/manifest.webmanifest")
async def manifest(request: Request) -> Response:
    lang = choose_language(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                           request.headers.get("accept-language"))
    name = translations(lang).gettext(APP_NAME)
    body = {"name": name, "short_name": "Segnapunti", "start_url": PAGE, "scope": PAGE,
            "display": "standalone", "background_color": "#eef2ee", "theme_color": "#134a2f",
            # PNGs of the two sizes an installable web app must offer, and the SVG they
            # were drawn from for every other size.
            "icons": [{"src": "/static/segnapunti/icon-192.png", "sizes": "192x192",
                       "type": "image/png", "purpose": "any"},
                      {"src": "/static/segnapunti/icon-512.png", "sizes": "512x512",
                       "type": "image/png", "purpose": "any"},
                      {"src": "/static/segnapunti/icon.svg", "sizes": "any",
                       "type": "image/svg+xml", "purpose": "any"}]}
    return Response(json.dumps(body), media_type="application/manifest+json")


@router.get("/api/segnapunti/tables")
async def tables() -> dict[str, Any]:
    """Every preset's score table: what the page's arithmetic needs, offline too."""
    return score_tables()


def refused(exc: RaminoError) -> JSONResponse:
    """A sheet the core refuses: 422 naming the field (its JSON path), the refusal's code and
    numbers (``params``, as the page's own checks build them) and the reason."""
    content: dict[str, Any]
    if isinstance(exc, SheetError):
        content = {"detail": str(exc), "path": exc.path, "code": exc.code,
                   "params": exc.params}
    else:
        content = {"detail": str(exc), "path": getattr(exc, "path", ""), "code": "shape"}
    return JSONResponse(content, status_code=422)


def read_body(body: bytes) -> Any:
    if len(body) > MAX_SHEET_BYTES:
        raise HTTPException(413, f"a sheet is limited to {MAX_SHEET_BYTES} bytes")
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        raise HTTPException(422, "body: not a JSON document") from None


@router.post("/api/segnapunti", status_code=201, dependencies=[Depends(costly)])
async def publish(request: Request, store: StoreDep) -> JSONResponse:
    """Store a sheet for a read-only link.  The sheet is read and scored anew here from its
    counts alone (``Sheet.from_dict``: a total, a score or any field it does not know is
    never taken from the client); what is stored is the core's own form of it."""
    document = read_body(await request.body())
    try:
        sheet = Sheet.from_dict(document)
    except RaminoError as exc:
        return refused(exc)
    for seat, name in enumerate(sheet.players):
        # The link shows the names to anyone: no control or bidirectional characters.
        problem = shown_name_problem(name)
        if problem is not None:
            return refused(SheetError(f"players[{seat}]", "name", problem))
    stored = sheet.as_dict()
    sheet_id = await asyncio.to_thread(save_sheet, store, sheet.rules.preset, stored)
    return JSONResponse({"id": sheet_id, "url": f"{PAGE}/s/{sheet_id}", "view": sheet.view()},
                        status_code=201)


async def published(store: StoreDep, sheet_id: str) -> Sheet:
    """A published sheet, read (and so scored) again by the core, else 404."""
    stored = await asyncio.to_thread(load_sheet, store, sheet_id)
    if stored is None:
        raise HTTPException(404, "there is no published sheet with this id")
    try:
        return Sheet.from_dict(stored)
    except RaminoError as exc:  # stored by a server whose rules read it otherwise
        raise HTTPException(409, f"this sheet no longer reads: {exc}") from None


PublishedDep = Depends(published)


@router.get("/api/segnapunti/{sheet_id}")
async def published_json(sheet: Sheet = PublishedDep) -> dict[str, Any]:
    return {"sheet": sheet.as_dict(), "view": sheet.view()}


@router.get("/api/segnapunti/{sheet_id}/record")
async def published_record(sheet_id: str, sheet: Sheet = PublishedDep) -> JSONResponse:
    """The sheet as a ``ramino-record/1`` match document of hand results, for the
    tournament director to import."""
    return JSONResponse(sheet_record(sheet), headers={
        "Content-Disposition": f'attachment; filename="segnapunti-{sheet_id[:12]}.json"'})


@router.get(PAGE + "/s/{sheet_id}", response_class=HTMLResponse)
async def published_page(request: Request, sheet_id: str, page: PagesDep,
                         sheet: Sheet = PublishedDep) -> HTMLResponse:
    return page(request, "segnapunti_sheet.html",
                {"sheet_id": sheet_id, **published_view(sheet)}, game=sheet.rules.game)
