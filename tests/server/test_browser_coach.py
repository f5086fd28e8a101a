"""The coach in a real Chromium (Playwright): at the table a player presses "suggest a move"
on their turn and sees the hinted cards (or heap) lit with the move and its reason, taken down
once they play; in the replay viewer a review lists the costliest decisions, and pressing one
jumps to its position with the better move.  At desktop and phone sizes, every test failing
on any script or console error and any failed request; screenshots of each state are saved
(``RAMINO_ARTIFACTS``, else the test's tmp folder)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from ramino.server.coach_pool import CoachSettings

from .browser_table import (
    DESKTOP,
    PHONE,
    Server,
    Shots,
    Watched,
    artifacts,
    serve,
    sit,
    version,
    watched,
)
from .conftest import wait_for_js
from .test_hints import threads

pytestmark = pytest.mark.browser

SETTINGS = CoachSettings(workers=1, queue=2, seconds=0.05, review_seconds=0.01, burst=100,
                         per_second=100.0)
SIZES = [pytest.param(DESKTOP, False, id="desktop"), pytest.param(PHONE, True, id="phone")]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serve(tmp_path, seed=5, coach=SETTINGS, coach_executor=threads)


def opened(browser: Browser, tmp_path: Path, name: str, size: ViewportSize,
           phone: bool) -> tuple[Shots, Watched, Page]:
    """A watched page at ``size`` and the folder of its screenshots."""
    shots = artifacts(tmp_path, f"{name}-{'phone' if phone else 'desktop'}")
    watch = watched(browser, size, phone=phone)
    return shots, watch, watch.page()


def ask_hint(page: Page) -> str:
    """Press "suggest a move" and wait for the hint: its move."""
    page.locator("#ask-hint").click()
    wait_for_js(page, "!!document.getElementById('table').dataset.hint", timeout=15)
    return page.locator("#table").get_attribute("data-hint") or ""


def play(page: Page, action: str) -> None:
    """Play ``action`` through the page's list of every legal move."""
    before = version(page)
    page.locator("#notation summary").click()
    page.select_option("#legal", action)
    page.locator("#play-legal").click()
    wait_for_js(page, f"Number(document.getElementById('table').dataset.version) > {before}",
                timeout=15)
    page.locator("#notation summary").click()


@pytest.mark.parametrize(("size", "phone"), SIZES)
def test_a_hint_lights_its_cards_and_says_why(browser: Browser, server: Server,
                                              tmp_path: Path, size: ViewportSize,
                                              phone: bool) -> None:
    shots, watch, page = opened(browser, tmp_path, "hint", size, phone)
    url = server.create(page, "fibur", ["open", "bot", "bot", "bot"])
    sit(page, url, 0, "Anna")
    wait_for_js(page, "document.getElementById('table').dataset.myTurn === '1'")
    assert page.locator("#ask-hint").is_visible()
    first = ask_hint(page)
    assert first.split()[0] in ("draw", "pick")
    heap = "#stock" if first == "draw" else "#pile"
    assert "hinted" in (page.locator(heap).get_attribute("class") or "")
    assert page.locator("#coach-reason").inner_text().strip()
    shots.take(page, "1-hint-draw")
    play(page, first)
    # The table moved: the hint is taken down, and a new one is for the new position.
    assert page.locator("#coach-hint").is_hidden()
    assert not page.locator(".hinted").count()
    second = ask_hint(page)
    words = second.split()
    assert words[0] in ("meld", "attach", "discard", "swap")
    lit = page.locator("#hand .hinted")
    cards = [w.split("=")[0] for w in words[1:]]
    if words[0] in ("attach", "swap"):
        cards = cards[1:]
        meld = page.locator(f".meld[data-meld='{words[1]}']")
        assert "hinted" in (meld.get_attribute("class") or "")
    assert sorted(lit.evaluate_all("nodes => nodes.map(n => n.dataset.card)")) == sorted(cards)
    reason = page.locator("#coach-hint")
    assert reason.is_visible() and second in reason.inner_text()
    reason.scroll_into_view_if_needed()
    shots.take(page, "2-hint-cards")
    play(page, second)
    assert page.locator("#coach-hint").is_hidden()
    assert watch.problems == []
    watch.context.close()


def test_no_hint_button_where_hints_are_off(browser: Browser, server: Server) -> None:
    watch = watched(browser, DESKTOP)
    page = watch.page()
    url = server.create(page, "fibur", ["open", "bot", "bot", "bot"], hints=False)
    sit(page, url, 0, "Anna")
    wait_for_js(page, "document.getElementById('table').dataset.myTurn === '1'")
    assert page.locator("#ask-hint").is_hidden()
    assert watch.problems == []
    watch.context.close()


@pytest.mark.parametrize(("size", "phone"), SIZES)
def test_a_review_jumps_to_a_costly_decision(browser: Browser, server: Server,
                                             tmp_path: Path, size: ViewportSize,
                                             phone: bool) -> None:
    shots, watch, page = opened(browser, tmp_path, "review", size, phone)
    created = page.request.post(server.base + "/api/tables", data={
        "preset": "fibur", "seats": ["bot"] * 4, "bot_level": "greedy"})
    table = created.json()["id"]
    live = server.manager.tables[table]
    deadline = time.monotonic() + 60
    while not live.finished:
        assert time.monotonic() < deadline, "the bots did not finish the hand"
        time.sleep(0.05)
    page.goto(f"{server.base}/replay?table={table}")
    page.locator("#review").wait_for()
    page.select_option("#review-seat", "1")
    page.locator("#review-ask").click()
    decisions = page.locator(".review-decision")
    decisions.first.wait_for(timeout=30_000)
    assert 1 <= decisions.count() <= 3
    shots.take(page, "1-review")
    pick = decisions.nth(decisions.count() - 1)
    step = pick.get_attribute("data-step")
    pick.click()
    assert page.locator("#board-replay").get_attribute("data-step") == step
    better = page.locator("#review-better")
    assert better.is_visible() and better.inner_text().strip()
    better.scroll_into_view_if_needed()
    shots.take(page, "2-decision")
    page.locator("#next").click()
    assert better.is_hidden()
    assert watch.problems == []
    watch.context.close()
