"""The bot-API example (examples/bot_client.py) plays a whole hand against the server's bots
over a real WebSocket, seeing only its seat's frames."""

from __future__ import annotations

import importlib.util
import json
import random
import urllib.request
from pathlib import Path
from types import ModuleType

import httpx

from ramino.server import create_app

from .conftest import live_server

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot_client.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_client", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_example_bot_plays_a_hand(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.db", bot_delay=0.0, rng=random.Random(2))
    with live_server(app) as base:
        request = urllib.request.Request(
            base + "/api/tables", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"seats": ["bot", "bot", "open", "bot"]}).encode())
        with urllib.request.urlopen(request, timeout=10) as response:
            table = json.loads(response.read())["id"]
        with httpx.Client(base_url=base) as http:
            http.post("/api/accounts", json={"name": "BotGina", "password": "segreto-lungo"})
            auth = http.post("/api/tokens").json()["token"]
        result = load_example().run(base.replace("http", "ws") + "/ws", table, 2, seed=1,
                                    auth=auth)
        played = app.state.manager.get(table)
        assert played.state.is_over
        assert result["scores"] == list(played.state.result().scores)
        mine = [text for seat, text in played.hand.actions if seat == 2]
        assert mine and any(text.startswith(("meld ", "attach ")) for text in mine)
        assert played.seats[2].name == "BotGina"  # the account the token belongs to
        board = json.loads(urllib.request.urlopen(base + "/api/leaderboard", timeout=10).read())
        assert [(b["name"], b["hands"]) for b in board] == [("BotGina", 1)]
