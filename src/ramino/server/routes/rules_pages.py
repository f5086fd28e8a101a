"""The rules pages: every option of a preset with its value and its rules section, and every
rule a move can be refused by."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ramino.rules import make_rules
from ramino.server.i18n import LANG_COOKIE, choose_language
from ramino.server.lobby import refusal_rows, rule_rows
from ramino.server.routes.deps import PagesDep
from ramino.server.routes.lobby import table_presets

router = APIRouter()


@router.get("/rules", include_in_schema=False)
async def rules_index(request: Request) -> RedirectResponse:
    """``/rules`` alone: the first preset's page, which lists the others (the query kept)."""
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/rules/{table_presets()[0]}{query}", status_code=307)


@router.get("/rules/{preset}", response_class=HTMLResponse)
async def rules_page(request: Request, preset: str, page: PagesDep) -> HTMLResponse:
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
