"""Shared fixtures of the server tests: an app on a temporary SQLite file, and WebSocket helpers
that never wait forever."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
import uvicorn
from fastapi import FastAPI
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy.engine import Connection
from starlette.testclient import WebSocketTestSession

from ramino.server import create_app
from ramino.server.store import MIGRATIONS

# Debian's chromium as the browser tests run it (headless, no sandbox in a container).
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

RECEIVE_TIMEOUT = 10.0

Frame = dict[str, Any]


@contextlib.contextmanager
def live_server(app: FastAPI) -> Iterator[str]:
    """Serve ``app`` with uvicorn on a free 127.0.0.1 port in a thread; yield its base URL."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    uv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    try:
        while not uv.started:
            assert time.monotonic() < deadline and thread.is_alive(), "uvicorn did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        uv.should_exit = True
        thread.join(timeout=10)


def wait_for_js(page: Any, expression: str, timeout: float = 30.0) -> None:
    """Wait until ``expression`` is true in ``page``.  It is polled with ``page.evaluate``:
    Playwright's ``wait_for_function`` evaluates a string, which the pages' Content Security
    Policy forbids (no ``unsafe-eval``)."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"not true within {timeout} s: {expression}"
        page.wait_for_timeout(50)


def fast_app_client(db: Path, **kwargs: Any) -> TestClient:
    """Bots without pause and no flood limit: the tests drive hands as fast as they can."""
    options: dict[str, Any] = {"bot_delay": 0.0, "burst": 10**6, "per_second": 10.0**6,
                               "http_burst": 10**6, "http_per_second": 10.0**6,
                               "join_burst": 10**6, "join_per_second": 10.0**6,
                               "address_burst": 10**6, "address_per_second": 10.0**6,
                               "account_burst": 10**6, "account_per_second": 10.0**6}
    options.update(kwargs)
    return TestClient(create_app(db, **options))


@contextlib.contextmanager
def migrated_to(url: str, revision: str, *, down: bool = False) -> Iterator[Connection]:
    """The database at ``url`` upgraded (or ``down``-graded) to ``revision`` only, as an older
    server left it: the connection to fill it, committed on leaving."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            cfg.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(cfg, revision)
            yield connection
    finally:
        engine.dispose()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with fast_app_client(db) as c:
        yield c


def new_table(client: TestClient, seats: list[str], *, private: bool = False) -> dict[str, Any]:
    response = client.post("/api/tables", json={"seats": seats, "private": private})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def recv(ws: WebSocketTestSession, timeout: float = RECEIVE_TIMEOUT) -> Frame:
    """The next frame, failing the test after ``timeout`` seconds (the TestClient's own
    ``receive_json`` would wait forever)."""

    async def receive() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(receive)
    assert message["type"] == "websocket.send", f"socket closed: {message}"
    frame: Frame = json.loads(message["text"])
    return frame


def recv_until(ws: WebSocketTestSession, want: Callable[[Frame], bool], *, limit: int = 2000,
               seen: list[Frame] | None = None) -> Frame:
    for _ in range(limit):
        frame = recv(ws)
        if seen is not None:
            seen.append(frame)
        if want(frame):
            return frame
    raise AssertionError(f"no wanted frame in {limit} frames")


def join(ws: WebSocketTestSession, table: str, **fields: Any) -> tuple[Frame, Frame]:
    """Send ``join``; return the welcome and the first update."""
    ws.send_text(json.dumps({"type": "join", "table": table, **fields}))
    welcome = recv(ws)
    assert welcome["type"] == "welcome", welcome
    update = recv(ws)
    assert update["type"] == "update", update
    return welcome, update


def act(ws: WebSocketTestSession, action: str, version: int) -> None:
    ws.send_text(json.dumps({"type": "act", "action": action, "version": version}))


def is_update(frame: Frame) -> bool:
    return bool(frame["type"] == "update")


def my_turn(seat: int) -> Callable[[Frame], bool]:
    def want(frame: Frame) -> bool:
        return bool(frame["type"] == "update" and
                (frame["result"] is not None or
                 (frame["view"]["current"] == seat and bool(frame["legal"]))))
    return want


@pytest.fixture
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                     args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()
