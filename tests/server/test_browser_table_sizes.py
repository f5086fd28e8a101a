"""Tables of six (three pairs) and of two in a real Chromium: a whole Burraco hand of six on a
phone and of two at desktop size, each to the end-of-hand panel.  The page must make one
section of melds per side, named with its players, mark the partner's plate, keep every plate
(your own too) in view above the hand on a phone, and show the panel's scores by side."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize

from ramino.games.burraco.state import BurracoState

from .browser_table import (
    DESKTOP,
    PHONE,
    Server,
    artifacts,
    axe_serious,
    click_turn,
    engine_scores,
    hand_over,
    no_horizontal_scroll,
    play_hand,
    serve,
    sit,
    wait_turn_or_end,
    watched,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    yield from serve(tmp_path, seed=47)


def above_the_hand(page: Page, selector: str) -> bool:
    """Whether the element is whole on the screen and not under the docked hand."""
    box = page.locator(selector).bounding_box()
    dock = page.locator("#me").bounding_box()
    size = page.viewport_size
    assert box is not None and dock is not None and size is not None, selector
    return (box["y"] >= 0 and box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= dock["y"] + 0.5)


def test_a_hand_of_six_on_a_phone(server: Server, browser: Browser, tmp_path: Path) -> None:
    shots = artifacts(tmp_path, "six")
    who = watched(browser, PHONE, phone=True)
    try:
        page = who.page()
        url = server.create(page, "fibur", ["open"] + ["bot"] * 5)
        sit(page, url, 0, "Anna")
        assert page.locator("#table-melds section.side").count() == 3
        titles = [page.locator(f"#melds-{side}").inner_text() for side in range(3)]
        assert titles == ["Noi (Anna + Bot 4)", "Loro (Bot 2 + Bot 5)", "Loro (Bot 3 + Bot 6)"]
        plates = page.locator(".seat:not(.mine)")
        assert plates.count() == 5
        partner = page.locator(".seat[data-seat='3'] .seat-info").inner_text()
        assert partner.startswith("compagno"), partner
        for seat in range(6):
            assert above_the_hand(page, f".seat[data-seat='{seat}']"), seat
        assert no_horizontal_scroll(page)
        # Every plate's lines fit its width: no word (a bot's level) is cut at the edge.
        cut = page.eval_on_selector_all(
            ".seat .seat-info", "ls => ls.filter((l) => l.scrollWidth > l.clientWidth + 1)"
            ".map((l) => l.textContent)")
        assert cut == []
        shots.take(page, "start")
        rng = random.Random(8)
        play_hand(page, lambda p: click_turn(p, rng))
        page.locator("#result").wait_for(state="visible", timeout=10_000)
        assert page.locator("#result").get_attribute("data-scores") == engine_scores(server)
        assert page.locator("#revealed .revealed-hand").count() == 6
        shots.take(page, "end-of-hand")
        # The hand's replay: a section of melds per pair, named with its players.
        page.goto(server.base + (page.locator("#replay-link").get_attribute("href") or ""))
        page.locator("#viewer").wait_for(state="visible", timeout=10_000)
        page.click("#last")
        titles = page.locator("#replay-melds section h2").all_inner_texts()
        assert len(titles) == 3 and "Anna" in titles[0] and "Bot 4" in titles[0], titles
        assert page.locator("#replay-melds .meld-list li").count() > 0  # the melds, by side
        assert not page.locator("#replay-result").is_hidden()
        assert page.locator("#replay-hands .seat").count() == 6
        shots.take(page, "replay")
        assert who.problems == []
    finally:
        who.context.close()


def test_a_hand_of_two_at_desktop_size(server: Server, browser: Browser,
                                       tmp_path: Path) -> None:
    shots = artifacts(tmp_path, "two")
    who = watched(browser, DESKTOP)
    try:
        page = who.page()
        url = server.create(page, "fibur", ["open", "bot"])
        sit(page, url, 0, "Anna")
        assert page.locator("#table-melds section.side").count() == 2
        assert page.locator("#melds-0").inner_text() == "Noi (Anna)"
        assert page.locator("#melds-1").inner_text() == "Loro (Bot 2)"
        assert "compagno" not in page.locator(".seat[data-seat='1'] .seat-info").inner_text()
        rng = random.Random(9)
        play_hand(page, lambda p: click_turn(p, rng))
        page.locator("#result").wait_for(state="visible", timeout=10_000)
        assert page.locator("#result").get_attribute("data-scores") == engine_scores(server)
        shots.take(page, "end-of-hand")
        assert who.problems == []
    finally:
        who.context.close()


def test_a_table_of_six_made_in_the_lobby(server: Server, browser: Browser,
                                          tmp_path: Path) -> None:
    """The lobby's form at six: the seats marked partner (seat 4, opposite) or opponent; the
    waiting room names them the same way."""
    shots = artifacts(tmp_path, "six-lobby")
    who = watched(browser, PHONE, phone=True)
    try:
        page = who.page()
        page.goto(server.base + "/")
        page.locator("#new-table[data-ready]").wait_for()  # the presets' counts apply
        page.select_option("select[name=preset]", "fibur")
        page.select_option("select[name=players]", "6")
        assert page.locator("#preset-text").inner_text().endswith(
            "In sei: tre coppie, ogni compagno di fronte all'altro.")
        roles = page.locator(".seat-choice:not([hidden]) .role").all_inner_texts()
        assert roles == ["Posto 2: avversario", "Posto 3: avversario", "Posto 4: compagno",
                         "Posto 5: avversario", "Posto 6: avversario"]
        for seat in range(1, 6):
            page.select_option(f"select[name=seat{seat}]", "open" if seat == 3 else "bot")
        shots.take(page, "form")
        page.click("#new-table button[type=submit]")
        page.wait_for_url("**/t/**")
        page.locator(".seat-row.open").first.wait_for()
        rows = page.locator(".seat-row .where").all_inner_texts()
        assert rows == ["Posto 1 (tu)", "Posto 2 (avversario)", "Posto 3 (avversario)",
                        "Posto 4 (compagno)", "Posto 5 (avversario)", "Posto 6 (avversario)"]
        assert "In sei: tre coppie" in page.locator("#waiting").inner_text()
        shots.take(page, "waiting")
        assert who.problems == []
    finally:
        who.context.close()


def test_the_lobby_marks_scala40_partners_only_in_a_partnership(server: Server,
                                                                  browser: Browser) -> None:
    who = watched(browser, DESKTOP)
    try:
        page = who.page()
        page.goto(server.base + "/")
        page.locator("#new-table[data-ready]").wait_for()  # the presets' counts apply
        page.select_option("select[name=preset]", "fisca")
        page.select_option("select[name=players]", "4")
        roles = page.locator(".seat-choice:not([hidden]) .role")
        assert roles.all_inner_texts() == ["Posto 2", "Posto 3", "Posto 4"]  # each for himself
        page.select_option("select[name=variant]", "PAIRS_2V2")
        assert roles.all_inner_texts() == ["Posto 2: avversario", "Posto 3: compagno",
                                           "Posto 4: avversario"]
        page.select_option("select[name=players]", "6")
        page.select_option("select[name=variant]", "TEAMS_3V3")
        assert roles.all_inner_texts() == ["Posto 2: avversario", "Posto 3: compagno",
                                           "Posto 4: avversario", "Posto 5: compagno",
                                           "Posto 6: avversario"]
        assert who.problems == []
    finally:
        who.context.close()


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_hand_of_three_pairs_up_on_the_page(server: Server, browser: Browser,
                                             tmp_path: Path, size: str) -> None:
    """Three players (§5.2): three sections of melds while each plays alone, two once the
    first to empty his hand has taken the 18 and the other two share theirs; the end-of-hand
    panel scores each player, and the replay shows each position's own sides."""
    shots = artifacts(tmp_path, f"three-{size}")
    phone = size == "phone"
    who = watched(browser, PHONE if phone else DESKTOP, phone=phone)
    try:
        page = who.page()
        url = server.create(page, "fibur", ["open", "bot", "bot"])
        sit(page, url, 0, "Anna")
        titles = page.locator("#table-melds section.side h2").all_inner_texts()
        assert titles == ["Noi (Anna)", "Loro (Bot 2)", "Loro (Bot 3)"]
        for seat in range(3):
            assert above_the_hand(page, f".seat[data-seat='{seat}']"), seat
        assert axe_serious(page) == []
        shots.take(page, "start")
        rng = random.Random(10)
        play_hand(page, lambda p: click_turn(p, rng))
        page.locator("#result").wait_for(state="visible", timeout=10_000)
        assert page.locator("#result").get_attribute("data-scores") == engine_scores(server)
        table = next(iter(server.manager.tables.values()))
        assert isinstance(table.state, BurracoState)
        sides = list(table.state.sides)
        assert len(set(sides)) == 2, sides  # somebody took the 18: a solo and a pair
        pair = [seat for seat in range(3) if sides.count(sides[seat]) == 2]
        names = ["Anna", "Bot 2", "Bot 3"]
        section = next(s for s in page.locator("#table-melds section.side h2").all_inner_texts()
                       if names[pair[0]] in s)
        assert names[pair[1]] in section  # the pair's melds are one section
        assert page.locator("#table-melds section.side").count() == 2
        # The panel has a column per side: the pair's breakdown once, with its total and
        # what each of the two scores (half, rounded up), and the solo's.
        columns = page.locator("#breakdown tr").first.locator("th").all_inner_texts()[1:]
        solo = next(seat for seat in range(3) if seat not in pair)
        by_side = sorted(set(sides))
        assert len(columns) == 2
        pair_column = by_side.index(sides[pair[0]])
        assert names[pair[0]] in columns[pair_column]
        assert names[pair[1]] in columns[pair_column]
        assert names[solo] in columns[1 - pair_column]
        scores = [int(x) for x in (page.locator("#result").get_attribute("data-scores")
                                   or "").split(",")]
        cells = page.eval_on_selector_all(
            "#breakdown tr", "rows => rows.map((r) => [...r.children].map((c) => c.textContent))")
        each = next(r for r in cells if r[0] == "A testa")
        total = next(r for r in cells if r[0] == "Totale")
        shown = [pair[0], solo] if pair_column == 0 else [solo, pair[0]]
        assert [int(x) for x in each[1:]] == [scores[seat] for seat in shown]
        pair_total = int(total[1 + pair_column])
        assert scores[pair[0]] == scores[pair[1]] == pair_total - pair_total // 2
        assert int(total[2 - pair_column]) == scores[solo]
        shots.take(page, "end-of-hand")
        assert axe_serious(page) == []  # the panel with its per-player columns
        page.click("#result-fold")
        assert no_horizontal_scroll(page)
        shots.take(page, "table-at-the-end")
        page.goto(server.base + (page.locator("#replay-link").get_attribute("href") or ""))
        page.locator("#viewer").wait_for(state="visible", timeout=10_000)
        assert page.locator("#replay-melds section").count() == 3  # each alone at the deal
        page.click("#last")
        assert page.locator("#replay-melds section").count() == 2
        shots.take(page, "replay")
        assert who.problems == []
    finally:
        who.context.close()


