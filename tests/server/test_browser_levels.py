"""The bot levels in a real Chromium (Playwright): the lobby's level pickers name every level
with one line on how it plays and the search's think time (the server's own setting), in the
reader's language, at desktop and phone size with nothing clipped; the level chosen for quick
play is the level of the bots at the table, whose seat plates name it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, ViewportSize

from ramino.rules import preset
from ramino.server import create_app
from ramino.server.bots import bot_levels, think_seconds
from ramino.server.tables import TableManager

from .conftest import live_server
from .test_browser_lobby import DEALT, no_horizontal_scroll, shot, watched

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
NAMES = {"it": ["Casuale", "Principiante", "Intermedio", "Esperto", "Campione"],
         "en": ["Random", "Beginner", "Intermediate", "Expert", "Champion"]}
THINK = {"it": "Pensa fino a {seconds} s a mossa.", "en": "Thinks up to {seconds} s a move."}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, TableManager]]:
    app = create_app(tmp_path / "tables.db", bot_delay=0.05, rng=random.Random(5))
    with live_server(app) as base:
        yield base, app.state.manager


@pytest.fixture
def shots(tmp_path: Path, request: pytest.FixtureRequest) -> Path:
    import os
    root = os.environ.get("RAMINO_ARTIFACTS")
    folder: Path = (Path(root) if root else tmp_path / "artifacts") / str(request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


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


PLATE = {"it": "{level}, fino a {seconds} s a mossa", "en": "{level}, up to {seconds} s a move"}


@pytest.mark.parametrize(("size", "lang", "level"),
                         [(DESKTOP, "it", "easy"), (PHONE, "en", "search"),
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
        lobby.locator(".quick-play[data-game=burraco]").click()
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


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_new_table_level_picker_follows_the_game(server: tuple[str, TableManager],
                                                 browser: Browser, shots: Path,
                                                 size: ViewportSize) -> None:
    base, _manager = server
    user = watched(browser, size)
    try:
        lobby = user.page()
        lobby.goto(f"{base}/?lang=it")
        lobby.locator("#tables li").first.wait_for()
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
