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

import functools
import hashlib
import json
from pathlib import Path
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ramino.server.i18n import LANGUAGES, translations
from ramino.server.routes.deps import PagesDep

router = APIRouter()

SERVER = Path(__file__).parent.parent
STATIC = SERVER / "static"
PAGE: Final = "/segnapunti"
# What the page needs, stored by the service worker at install (the page itself first).
ASSETS: Final = ("/static/style.css", "/static/i18n.js", "/static/favicon.svg",
                 "/static/segnapunti/segnapunti.css", "/static/segnapunti/main.js",
                 "/static/segnapunti/score.js", "/static/segnapunti/sheet.js",
                 "/static/segnapunti/view.js", "/static/segnapunti/icon.svg")
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


@functools.cache
def score_tables() -> dict[str, Any]:
    return {}


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
    lang = request.query_params.get("lang", "it")
    name = translations(lang if lang in LANGUAGES else "it").gettext(APP_NAME)
    body = {"name": name, "short_name": "Segnapunti", "start_url": PAGE, "scope": PAGE,
            "display": "standalone", "background_color": "#eef2ee", "theme_color": "#134a2f",
            "icons": [{"src": "/static/segnapunti/icon.svg", "sizes": "any",
                       "type": "image/svg+xml", "purpose": "any"}]}
    return Response(json.dumps(body), media_type="application/manifest+json")


@router.get("/api/segnapunti/tables")
async def tables() -> dict[str, Any]:
    """Every preset's score table: what the page's arithmetic needs, offline too."""
    return score_tables()
