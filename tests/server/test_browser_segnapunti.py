"""The score keeper in a real Chromium: a whole FIBUR match to 2005 kept on a phone with the
network cut, then published and read back through its link; a Scala 40 sheet with a re-entry
at desktop size.

The phone loads ``/segnapunti`` once, the service worker stores the page; then the server is
stopped *and* the browser is put offline, and the page is reloaded and used for the whole
match (hands entered, a refused entry that names its field, an undo, a reload that restores
the sheet).  The server comes back on the same address and database, the sheet is published,
and the read-only page shows the totals the server computed.  Every page fails the test on a
script error, a console error, a failed request or a Content Security Policy violation, and
saves screenshots (``RAMINO_ARTIFACTS``; ``RAMINO_DOC_SHOTS=docs/img`` writes the ones the
documentation shows).
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page

from ramino.rules import preset
from ramino.scoresheet.limits import burraco_types
from ramino.server import create_app

from .browser_table import DESKTOP, PHONE, Shots, Watched, artifacts, watched
from .conftest import wait_for_js
from .test_security_browser import WATCH_VIOLATIONS, violations

pytestmark = pytest.mark.browser


@contextlib.contextmanager
def serving(db: Path, port: int) -> Iterator[str]:
    """The server on ``port`` over ``db`` until the block ends (then it is gone: nothing
    listens there)."""
    app = create_app(db, bot_delay=0.0)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    try:
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def state(page: Page, name: str) -> None:
    wait_for_js(page, f"document.getElementById('keeper').dataset.state === '{name}'", 15)


def start_sheet(page: Page, preset: str, names: list[str], **choices: Any) -> None:
    state(page, "setup")
    page.select_option("#preset", preset)
    if "players" in choices:
        page.select_option("#players", str(choices["players"]))
    if choices.get("reentry"):
        page.check("#reentry")
    for seat, name in enumerate(names):
        page.fill(f"input[name=name{seat}]", name)
    page.click("#start")
    state(page, "sheet")


def side(page: Page, index: int, *, melded: int, in_hand: int = 0, taken: bool = False,
         closed: bool = False, **burrachi: int) -> None:
    """Enter one side's count as a player does: steppers, numbers, toggles."""
    for kind, count in burrachi.items():
        for _ in range(count):
            page.click(f"#side-{index} button[data-kind={kind}][data-step='1']")
    page.fill(f"#f-s{index}-melded", str(melded))
    page.fill(f"#f-s{index}-in_hand", str(in_hand))
    page.set_checked(f"#f-s{index}-pozzetto_taken", taken)
    page.set_checked(f"#f-s{index}-closed", closed)


def record(page: Page, hands: int) -> None:
    page.click("#record-hand")
    wait_for_js(page, f"document.getElementById('keeper').dataset.hands === '{hands}'", 10)


def totals(page: Page) -> list[str]:
    cells: list[str] = page.locator("#running tfoot td").all_inner_texts()
    return cells


def no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert width <= 0, f"the page is {width} px wider than the screen"


TOUCH_TARGETS = """
[...document.querySelectorAll('button, select, input[type=number], input[type=text], label.toggle')]
  .filter((node) => node.offsetParent !== null)
  .map((node) => [node.id || node.textContent.trim().slice(0, 30),
                  node.getBoundingClientRect().height])
  .filter(([, height]) => height < 44)
"""


def check_clean(view: Watched, *pages: Page) -> None:
    for page in pages:
        assert violations(page) == [], page.url
    assert view.problems == []


