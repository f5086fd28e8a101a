"""The bot levels a person picks: offered per game with the search's think time (read off the
bot the server makes), chosen for quick play, and named on every bot seat's plate."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ramino.bots.burraco.easy import EasyBot
from ramino.bots.sampling import SampledSearch
from ramino.bots.scala40.easy import EasyBot as EasyBot40
from ramino.rules import preset
from ramino.server.bots import SEARCH_THINK_SECONDS, bot_levels, make_bot, think_seconds

from .conftest import join
from .test_waiting_room import manager_table


def test_every_game_offers_easy_and_the_search_thinks_as_the_server_says() -> None:
    for game in ("burraco", "scala40"):
        levels = bot_levels(game)
        assert levels.index("random") < levels.index("easy") < levels.index("greedy")
        assert "oracle" not in levels
    assert isinstance(make_bot("easy", 1, preset("fibur")), EasyBot)
    assert isinstance(make_bot("easy", 1, preset("fisca")), EasyBot40)
    for rules in (preset("fibur"), preset("fisca")):
        search = make_bot("search", 1, rules)
        assert isinstance(search, SampledSearch) and search.seconds == SEARCH_THINK_SECONDS
        assert think_seconds("search", rules) == SEARCH_THINK_SECONDS
        assert think_seconds("expert", rules) is None


def test_options_give_each_game_its_levels_and_think_times(client: TestClient) -> None:
    games = client.get("/api/options").json()["games"]
    assert games["fibur"]["bot_levels"] == bot_levels("burraco")
    assert games["fisca"]["bot_levels"] == bot_levels("scala40")
    for info in games.values():
        assert info["think_seconds"] == {"search": SEARCH_THINK_SECONDS}


def test_the_lobby_names_and_explains_every_level(client: TestClient) -> None:
    page = client.get("/?lang=en").text
    for words in ("Beginner", "Plays like a beginner: discards cards the others can use",
                  "Intermediate", "Champion",
                  f"Thinks up to {SEARCH_THINK_SECONDS:g} s a move."):
        assert words in page
    assert page.count('name="quick_level"') == page.count('name="bot_level"') == 5


def test_quick_play_takes_a_level_and_the_plates_name_it(client: TestClient) -> None:
    answer = client.post("/api/quickplay", json={"game": "scala40", "bot_level": "search"})
    assert answer.status_code == 201, answer.text
    table = manager_table(client, answer.json()["id"])
    assert table.bot_level == "search"
    url = answer.json()["url"]
    with client.websocket_connect("/ws") as ws:
        _welcome, update = join(ws, answer.json()["id"], token=url.split("key=")[1],
                                invite=url.split("invite=")[1].split("&")[0])
    seats = update["seats"]
    assert seats[0]["bot_level"] is None and seats[0]["think_seconds"] is None  # the person
    assert all(s["bot_level"] == "search" and s["think_seconds"] == SEARCH_THINK_SECONDS
               for s in seats[1:])
    easy = client.post("/api/quickplay", json={"game": "burraco", "bot_level": "easy"})
    assert manager_table(client, easy.json()["id"]).bot_level == "easy"
    default = client.post("/api/quickplay", json={"game": "burraco"})
    assert manager_table(client, default.json()["id"]).bot_level == "expert"


def test_quick_play_refuses_a_level_people_cannot_pick(client: TestClient) -> None:
    for level in ("oracle", "champion"):
        answer = client.post("/api/quickplay", json={"game": "burraco", "bot_level": level})
        assert answer.status_code == 400
        assert answer.json()["detail"].startswith(f"unknown bot level {level!r}")
        assert "easy" in answer.json()["detail"]
