"""The pages work under their Content Security Policy in a real browser (Chromium): the
lobby makes a table, a player sits and plays a card, a spectator watches, the replay viewer
opens, and the browser reports no violation of the policy."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from ramino.server import create_app

from .conftest import live_server

pytestmark = pytest.mark.browser

# Installed by the browser before any page script (the policy does not apply to it).
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation",
    (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations || []")
    return found


def test_pages_work_under_their_csp(tmp_path: Path, browser: Browser) -> None:
    app = create_app(tmp_path / "tables.db", bot_delay=0.02, rng=random.Random(5))
    with live_server(app) as base:
        context = browser.new_context(locale="it-IT")
        context.add_init_script(WATCH_VIOLATIONS)
        errors: list[str] = []
        context.on("page", lambda page: page.on("pageerror",
                                                lambda error: errors.append(str(error))))
        try:
            lobby = context.new_page()
            response = lobby.goto(base + "/")
            assert response is not None
            assert "script-src 'self';" in response.headers["content-security-policy"]
            lobby.evaluate("localStorage.setItem('ramino:name', 'Anna')")
            lobby.select_option("select[name=seat1]", "bot")
            lobby.select_option("select[name=seat2]", "bot")
            lobby.select_option("select[name=seat3]", "bot")
            lobby.click("#new-table button[type=submit]")  # a same-origin POST
            lobby.wait_for_url("**/t/*")
            table_url = lobby.url.split("?")[0]
            # The creator is seated over the WebSocket as the page opens.
            lobby.locator("#hand button.card").first.wait_for(timeout=10_000)
            watcher = context.new_page()
            watcher.goto(table_url + "?watch=1")
            watcher.locator("#board").wait_for(state="visible", timeout=10_000)
            replay = context.new_page()
            replay.goto(base + "/replay")
            replay.wait_for_load_state("load")
            for page in (lobby, watcher, replay):
                assert violations(page) == [], page.url
        finally:
            context.close()
        assert errors == []