def test_a_burraco_match_kept_offline_then_published(tmp_path: Path,
                                                    browser: Browser) -> None:
    db = tmp_path / "tables.db"
    port = free_port()
    shots = artifacts(tmp_path, "segnapunti")
    view = watched(browser, PHONE, phone=True)
    view.context.add_init_script(WATCH_VIOLATIONS)
    try:
        with serving(db, port) as base:
            page = view.page()
            page.goto(base + "/segnapunti")
            start_sheet(page, "fibur", ["Anna", "Bruno", "Carla", "Dario"])
            wait_for_js(page, "document.getElementById('keeper').dataset.offline === 'ready'")
            assert page.locator("#offline").inner_text() == "Pronto anche senza rete."
        # The network is cut: nothing listens on the server's address, and the browser is
        # offline.  The page comes back from the service worker's store.
        view.context.set_offline(True)
        page.reload()
        state(page, "sheet")
        assert "Senza rete" in page.locator("#offline").inner_text()
        assert page.locator("#hand-title").inner_text() == "Mano 1 · dà le carte Dario"
        keep_match(page, shots)
        # The network comes back, on the same address and database: publish.
        with serving(db, port) as base:
            view.context.set_offline(False)
            page.click("#publish")
            link = page.locator("#published-link")
            link.wait_for(timeout=10_000)
            url = link.get_attribute("href") or ""
            assert url.startswith("/segnapunti/s/")
            shots.take(page, "published-phone")
            reader = view.page()
            reader.goto(base + url)
            assert reader.locator("#published-winner").inner_text() == (
                "Partita finita: vince Bruno & Dario.")
            row = reader.locator("#published-sheet tfoot td").all_inner_texts()
            assert row == ["2220", "2600"] == totals(page)
            assert reader.locator("#published-sheet tbody tr").count() == 4
            reader.locator("details").first.click()
            no_overflow(reader)
            shots.take(reader, "read-only-phone", doc="segnapunti-published-phone.png")
            english = view.page()
            english.goto(base + url + "?lang=en")
            assert english.locator("#published-winner").inner_text() == (
                "Match over: Bruno & Dario wins.")
            record = english.request.get(base + "/api/segnapunti/" + url.rsplit("/", 1)[1]
                                         + "/record")
            assert record.ok and record.json()["format"] == "ramino-record/1"
            check_clean(view, page, reader, english)
    finally:
        view.context.close()


def keep_match(page: Page, shots: Shots) -> None:
    """Four FIBUR hands to 2005 (§2.10, §2.11), entered offline."""
    side(page, 0, pulito=1, sporco=1, melded=420, taken=True, closed=True)
    side(page, 1, sporco=1, melded=300, in_hand=40, taken=True)
    assert page.locator("#score-s0").inner_text() == "Punti della mano: +820"
    assert page.evaluate(TOUCH_TARGETS) == []  # every control a thumb's size (44 px)
    assert page.locator("#score-s1").inner_text() == "Punti della mano: +360"
    record(page, 1)
    side(page, 0, melded=200, in_hand=120)
    # Two burrachi puliti cannot lie in 60 points of cards: the field says so.
    side(page, 1, pulito=2, melded=60, taken=True, closed=True)
    page.click("#record-hand")
    assert page.locator("#hand-error").inner_text() == (
        "Bruno & Dario · burraco pulito: 2 × burraco pulito vogliono almeno 70 punti di carte "
        "in tavola, ne sono segnati 60.")
    assert page.locator("#f-s1-burrachi-pulito").get_attribute("aria-invalid") == "true"
    page.fill("#f-s1-melded", "600")
    record(page, 2)
    assert totals(page) == ["800", "1460"]
    # A reload keeps the sheet: it lives on the phone.
    page.reload()
    state(page, "sheet")
    assert totals(page) == ["800", "1460"] and page.locator("#running tbody tr").count() == 2
    # Both sides closed: refused, the field named and marked; nothing is recorded.
    side(page, 0, pulito=1, semipulito=1, melded=500, taken=True, closed=True)
    side(page, 1, sporco=1, melded=250, in_hand=60, taken=True, closed=True)
    page.click("#record-hand")
    error = page.locator("#hand-error")
    assert error.inner_text() == ("Bruno & Dario · Ha chiuso: la mano la chiude uno solo, qui "
                                  "hanno chiuso Anna & Carla e Bruno & Dario.")
    assert page.locator("#f-s1-closed").get_attribute("aria-invalid") == "true"
    assert page.locator("#running tbody tr").count() == 2
    page.evaluate("document.getElementById('record-hand').scrollIntoView({block: 'end'})")
    shots.take(page, "refused-phone", doc="segnapunti-refused-phone.png")
    page.set_checked("#f-s1-closed", False)
    assert error.inner_text() == ""
    page.locator("#hand-title").scroll_into_view_if_needed()
    shots.take(page, "hand-phone", doc="segnapunti-hand-phone.png")
    record(page, 3)
    assert totals(page) == ["1750", "1750"]
    # A hand entered wrong is taken back, and comes back in the form to be corrected.
    side(page, 0, pulito=1, melded=300, in_hand=30, taken=True)
    side(page, 1, pulito=1, melded=450, taken=True, closed=True)
    record(page, 4)
    page.click("#undo")
    wait_for_js(page, "document.getElementById('keeper').dataset.hands === '3'")
    assert page.locator("#f-s1-melded").input_value() == "450"
    page.click("#side-1 button[data-kind=sporco][data-step='1']")
    record(page, 4)
    # Both sides past 2005: the higher total wins (§2.11); no hand follows.
    assert totals(page) == ["2220", "2600"]
    end = page.locator("#match-end")
    assert end.inner_text() == "Partita finita: vince Bruno & Dario."
    assert page.locator("#hand").is_hidden()
    no_overflow(page)
    page.locator("#sheet").scroll_into_view_if_needed()
    shots.take(page, "over-phone", doc="segnapunti-sheet-phone.png")


