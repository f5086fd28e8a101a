"""Levels and profiles in a real Chromium (Playwright), at desktop and phone size: a registered
player who has played a match of three hands sees their level beside their name in the lobby
(their profile box, the open tables, the leaderboard) and on their seat plate at a quick-play
table, each linking to the profile page; the profile page shows the level and its progress,
the statistics per game, the challenges on and done and the last match with its replays; an
unknown name is a 404 page.  Every page fails the test on a script or console error or a
failed request; axe-core finds no serious or critical violation on the profile.  Screenshots
go to the test's artifacts, and to RAMINO_DOC_SHOTS (docs/img) for the documentation."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from websockets.sync.client import connect

from ramino.bots.registry import make_bot
from ramino.server.levels import level_of

from .browser_table import (
    DESKTOP,
    DOC_SHOTS,
    PHONE,
    Server,
    artifacts,
    axe_serious,
    no_horizontal_scroll,
    serve,
    watched,
)

pytestmark = pytest.mark.browser

NOON = dt.datetime(2026, 11, 26, 12, tzinfo=dt.UTC)  # the day whose challenges are on
HANDS = 3


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serve(tmp_path, seed=8, bot_delay=0.0, wall_clock=lambda: NOON.timestamp(),
                     burst=10**6, per_second=10.0**6)


def play_match(server: Server, cookie: str, table_id: str) -> None:
    """The signed-in player plays seat 0 for a match of HANDS hands over the WebSocket, as the
    expert bot would (its choice made from seat 0's observation, sent like any move)."""
    table = server.manager.tables[table_id]
    player = make_bot("expert", 4, table.rules)
    url = server.base.replace("http", "ws") + "/ws"
    with connect(url, additional_headers={"Cookie": cookie}, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "join", "table": table_id, "seat": 0}))
        for _ in range(5000):
            frame: dict[str, Any] = json.loads(ws.recv(timeout=20))
            assert frame["type"] != "error", frame
            if frame["type"] != "update":
                continue
            if frame["result"] is not None:
                if frame["hand_no"] == HANDS - 1:
                    return
                ws.send(json.dumps({"type": "next", "hand_no": frame["hand_no"]}))
            elif frame["legal"] and frame["version"] == table.version:
                state = table.state
                action = player.choose(state.observation(0), state.legal_actions())
                ws.send(json.dumps({"type": "act", "action": str(action),
                                    "version": frame["version"]}))
    raise AssertionError("the match did not end")


# The screenshots docs/server.md shows ("Levels, challenges and profiles").
DOC_NAMES = {"profile-desktop", "profile-phone", "lobby-levels-desktop", "table-level-phone"}


def doc_shot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
    if DOC_SHOTS and name in DOC_NAMES:
        page.screenshot(path=str(Path(DOC_SHOTS) / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_level_and_profile_pages(server: Server, browser: Browser, tmp_path: Path,
                                 size: ViewportSize) -> None:
    phone = size["width"] < 600
    kind = "phone" if phone else "desktop"
    shots = artifacts(tmp_path, f"profile-{kind}").folder
    user = watched(browser, size, phone=phone)
    try:
        page = user.page()
        page.goto(server.base + "/")
        made = page.request.post(server.base + "/api/accounts",
                                 data={"name": "Carla", "password": "segreto-lungo"})
        assert made.status == 201, made.text()
        cookie = "; ".join(f"{c['name']}={c['value']}" for c in user.context.cookies())
        created = page.request.post(server.base + "/api/tables", data={
            "seats": ["open", "bot", "bot", "bot"], "match_hands": HANDS})
        assert created.ok, created.text()
        match_id = created.json()["id"]
        play_match(server, cookie, match_id)
        me = page.request.get(server.base + "/api/me").json()
        level = level_of(me["xp"])
        assert me["level"] == level and me["hands"] == HANDS
        # A public table where Carla sits, for the lobby's list of open tables.
        other = page.request.post(server.base + "/api/tables", data={
            "seats": ["open", "open", "bot", "bot"]}).json()
        page.goto(server.base + other["url"])
        page.locator("#open-seats button[data-seat='0']").click()
        page.locator(".seat-row.human").first.wait_for()

        # The lobby: the level beside the name in the profile box, the tables, the board.
        page.goto(server.base + "/")
        badge = page.locator("#profile .level")
        badge.wait_for()
        assert badge.text_content() == f"liv. {level}"
        page.locator("#leaderboard li .level").first.wait_for()
        assert page.locator("#leaderboard li a").first.get_attribute("href") == "/players/Carla"
        page.locator("#tables li .who").filter(has_text=f"Carla (liv. {level})").first.wait_for()
        no_horizontal_scroll(page)
        doc_shot(page, shots, f"lobby-levels-{kind}")

        # The profile page, from the lobby's link.
        page.locator("#profile a").click()
        page.wait_for_url("**/players/Carla")
        title = page.locator("#player-title")
        assert f"livello {level}" in (title.text_content() or "")
        bar = page.locator("#level-progress")
        assert int(bar.get_attribute("value") or -1) == me["xp"] - (
            100 * (level - 1) * (level + 2))
        games = page.locator(".games .game")
        assert games.count() == 1 and "Burraco" in (games.first.text_content() or "")
        challenges = page.locator("#challenges-title + ul li")
        assert challenges.count() == 5
        replays = page.locator(".matches a")
        assert replays.count() == HANDS
        no_horizontal_scroll(page)
        assert axe_serious(page) == []
        doc_shot(page, shots, f"profile-{kind}")
        replays.first.click()
        page.wait_for_url("**/replay?table=**")
        page.locator("#viewer").wait_for()
        assert page.locator("#step").get_attribute("max") not in (None, "0")

        # A quick-play table: the level on the player's own seat plate, linking to the profile.
        page.goto(server.base + "/")
        page.locator(".quick-play[data-game=burraco]:not([data-players])").click()
        page.wait_for_url("**/t/**")
        plate = page.locator(".seat.mine .level")
        plate.wait_for(timeout=15_000)
        assert plate.text_content() == f"liv. {level}"
        assert plate.get_attribute("href") == "/players/Carla"
        assert page.locator(".seat .level").count() == 1  # bots have no level
        page.wait_for_timeout(300)  # the deal's animation
        doc_shot(page, shots, f"table-level-{kind}")
        assert user.problems == []

        # An unknown name: a 404 page in the reader's language, no traceback.
        answer = page.goto(server.base + "/players/Nessuno")
        assert answer is not None and answer.status == 404
        assert "Giocatore non trovato" in (page.locator("h1").text_content() or "")
        assert "Traceback" not in page.content()
    finally:
        user.context.close()
