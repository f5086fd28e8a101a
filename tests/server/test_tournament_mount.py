"""The tournament's desk and public standings served by the game server (issue 6: "web pages
in the server"), under /tournament, next to the lobby."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from ramino.server import create_app
from ramino.tournament import store
from ramino.tournament.model import Discipline, Format, Settings
from ramino.tournament.tournament import Tournament


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
