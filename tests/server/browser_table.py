"""What the table-page browser tests share: a server with quick bots, Chromium, a page that
fails the test on any console error or failed request, and the gestures a player makes (taps,
drags) read from the legal actions the page holds in its record-notation list."""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, Request, ViewportSize

from ramino.server import create_app
from ramino.server.tables import TableManager

from .conftest import live_server, wait_for_js

PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1366, "height": 768}
# A bot's move every 50 ms: the tests watch whole hands; the page animates each move anyway.
BOT_DELAY = 0.05
# Where the screenshots of key states go (kept as test artifacts); RAMINO_DOC_SHOTS names a
# folder (docs/img) for the screenshots the documentation shows.
DOC_SHOTS = os.environ.get("RAMINO_DOC_SHOTS")

# Collect long tasks (over 50 ms: the Performance API's own threshold) from the first paint on.
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


@dataclass
class Server:
    base: str
    manager: TableManager

    def create(self, page: Page, preset: str, seats: list[str], **extra: Any) -> str:
        created = page.request.post(self.base + "/api/tables", data={
            "preset": preset, "seats": seats, "bot_level": "greedy", **extra})
        assert created.ok, created.text()
        url: str = created.json()["url"]
        return self.base + url


def serve(tmp_path: Path, seed: int, bot_delay: float = BOT_DELAY,
          **options: Any) -> Generator[Server]:
    app = create_app(tmp_path / "tables.db", bot_delay=bot_delay, rng=random.Random(seed),
                     **options)
    with live_server(app) as base:
        yield Server(base, app.state.manager)


@dataclass
class Watched:
    """A browser context whose pages report every script error, console error and failed
    request (any answer of 400 or more, or no answer)."""

    context: BrowserContext
    problems: list[str] = field(default_factory=list)

    def page(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda exc: self.problems.append(f"script: {exc}"))
        page.on("console", lambda msg: self.problems.append(f"console: {msg.text}")
                if msg.type == "error" else None)
        page.on("requestfailed", self._request_failed)
        page.on("response", lambda res: self.problems.append(f"{res.status}: {res.url}")
                if res.status >= 400 else None)
        return page

    def _request_failed(self, request: Request) -> None:
        # A request the browser cancelled itself because the page navigated away (the favicon
        # still loading when a language choice reloads the page) is not a failure of ours.
        if request.failure == "net::ERR_ABORTED":
            return
        self.problems.append(f"failed: {request.url} {request.failure}")


def watched(browser: Browser, size: ViewportSize, *, phone: bool = False,
            locale: str = "it-IT") -> Watched:
    context = browser.new_context(viewport=size, locale=locale, has_touch=phone,
                                  is_mobile=phone, device_scale_factor=1)
    context.add_init_script(LONGTASKS)
    return Watched(context)


class Shots:
    """Screenshots of key states, each saved under the test's artifacts folder (and, when the
    documentation asks for it, under its name in DOC_SHOTS)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, page: Page, name: str, doc: str | None = None) -> Path:
        # The moves' animations end first (a card in flight is not a state).
        wait_for_js(page, "!document.querySelector('.flying')", timeout=5)
        path = self.folder / f"{name}.png"
        page.screenshot(path=str(path))
        if DOC_SHOTS and doc:
            page.screenshot(path=str(Path(DOC_SHOTS) / doc))
        return path


def artifacts(tmp_path: Path, name: str) -> Shots:
    root = os.environ.get("RAMINO_ARTIFACTS")
    return Shots((Path(root) if root else tmp_path / "artifacts") / name)


def sit(page: Page, url: str, seat: int, name: str) -> None:
    page.goto(url)
    page.fill("#player-name", name)
    page.click(f"#open-seats button[data-seat='{seat}']")
    page.locator("#hand button.card").first.wait_for(timeout=15_000)


def version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version") or "-1")


def my_turn(page: Page) -> bool:
    return page.locator("#table").get_attribute("data-my-turn") == "1"


def hand_over(page: Page) -> bool:
    return page.locator("#result").is_visible()


def wait_turn_or_end(page: Page, timeout: float = 60_000) -> None:
    wait_for_js(page, "document.getElementById('table').dataset.myTurn === '1'"
                " || !document.getElementById('result').hidden", timeout=timeout / 1000)


def wait_past(page: Page, old: int) -> None:
    wait_for_js(page, f"Number(document.getElementById('table').dataset.version) > {old}"
                " || !document.getElementById('error').hidden"
                " || !document.getElementById('choices').hidden", timeout=15)


def legal(page: Page) -> list[str]:
    return page.locator("#legal option").all_text_contents()


def bare(token: str) -> str:
    return token.split("=")[0]


def cards_for(page: Page, tokens: list[str]) -> list[Locator]:
    """The hand's buttons for these cards (each button once: two decks hold twins)."""
    buttons = page.locator("#hand button.card")
    shown = [buttons.nth(i).get_attribute("data-card") or "" for i in range(buttons.count())]
    used: set[int] = set()
    out = []
    for token in tokens:
        k = next(i for i, c in enumerate(shown) if c == bare(token) and i not in used)
        used.add(k)
        out.append(buttons.nth(k))
    return out