def test_a_table_of_three_made_in_the_lobby(server: Server, browser: Browser) -> None:
    who = watched(browser, PHONE, phone=True)
    try:
        page = who.page()
        page.goto(server.base + "/")
        page.locator("#new-table[data-ready]").wait_for()  # the presets' counts apply
        page.select_option("select[name=preset]", "fibur")
        assert page.locator("select[name=players] option:not([disabled])").all_inner_texts() == [
            "2", "3", "4", "6"]
        page.select_option("select[name=players]", "3")
        assert "In tre: ognuno per sé" in page.locator("#preset-text").inner_text()
        roles = page.locator(".seat-choice:not([hidden]) .role").all_inner_texts()
        assert roles == ["Posto 2: avversario", "Posto 3: avversario"]
        shown = page.eval_on_selector_all(  # in the folded "other options"
            "select[name=match_hands] option", "os => os.filter((o) => !o.hidden)"
            ".map((o) => o.textContent)")
        assert "a 1505 punti (in tre)" in shown and "a 2005 punti (FIBUR)" not in shown
        page.locator("details.options summary").click()
        page.select_option("select[name=match_hands]", "target-1505")
        page.select_option("select[name=seat1]", "open")  # a friend: the waiting room first
        page.select_option("select[name=seat2]", "bot")
        page.click("#new-table button[type=submit]")
        page.wait_for_url("**/t/**")
        page.locator(".seat-row.open").first.wait_for()
        assert "In tre: ognuno per sé" in page.locator("#waiting").inner_text()
        rows = page.locator(".seat-row .where").all_inner_texts()
        assert rows == ["Posto 1 (tu)", "Posto 2 (avversario)", "Posto 3 (avversario)"]
        table = next(iter(server.manager.tables.values()))
        assert table.rules.players == 3 and table.plan.target == 1505
        # Buraco is not played by three: the count is not offered.
        page.goto(server.base + "/")
        page.locator("#new-table[data-ready]").wait_for()  # the presets' counts apply
        page.select_option("select[name=preset]", "buraco-aberto")
        assert page.locator("select[name=players] option:not([disabled])").all_inner_texts() == [
            "2", "4", "6"]
        assert who.problems == []
    finally:
        who.context.close()


