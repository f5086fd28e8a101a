"""The server's bot seats at the Burraco table sizes besides four (§5): a 2-player and a
6-player table with expert bots in every seat but one play a hand to its end through the
table manager (a bot that raised on its turn would leave the table waiting for it for ever)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from ramino.server.protocol import Act, Join
from ramino.server.store import Store, database_url
from ramino.server.tables import TableManager


async def play_with_bots(tmp_path: Path, players: int, seed: int) -> tuple[bool, int]:
    """One person at seat 0 (random legal actions), expert bots elsewhere; returns whether
    the hand finished and how many actions the bots played."""
    store = Store(database_url(tmp_path / f"bots-{players}.db"))
    manager = TableManager(store, bot_delay=0, tick=3600, rng=random.Random(seed))
    await manager.start()
    try:
        table, _ = await manager.create(
            name="", preset="fibur", options={"players": players},
            seats=["open"] + ["bot"] * (players - 1), private=False, bot_level="expert")
        person = (await manager.join(Join(type="join", table=table.id, seat=0)))[1]
        rng = random.Random(seed)
        while not table.finished:
            idle = table.bot_task is None or table.bot_task.done()
            if table.current_seat() != 0:
                if idle:
                    break  # a bot's turn and no bot running: the table is frozen
                await asyncio.sleep(0.002)  # the bot thinks in a worker thread
                continue
            if idle:
                action = rng.choice(table.state.legal_actions())
                await manager.act(table, person,
                                  Act(type="act", action=str(action), version=table.version))
            else:
                await asyncio.sleep(0.002)
        bot_actions = sum(1 for seat, _ in table.hand.actions if seat != 0)
        return table.finished, bot_actions
    finally:
        await manager.stop()
        store.close()


@pytest.mark.parametrize("players", [2, 6])
def test_bot_seats_play_a_hand_to_its_end(tmp_path: Path, players: int) -> None:
    finished, bot_actions = asyncio.run(play_with_bots(tmp_path, players, seed=4))
    assert finished
    assert bot_actions > 10
