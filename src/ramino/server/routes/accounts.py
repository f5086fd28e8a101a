"""Accounts: sign-up, sign-in and out, the session, bot tokens, a player's standing and the
leaderboards (docs/server.md, "Accounts")."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import JSONResponse
from pydantic import ValidationError

from ramino.server.accounts import (
    BOT_TOKEN_DAYS,
    SESSION_COOKIE,
    SESSION_DAYS,
    check_new_account,
    dummy_hash,
    hash_password,
    new_bot_token,
    new_session_token,
    verify_password,
)
from ramino.server.games import GAMES
from ramino.server.protocol import Credentials
from ramino.server.routes.deps import AccountDep, LimitsDep, StoreDep, costly, sha256
from ramino.server.store import NameTakenError, Store

router = APIRouter()


@router.get("/api/session")
async def session(account: AccountDep, store: StoreDep) -> dict[str, Any]:
    """Who is signed in here: ``{"account": null}`` for a guest (no error: a guest page
    asks this on every load), else the player's standing as ``/api/me`` gives it."""
    stats = None if account is None else await asyncio.to_thread(store.account_stats,
                                                                 account[0])
    return {"account": stats}


async def read_credentials(request: Request) -> Credentials:
    body = await request.body()
    if len(body) > 1024:
        raise HTTPException(413, "credentials are limited to 1024 bytes")
    try:
        return Credentials.model_validate_json(body)
    except ValidationError:
        raise HTTPException(422, "send {\"name\": …, \"password\": …}") from None


async def open_session(request: Request, store: Store, account_id: int, name: str,
                       status: int) -> JSONResponse:
    token = new_session_token()
    expires = dt.datetime.now(dt.UTC) + dt.timedelta(days=SESSION_DAYS)
    await asyncio.to_thread(store.create_session, sha256(token), account_id, expires)
    response = JSONResponse({"name": name}, status_code=status)
    # Secure behind https (a trusted proxy's X-Forwarded-Proto says so): the cookie then
    # never travels in clear.
    response.set_cookie(SESSION_COOKIE, token, max_age=SESSION_DAYS * 86400,
                        httponly=True, samesite="lax", path="/",
                        secure=request.url.scheme == "https")
    return response


@router.post("/api/accounts", status_code=201, dependencies=[Depends(costly)])
async def sign_up(request: Request, store: StoreDep) -> JSONResponse:
    creds = await read_credentials(request)
    problem = check_new_account(creds.name, creds.password)
    if problem:
        raise HTTPException(400, problem)
    pw_hash = await asyncio.to_thread(hash_password, creds.password)
    try:
        account_id = await asyncio.to_thread(store.create_account, creds.name, pw_hash)
    except NameTakenError as exc:
        raise HTTPException(409, str(exc)) from None
    return await open_session(request, store, account_id, creds.name, 201)


@router.post("/api/login", dependencies=[Depends(costly)])
async def login(request: Request, store: StoreDep, limits: LimitsDep) -> JSONResponse:
    creds = await read_credentials(request)
    # Each account name has its own budget of tries, whatever the addresses they come
    # from (known or not: the answer must not tell which names exist).
    if not await limits.sign_ins.allow(creds.name.casefold()):
        raise HTTPException(429, "too many sign-in attempts for this name: wait a minute")
    found = await asyncio.to_thread(store.account_login, creds.name)
    # The same answer, after the same argon2 work, for an unknown name and a wrong
    # password: names are probed neither by the answer nor by its time.
    ok = await asyncio.to_thread(verify_password,
                                 dummy_hash() if found is None else found[1],
                                 creds.password)
    if found is None or not ok:
        raise HTTPException(401, "wrong name or password")
    return await open_session(request, store, found[0], creds.name, 200)


@router.post("/api/logout")
async def logout(request: Request, store: StoreDep) -> JSONResponse:
    token = request.cookies.get(SESSION_COOKIE)
    if token and len(token) <= 100:
        await asyncio.to_thread(store.delete_session, sha256(token))
    response = JSONResponse({"ok": True})
    response.delete_cookie(SESSION_COOKIE, path="/")
    return response


@router.post("/api/tokens", status_code=201)
async def bot_token(account: AccountDep, store: StoreDep) -> dict[str, Any]:
    """A bot token for the signed-in account: a program joins with ``"auth": TOKEN`` and
    plays as that account (docs/server.md, Bot API)."""
    if account is None:
        raise HTTPException(401, "sign in first: a bot token belongs to an account")
    token = new_bot_token()
    expires = dt.datetime.now(dt.UTC) + dt.timedelta(days=BOT_TOKEN_DAYS)
    await asyncio.to_thread(store.create_session, sha256(token), account[0], expires)
    return {"token": token, "account": account[1], "expires": expires.isoformat()}


@router.get("/api/me")
async def me(account: AccountDep, store: StoreDep) -> dict[str, Any]:
    if account is None:
        raise HTTPException(401, "not signed in (guests play without an account)")
    stats = await asyncio.to_thread(store.account_stats, account[0])
    if stats is None:
        raise HTTPException(401, "not signed in")
    return stats


@router.get("/api/leaderboard")
async def leaderboard(store: StoreDep, by: str = "xp",
                      game: str = "burraco") -> list[dict[str, Any]]:
    if by not in ("xp", "rating"):
        raise HTTPException(422, "by is 'xp' or 'rating'")
    if game not in GAMES:
        raise HTTPException(422, f"game is one of {', '.join(GAMES)}")
    return await asyncio.to_thread(store.leaderboard, 50, by, game)
