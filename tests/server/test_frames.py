"""The update frames a broadcast encodes once for all its receivers are the messages the protocol
promises: every frame parses as ``protocol.Update`` and holds exactly its fields, no more; a
player's frame carries its own observation and its legal actions on its turn, a spectator's
the public view.  Whole hands of Burraco and Scala 40 are played through the table manager
(seeded deals, random legal actions) and every frame of every receiver is checked."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from ramino.server.protocol import Act, Join, Update
from ramino.server.store import Store, database_url
from ramino.server.tables import Client, Table, TableManager


def drain(client: Client) -> list[str]:
    frames = []
    while not client.outbox.empty():
        frame = client.outbox.get_nowait()
        assert frame is not None, "a client was cut off"
        frames.append(frame)
    return frames


def check_update(frame: str, table: Table, seat: int | None) -> None:
    data = json.loads(frame)
    if data["type"] != "update":
        return
    parsed = Update.model_validate_json(frame)
    assert parsed.model_dump(mode="json") == data  # every field of Update, and nothing else
    if data["version"] != table.version:
        return  # an earlier broadcast: its view was checked when it was the latest
    assert data["match"] == table._build_match_info()  # the kept match part is current
    if seat is None or data["waiting"]:
        # A spectator, or anyone before every seat is taken (the waiting room): no hand.
        assert data["view"] == table.game.public_view(table.state, table.seating)
        assert data["legal"] == []
    else:
        assert data["view"] == table.game.seat_view(table.state, seat, table.seating)
        mine = seat == table.current_seat() and not table.finished
        assert data["legal"] == ([str(a) for a in table.state.legal_actions()] if mine
                                 else [])


async def play_hand(tmp_path: Path, preset: str, players: int, seed: int) -> int:
    """Play one hand with ``players`` people and a spectator; return the frames checked."""
    store = Store(database_url(tmp_path / f"{preset}-{seed}.db"))
    manager = TableManager(store, tick=3600, rng=random.Random(seed))
    await manager.start()
    checked = 0
    try:
        table, _ = await manager.create(name="", preset=preset, options={"players": players},
                                        seats=["open"] * players, private=False,
                                        bot_level=None)
        clients = [(await manager.join(Join(type="join", table=table.id, seat=s)))[1]
                   for s in range(players)]
        watcher = (await manager.join(Join(type="join", table=table.id, spectate=True)))[1]
        receivers: list[tuple[Client, int | None]] = [*((c, c.seat) for c in clients),
                                                      (watcher, None)]
        rng = random.Random(seed)
        while True:
            for client, seat in receivers:
                for frame in drain(client):
                    check_update(frame, table, seat)
                    checked += 1
            if table.finished:
                break
            seat = table.current_seat()
            action = rng.choice(table.state.legal_actions())
            await manager.act(table, clients[seat],
                              Act(type="act", action=str(action), version=table.version))
        assert json.loads(frame)["result"] is not None  # the last frame scores the hand
    finally:
        await manager.stop()
        store.close()
    return checked


@pytest.mark.parametrize(("preset", "players", "seed"),
                         [("fibur", 4, 3), ("fibur", 4, 11), ("fisca", 3, 5), ("fisca", 5, 2),
                          ("buraco-stbl", 4, 7), ("fibur", 2, 4), ("fibur", 6, 9)])
def test_every_frame_is_an_update_with_the_receivers_own_view(
        tmp_path: Path, preset: str, players: int, seed: int) -> None:
    checked = asyncio.run(play_hand(tmp_path, preset, players, seed))
    assert checked > 100
