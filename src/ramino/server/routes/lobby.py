"""The lobby: its page, the tables on offer, the options a new table may take, new tables and
quick play, and the scripts' texts."""

from __future__ import annotations

import functools
import random
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse
from pydantic import ValidationError

from ramino.errors import RaminoError
from ramino.rules import RuleSet, make_rules, preset_names
from ramino.rules.options import Partnerships
from ramino.server.bots import DEFAULT_LEVEL, bot_levels, default_level, think_seconds
from ramino.server.games import game_of
from ramino.server.i18n import LANGUAGES, catalog_json
from ramino.server.protocol import CreateTable, QuickPlay
from ramino.server.routes.deps import AccountDep, ManagerDep, PagesDep, costly, visible
from ramino.server.tables import new_hand

router = APIRouter()


@functools.cache
def table_presets() -> list[str]:
    """The presets a table can be played under: those whose game's engine deals them."""
    return list(preset_games())


@functools.cache
def preset_games() -> dict[str, dict[str, Any]]:
    """Each playable preset's game, players at a table (Scala 40 2 to 6, Burraco 2, 3, 4 or
    6, Buraco 2, 4 or 6), bot levels and the think time of those that think (seconds a move
    at most)."""
    out = {}
    for name in preset_names():
        rules = make_rules(name)
        try:
            new_hand(rules, 0, rules.players - 1, random.Random(0))
        except (RaminoError, ValueError):
            continue
        players = list(game_of(rules).table_sizes(rules))
        out[name] = {"game": rules.game, "players": players, "default_players": rules.players,
                     "sides": table_sides(name, rules),
                     "bot_levels": bot_levels(rules.game),
                     "default_level": default_level(rules.game),
                     "think_seconds": level_think_seconds(rules)}
    return out


def table_sides(preset: str, rules: RuleSet) -> dict[str, list[int]]:
    """Each seat's side at a table of ``preset`` where seats play as sides, keyed by the
    number of players ("4") or, for a partnership variant, players and variant
    ("6:TEAMS_3V3"): the lobby marks a seat partner or opponent from it."""
    game = game_of(rules)
    out: dict[str, list[int]] = {}
    for players in game.table_sizes(rules):
        sides = game.partner_sides(make_rules(preset, {"players": players}))
        if sides is not None:
            out[str(players)] = list(sides)
            continue
        for variant in Partnerships:  # each for himself unless a variant makes sides
            try:
                sides = game.partner_sides(make_rules(preset, {"players": players,
                                                               "partnerships": variant.value}))
            except (RaminoError, ValueError):
                continue  # a variant this count does not have
            if sides is not None:
                out[f"{players}:{variant.value}"] = list(sides)
    return out


def level_think_seconds(rules: RuleSet) -> dict[str, float]:
    """The levels that think over a move, and for how long at most (``think_seconds``)."""
    out = {}
    for level in bot_levels(rules.game):
        seconds = think_seconds(level, rules)
        if seconds is not None:
            out[level] = seconds
    return out


def invalid(exc: ValidationError) -> HTTPException:
    """The 422 of a body that is not what the call takes: its first problem, and where."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "body"
    return HTTPException(422, f"{where}: {first['msg']}")


@router.get("/", response_class=HTMLResponse)
async def lobby_page(request: Request, page: PagesDep) -> HTMLResponse:
    return page(request, "lobby.html", {
        "presets": table_presets(), "levels": bot_levels(), "default_level": DEFAULT_LEVEL,
        "think_seconds": preset_games()[table_presets()[0]]["think_seconds"]})


@router.get("/i18n/{lang}.json")
async def strings(lang: str) -> dict[str, Any]:
    """The scripts' texts, from the same gettext catalog as the templates."""
    if lang not in LANGUAGES:
        raise HTTPException(404, f"no catalog for {lang!r} (known: {', '.join(LANGUAGES)})")
    return catalog_json(lang)


@router.get("/api/tables")
async def list_tables(manager: ManagerDep) -> list[dict[str, Any]]:
    return manager.lobby()


@router.get("/api/options")
async def options() -> dict[str, Any]:
    return {"presets": table_presets(), "bot_levels": bot_levels(),
            "games": preset_games()}


@router.post("/api/tables", status_code=201, dependencies=[Depends(costly)])
async def create_table(request: Request, manager: ManagerDep) -> JSONResponse:
    body = await request.body()
    if len(body) > 4096:
        raise HTTPException(413, "the table settings are limited to 4096 bytes")
    try:
        spec = CreateTable.model_validate_json(body)
    except ValidationError as exc:
        raise invalid(exc) from None
    try:
        table, invite = await manager.create(
            name=spec.name, preset=spec.preset, options=spec.options, seats=spec.seats,
            private=spec.private, bot_level=spec.bot_level,
            clock_ms=None if spec.clock_seconds is None else int(spec.clock_seconds * 1000),
            increment_ms=int(spec.increment_seconds * 1000),
            grace_ms=int(spec.grace_seconds * 1000), match_hands=spec.match_hands,
            spectator_delay=spec.spectator_delay, match_target=spec.match_target,
            pace=spec.pace, hints=spec.hints)
    except (RaminoError, ValueError, KeyError) as exc:
        raise HTTPException(400, str(exc).strip("'\"")) from None
    url = f"/t/{table.id}" + (f"?invite={invite}" if invite else "")
    return JSONResponse({"id": table.id, "invite": invite, "url": url}, status_code=201)


@router.post("/api/quickplay", status_code=201, dependencies=[Depends(costly)])
async def quick_play(request: Request, manager: ManagerDep,
                     account: AccountDep) -> JSONResponse:
    """Sit the caller at a new table of a game against bots, dealt now: the answer's
    ``url`` takes them to their seat (its seat key rides in the address once)."""
    body = await request.body()
    if len(body) > 1024:
        raise HTTPException(413, "quick play settings are limited to 1024 bytes")
    try:
        spec = QuickPlay.model_validate_json(body or b"{}")
    except ValidationError as exc:
        raise invalid(exc) from None
    try:
        table, invite, token = await manager.quick_play(spec.game, spec.name, account,
                                                        spec.pace, spec.bot_level, spec.players)
    except (RaminoError, ValueError, KeyError) as exc:
        raise HTTPException(400, str(exc).strip("'\"")) from None
    return JSONResponse({"id": table.id, "seat": 0,
                         "url": f"/t/{table.id}?invite={invite}&key={token}"},
                        status_code=201)


@router.get("/api/tables/{table_id}")
async def table_info(table_id: str, manager: ManagerDep,
                     invite: str | None = None) -> dict[str, Any]:
    return (await visible(manager, table_id, invite)).lobby_entry()
