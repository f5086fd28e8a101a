"""The director's desk and the public standings in a real Chromium (Playwright).

Serves ``create_app`` with uvicorn on 127.0.0.1 in a background thread, registers pairs,
seats a turno, enters one result as the director and one from the table with the opponents'
confirmation, then reads the public standings at phone and desktop widths.
"""

from __future__ import annotations

import socket
import struct
import threading
import time
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import Browser, sync_playwright

from ramino.tournament import codes, store
from ramino.tournament.model import Format
from ramino.tournament.web import create_app

from .conftest import make

pytestmark = pytest.mark.browser

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    path = tmp_path / "club.json"
    store.save(make(0, [Format.DANESE_MODIFICATO] * 3, deals=2), path)
    port = free_port()
    config = uvicorn.Config(create_app(path), host="127.0.0.1", port=port, log_level="warning")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not uv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}", path
    uv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


def png_facts(data: bytes) -> tuple[int, int, int]:
    """(width, height, distinct byte values in the pixel data) from a PNG file."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    idat = b""
    pos = 8
    while pos < len(data):
        length = struct.unpack(">I", data[pos : pos + 4])[0]
        kind = data[pos + 4 : pos + 8]
        if kind == b"IDAT":
            idat += data[pos + 8 : pos + 8 + length]
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


def test_desk_and_public_standings(
    server: tuple[str, Path], browser: Browser, tmp_path: Path
) -> None:
    url, path = server
    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk.goto(f"{url}/desk")
    for number, name in enumerate(("Rossi-Bianchi", "Verdi-Neri", "Gialli-Blu", "Conti-Ferri"),
                                  start=1):
        desk.fill("#register input[name=name]", name)
        desk.click("#register button")
        desk.wait_for_selector(f"text=Iscritto #{number} {name}")
    desk.click("#seat-next")
    desk.wait_for_selector("text=Turno 1: 2 tavoli")
    desk.fill("[aria-label='N-S tavolo 1']", "300 200")
    desk.fill("[aria-label='E-W tavolo 1']", "100 0")
    desk.click("#t1 button")
    desk.wait_for_selector("text=Tavolo 1 registrato")

    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{url}/round")
    # The turno clock counts down in the browser (40-minute turno just seated).
    clock = phone.locator("#ends").inner_text()
    assert "mancano" in clock and "−" not in clock

    # Table 2 from the players' side: N-S write with their slip's link, E-W confirm with
    # theirs (each side's own code).
    key = codes.load_key(path)
    player = browser.new_page(viewport={"width": 390, "height": 844})
    player.goto(f"{url}/table/1/2?code={codes.side_code(key, 1, 2, 'ns')}")
    numbers = player.locator("#score input[type=number]")
    for i, value in enumerate(["0", "45", "0", "0"]):
        numbers.nth(i).fill(value)
    player.click("#score button")
    player.wait_for_selector("text=aspetta la conferma")
    assert not store.load(path).table(1, 2).confirmed
    assert player.locator("text=Confermo (E-W)").count() == 0  # not N-S's to confirm
    opponent = browser.new_page(viewport={"width": 390, "height": 844})
    opponent.goto(f"{url}/table/1/2?code={codes.side_code(key, 1, 2, 'ew')}")
    opponent.click("text=Confermo (E-W)")
    opponent.wait_for_selector("text=Risultato registrato")
    phone.goto(f"{url}/standings")
    rows = phone.locator("#standings tbody tr")
    assert rows.count() == 4
    t = store.load(path)
    winner = t.entrant(t.table(1, 1).ns[0]).name
    first = rows.nth(0).inner_text()
    assert winner in first and "14" in first  # MP 400 on 2 smazzate: 305–400 → 14–6

    shots = {}
    for label, page in (("phone", phone), ("desktop", desk)):
        page.goto(f"{url}/standings")
        target = tmp_path / f"standings-{label}.png"
        page.screenshot(path=str(target), full_page=True)
        shots[label] = png_facts(target.read_bytes())
    assert shots["phone"][0] == 390 and shots["desktop"][0] == 1280
    for width, height, variety in shots.values():
        assert height >= 300 and variety > 20, (width, height, variety)
    # On a phone the standings fit the width: nothing scrolls sideways.
    overflow = phone.evaluate("document.documentElement.scrollWidth")
    assert overflow <= 390


def test_the_desk_fits_a_phone(browser: Browser, tmp_path: Path) -> None:
    """The desk at 390 px with its widest content (an online table abandoned with its played
    score and records, a dispute, links and codes): every table a card, nothing scrolls
    sideways."""
    from .test_web import AbandonedDesk, code

    path = tmp_path / "club.json"
    t = make(6, [Format.DANESE_MODIFICATO] * 3, deals=2)
    t.seat_next()
    t.play_online(1, 1, "srv1")
    t.server_abandoned(1, 1, "server table srv1: a bot finished for Conti-Ferri")
    store.save(t, path)
    t.submit(1, 2, "ns", [880, -40], [100, 0])
    t.submit(1, 2, "ew", [880, -40], [100, 5])
    store.save(t, path)
    port = free_port()
    app = create_app(path, online=AbandonedDesk(("ew",)))
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not uv.started:
            assert time.monotonic() < deadline, "uvicorn did not start"
            time.sleep(0.02)
        phone = browser.new_page(viewport={"width": 390, "height": 844})
        phone.goto(f"http://127.0.0.1:{port}/desk")
        assert phone.locator("#t1 .abandoned").is_visible()
        assert phone.locator("#t2 .dispute").is_visible()
        # Turno seated at the tests' clock's 20:00 UTC, long ago: time is up, never "−".
        clock = phone.locator("#results time").inner_text()
        assert "tempo scaduto" in clock and "−" not in clock
        target = tmp_path / "desk-phone.png"
        phone.screenshot(path=str(target), full_page=True)
        width, _height, variety = png_facts(target.read_bytes())
        assert width == 390 and variety > 20
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        assert code(path, 1, "ns") not in phone.content()  # the slips' codes stay printed
    finally:
        uv.should_exit = True
        thread.join(timeout=10)
