"""A turno played online, in a real Chromium (Playwright): the director opens it from the desk
the server serves, the desk lists each player's join link, and a player's link sits them on
their own kept seat (the key leaves the address bar and is kept for reconnecting)."""

from __future__ import annotations

import random
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser

from ramino.server import create_app
from ramino.tournament import store

from .conftest import live_server, wait_for_js
from .test_tournament_online import TOKEN, new_tournament, wait

pytestmark = pytest.mark.browser


def test_the_director_opens_the_turno_and_a_player_sits_by_the_link(
        tmp_path: Path, browser: Browser) -> None:
    path = tmp_path / "club.json"
    new_tournament(path)
    app = create_app(tmp_path / "s.db", tournament=path, tournament_token=TOKEN,
                     bot_delay=0.05, rng=random.Random(3))
    with live_server(app) as base:
        desk = browser.new_page()
        # Italian whatever the browser says (the choice is kept in the cookie).
        desk.goto(f"{base}/tournament/desk?token={TOKEN}&lang=it")
        desk.get_by_role("button", name="Gioca il turno 1 sul server").click()
        desk.wait_for_selector("td.online a")
        assert "2 tavoli sul server" in desk.content()
        table = store.load(path).table(1, 1)
        assert table.online is not None
        first = desk.locator("#t1 td.online a[title]").first  # seat 0's player, N-S
        assert first.get_attribute("title") == "NS · posto 0"
        name = first.inner_text()
        assert name in store.load(path).entrant(table.ns[0]).members
        href = first.get_attribute("href")
        assert href is not None and f"/t/{table.online}?key=" in href
        player = browser.new_page()
        player.goto(base + href)
        player.wait_for_selector("#me", state="visible")
        assert "key=" not in player.url
        assert player.evaluate(f"localStorage.getItem('ramino:{table.online}:token')") == \
            href.split("key=")[1]
        seat = app.state.manager.get(table.online)
        assert any(c.seat == 0 and c.name == name for c in seat.clients)
        player.close()
        desk.close()


def test_a_duplicate_deal_stays_sealed_on_the_page_until_the_last_table(
        tmp_path: Path, browser: Browser) -> None:
    """Table 1 of a duplicate turno has played its first smazzata, table 2 not yet: its
    player's page shows the score, says the deal will be published later, and offers no
    record; when table 2 finishes, the page checks the revealed deal against the commitment."""
    path = tmp_path / "duplicate.json"
    new_tournament(path, duplicate=True)
    app = create_app(tmp_path / "s.db", tournament=path, tournament_token=TOKEN,
                     bot_delay=0.0, rng=random.Random(12), tick=0.05)
    with live_server(app) as base:
        opened = httpx.post(f"{base}/tournament/api/online",
                            params={"token": TOKEN, "grace": 3600}).json()
        one, two = (app.state.manager.get(o["server_table"]) for o in opened)
        one.grace_ms = 0  # nobody at table 1: the stand-ins play its smazzata at once
        wait(lambda: one.finished, "table 1's smazzata did not end")
        player = browser.new_page()  # then a player of table 1 looks
        player.goto(base + opened[0]["seats"][0]["url"] + "&lang=it")
        player.wait_for_selector("#result:not([hidden])", timeout=60_000)
        wait_for_js(player, "document.getElementById('verify').textContent"
                    ".startsWith('Smazzata duplicata')")
        assert player.locator("#record-link").is_hidden()
        two.grace_ms = 0  # table 2 plays its smazzata too: the deal is revealed
        wait_for_js(player, "document.getElementById('verify').textContent"
                    ".startsWith('Mazzo verificato')", timeout=60)
        assert player.locator("#record-link").is_visible()
        player.close()
