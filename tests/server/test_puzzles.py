"""The puzzle pages and API: the list, a puzzle's data and page holding the solver's
observation and nothing more (no other seat's hand, no answer), answers checked by the engine
(right, wrong, illegal, malformed) in the reader's language, 422 naming the field for a bad
body, 404 for an unknown puzzle (a page in the reader's language); a signed-in player's right
answers kept with the account and marked in any browser."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from ramino.coach.puzzles import Puzzle, shipped

PUZZLES = list(shipped().values())
FIRST = {game: next(p for p in PUZZLES if p.game == game) for game in ("burraco", "scala40")}


@pytest.mark.parametrize("game", ["burraco", "scala40"])
def test_the_data_is_the_solvers_observation_and_nothing_else(client: TestClient,
                                                              game: str) -> None:
    puzzle = FIRST[game]
    data = client.get(f"/api/puzzles/{puzzle.id}").json()
    assert set(data) == {"id", "game", "observation", "legal"}
    state = puzzle.state()
    seat = state.current
    assert data["observation"] == state.observation(seat).as_dict(history=False)
    # The seat's legal moves, the engine's list (the page offers these and no other).
    assert data["legal"] == [str(action) for action in state.legal_actions()]
    assert puzzle.answer in data["legal"]
    for other in range(state.players):
        if other != seat:
            hidden = state.observation(other).as_dict(history=False)["hand"]
            # another seat's hand is not in it (a card may be held twice: compare the lists)
            assert hidden != data["observation"]["hand"]
    page = client.get(f"/puzzles/{puzzle.id}")
    assert page.status_code == 200
    assert ("Prendi dal pozzo" in page.text) == (game == "scala40")  # the game's own words
    embedded = re.search(r'<script id="puzzle-data" type="application/json">(.*?)</script>',
                         page.text, re.S)
    assert embedded is not None and json.loads(embedded.group(1)) == data


def test_the_list_names_every_puzzle(client: TestClient) -> None:
    listed = client.get("/api/puzzles").json()["puzzles"]
    assert [p["id"] for p in listed] == [p.id for p in PUZZLES]
    page = client.get("/puzzles", headers={"Accept-Language": "en"})
    assert page.status_code == 200 and "Puzzles" in page.text
    assert all(f"/puzzles/{p.id}" in page.text for p in PUZZLES)


def answer(client: TestClient, puzzle: Puzzle, text: str, lang: str = "it") -> dict[str, str]:
    response = client.post(f"/api/puzzles/{puzzle.id}/answer", json={"answer": text},
                           headers={"Accept-Language": lang})
    assert response.status_code == 200, response.text
    body: dict[str, str] = response.json()
    return body


def test_answers_are_checked_by_the_engine_in_the_readers_language(client: TestClient) -> None:
    puzzle = FIRST["burraco"]
    right = answer(client, puzzle, puzzle.answer, "en")
    assert right["status"] == "right" and right["message"].startswith("Right: ")
    assert puzzle.reason.text() in right["message"]
    wrong = answer(client, puzzle, puzzle.played, "it")
    assert wrong["status"] == "wrong" and wrong["answer"] == puzzle.answer
    assert wrong["message"].startswith("Non è la mossa migliore")
    illegal = answer(client, puzzle, "meld Ah Ah Ah", "it")
    assert illegal["status"] == "refused" and illegal["rule"] and illegal["section"]
    malformed = answer(client, puzzle, "discard", "it")
    assert malformed["status"] == "refused" and malformed["message"].startswith(
        "Mossa non scritta bene")


def account_marks(client: TestClient) -> list[str] | None:
    """The solved ids the list page gives the script (None: the page has none, a guest)."""
    page = client.get("/puzzles").text
    found = re.search(r"data-account-solved='([^']*)'", page)
    return None if found is None else list(json.loads(found.group(1)))


def test_an_account_keeps_its_solved_puzzles_for_every_browser(client: TestClient) -> None:
    """A guest's right answer is kept nowhere on the server; a signed-in player's is, once,
    and only a right one: another browser signed in to the same account sees it marked."""
    burraco, scala40 = FIRST["burraco"], FIRST["scala40"]
    assert answer(client, burraco, burraco.answer)["status"] == "right"
    assert "solved" not in client.get("/api/puzzles").json() and account_marks(client) is None
    assert client.post("/api/accounts", json={"name": "Gina", "password": "x" * 10}
                       ).status_code == 201
    assert client.get("/api/puzzles").json()["solved"] == [] and account_marks(client) == []
    assert answer(client, scala40, scala40.played)["status"] == "wrong"
    assert answer(client, scala40, "meld Ah Ah Ah")["status"] == "refused"
    assert client.get("/api/puzzles").json()["solved"] == []
    for _ in range(2):  # solved again: still once
        assert answer(client, scala40, scala40.answer)["status"] == "right"
    assert answer(client, burraco, burraco.answer)["status"] == "right"
    assert sorted(client.get("/api/puzzles").json()["solved"]) == sorted([scala40.id, burraco.id])
    client.cookies.clear()  # another browser: no session, no marks
    assert account_marks(client) is None
    assert client.post("/api/login", json={"name": "Gina", "password": "x" * 10}
                       ).status_code == 200
    assert sorted(account_marks(client) or []) == sorted([scala40.id, burraco.id])
    client.cookies.clear()
    client.post("/api/accounts", json={"name": "Ugo", "password": "y" * 10})
    assert client.get("/api/puzzles").json()["solved"] == []


def test_a_bad_body_is_422_naming_the_field(client: TestClient) -> None:
    puzzle = PUZZLES[0]
    for body in ({}, {"answer": ""}, {"answer": 7}, {"answer": "draw", "extra": 1}):
        response = client.post(f"/api/puzzles/{puzzle.id}/answer", json=body)
        assert response.status_code == 422, body
        assert re.match(r"(answer|extra)\b", response.json()["detail"]), response.json()
    response = client.post(f"/api/puzzles/{puzzle.id}/answer", content=b"not json")
    assert response.status_code == 422


def test_an_unknown_puzzle_is_404(client: TestClient) -> None:
    assert client.get("/api/puzzles/nope").status_code == 404
    assert client.post("/api/puzzles/nope/answer", json={"answer": "draw"}).status_code == 404
    page = client.get("/puzzles/nope", headers={"Accept-Language": "en"})
    assert page.status_code == 404 and "Puzzle not found" in page.text
    page = client.get("/puzzles/nope", headers={"Accept-Language": "it"})
    assert page.status_code == 404 and "Problema non trovato" in page.text
