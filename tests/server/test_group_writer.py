"""The group commit (:class:`ramino.server.writer.GroupWriter`) on the real store over SQLite,
and the window it is given (``RAMINO_COMMIT_WINDOW_MS``, read by ``commit_window_of``).

The store is wrapped by a spy that counts its ``append_actions`` calls (one call is one
transaction) and can hold a commit at its door, so that the tests see what the appenders do
while their transaction is not yet written.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from ramino.server.app import commit_window_of, create_app
from ramino.server.store import PendingAction, StaleVersionError, Store, database_url
from ramino.server.writer import DEFAULT_WINDOW, GroupWriter

TIMEOUT = 10.0
WINDOW = 0.2  # seconds: the test appends the later actions a few microseconds after the first


class SpyStore(Store):
    """The real store, each transaction of actions recorded and held until ``gate`` opens."""

    def __init__(self, path: Path) -> None:
        super().__init__(database_url(path))
        self.calls: list[list[str]] = []  # the tables of each append_actions call, in order
        self.committed: set[str] = set()  # tables whose action a finished commit holds
        self.entered = threading.Event()
        self.gate = threading.Event()
        self.gate.set()

    def append_actions(self, actions: list[PendingAction]) -> None:
        self.calls.append([a.table_id for a in actions])
        self.entered.set()
        assert self.gate.wait(TIMEOUT)
        super().append_actions(actions)
        self.committed.update(a.table_id for a in actions)


def draw(table_id: str, text: str = "draw") -> PendingAction:
    return PendingAction(table_id, 0, 1, 0, text)


async def until_taken(writer: GroupWriter) -> None:
    """Let the event loop run until the writer has taken every queued action (the first
    step lets the tasks just created put theirs)."""
    await asyncio.sleep(0)
    for _ in range(100):
        if writer._queue.empty():
            return
        await asyncio.sleep(0)
    raise AssertionError("the writer did not take the queued action")


@pytest.mark.parametrize(("window", "transactions"), [
    (WINDOW, [["t1", "t2", "t3"]]),
    (0.0, [["t1"], ["t2", "t3"]]),  # without a window the latecomers wait for the next one
])
def test_window_gathers_tables_into_one_commit_and_nobody_returns_before_it(
        tmp_path: Path, window: float, transactions: list[list[str]]) -> None:
    store = SpyStore(tmp_path / "w.db")
    store.gate.clear()  # every commit held until the test has looked

    async def scenario() -> dict[str, bool]:
        writer = GroupWriter(store, window)
        writer.start()
        returned: dict[str, bool] = {}  # table -> its commit had finished when append returned

        async def append(table_id: str) -> None:
            await writer.append(draw(table_id))
            returned[table_id] = table_id in store.committed

        tasks = [asyncio.create_task(append("t1"))]
        try:
            await until_taken(writer)  # t1 opened the window (or, without one, is written)
            tasks += [asyncio.create_task(append(t)) for t in ("t2", "t3")]
            assert await asyncio.to_thread(store.entered.wait, TIMEOUT)
            for _ in range(20):
                await asyncio.sleep(0)
            assert not any(task.done() for task in tasks)  # the transaction is not written
            assert store.calls == transactions[:1]
        finally:
            store.gate.set()
        await asyncio.gather(*tasks)
        await writer.stop()
        return returned

    try:
        returned = asyncio.run(scenario())
        assert store.calls == transactions
        assert returned == {"t1": True, "t2": True, "t3": True}
        for table_id in ("t1", "t2", "t3"):
            assert store.actions_since(table_id, 0, 0) == [(1, 0, "draw", None)]
    finally:
        store.close()


def test_a_failing_batch_is_retried_one_by_one(tmp_path: Path) -> None:
    """Table t1's action number is taken already: the batch fails as a whole, then each
    action is written alone and only t1's appender hears the refusal."""
    store = SpyStore(tmp_path / "w.db")
    store.append_actions([draw("t1")])
    store.calls.clear()

    async def scenario() -> list[BaseException | None]:
        writer = GroupWriter(store, WINDOW)
        writer.start()
        tasks = [asyncio.create_task(writer.append(action))
                 for action in (draw("t2"), draw("t1", "pick"), draw("t3"))]
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        await writer.stop()
        return list(outcomes)

    try:
        outcomes = asyncio.run(scenario())
        assert store.calls == [["t2", "t1", "t3"], ["t2"], ["t1"], ["t3"]]
        assert outcomes[0] is None and outcomes[2] is None
        assert isinstance(outcomes[1], StaleVersionError)
        # The failed batch left nothing behind: one row each, t1's the first writer's.
        assert store.actions_since("t1", 0, 0) == [(1, 0, "draw", None)]
        assert store.actions_since("t2", 0, 0) == [(1, 0, "draw", None)]
        assert store.actions_since("t3", 0, 0) == [(1, 0, "draw", None)]
    finally:
        store.close()


@pytest.mark.parametrize(("environ", "seconds"), [
    ({}, DEFAULT_WINDOW),
    ({"RAMINO_COMMIT_WINDOW_MS": "0"}, 0.0),
    ({"RAMINO_COMMIT_WINDOW_MS": "2.5"}, 0.0025),
    ({"RAMINO_COMMIT_WINDOW_MS": "100"}, 0.1),
])
def test_commit_window_of(environ: dict[str, str], seconds: float) -> None:
    assert commit_window_of(environ) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["abc", "-1", "500", "100.5", "", "nan"])
def test_commit_window_of_refuses_a_bad_value(text: str) -> None:
    with pytest.raises(SystemExit) as refused:
        commit_window_of({"RAMINO_COMMIT_WINDOW_MS": text})
    assert str(refused.value) == ("RAMINO_COMMIT_WINDOW_MS must be a number of milliseconds "
                                  f"from 0 to 100, not {text!r}")


def test_create_app_reads_the_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(database_url(tmp_path / "a.db"))
    try:
        monkeypatch.setenv("RAMINO_COMMIT_WINDOW_MS", "7")
        app = create_app(store=store)
        assert app.state.manager.writer.window == pytest.approx(0.007)
        app = create_app(store=store, commit_window=0.0)  # the argument wins
        assert app.state.manager.writer.window == 0.0
        monkeypatch.setenv("RAMINO_COMMIT_WINDOW_MS", "abc")
        with pytest.raises(SystemExit, match="RAMINO_COMMIT_WINDOW_MS must be a number"):
            create_app(store=store)
    finally:
        store.close()