def apart(one: FloatRect, other: FloatRect | None) -> bool:
    """Whether two boxes on the page do not overlap."""
    assert other is not None
    return (one["x"] + one["width"] <= other["x"] + 0.5
            or other["x"] + other["width"] <= one["x"] + 0.5
            or one["y"] + one["height"] <= other["y"] + 0.5
            or other["y"] + other["height"] <= one["y"] + 0.5)


@pytest.mark.parametrize(("preset", "seats", "size"), [
    ("fibur", ["open", "bot", "bot", "bot"], {"width": 844, "height": 390}),
    ("fisca", ["open", "bot", "bot", "bot"], {"width": 844, "height": 390}),
    ("fibur", ["open"] + ["bot"] * 5, {"width": 915, "height": 412}),
    ("fisca", ["open", "bot", "bot", "bot"], {"width": 740, "height": 360}),
])
def test_a_phone_on_its_side_shows_a_whole_turn_without_scrolling(
        server: Server, browser: Browser, tmp_path: Path, preset: str, seats: list[str],
        size: ViewportSize) -> None:
    """Landscape on a phone: every plate, the stock and the pile stand above the docked hand,
    the melds have room between them, the hand's cards and actions are on the screen, and
    nothing scrolls sideways; a few turns later the melds are still in view."""
    shots = artifacts(tmp_path, f"landscape-{preset}-{len(seats)}")
    who = watched(browser, size, phone=True)
    try:
        page = who.page()
        url = server.create(page, preset, seats)
        sit(page, url, 0, "Anna")
        assert page.evaluate("window.scrollY") == 0
        for seat in range(len(seats)):
            assert above_the_hand(page, f".seat[data-seat='{seat}']"), seat
        assert above_the_hand(page, "#stock") and above_the_hand(page, "#pile")
        melds = page.locator("#table-melds").bounding_box()
        assert melds is not None and melds["height"] >= 40, melds
        dock = page.locator("#me").bounding_box()
        assert dock is not None and dock["y"] + dock["height"] <= size["height"] + 0.5
        for card in page.locator("#hand button.card").all():
            box = card.bounding_box()
            assert box is not None and box["y"] >= dock["y"] and box["x"] >= 0
            assert box["x"] + box["width"] <= size["width"] + 0.5
        assert page.locator("#do-draw").is_visible() and page.locator("#do-discard").is_visible()
        assert no_horizontal_scroll(page)
        # The lobby link and the language menu stay at hand, on the table bar's line.
        felt = page.locator("#felt").bounding_box()
        assert felt is not None
        for reach in ("body > .top .brand", "#language"):
            box = page.locator(reach).bounding_box()
            assert box is not None and page.locator(reach).is_visible(), reach
            assert box["x"] >= 0 and box["y"] >= 0 and box["y"] + box["height"] <= felt["y"]
            for other in ("#status", "#log-toggle", "#sound"):
                assert apart(box, page.locator(other).bounding_box()), (reach, other)
        shots.take(page, "start")
        rng = random.Random(11)
        for _ in range(6):
            wait_turn_or_end(page)
            if hand_over(page):
                break
            click_turn(page, rng)
        if not hand_over(page):
            assert above_the_hand(page, "#pile") and above_the_hand(page, ".seat[data-seat='0']")
            assert no_horizontal_scroll(page)
        shots.take(page, "later")
        assert who.problems == []
    finally:
        who.context.close()