def choose(rng: random.Random, actions: list[str]) -> str:
    """A move that ends the hand sooner: a meld or an attach when there is one (mostly), else
    a discard; the draw when drawing."""
    if "draw" in actions:
        return "draw"
    table = [a for a in actions if a.split()[0] in ("meld", "attach")]
    if table and rng.random() < 0.85:
        return rng.choice(table)
    discards = [a for a in actions if a.startswith("discard ")]
    return rng.choice(discards or actions)


def finish_choice(page: Page, action: str) -> None:
    """The page offers the ways to play cards a wild can stand in several ways: take ours."""
    choices = page.locator("#choices")
    if choices.is_visible():
        choices.locator(f"button[data-action='{action}']").click()


def lit(page: Page) -> set[str]:
    """The drop targets lit now."""
    found: list[str] = page.eval_on_selector_all(
        "[data-drop].accepts", "nodes => nodes.map(n => n.dataset.drop)")
    return set(found)


def expected_targets(actions: list[str], tokens: list[str]) -> set[str]:
    """The targets the page must light for these selected cards, read from the legal list
    here as the page must read it (cards compared without their wild annotation)."""
    want = sorted(map(bare, tokens))
    out = set()
    for a in actions:
        words = a.split()
        if words[0] in ("attach", "swap") and sorted(map(bare, words[2:])) == want:
            out.add(f"meld:{words[1]}")
        elif words[0] == "meld" and sorted(map(bare, words[1:])) == want:
            out.add("table")
        elif words[0] == "discard" and sorted(map(bare, words[1:])) == want:
            out.add("pile")
    return out


def small_targets(page: Page) -> list[str]:
    """Every visible interactive element smaller than 44 px either way."""
    found: list[str] = page.evaluate("""() => {
      const out = [];
      const nodes = document.querySelectorAll(
        'a[href], button, select, input, summary, [tabindex]:not([tabindex="-1"])');
      for (const n of nodes) {
        const r = n.getBoundingClientRect();
        if (!n.getClientRects().length || n.closest('[hidden]') || r.width === 0) continue;
        const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
        if (r.width < 44 || r.height < 44) out.push(`${n.tagName}#${n.id}.${n.className} ${size}`);
      }
      return out;
    }""")
    return found


def in_viewport(page: Page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None, selector
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


def no_horizontal_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"))


def axe_serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(str(n["target"]) for n in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def play_hand(page: Page, turn: Callable[[Page], None], deadline_s: float = 240) -> int:
    """Play our turns with ``turn`` until the hand is over; the number of our actions."""
    import time

    actions = 0
    end = time.monotonic() + deadline_s
    while True:
        assert time.monotonic() < end, "the hand did not finish in time"
        wait_turn_or_end(page)
        if hand_over(page):
            return actions
        turn(page)
        actions += 1


def engine_scores(server: Server) -> str:
    table = next(iter(server.manager.tables.values()))
    result = table.state.result()
    assert result is not None
    return ",".join(str(s) for s in result.scores)


def click_turn(page: Page, rng: random.Random) -> None:
    """One action by clicks: the stock, cards then Cala, cards then the meld, a card then the
    pile."""
    actions = legal(page)
    action = choose(rng, actions)
    words = action.split()
    before = version(page)
    if action == "draw":
        page.click("#stock")
    elif words[0] == "meld":
        for b in cards_for(page, words[1:]):
            b.click()
        page.click("#do-meld")
    elif words[0] == "attach":
        for b in cards_for(page, words[2:]):
            b.click()
        page.click(f".meld[data-meld='{words[1]}']")
    elif words[0] == "discard":
        cards_for(page, words[1:])[0].click()
        page.click("#pile")
    else:  # a swap (Scala 40) from the record notation's list, folded away
        page.locator("#notation summary").click()
        page.select_option("#legal", action)
        page.click("#play-legal")
        page.locator("#notation summary").click()
    wait_past(page, before)
    finish_choice(page, action)