def test_scala40_with_a_reentry_at_desktop(tmp_path: Path, browser: Browser) -> None:
    shots = artifacts(tmp_path, "segnapunti-scala40")
    view = watched(browser, DESKTOP, locale="en-GB")
    view.context.add_init_script(WATCH_VIOLATIONS)
    try:
        with serving(tmp_path / "tables.db", free_port()) as base:
            page = view.page()
            page.goto(base + "/segnapunti")
            start_sheet(page, "fisca", ["Anna", "Bruno", "Carla"], players=3, reentry=True)
            assert page.locator("#sheet-goal").inner_text() == "Out at 101 points."
            page.fill("#f-p0-in_hand", "0")
            page.check("#f-p0-closed")
            page.fill("#f-p1-in_hand", "20")
            page.fill("#f-p2-in_hand", "110")
            assert page.locator("#score-p2").inner_text() == "Penalty: 110"
            record(page, 1)
            # Carla is out at 110; under the re-entry she may come back at the highest total.
            page.click("button[data-reenter='2']")
            wait_for_js(page, "!document.querySelector('button[data-reenter]')")
            assert page.locator("#player-2").count() == 1
            # Anna never opened: she holds her 13 cards, which cannot be worth 20 (§6.4).
            page.fill("#f-p0-in_hand", "20")
            page.uncheck("#f-p0-opened")
            page.check("#f-p1-closed")
            page.fill("#f-p2-in_hand", "5")
            page.click("#record-hand")
            assert page.locator("#hand-error").inner_text() == (
                "Anna · Points of the cards in hand: a player who never opened holds all 13 "
                "cards, 31 to 198 points, not 20.")
            assert page.locator("#keeper").get_attribute("data-hands") == "1"
            page.fill("#f-p0-in_hand", "150")
            page.locator("#hand-title").scroll_into_view_if_needed()
            shots.take(page, "scala40-desktop", doc="segnapunti-desktop.png")
            record(page, 2)
            # Carla came back at the highest total in play (20), then paid 5; Anna is out.
            assert totals(page) == ["150", "20", "25"]
            assert page.locator("#running thead th.out").inner_text() == "Anna"
            no_overflow(page)
            check_clean(view, page)
    finally:
        view.context.close()


