"""The lobby and the waiting room in a real Chromium (Playwright).

Quick play at desktop and phone size lands on a dealt table; a table with friends is a
waiting room that two browsers share (the host copies the invitation link, the guest joins
through it) and the hand is dealt when both have sat down, or when the host fills the empty
seats with bots; the bot level pickers read and set the bots' level.  Every test fails on a
script error, a console error or a failed request, and saves screenshots of its key states
(RAMINO_ARTIFACTS, else the test's temporary folder).  An axe-core audit of the lobby finds
no serious or critical violation.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Locator, Page, ViewportSize

from ramino.rules import preset
from ramino.server import create_app
from ramino.server.bots import bot_levels, think_seconds
from ramino.server.tables import TableManager

from .browser_table import Watched
from .conftest import live_server

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
DEALT = "#hand button.card"  # the table page shows the player's dealt hand


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, TableManager]]:
    app = create_app(tmp_path / "tables.db", bot_delay=0.05, rng=random.Random(5))
    with live_server(app) as base:
        yield base, app.state.manager


@pytest.fixture
def shots(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    root = os.environ.get("RAMINO_ARTIFACTS")
    folder: Path = (Path(root) if root else tmp_path / "artifacts") / str(request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def watched(browser: Browser, size: ViewportSize, locale: str = "it-IT") -> Watched:
    phone = size["width"] < 600
    context = browser.new_context(viewport=size, locale=locale, is_mobile=phone,
                                  has_touch=phone)
    return Watched(context)


def shot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def no_horizontal_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, "horizontal scrolling"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_quick_play_lands_on_a_dealt_table(server: tuple[str, TableManager], browser: Browser,
                                          shots: Path, size: ViewportSize) -> None:
    base, manager = server
    user = watched(browser, size)
    try:
        lobby = user.page()
        lobby.goto(base + "/")
        lobby.locator("#tables li").first.wait_for()  # the open tables listed (none yet)
        quick = lobby.locator(".quick-play[data-game=burraco]:not([data-players])")
        assert quick.is_visible() and quick.bounding_box()["y"] < size["height"]  # type: ignore[index]
        no_horizontal_scroll(lobby)
        shot(lobby, shots, "lobby")
        quick.click()
        lobby.wait_for_url("**/t/**")
        lobby.locator(DEALT).first.wait_for(timeout=15_000)
        assert "key=" not in lobby.url  # the seat key left the address once kept
        table = next(iter(manager.tables.values()))
        assert table.seats[0].kind == "human" and table.seats[2].kind == "bot"
        assert lobby.locator(DEALT).count() == 11  # a Burraco hand, seat 0 to play
        shot(lobby, shots, "dealt")
        assert user.problems == []
    finally:
        user.context.close()


def test_waiting_room_with_two_browsers(server: tuple[str, TableManager], browser: Browser,
                                        shots: Path) -> None:
    """The host makes a table with a friend as partner (the opponents bots), copies the
    invitation link; the guest opens it on a phone and sits: the hand is dealt to both."""
    base, manager = server
    host = watched(browser, DESKTOP)
    guest = watched(browser, PHONE, locale="pt-BR")
    host.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    try:
        lobby = host.page()
        lobby.goto(base + "/")
        assert lobby.locator("select[name=seat2]").input_value() == "open"  # partner: a friend
        assert lobby.locator("details.options").get_attribute("open") is None  # folded away
        lobby.click("#new-table button[type=submit]")
        lobby.wait_for_url("**/t/**")
        lobby.locator(".seat-row.human").first.wait_for()
        table = next(iter(manager.tables.values()))
        assert table.waiting and table.seats[0].kind == "human"
        assert table.clock is not None and table.clock.running is None
        assert lobby.locator("#fill").is_visible()
        lobby.click("#copy-link")
        lobby.locator("#copied").filter(has_text="Link copiato").wait_for()
        link = lobby.evaluate("navigator.clipboard.readText()")
        assert link == lobby.locator("#invite-link").input_value() and "/t/" in link
        assert lobby.locator(".qr img").evaluate("img => img.naturalWidth") > 0
        shot(lobby, shots, "host-waiting")

        friend = guest.page()
        friend.goto(link)
        friend.locator("#open-seats button[data-seat='2']").wait_for()
        assert "Lugar 3" in (friend.locator("#seats").text_content() or "")
        no_horizontal_scroll(friend)
        shot(friend, shots, "guest-waiting")
        friend.fill("#player-name", "Bruna")
        friend.click("#open-seats button[data-seat='2']")
        friend.locator(DEALT).first.wait_for(timeout=15_000)
        lobby.locator(DEALT).first.wait_for(timeout=15_000)
        assert not table.waiting and table.seats[2].name == "Bruna"
        shot(lobby, shots, "host-dealt")
        shot(friend, shots, "guest-dealt")
        assert host.problems == [] and guest.problems == []
    finally:
        host.context.close()
        guest.context.close()


def test_fill_with_bots_deals_the_hand(server: tuple[str, TableManager], browser: Browser,
                                       shots: Path) -> None:
    """Every other seat for a friend; one friend comes, the host fills the rest with bots."""
    base, manager = server
    host = watched(browser, DESKTOP, locale="en-US")
    guest = watched(browser, DESKTOP)
    try:
        lobby = host.page()
        lobby.goto(base + "/")
        for seat in (1, 3):
            lobby.select_option(f"select[name=seat{seat}]", "open")
        lobby.click("details.options summary")
        lobby.select_option("select[name=pace]", "fast")
        lobby.click("#new-table button[type=submit]")
        lobby.wait_for_url("**/t/**")
        lobby.locator(".seat-row.human").first.wait_for()
        link = lobby.locator("#invite-link").input_value()
        friend = guest.page()
        friend.goto(link)
        friend.fill("#player-name", "Carla")
        friend.click("#open-seats button[data-seat='1']")
        lobby.locator(".seat-row.human").nth(1).wait_for()
        table = next(iter(manager.tables.values()))
        assert table.waiting and table.pace == "fast"
        shot(lobby, shots, "two-seated")
        lobby.click("#fill")
        lobby.locator(DEALT).first.wait_for(timeout=15_000)
        friend.locator(DEALT).first.wait_for(timeout=15_000)
        assert [s.kind for s in table.seats] == ["human", "human", "bot", "bot"]
        shot(lobby, shots, "filled-dealt")
        assert host.problems == [] and guest.problems == []
    finally:
        host.context.close()
        guest.context.close()


def serious_violations(page: Page) -> list[tuple[str, str, list[str]]]:
    results = Axe().run(page)
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["it", "en", "pt"])
def test_lobby_accessibility(server: tuple[str, TableManager], browser: Browser,
                             shots: Path, lang: str) -> None:
    """axe-core finds no serious or critical violation in the lobby (its options unfolded),
    a waiting room and a rules page."""
    base, _manager = server
    user = watched(browser, DESKTOP)
    try:
        page = user.page()
        page.goto(f"{base}/?lang={lang}")
        page.locator("#tables li").first.wait_for()
        page.click("details.options summary")
        assert serious_violations(page) == []
        shot(page, shots, f"lobby-{lang}")
        created = page.request.post(base + "/api/tables", data={
            "seats": ["open", "bot", "open", "bot"]}).json()
        page.goto(base + created["url"])
        page.locator("#open-seats button[data-seat='0']").wait_for()
        assert serious_violations(page) == []
        page.goto(f"{base}/rules/buraco-aberto")
        assert serious_violations(page) == []
        shot(page, shots, f"rules-{lang}")
        assert user.problems == []
    finally:
        user.context.close()


@pytest.mark.parametrize(("lang", "xp", "rating"), [
    ("it", "Ancora nessuno: le mani giocate con un profilo danno punti esperienza.",
     "Ancora nessuno: la forza viene dalle partite di almeno 3 mani giocate con un profilo."),
    ("en", "Nobody yet: hands played with a profile earn experience points.",
     "Nobody yet: a rating comes from matches of 3 hands or more played with a profile."),
])
def test_empty_leaderboards_say_how_to_get_on_them(server: tuple[str, TableManager],
                                                   browser: Browser, lang: str, xp: str,
                                                   rating: str) -> None:
    """A new server has nobody on its boards: each says so in the page's language, as one
    plain line (not a numbered first place), and a game with ratings replaces the line."""
    base, _manager = server
    user = watched(browser, PHONE)
    try:
        page = user.page()
        page.goto(f"{base}/?lang={lang}")
        board = page.locator("#leaderboard")
        board.locator("li").first.wait_for()
        assert board.locator("li").all_inner_texts() == [xp]
        assert "empty-board" in (board.get_attribute("class") or "")
        ratings = page.locator("#rating-board")
        ratings.locator("li").first.wait_for()
        assert ratings.locator("li").all_inner_texts() == [rating]
        style = page.eval_on_selector("#rating-board", "e => getComputedStyle(e).listStyleType")
        assert style == "none"
        page.select_option("#rating-game", "scala40")  # another game's board: still nobody
        page.wait_for_timeout(300)
        assert ratings.locator("li").all_inner_texts() == [rating]
        assert user.problems == []
    finally:
        user.context.close()


def test_a_stale_table_link_leads_back_to_the_lobby(server: tuple[str, TableManager],
                                                     browser: Browser, shots: Path) -> None:
    """A link to a table that is not there (mistyped, or closed) shows a page in the
    reader's language, not the API's JSON, and its link goes back to the lobby."""
    base, _manager = server
    user = watched(browser, PHONE)
    try:
        page = user.page()
        response = page.goto(f"{base}/t/closedlongago")
        assert response is not None and response.status == 404
        assert page.locator("h1").inner_text() == "Questo tavolo non c'è"
        assert serious_violations(page) == []
        shot(page, shots, "table-not-found")
        page.click("text=Torna alla sala")
        page.locator("#quick-fast").wait_for()
        assert page.url == base + "/"
        # The page's own 404 (which the browser's console logs too), and nothing else.
        assert user.problems == [
            f"404: {base}/t/closedlongago",
            "console: Failed to load resource: the server responded with a status of 404 "
            "(Not Found)"]
    finally:
        user.context.close()


@pytest.mark.parametrize("path", ["/rules/fibur", "/puzzles", "/players/nobody", "/t/gone",
                                  "/", "/segnapunti"])
def test_the_language_menu_works_on_every_page(server: tuple[str, TableManager],
                                               browser: Browser, path: str) -> None:
    """Choosing a language in the header reloads the page in it, on the pages that have
    scripts of their own and on those that have none (the rules, the profile, an error)."""
    base, _manager = server
    user = watched(browser, DESKTOP)
    try:
        page = user.page()
        page.goto(f"{base}{path}")
        assert page.evaluate("document.documentElement.lang") == "it"
        with page.expect_navigation():
            page.select_option("#language", "pt")
        assert page.evaluate("document.documentElement.lang") == "pt"
        assert "lang=pt" in page.url
        page.goto(f"{base}/rules/fisca")  # the choice is kept for the next page
        assert page.evaluate("document.documentElement.lang") == "pt"
        # Only the missing pages' own 404s (a player nobody has, a table that is gone).
        assert all(path in p or "status of 404" in p for p in user.problems), user.problems
    finally:
        user.context.close()


def test_replay_names_each_sides_score_by_its_players(server: tuple[str, TableManager],
                                                     browser: Browser, shots: Path) -> None:
    """The replay viewer credits each score to the players of its side, named with their
    table seats, and says how the hand ended in the reader's language."""
    base, manager = server
    user = watched(browser, DESKTOP)
    try:
        page = user.page()
        created = page.request.post(base + "/api/tables", data={
            "seats": ["bot"] * 4, "pace": "fast", "bot_level": "greedy"}).json()
        table = manager.tables[created["id"]]
        for _ in range(600):
            if table.state.is_over:
                break
            page.wait_for_timeout(100)
        result = table.state.result()
        assert result is not None
        page.goto(f"{base}/replay?table={created['id']}&lang=en")
        page.locator("#viewer").wait_for()
        page.click("#last")
        score = page.locator("#replay-score").text_content() or ""
        assert f"Bot 1 (seat 1) + Bot 3 (seat 3): {result.scores[0]}" in score
        assert f"Bot 2 (seat 2) + Bot 4 (seat 4): {result.scores[1]}" in score
        ends = {"closed": "closing", "stock": "stock exhausted", "stallo": "stalemate",
                "timeout": "time out"}
        assert score.startswith(f"End: {ends[result.end]}.")
        shot(page, shots, "replay-end")
        assert user.problems == []
    finally:
        user.context.close()


