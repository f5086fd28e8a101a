"""A puzzle solved in a real Chromium (Playwright) at phone size: the list links to it, the
position shows the solver's hand, the discard is tapped on its card and answered, and the
verdict comes back right with the reason, in the page's language; a wrong move is answered
wrong.  No script or console error, no failed request, no horizontal scroll, no serious
axe-core violation.  Screenshots at phone and desktop size go to the test's artifacts."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from ramino.coach.puzzles import shipped

from .browser_table import (
    DESKTOP,
    PHONE,
    Server,
    artifacts,
    axe_serious,
    no_horizontal_scroll,
    serve,
    watched,
)
from .conftest import wait_for_js

pytestmark = pytest.mark.browser

# A Burraco puzzle whose answer is a scarto: solved by tapping the card.
DISCARD = next(p for p in shipped().values()
               if p.game == "burraco" and p.answer.startswith("discard "))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serve(tmp_path, seed=3, bot_delay=0.0)


def test_a_puzzle_is_solved_by_tapping_the_card_at_phone_size(browser: Browser, server: Server,
                                                              tmp_path: Path) -> None:
    shots = artifacts(tmp_path, "puzzles")
    seen = watched(browser, PHONE, phone=True, locale="en-GB")
    page = seen.page()
    page.goto(f"{server.base}/puzzles")
    page.click(f"a[href='/puzzles/{DISCARD.id}']")
    page.wait_for_selector("#table .card")
    card = DISCARD.answer.split()[1]
    hand = page.locator("#table button.card")
    assert hand.count() == len(DISCARD.observation().hand)
    # The page offers the engine's legal moves and no other: past the draw, no draw button.
    legal = [str(a) for a in DISCARD.state().legal_actions()]
    options = page.locator("#moves option").all_text_contents()
    assert options[1:] == legal
    assert page.locator("button[data-move='draw']").is_hidden()
    assert page.locator("button[data-move='pick']").is_hidden()
    seen_by = DISCARD.observation()
    partner = next(s for s in range(seen_by.players)
                   if s != seen_by.seat and seen_by.sides[s] == seen_by.sides[seen_by.seat])
    assert f"seat {partner + 1}: " in (page.locator("#table p.small").text_content() or "")
    assert "(partner)" in (page.locator("#table p.small").text_content() or "")
    # Every count in its number: "1 card", "9 cards", the stock first.
    facts = page.locator("#table p.small").text_content() or ""
    expected = [f"Stock: {seen_by.stock_size} card" + ("s" if seen_by.stock_size != 1 else "")]
    expected += [f"seat {s + 1}: {n} card" + ("s" if n != 1 else "")
                 + (" (partner)" if s == partner else "")
                 for s, n in enumerate(seen_by.hand_sizes) if s != seen_by.seat]
    assert facts == " · ".join(expected)
    page.select_option("#moves", legal[-1])
    assert page.input_value("#answer") == legal[-1]
    page.locator(f"#table button.card[data-card='{card}']").first.tap()
    assert page.input_value("#answer") == DISCARD.answer
    assert page.input_value("#moves") == DISCARD.answer
    shots.take(page, "phone-position")
    page.click("#submit")
    wait_for_js(page, "document.getElementById('verdict').textContent !== ''")
    verdict = page.locator("#verdict")
    assert "right" in (verdict.get_attribute("class") or "")
    assert verdict.text_content() == (f"Right: {DISCARD.answer}. "
                                      f"{DISCARD.reason.text()}.")
    assert no_horizontal_scroll(page)
    shots.take(page, "phone-right")
    assert axe_serious(page) == []
    page.fill("#answer", DISCARD.played)
    page.click("#submit")
    wait_for_js(page, "document.getElementById('verdict').classList.contains('wrong')")
    # The way on: the next puzzle of the list, and the list marks this one solved (kept in
    # this browser), a wrong answer afterwards taking nothing back.
    ids = [p.id for p in shipped().values()]
    at = ids.index(DISCARD.id)
    if at + 1 < len(ids):
        assert page.get_attribute("#next-puzzle", "href") == f"/puzzles/{ids[at + 1]}"
    else:
        assert page.locator("#next-puzzle").count() == 0
    page.goto(f"{server.base}/puzzles")
    solved = page.locator("li.solved")
    assert solved.count() == 1 and solved.get_attribute("data-puzzle") == DISCARD.id
    assert (solved.text_content() or "").endswith("✓ solved")
    assert page.locator("#solved-count").text_content() == "1 puzzle solved on this device."
    shots.take(page, "phone-list-solved")
    assert axe_serious(page) == []
    assert seen.problems == []
    desktop = watched(browser, DESKTOP).page()
    desktop.goto(f"{server.base}/puzzles/{DISCARD.id}")
    desktop.wait_for_selector("#table .card")
    shots.take(desktop, "desktop-position")


def test_a_signed_in_players_solved_puzzles_follow_the_account(browser: Browser,
                                                                server: Server) -> None:
    """Solved on a phone while signed in, a puzzle is marked on a desktop browser that has
    never seen it once the same player signs in there (and not before)."""
    phone = watched(browser, PHONE, phone=True, locale="en-GB")
    desk = watched(browser, DESKTOP, locale="en-GB")
    try:
        page = phone.page()
        page.goto(f"{server.base}/puzzles")
        signup = page.request.post(f"{server.base}/api/accounts",
                                   data={"name": "Gina", "password": "x" * 10})
        assert signup.status == 201
        page.goto(f"{server.base}/puzzles/{DISCARD.id}")
        page.wait_for_selector("#table .card")
        page.fill("#answer", DISCARD.answer)
        page.click("#submit")
        wait_for_js(page, "document.getElementById('verdict').classList.contains('right')")
        other = desk.page()
        other.goto(f"{server.base}/puzzles")
        assert other.locator("li.solved").count() == 0
        assert other.locator("#solved-count").is_hidden()
        login = other.request.post(f"{server.base}/api/login",
                                   data={"name": "Gina", "password": "x" * 10})
        assert login.status == 200
        other.goto(f"{server.base}/puzzles")
        solved = other.locator("li.solved")
        assert solved.count() == 1 and solved.get_attribute("data-puzzle") == DISCARD.id
        assert other.locator("#solved-count").text_content() == "1 puzzle solved."
        assert phone.problems == [] and desk.problems == []
    finally:
        phone.context.close()
        desk.context.close()