def test_three_player_burraco_on_a_phone(tmp_path: Path, browser: Browser) -> None:
    """Burraco a tre (§5.2) at phone size: a hand first asks who took the 18; the solo's and
    the pair's counts follow, the pair's score split per seat (halves rounded up); once a
    total reaches 1000 every player counts alone; the sheet has one column per player and
    ends at 1505."""
    shots = artifacts(tmp_path, "segnapunti-three")
    view = watched(browser, PHONE, phone=True)
    view.context.add_init_script(WATCH_VIOLATIONS)
    try:
        with serving(tmp_path / "tables.db", free_port()) as base:
            page = view.page()
            page.goto(base + "/segnapunti")
            state(page, "setup")
            page.select_option("#preset", "fibur")
            assert "3" in page.locator("#players option").all_inner_texts()
            page.select_option("#preset", "buraco-aberto")  # no three-player Buraco
            assert "3" not in page.locator("#players option").all_inner_texts()
            start_sheet(page, "fibur", ["Anna", "Bruno", "Carla"], players=3)
            assert page.locator("#sheet-goal").inner_text() == "Vince chi arriva a 1505 punti."
            assert page.locator("#running thead th").all_inner_texts() == [
                "Mano", "Anna", "Bruno", "Carla"]
            # First: who took the 18.  Until then no count is asked.
            assert page.locator("#solo-choice").is_visible()
            assert page.locator("#hand-sides .entry").count() == 0
            page.click("#record-hand")
            assert page.locator("#hand-error").inner_text() == (
                "Prima di tutto: chi ha preso il pozzetto da 18?")
            # Nobody took the 18, yet a pozzetto is marked taken: refused, the field named.
            page.check("#f-solo-null")
            assert page.locator("#hand-sides .entry").count() == 3
            side(page, 0, melded=100, in_hand=20, taken=True)
            page.click("#record-hand")
            assert page.locator("#hand-error").inner_text() == (
                "Anna · Pozzetto preso: il primo che prende un pozzetto prende quello da 18 e "
                "gioca da solo: scegli chi.")
            # Bruno took the 18: the solo and the pair.
            page.check("#f-solo-1")
            assert page.locator("#hand-sides legend").all_inner_texts() == [
                "Bruno (da solo)", "Anna & Carla (in coppia)"]
            side(page, 0, pulito=2, melded=500, taken=True, closed=True)
            side(page, 1, melded=185, in_hand=100, taken=True)
            assert page.locator("#score-s0").inner_text() == "Punti della mano: +1000"
            assert page.locator("#score-s1").inner_text() == "Punti della mano: +43 a testa"
            # The breakdown by side, as the table's end panel shows it: the pair's parts
            # once, its total, and what each of its players scores.
            assert page.locator("#breakdown thead th").all_inner_texts() == [
                "", "Bruno (da solo)", "Anna & Carla (in coppia)"]
            assert page.locator("#breakdown tr", has_text="Carte in tavola").locator(
                "td").all_inner_texts() == ["500", "185"]
            assert page.locator("#breakdown tr", has_text="Totale").locator(
                "td").all_inner_texts() == ["+1000", "+85"]
            assert page.locator("#breakdown tr", has_text="A testa").locator(
                "td").all_inner_texts() == ["+1000", "+43"]
            page.locator("#breakdown").scroll_into_view_if_needed()
            shots.take(page, "three-breakdown-phone")
            assert page.evaluate(TOUCH_TARGETS) == []
            no_overflow(page)
            page.locator("#hand-title").scroll_into_view_if_needed()
            shots.take(page, "three-solo-phone", doc="segnapunti-three-phone.png")
            record(page, 1)
            assert totals(page) == ["43", "1000", "43"]
            # Taken back, the hand is in the form again with its solo: "Segna" restores it.
            page.click("#undo")
            wait_for_js(page, "document.getElementById('keeper').dataset.hands === '0'")
            assert page.locator("#f-solo-1").is_checked()
            assert page.locator("#f-s0-melded").input_value() == "500"
            record(page, 1)
            assert totals(page) == ["43", "1000", "43"]
            # Bruno reached 1000: three pozzetti of 11, everyone alone to the end.
            assert page.locator("#solo-choice").is_hidden()
            assert page.locator("#all-alone").inner_text() == (
                "Tutti da soli fino alla fine: tre pozzetti da 11 (un totale ha raggiunto "
                "1000).")
            assert page.locator("#hand-sides legend").all_inner_texts() == [
                "Anna", "Bruno", "Carla"]
            side(page, 0, melded=100, in_hand=20, taken=True)
            side(page, 1, pulito=1, melded=300, taken=True, closed=True)
            side(page, 2, melded=40, in_hand=60)
            assert page.locator("#score-s2").inner_text() == "Punti della mano: -120"
            page.locator("#hand-title").scroll_into_view_if_needed()
            shots.take(page, "three-alone-phone")
            record(page, 2)
            assert totals(page) == ["123", "1600", "-77"]
            assert page.locator("#match-end").inner_text() == "Partita finita: vince Bruno."
            no_overflow(page)
            page.locator("#sheet").scroll_into_view_if_needed()
            shots.take(page, "three-over-phone")
            # Published, the server scores the same counts the same way.
            page.click("#publish")
            link = page.locator("#published-link")
            link.wait_for(timeout=10_000)
            reader = view.page()
            reader.goto(base + (link.get_attribute("href") or ""))
            assert reader.locator("#published-sheet tfoot td").all_inner_texts() == [
                "123", "1600", "-77"]
            reader.locator("details").first.click()
            first = reader.locator("details").first
            assert first.locator("thead th").all_inner_texts() == [
                "", "Bruno (da solo)", "Anna & Carla (in coppia)"]
            assert first.locator("tr", has_text="Carte in tavola").locator(
                "td").all_inner_texts() == ["500", "185"]
            assert first.locator("tr.total").nth(0).locator("td").all_inner_texts() == [
                "1000", "85"]
            assert first.locator("tr", has_text="A testa").locator(
                "td").all_inner_texts() == ["1000", "43"]
            # After the switch everyone counts alone: a column per player, no "each" row.
            second = reader.locator("details").nth(1)
            second.click()
            assert second.locator("thead th").all_inner_texts() == [
                "", "Anna", "Bruno", "Carla"]
            assert second.locator("tr", has_text="A testa").count() == 0
            no_overflow(reader)
            shots.take(reader, "three-published-phone")
            check_clean(view, page, reader)
    finally:
        view.context.close()