# The bot levels: the lobby's level pickers name every level with one line on how it plays and
# the search's think time (the server's own setting), in the reader's language, with nothing
# clipped; the level chosen for quick play is the bots' level at the table, on their plates.

# A common laptop screen, beside DESKTOP's 1366x768.
LAPTOP: ViewportSize = {"width": 1280, "height": 800}
NAMES = {"it": ["Casuale", "Principiante", "Intermedio", "Esperto", "Campione"],
         "en": ["Random", "Beginner", "Intermediate", "Expert", "Champion"]}
THINK = {"it": "Pensa fino a {seconds} s a mossa.", "en": "Thinks up to {seconds} s a move."}
PLATE = {"it": "{level}, fino a {seconds} s a mossa", "en": "{level}, up to {seconds} s a move"}


def assert_readable(page: Page, label: Locator) -> None:
    """Visible, inside the viewport's width, and no text cut off (nothing overflows its box)."""
    assert label.is_visible()
    box = label.bounding_box()
    width = page.viewport_size["width"]  # type: ignore[index]
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
    clipped = label.evaluate(
        "el => [el, ...el.querySelectorAll('*')].some(n => n.scrollWidth > n.clientWidth + 1"
        " && getComputedStyle(n).overflow !== 'visible')")
    assert not clipped


