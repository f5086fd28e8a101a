"""The web pages through FastAPI's TestClient: desk, table entry, public pages, exports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ramino.tournament import store
from ramino.tournament.model import Format
from ramino.tournament.web import create_app

from .conftest import make


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "t.json"
    store.save(make(0, [Format.DANESE_MODIFICATO] * 3, deals=2), target)
    return target


def test_director_runs_a_turno(path: Path) -> None:
    client = TestClient(create_app(path))
    for name in ("Rossi", "Verdi", "Gialli", "Neri", "Blu"):
        r = client.post("/desk/register", data={"name": name, "members": "a, b"})
        assert r.status_code == 200 and "Iscritto" in r.text
    r = client.post("/desk/seat")
    assert "Turno 1: 2 tavoli" in r.text
    r = client.post("/desk/result", data={"round": 1, "table": 1, "ns": "300 100", "ew": "0 0"})
    assert "Tavolo 1 registrato" in r.text
    # A player at table 2 writes the card; it does not count until E-W confirm.
    r = client.post("/table/1/2", data={"by": "ns", "ns": [50, 0], "ew": [0, 0]})
    assert "aspetta la conferma" in r.text
    assert not store.load(path).table(1, 2).confirmed
    r = client.post("/table/1/2/confirm", data={"by": "ew"})
    assert "Risultato confirmed" in r.text
    assert store.load(path).table(1, 2).ew_scores == [0, 0]
    page = client.get("/standings").text
    assert "Rossi" in page and 'http-equiv="refresh"' in page
    api = client.get("/api/standings").json()
    assert api[0]["vp"] == 14 and len(api) == 5
    r = client.post("/desk/result",
                    data={"round": 1, "table": 1, "ns": "0 0", "ew": "0 0", "reason": "typo"})
    assert "registrato" in r.text
    assert "correction" in client.get("/desk").text
    r = client.post("/desk/penalty", data={"entrant": 1, "vp": 1, "reason": "phone rang"})
    assert "Penalità" in r.text
    r = client.post("/desk/withdraw", data={"entrant": 5})
    assert "Ritirato" in r.text
    assert "Turno 1" in client.get("/round").text
    assert client.get("/round/1").status_code == 200
    assert client.get("/round/9").status_code == 404


def test_errors_are_shown_not_raised(path: Path) -> None:
    client = TestClient(create_app(path))
    r = client.post("/desk/seat")
    assert 'class="error"' in r.text and "at least 2 active entrants" in r.text
    r = client.post("/desk/result", data={"round": 7, "table": 1, "ns": "1", "ew": "1"})
    assert 'class="error"' in r.text and "turno 7" in r.text
    r = client.post("/desk/register", data={"name": " "})
    assert "needs a name" in r.text


def test_exports(path: Path) -> None:
    client = TestClient(create_app(path))
    for name in "ABCD":
        client.post("/desk/register", data={"name": name})
    client.post("/desk/seat")
    assert client.get("/export/standings.csv").text.startswith("rank,entrant")
    assert client.get("/export/results.csv").text.startswith("turno,format")
    assert "Tabella VP" in client.get("/export/standings.html").text
    cards = client.get("/export/scorecards/1.html").text
    assert cards.count('class="card"') == 2
    assert client.get("/export/scorecards/5.html").status_code == 404
    assert client.get("/export/tournament.json").json()["format"] == "ramino-tournament/1"
    table = client.get("/table/1/1").text
    assert len(re.findall(r'name="ns"', table)) == 2
    assert client.get("/table/1/9").status_code == 404
    assert client.get("/", follow_redirects=False).status_code == 303


def test_director_token(path: Path) -> None:
    client = TestClient(create_app(path, director_token="s3cret"))
    assert client.get("/desk").status_code == 403
    assert client.post("/desk/register", data={"name": "X"}).status_code == 403
    assert client.get("/desk?token=s3cret").status_code == 200
    # The cookie set by the first visit opens the desk afterwards.
    assert client.post("/desk/register", data={"name": "X"}).status_code == 200
    assert client.get("/standings").status_code == 200


def test_deal_seeds_are_the_directors(path: Path) -> None:
    """The score-cards and the tournament document carry the deal seeds, from which anyone
    could deal a prepared (duplicate) turno before it is played: with a director's token they
    are the director's; the standings and results stay public."""
    client = TestClient(create_app(path, director_token="s3cret"))
    assert client.get("/desk?token=s3cret").status_code == 200
    for name in "ABCD":
        client.post("/desk/register", data={"name": name})
    client.post("/desk/seat")
    seeds = [str(s) for s in store.load(path).round(1).tables[0].deal_seeds]
    assert seeds and all(s in client.get("/export/scorecards/1.html").text for s in seeds)
    assert client.get("/export/tournament.json").json()["format"] == "ramino-tournament/1"
    public = TestClient(create_app(path, director_token="s3cret"))
    assert public.get("/export/scorecards/1.html").status_code == 403
    assert public.get("/export/tournament.json").status_code == 403
    for page in ("/export/standings.csv", "/export/results.csv", "/export/standings.html",
                 "/round/1", "/table/1/1", "/api/standings", "/standings"):
        answer = public.get(page)
        assert answer.status_code == 200, page
        assert not any(seed in answer.text for seed in seeds if len(seed) > 4), page


def test_mounted_under_a_prefix_keeps_links(path: Path) -> None:
    from fastapi import FastAPI

    server = FastAPI()
    server.mount("/tournament", create_app(path))
    client = TestClient(server)
    page = client.get("/tournament/desk").text
    assert 'action="/tournament/desk/register"' in page
    r = client.post("/tournament/desk/register", data={"name": "Z"})
    assert r.url.path == "/tournament/desk"