@pytest.mark.parametrize(("lang", "refusal"), [
    ("it", "Anna & Carla · canastra pulita: 2 × canastra pulita vogliono almeno {need} punti "
           "di carte in tavola, ne sono segnati 20."),
    ("pt", "Anna & Carla · canastra limpa: 2 × canastra limpa pedem pelo menos {need} pontos "
           "de cartas na mesa, estão marcados 20."),
])
def test_buraco_marks_agree_with_the_canastra(tmp_path: Path, browser: Browser, lang: str,
                                               refusal: str) -> None:
    """Brazilian Buraco names a burraco canastra (§4): its marks agree with it, in every
    language (canastra pulita, canastra limpa), where Burraco reads burraco pulito."""
    view = watched(browser, PHONE, phone=True)
    try:
        with serving(tmp_path / "tables.db", free_port()) as base:
            page = view.page()
            page.goto(f"{base}/segnapunti?lang={lang}")
            start_sheet(page, "buraco-aberto", ["Anna", "Bruno", "Carla", "Dario"])
            side(page, 0, pulito=2, melded=20, taken=True, closed=True)
            side(page, 1, melded=100, in_hand=20, taken=True)
            page.click("#record-hand")
            pulito = next(t for t in burraco_types(preset("buraco-aberto"))
                          if t.name == "pulito")
            assert page.locator("#hand-error").inner_text() == refusal.format(
                need=2 * pulito.min_points)
        assert view.problems == []
    finally:
        view.context.close()
