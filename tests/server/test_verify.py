"""Commit-reveal: the record of a finished server hand proves its deal was fixed in advance
(``ramino verify``), and any change to the deal or the salt is caught."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from ramino.cli import app as cli

from .conftest import join, new_table


def finished_record(client: TestClient) -> tuple[dict[str, Any], str]:
    table_id = new_table(client, ["bot", "bot", "bot", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:  # the commitment, before any action is seen
        _, update = join(ws, table_id, spectate=True)
    table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while not table.state.is_over:
        assert time.monotonic() < deadline, "the bots did not finish the hand"
        time.sleep(0.02)
    response = client.get(f"/api/tables/{table_id}/record")
    assert response.status_code == 200
    record: dict[str, Any] = response.json()
    return record, update["commitment"]


def verify(path: Path, document: dict[str, Any]) -> tuple[int, str]:
    path.write_text(json.dumps(document))
    result = CliRunner().invoke(cli, ["verify", str(path)])
    return result.exit_code, result.output


def test_record_not_published_before_the_end(client: TestClient) -> None:
    table_id = new_table(client, ["open", "bot", "open", "bot"])["id"]
    assert client.get(f"/api/tables/{table_id}/record").status_code == 409


def test_verify_a_server_hand_and_catch_tampering(client: TestClient, tmp_path: Path) -> None:
    record, early = finished_record(client)
    assert record["meta"]["commitment"] == early
    code, output = verify(tmp_path / "hand.json", record)
    assert code == 0 and "matches the commitment" in output

    swapped = copy.deepcopy(record)
    stock = swapped["deal"]["stock"]
    j = next(i for i in range(1, len(stock)) if stock[i] != stock[0])
    stock[0], stock[j] = stock[j], stock[0]
    code, output = verify(tmp_path / "swapped.json", swapped)
    assert code == 1 and "does NOT match" in output

    salted = copy.deepcopy(record)
    salted["meta"]["salt"] = "0" * 32
    assert verify(tmp_path / "salted.json", salted)[0] == 1

    bare = copy.deepcopy(record)
    del bare["meta"]
    code, output = verify(tmp_path / "bare.json", bare)
    assert code == 2 and "salt" in output
