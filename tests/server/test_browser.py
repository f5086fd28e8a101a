"""The browser table in a real Chromium (Playwright): a whole FIBUR hand to the score.

The lobby form creates a table (seats 0 and 2 for people, 1 and 3 for bots); two browser
players take their seats by clicking, a third page watches.  The players play through the page
only: the draw button, clicked cards with the meld button (a refused meld must show the
engine's rule and section), and the "all possible moves" list with its button.  One player
reloads mid-hand and carries on.  The pages are screenshot-checked at phone and desktop
widths, and the score breakdown at the end matches the engine's result.
"""

from __future__ import annotations

import json
import os
import random
import re
import struct
import time
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    FilePayload,
    Page,
    ViewportSize,
)

from ramino.server import create_app
from ramino.server.refusal_texts import BURRACO
from ramino.server.tables import TableManager

from .conftest import live_server, wait_for_js

pytestmark = pytest.mark.browser
SHOTS = os.environ.get("RAMINO_SHOTS")  # a folder to keep the screenshots in, for people

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 900}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, TableManager]]:
    app = create_app(tmp_path / "tables.db", bot_delay=0.02, rng=random.Random(23))
    with live_server(app) as base:
        yield base, app.state.manager


def png_facts(data: bytes) -> tuple[int, int, int]:
    """(width, height, distinct byte values in the pixel data) of a PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat = b""
    pos = 8
    while pos < len(data):
        length = struct.unpack(">I", data[pos:pos + 4])[0]
        if data[pos + 4:pos + 8] == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


def check_screenshot(page: Page, size: ViewportSize) -> None:
    page.set_viewport_size(size)
    width, height, distinct = png_facts(page.screenshot(full_page=True))
    assert width == size["width"] and height >= size["height"]
    assert distinct > 20, "the page looks blank"
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{page.url.split('/')[-1][:12]}-"
                                 f"{size['width']}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1, f"horizontal scrolling at {size['width']} px"


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or "-1")


def my_turn(page: Page) -> bool:
    return page.locator("#table").get_attribute("data-my-turn") == "1"


def wait_past(page: Page, old: int) -> None:
    wait_for_js(page, f"Number(document.getElementById('table').dataset.version) > {old}"
                " || !document.getElementById('error').hidden", timeout=10)


def try_refused_meld(page: Page) -> bool:
    """Click three cards that form no legal meld, press Cala: the engine's refusal, with its
    rule and docs/rules.md section, must be shown.  False if no such three cards are at hand."""
    legal = page.locator("#legal option").all_text_contents()
    melds = {" ".join(sorted(w.split("=")[0] for w in a.split()[1:]))
             for a in legal if a.startswith("meld ")}
    if not melds:
        return False
    cards = page.locator("#hand button.card")
    tokens = [cards.nth(i).get_attribute("data-card") or "" for i in range(cards.count())]
    for a in range(len(tokens)):
        for b in range(a + 1, len(tokens)):
            for c in range(b + 1, len(tokens)):
                if " ".join(sorted((tokens[a], tokens[b], tokens[c]))) in melds:
                    continue
                before = version(page)
                for i in (a, b, c):
                    cards.nth(i).click()
                page.click("#do-meld")
                error = page.locator("#error")
                error.wait_for(state="visible", timeout=5000)
                text = error.text_content() or ""
                assert "Mossa rifiutata" in text and "RULES.md §" in text, text
                # In the page's language (Italian): the rule's own text, by its id.
                rule = re.search(r"\(([a-z0-9-]+), RULES\.md §", text)
                assert rule is not None and BURRACO[rule[1]].split("{")[0] in text, text
                assert version(page) == before
                for i in (a, b, c):
                    cards.nth(i).click()  # unselect
                return True
    return False


def take_turn_action(page: Page, rng: random.Random, state: dict[str, bool]) -> None:
    before = version(page)
    if not page.locator("#do-draw").is_disabled() and rng.random() < 0.7:
        page.keyboard.press("d") if state.setdefault("keyboard", False) else page.click(
            "#do-draw")
        state["keyboard"] = not state["keyboard"]
    elif not state.get("refused") and try_refused_meld(page):
        state["refused"] = True
        return
    else:
        options = page.locator("#legal option").all_text_contents()
        assert options, "my turn but no legal move listed"
        # Lean towards melding and attaching so that the hand ends sooner.
        table_plays = [o for o in options if o.startswith(("meld ", "attach "))]
        choice = rng.choice(table_plays if table_plays and rng.random() < 0.8 else options)
        if page.locator("#notation").get_attribute("open") is None:
            page.click("#notation summary")  # the record notation is folded away
        page.select_option("#legal", choice)
        page.click("#play-legal")
    wait_past(page, before)


def test_two_players_two_bots_and_a_spectator(server: tuple[str, TableManager],
                                              browser: Browser) -> None:
    base, manager = server
    rng = random.Random(4)
    contexts = [browser.new_context(viewport=DESKTOP, locale="it-IT") for _ in range(3)]
    script_errors: list[str] = []
    for context in contexts:  # any uncaught error in a page's scripts fails the test
        context.on("page", lambda page: page.on(
            "pageerror", lambda error: script_errors.append(str(error))))
    try:
        lobby = contexts[0].new_page()
        lobby.goto(base + "/")
        check_screenshot(lobby, PHONE)
        # The creator sits on seat 0 as they arrive, under the name the browser remembers;
        # the partner's seat waits for a friend and the opponents are bots by default.
        lobby.evaluate("localStorage.setItem('ramino:name', 'Anna')")
        lobby.click("details.options summary")
        lobby.fill("input[name=name]", "Circolo")
        lobby.select_option("select[name=seat1]", "bot")
        lobby.select_option("select[name=seat2]", "open")
        lobby.select_option("select[name=seat3]", "bot")
        lobby.click("#new-table button[type=submit]")
        lobby.wait_for_url("**/t/*")
        url = re.sub(r"[?&]sit=0$", "", lobby.url)
        lobby.locator(".seat-row.human").first.wait_for(timeout=10_000)  # seated, waiting
        players = [lobby, contexts[1].new_page()]
        players[1].goto(url)
        players[1].fill("#player-name", "Carla")
        players[1].click("#open-seats button[data-seat='2']")
        for page in players:
            page.locator("#hand button.card").first.wait_for(timeout=10_000)
        watcher = contexts[2].new_page()
        watcher.goto(url + "?watch=1")
        watcher.locator("#board").wait_for(state="visible", timeout=10_000)
        assert watcher.locator("#me").is_hidden()

        state: dict[str, bool] = {}
        reloaded = False
        actions = 0
        deadline = time.monotonic() + 150
        while players[0].locator("#result").is_hidden():
            assert time.monotonic() < deadline, "the hand did not finish in time"
            acted = False
            for page in players:
                if my_turn(page):
                    take_turn_action(page, rng, state)
                    actions += 1
                    acted = True
            if actions >= 12 and not reloaded:
                hand_before = players[1].locator("#hand button.card").count()
                players[1].reload()
                players[1].locator("#hand button.card").first.wait_for(timeout=10_000)
                assert players[1].locator("#hand button.card").count() == hand_before
                assert "Carla" in (players[1].locator("#seats").text_content() or "")
                check_screenshot(players[1], PHONE)
                check_screenshot(players[1], DESKTOP)
                reloaded = True
            if not acted:
                players[0].wait_for_timeout(30)
        assert reloaded and state.get("refused")
        table = next(iter(manager.tables.values()))
        result = table.state.result()
        assert result is not None
        for page in (*players, watcher):
            page.locator("#result").wait_for(state="visible", timeout=10_000)
            scores = page.locator("#result").get_attribute("data-scores")
            assert scores == ",".join(str(s) for s in result.scores)
            assert "Totale" in (page.locator("#breakdown").text_content() or "")
        players[0].locator("#verify").filter(has_text="Mazzo verificato").wait_for(
            timeout=5000)
        assert watcher.locator("#hand button.card").count() == 0
        assert watcher.locator("#next-hand").is_hidden()
        viewer = contexts[2].new_page()
        replay_href = watcher.locator("#replay-link").get_attribute("href") or ""
        # The links name their hand, so they stay right once the next hand is dealt.
        assert re.search(r"[?&]hand=\d+", replay_href), replay_href
        assert re.search(r"[?&]hand=\d+",
                         watcher.locator("#record-link").get_attribute("href") or "")
        viewer.goto(base + replay_href)
        viewer.locator("#viewer").wait_for(state="visible", timeout=10_000)
        for _ in range(3):
            viewer.keyboard.press("ArrowRight")
        assert viewer.locator("#board-replay").get_attribute("data-step") == "3"
        assert viewer.locator("#replay-hands .seat").count() == 4
        replay = viewer.request.get(base + "/api/tables/" + table.id + "/replay").json()
        shown = sum(len(h) for h in replay["steps"][3]["hands"])
        assert viewer.locator("#replay-hands .card").count() == shown
        check_screenshot(viewer, PHONE)
        players[1].click("#next-hand")  # the deal passes to seat 0: seat 1 (a bot) opens
        for page in players:
            page.locator("#result").wait_for(state="hidden", timeout=10_000)
            page.locator("#status").filter(has_text="mano 2").wait_for(timeout=10_000)
        check_screenshot(watcher, PHONE)
        check_screenshot(players[0], DESKTOP)
        portuguese = contexts[2].new_page()
        portuguese.goto(url + "?watch=1&lang=pt")
        portuguese.locator("#board").wait_for(state="visible", timeout=10_000)
        assert portuguese.locator("html").get_attribute("lang") == "pt"
        labels = portuguese.locator(".heap-label").all_text_contents()
        assert labels == ["Monte", "Lixo", "Pozzetti"]  # Burraco's own word, in Portuguese
        assert "pozzetto 1" in (portuguese.locator("#pozzetti").text_content() or "")
        assert "Dupla" in (portuguese.locator("#melds-0").text_content() or "")
        assert script_errors == []
    finally:
        for context in contexts:
            context.close()


def test_buraco_table_speaks_of_morti_in_every_language(server: tuple[str, TableManager],
                                                        browser: Browser) -> None:
    """The scripts take a game's own words from the gettext catalog (as JSON): a Brazilian
    Buraco table (§4) shows morti where a Burraco table shows pozzetti."""
    base, _manager = server
    context = browser.new_context()
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        created = page.request.post(base + "/api/tables", data={
            "preset": "buraco-aberto", "seats": ["open", "bot", "bot", "bot"]}).json()
        # A person sits, so the hand starts and stops on their first turn: the morti stay whole.
        player = context.new_page()
        player.goto(f"{base}{created['url']}")
        player.fill("#player-name", "Anna")
        player.click("#open-seats button[data-seat='0']")
        player.locator("#hand button.card").first.wait_for(timeout=10_000)
        for lang, label, count in (("pt", "Mortos", "morto 1: 11 cartas"),
                                   ("en", "Mortos", "morto 1: 11 cards"),
                                   ("it", "Morti", "morto 1: 11 carte")):
            page.goto(f"{base}{created['url']}?watch=1&lang={lang}")
            page.locator("#pozzetti").filter(has_text=count).wait_for(timeout=10_000)
            assert page.locator(".heap-label").all_text_contents()[2] == label
        assert errors == []
    finally:
        context.close()


def test_scala40_hand_from_the_lobby_to_the_score(server: tuple[str, TableManager],
                                                  browser: Browser) -> None:
    """A Scala 40 table (§6) made in the lobby for two, a person against a bot: the
    page shows each player's standing (opened, penalty points), every meld with its owner, the
    apertura while it is being made, and at the end the penalty points matching the engine's;
    a spectator watches with no hand shown; the replay viewer steps through the hand."""
    base, manager = server
    rng = random.Random(7)
    context = browser.new_context(viewport=PHONE, locale="it-IT")
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda exc: errors.append(str(exc))))
    try:
        lobby = context.new_page()
        lobby.goto(base + "/")
        lobby.locator("#new-table[data-ready]").wait_for()
        lobby.select_option("select[name=preset]", "fisca")
        lobby.locator("#players-choice").wait_for(state="visible")
        lobby.select_option("select[name=players]", "2")
        assert lobby.locator(".seat-choice:visible").count() == 1  # seat 0 is the creator's
        assert lobby.locator("#variant-choice").is_visible()  # §6.7: pairs need four players
        assert lobby.locator("select[name=variant] option[value=PAIRS_2V2]").is_disabled()
        assert lobby.locator("select[name=variant] option[value=reentry]").is_enabled()
        assert lobby.locator("#match-choice").is_hidden()
        lobby.evaluate("localStorage.setItem('ramino:name', 'Anna')")  # the creator, seat 0
        lobby.select_option("select[name=seat1]", "bot")
        lobby.click("#new-table label.bot-level[data-level=random]")
        assert lobby.locator("#new-table input[name=bot_level][value=random]").is_checked()
        lobby.click("details.options summary")
        lobby.fill("input[name=name]", "Scala")
        lobby.click("#new-table button[type=submit]")
        lobby.wait_for_url("**/t/*")
        table = next(iter(manager.tables.values()))
        assert table.rules.game == "scala40" and table.rules.players == 2
        page = lobby
        page.locator("#hand button.card").first.wait_for(timeout=10_000)
        assert page.locator("#hand button.card").count() in (13, 14)
        assert "penalità 0 di 101" in (page.locator("#seats").text_content() or "")
        assert page.locator("#pozzetti").count() == 0
        assert page.locator("#do-pick").text_content() == "Prendi dal pozzo (p)"
        watcher = context.new_page()
        watcher.goto(page.url.split("?")[0] + "?watch=1")
        watcher.locator("#board").wait_for(state="visible", timeout=10_000)
        check_screenshot(page, PHONE)
        state: dict[str, bool] = {"refused": True}  # no refused-meld detour here
        saw_opening = saw_meld = False
        deadline = time.monotonic() + 150
        while page.locator("#result").is_hidden():
            assert time.monotonic() < deadline, "the hand did not finish in time"
            if my_turn(page):
                if page.locator("#opening").is_visible():
                    saw_opening = True
                take_turn_action(page, rng, state)
            else:
                page.wait_for_timeout(30)
            if not saw_meld and page.locator("#melds-all li").count():
                owner = page.locator("#melds-all li").first.get_attribute("data-owner")
                name = "Anna" if owner == "0" else "Bot 2"
                assert name in (page.locator("#melds-all li").first.text_content() or "")
                saw_meld = True
        result = table.state.result()
        assert result is not None
        assert page.locator("#result").get_attribute("data-scores") == ",".join(
            str(s) for s in result.scores)
        breakdown = page.locator("#breakdown").text_content() or ""
        assert "Penalità della mano" in breakdown and "Totale della partita" in breakdown
        page.locator("#verify").filter(has_text="Mazzo verificato").wait_for(timeout=5000)
        watcher.locator("#result").wait_for(state="visible", timeout=10_000)
        assert watcher.locator("#hand button.card").count() == 0
        assert saw_opening and saw_meld
        check_screenshot(page, DESKTOP)
        record = page.request.get(f"{base}/api/tables/{table.id}/record").json()
        assert record["game"] == "scala40" and record["players"] == ["Anna", "Bot 2"]
        check_scala40_replay(context, base, page, table.id, record, result.scores)
        assert errors == []
    finally:
        context.close()


def check_scala40_replay(context: BrowserContext, base: str, page: Page, table_id: str,
                         record: dict[str, Any], scores: tuple[int, ...]) -> None:
    """The finished Scala 40 hand in the replay viewer, from the table's link and from the
    downloaded record uploaded again: every hand face up at every step, the pozzo and the
    melds by owner (no pozzetti), the penalty points at the end."""
    replay = page.request.get(f"{base}/api/tables/{table_id}/replay").json()
    viewer = context.new_page()
    viewer.goto(base + (page.locator("#replay-link").get_attribute("href") or ""))
    viewer.locator("#viewer").wait_for(state="visible", timeout=10_000)
    assert viewer.locator("#replay-pozzetti-heap").is_hidden()
    assert viewer.locator("#replay-pile-label").text_content() == "Pozzo"
    for _ in range(3):
        viewer.keyboard.press("ArrowRight")
    assert viewer.locator("#board-replay").get_attribute("data-step") == "3"
    assert viewer.locator("#replay-hands .seat").count() == 2
    step = replay["steps"][3]
    assert viewer.locator("#replay-hands .card").count() == sum(len(h) for h in step["hands"])
    assert viewer.locator("#replay-pile .card").count() == len(step["pile"])
    viewer.click("#last")
    final = replay["steps"][-1]
    assert viewer.locator("#replay-melds40 .meld").count() == len(final["melds"])
    assert viewer.locator("#replay-melds40 .card").count() == sum(
        len(m["cards"]) for m in final["melds"])
    score = viewer.locator("#replay-score").text_content() or ""
    for seat, (name, points) in enumerate(zip(("Anna", "Bot 2"), scores, strict=True)):
        assert f"{name} (posto {seat + 1}): {points} punti di penalità" in score, score
    check_screenshot(viewer, PHONE)
    upload = context.new_page()
    upload.goto(base + "/replay")
    payload: FilePayload = {"name": "hand.json", "mimeType": "application/json",
                            "buffer": json.dumps(record).encode()}
    upload.locator("#record-file").set_input_files(files=payload)
    upload.locator("#viewer").wait_for(state="visible", timeout=10_000)
    assert upload.locator("#step").get_attribute("max") == str(len(replay["steps"]) - 1)
    upload.click("#last")
    assert (upload.locator("#replay-score").text_content() or "") == score
