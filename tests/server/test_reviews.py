"""The coach's review of a finished hand (``GET /api/tables/{id}/review``): seen by whoever
may see the hand's replay and nobody else (a private table's only with its invite), never
while the hand is played, a seat the hand has, the three costliest decisions in the reader's
language, and computed once per hand and seat."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ramino.server.reviews import ReviewCache

from .conftest import fast_app_client
from .test_hints import SETTINGS, app_client, manager_of, threads


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with app_client(db) as c:
        yield c


def finished_table(client: TestClient, *, private: bool) -> dict[str, Any]:
    """A table of four bots, played to the end of its hand."""
    response = client.post("/api/tables", json={"seats": ["bot"] * 4, "private": private,
                                                "bot_level": "greedy"})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    live = manager_of(client).tables[created["id"]]
    deadline = time.monotonic() + 30
    while not live.finished:
        assert time.monotonic() < deadline, "the bots did not finish the hand"
        time.sleep(0.02)
    return created


def review(client: TestClient, table: str, **query: Any) -> Any:
    return client.get(f"/api/tables/{table}/review", params=query)


def test_a_review_lists_the_costliest_decisions_in_words(client: TestClient) -> None:
    table = finished_table(client, private=False)["id"]
    response = review(client, table, seat=1, lang="en")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["format"] == "ramino-review/1" and body["seat"] == 1
    numbers = [d["number"] for d in body["decisions"]]
    assert [d["number"] for d in body["explained"]] == body["costliest"]
    assert len(body["explained"]) <= 3
    for decision in body["explained"]:
        assert decision["number"] in numbers
        assert decision["regret"] > 0 and decision["reason"] and decision["verdict"]
        assert decision["best"] in decision["verdict"]
    assert body["explained"], "the greedy bot makes no costly choice in this seeded hand?"
    italian = review(client, table, seat=1, lang="it").json()
    assert [d["number"] for d in italian["explained"]] == body["costliest"]
    assert italian["explained"][0]["verdict"] != body["explained"][0]["verdict"]


def test_a_review_is_computed_once_per_hand_and_seat(client: TestClient) -> None:
    table = finished_table(client, private=False)["id"]
    reviews: ReviewCache = client.app.state.reviews  # type: ignore[attr-defined]
    first = review(client, table, seat=0).json()
    kept = dict(reviews.done)
    assert len(kept) == 1
    assert review(client, table, seat=0).json() == first
    assert all(reviews.done[key] is found for key, found in kept.items())


def test_a_private_tables_review_needs_its_invite(client: TestClient) -> None:
    created = finished_table(client, private=True)
    table = created["id"]
    invite = created["url"].split("invite=")[1]
    assert review(client, table, seat=0).status_code == 404
    assert review(client, table, seat=0, invite="not-the-code").status_code == 404
    assert review(client, table, seat=0, invite=invite).status_code == 200


def test_no_review_while_the_hand_is_played_nor_of_a_seat_it_has_not(
        client: TestClient) -> None:
    response = client.post("/api/tables", json={"seats": ["open", "bot", "bot", "bot"]})
    table = response.json()["id"]
    assert review(client, table, seat=0).status_code == 409
    done = finished_table(client, private=False)["id"]
    wrong = review(client, done, seat=4)
    assert wrong.status_code == 400 and "seat" in wrong.json()["detail"]


def test_reviews_spend_the_addresses_costly_calls(db: Path) -> None:
    with fast_app_client(db, coach=SETTINGS, coach_executor=threads, http_burst=3,
                         http_per_second=0.001) as client:
        table = finished_table(client, private=False)["id"]  # the first costly call
        assert review(client, table, seat=0).status_code == 200
        assert review(client, table, seat=1).status_code == 200
        assert review(client, table, seat=2).status_code == 429
