"""The tournament's desk and public standings served by the game server, under
/tournament, next to the lobby."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from ramino.server import create_app
from ramino.tournament import store
from ramino.tournament.model import Discipline, Format, Settings
from ramino.tournament.tournament import Tournament
from ramino.tournament.web import create_app as web_app


def test_the_server_serves_the_tournament(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    settings = Settings(name="Circolo", discipline=Discipline.BURRACO_PAIRS, deals_per_round=2,
                        plan=[Format.MITCHELL])
    tournament = Tournament.new(settings)
    for name in ("Rossi", "Verdi", "Gialli", "Neri"):
        tournament.register(name)
    store.save(tournament, path)
    app = create_app(tmp_path / "server.db", tournament=path, tournament_token="segreto")
    with TestClient(app) as client:
        assert client.get("/").status_code == 200
        standings = client.get("/tournament/standings")
        assert standings.status_code == 200 and "Rossi" in standings.text
        assert client.get("/tournament/desk").status_code in (401, 403)
        desk = client.get("/tournament/desk", params={"token": "segreto"})
        assert desk.status_code == 200
        assert client.get("/tournament/api/standings").json()[0]["name"] in (
            "Rossi", "Verdi", "Gialli", "Neri")
    plain = create_app(tmp_path / "other.db")
    with TestClient(plain) as client:
        assert client.get("/tournament/standings").status_code == 404


def test_the_tournament_pages_speak_the_readers_language(tmp_path: Path) -> None:
    """The pages use the server's catalogs (docs/server.md, Languages): ``?lang=`` (kept in
    the cookie, for the server's pages too), else the browser's language, else Italian; the
    tournament package alone reads in Italian."""
    path = tmp_path / "club.json"
    tournament = Tournament.new(Settings(name="Circolo", deals_per_round=2,
                                         plan=[Format.MITCHELL], duplicate=True))
    for name in ("Rossi", "Verdi", "Gialli", "Neri"):
        tournament.register(name)
    tournament.seat_next()
    store.save(tournament, path)
    app = create_app(tmp_path / "server.db", tournament=path)
    with TestClient(app) as client:
        page = client.get("/tournament/round", params={"lang": "en"})
        assert '<html lang="en">' in page.text and page.headers["content-language"] == "en"
        assert "Round 1" in page.text and ">Standings<" in page.text
        assert "Duplicate Burraco: every table plays the same deals." in page.text
        assert "Turno 1" not in page.text
        assert page.cookies.get("ramino_lang") == "en"
        assert '<html lang="en"' in client.get("/").text  # the choice is kept
        client.cookies.clear()
        desk = client.get("/tournament/desk", headers={"Accept-Language": "pt-BR,pt;q=0.9"})
        assert "Mesa do árbitro" in desk.text and "Rodada 1" in desk.text
        assert "Tavolo arbitro" not in desk.text
        italian = client.get("/tournament/standings").text
        assert '<html lang="it">' in italian and ">Classifica<" in italian
    alone = web_app(path)
    with TestClient(alone) as client:
        page = client.get("/round")
        assert '<html lang="it">' in page.text and "Turno 1" in page.text
        assert "Burraco duplicato: tutti i tavoli giocano le stesse smazzate." in page.text
