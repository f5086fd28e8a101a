"""Puzzles from reviewed hands (docs/coach.md, "Puzzles"): the list ``/puzzles``, a puzzle's
page ``/puzzles/{id}``, its data ``/api/puzzles/{id}`` (the position as the solver's seat sees
it: ``observation(seat)`` and nothing else) and the answer ``POST /api/puzzles/{id}/answer``,
checked by the engine and explained in the reader's language.  A signed-in player's right
answers are kept with the account (:mod:`ramino.server.puzzle_store`), so the list marks them
in any browser; a guest's only in the browser that solved them."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ramino.coach.puzzles import REFUSED, RIGHT, Puzzle, Verdict, shipped
from ramino.coach.reason import N_
from ramino.errors import IllegalActionError
from ramino.server.i18n import LANG_COOKIE, choose_language, translations
from ramino.server.puzzle_store import mark_solved, solved_puzzles
from ramino.server.refusal_texts import refusal_message
from ramino.server.routes.deps import AccountDep, PagesDep, StoreDep
from ramino.server.routes.lobby import invalid
from ramino.server.store import Store

MAX_ANSWER_BYTES = 1024

MALFORMED = N_("Mossa non scritta bene: {detail}")
RIGHT_TEXT = N_("Giusto: {answer}. {reason}.")
WRONG_TEXT = N_("Non è la mossa migliore: meglio {answer}. {reason}.")

router = APIRouter()


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid")
    answer: str = Field(min_length=1, max_length=200)


def language(request: Request) -> str:
    return choose_language(request.query_params.get("lang"), request.cookies.get(LANG_COOKIE),
                           request.headers.get("accept-language"))


def view(puzzle: Puzzle) -> dict[str, Any]:
    """What the solver is shown: the puzzle's id and game, the seat's observation and its legal
    actions in the record notation (the engine's list: the page offers these and no other)."""
    state = puzzle.state()
    return {"id": puzzle.id, "game": puzzle.game,
            "observation": state.observation(state.current).as_dict(history=False),
            "legal": [str(action) for action in state.legal_actions()]}


def listed() -> list[dict[str, str]]:
    return [{"id": p.id, "game": p.game} for p in shipped().values()]


def verdict_json(puzzle: Puzzle, verdict: Verdict, written: str, lang: str) -> dict[str, Any]:
    """The verdict for the reader: right or wrong with the answer and its reason translated,
    or the engine's refusal (its rule in the reader's language when there is a text for it)."""
    tr = translations(lang)
    if verdict.status == REFUSED:
        if verdict.rule is not None and verdict.section is not None:
            error = IllegalActionError(verdict.message or "", rule=verdict.rule,
                                       section=verdict.section)
            message = refusal_message(error, puzzle.game, lang, puzzle.state().rules, written)
        else:
            message = tr.gettext(MALFORMED).format(detail=verdict.message)
        return {"status": REFUSED, "message": message, "rule": verdict.rule,
                "section": verdict.section}
    reason = puzzle.reason.text(tr.gettext)
    return {"status": verdict.status, "action": verdict.action, "answer": puzzle.answer,
            "reason": reason,
            "message": tr.gettext(RIGHT_TEXT if verdict.status == RIGHT else WRONG_TEXT
                                  ).format(answer=puzzle.answer, reason=reason)}


def found(puzzle_id: str) -> Puzzle:
    puzzle = shipped().get(puzzle_id)
    if puzzle is None:
        raise HTTPException(404, f"there is no puzzle {puzzle_id[:60]!r}")
    return puzzle


async def solved_by(account: tuple[int, str] | None, store: Store) -> list[str] | None:
    """The puzzles the signed-in account has solved; None for a guest."""
    if account is None:
        return None
    return await asyncio.to_thread(solved_puzzles, store, account[0])


@router.get("/puzzles", response_class=HTMLResponse)
async def puzzles_page(request: Request, page: PagesDep, account: AccountDep,
                       store: StoreDep) -> HTMLResponse:
    return page(request, "puzzles.html", {"puzzles": listed(),
                                          "solved": await solved_by(account, store)})


@router.get("/puzzles/{puzzle_id}", response_class=HTMLResponse)
async def puzzle_page(request: Request, puzzle_id: str, page: PagesDep) -> HTMLResponse:
    puzzle = shipped().get(puzzle_id)
    if puzzle is None:
        response = page(request, "puzzle.html", {"puzzle": None, "asked": puzzle_id[:60]})
        response.status_code = 404
        return response
    data = await asyncio.to_thread(view, puzzle)
    ids = [p["id"] for p in listed()]
    at = ids.index(puzzle.id)
    return page(request, "puzzle.html", {"puzzle": data, "asked": puzzle_id, "number": at + 1,
                                         "next_id": ids[at + 1] if at + 1 < len(ids) else None},
                game=puzzle.game)


@router.get("/api/puzzles")
async def puzzles_list(account: AccountDep, store: StoreDep) -> dict[str, Any]:
    """Every puzzle; with a session, also the ids the account has solved (``solved``)."""
    solved = await solved_by(account, store)
    return {"puzzles": listed(), **({} if solved is None else {"solved": solved})}


@router.get("/api/puzzles/{puzzle_id}")
async def puzzle_data(puzzle_id: str) -> dict[str, Any]:
    return await asyncio.to_thread(view, found(puzzle_id))


@router.post("/api/puzzles/{puzzle_id}/answer")
async def puzzle_answer(request: Request, puzzle_id: str, account: AccountDep,
                        store: StoreDep) -> dict[str, Any]:
    puzzle = found(puzzle_id)
    body = await request.body()
    if len(body) > MAX_ANSWER_BYTES:
        raise HTTPException(413, f"answer: limited to {MAX_ANSWER_BYTES} bytes")
    try:
        sent = Answer.model_validate_json(body or b"{}")
    except ValidationError as exc:
        raise invalid(exc) from None
    verdict = await asyncio.to_thread(puzzle.check, sent.answer)
    if verdict.status == RIGHT and account is not None:
        await asyncio.to_thread(mark_solved, store, account[0], puzzle.id)
    return verdict_json(puzzle, verdict, sent.answer, language(request))