@pytest.mark.parametrize(("size", "lang", "level"),
                         [(LAPTOP, "it", "easy"), (PHONE, "en", "search"),
                          (PHONE, "it", "search")],
                         ids=["desktop-it", "phone-en", "phone-it"])
def test_quick_play_level_picker_reads_and_sets_the_bots(
        server: tuple[str, TableManager], browser: Browser, shots: Path, size: ViewportSize,
        lang: str, level: str) -> None:
    base, manager = server
    user = watched(browser, size)
    seconds = think_seconds("search", preset("fibur"))
    assert seconds is not None
    try:
        lobby = user.page()
        lobby.goto(f"{base}/?lang={lang}")
        lobby.locator("#tables li").first.wait_for()
        picker = lobby.locator(".play .bot-levels")
        labels = picker.locator(".bot-level")
        assert labels.count() == len(bot_levels("burraco")) == len(NAMES[lang])
        for i, name in enumerate(NAMES[lang]):
            label = labels.nth(i)
            assert label.locator("strong").inner_text() == name
            assert len(label.locator(".bot-level-text").inner_text()) > 20  # its one line
            assert_readable(lobby, label)
        think = picker.locator(".bot-level[data-level=search] .bot-level-think")
        assert think.inner_text() == THINK[lang].format(seconds=f"{seconds:g}")
        assert picker.locator(".bot-level[data-level=expert] input").is_checked()  # default
        assert picker.locator(".bot-level-think:visible").count() == 1  # the search only
        no_horizontal_scroll(lobby)
        picker.screenshot(path=str(shots / "quick-levels.png"))
        shot(lobby, shots, "lobby")
        picker.locator(f".bot-level[data-level={level}]").click()
        lobby.locator(".quick-play[data-game=burraco]:not([data-players])").click()
        lobby.wait_for_url("**/t/**")
        lobby.locator(DEALT).first.wait_for(timeout=15_000)
        table = next(iter(manager.tables.values()))
        assert table.bot_level == level
        name = NAMES[lang][bot_levels("burraco").index(level)]
        plate = name if level != "search" else PLATE[lang].format(level=name,
                                                                  seconds=f"{seconds:g}")
        plates = lobby.locator(".seat-info", has_text=plate)
        assert plates.count() == 3  # the three bots' plates name their level
        for i in range(3):
            assert_readable(lobby, plates.nth(i))
        shot(lobby, shots, "table")
        assert user.problems == []
    finally:
        user.context.close()


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["desktop", "phone"])
def test_new_table_level_picker_follows_the_game(server: tuple[str, TableManager],
                                                 browser: Browser, shots: Path,
                                                 size: ViewportSize) -> None:
    base, _manager = server
    user = watched(browser, size)
    try:
        lobby = user.page()
        lobby.goto(f"{base}/?lang=it")
        lobby.locator("#tables li").first.wait_for()
        lobby.locator("#new-table[data-ready]").wait_for()
        form = lobby.locator("#new-table")
        form.locator("select[name=preset]").select_option("fisca")
        picker = form.locator(".bot-levels")
        visible = picker.locator(".bot-level:visible")
        assert visible.count() == len(bot_levels("scala40"))
        for i in range(visible.count()):
            assert_readable(lobby, visible.nth(i))
        search = picker.locator(".bot-level[data-level=search]")
        seconds = think_seconds("search", preset("fisca"))
        assert search.locator(".bot-level-think").inner_text() == (
            f"Pensa fino a {seconds:g} s a mossa.")
        search.click()
        assert search.locator("input").is_checked()
        no_horizontal_scroll(lobby)
        picker.screenshot(path=str(shots / "table-levels.png"))
        shot(lobby, shots, "lobby-new-table")
        assert user.problems == []
    finally:
        user.context.close()
