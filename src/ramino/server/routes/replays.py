"""Records and replays of finished hands: a table's hand record, its replay (every position),
the replay viewer's page and the replay of an uploaded record."""

from __future__ import annotations

import asyncio
import copy
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse

from ramino.errors import RecordError
from ramino.records import load_document
from ramino.server import coach_texts
from ramino.server.coach_pool import CoachBusy, CoachOff
from ramino.server.i18n import LANG_COOKIE, choose_language
from ramino.server.replays import ReplayError, replay_steps
from ramino.server.reviews import review_json
from ramino.server.routes.deps import (
    AccountDep,
    ManagerDep,
    PagesDep,
    ReviewsDep,
    StoreDep,
    costly,
    visible,
)
from ramino.server.store import Store
from ramino.server.tables import Table, stored_hand

MAX_RECORD_BYTES = 256 * 1024

router = APIRouter()


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


async def hand_record(manager: ManagerDep, store: StoreDep, account: AccountDep,
                      table_id: str, invite: str | None, hand: int | None) -> dict[str, Any]:
    """The record of a table's hand (its current one, or an earlier ``hand``) for whoever may
    see it: 404 for a hand the table never had, 409 while the hand is still being played
    (the record holds the whole deal)."""
    table = await visible(manager, table_id, invite, account)
    held(table, table.hand.hand_no if hand is None else hand)
    if hand is not None and hand != table.hand.hand_no:
        # An earlier hand of the table: a tournament result names its records so, and its
        # replay stays where its result panel offered it once the next hand is dealt.
        past = await asyncio.to_thread(earlier_record, store, table, hand)
        if past is None:
            raise HTTPException(404, f"table {table_id!r} has no hand {hand}")
        return past
    if not table.finished:
        raise HTTPException(409, "the hand is still being played")
    return table.record()


@router.get("/api/tables/{table_id}/record")
async def table_record(table_id: str, manager: ManagerDep, store: StoreDep,
                       account: AccountDep, invite: str | None = None,
                       hand: int | None = None) -> dict[str, Any]:
    return await hand_record(manager, store, account, table_id, invite, hand)


@router.get("/replay", response_class=HTMLResponse)
async def replay_page(request: Request, page: PagesDep) -> HTMLResponse:
    return page(request, "replay.html", {})


@router.get("/api/tables/{table_id}/replay")
async def table_replay(table_id: str, manager: ManagerDep, store: StoreDep,
                       account: AccountDep, invite: str | None = None,
                       hand: int | None = None) -> dict[str, Any]:
    record = await hand_record(manager, store, account, table_id, invite, hand)
    return await asyncio.to_thread(replay_steps, record)


@router.get("/api/tables/{table_id}/review", dependencies=[Depends(costly)])
async def table_review(request: Request, table_id: str, seat: int, manager: ManagerDep,
                       store: StoreDep, account: AccountDep, reviews: ReviewsDep,
                       invite: str | None = None, hand: int | None = None) -> dict[str, Any]:
    """The coach's review of one seat's play in a finished hand (``seat`` as the replay
    numbers them, from the hand's first player), for whoever may see its replay.  A search
    costs the server: each review asked spends one of the address's costly calls."""
    lang = choose_language(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                           request.headers.get("accept-language"))
    record = await hand_record(manager, store, account, table_id, invite, hand)
    players = len(record.get("players") or [])
    if not 0 <= seat < players:
        raise HTTPException(400, f"seat: the hand has seats 0–{players - 1}, not {seat}")
    hand_no = int(record.get("meta", {}).get("hand", 0))
    try:
        review = await reviews.review((table_id, hand_no, seat), record)
    except CoachBusy:
        raise HTTPException(503, coach_texts.text(coach_texts.COACH_BUSY, lang)) from None
    except CoachOff:
        raise HTTPException(503, coach_texts.text(coach_texts.COACH_OFF, lang)) from None
    except (RecordError, ValueError, NotImplementedError):
        raise HTTPException(400, coach_texts.text(coach_texts.REVIEW_NOT_SUPPORTED,
                                                  lang)) from None
    return review_json(review, lang)


@router.post("/api/replay")
async def upload_replay(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > MAX_RECORD_BYTES:
        raise HTTPException(413, f"a record is limited to {MAX_RECORD_BYTES} bytes")
    try:
        document = load_document(body)
        return await asyncio.to_thread(replay_steps, document)
    except (RecordError, ReplayError) as exc:
        raise HTTPException(400, str(exc)) from None
