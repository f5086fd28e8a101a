"""A server started again on the same database: every table at its last committed action, the
seats and their keys, the chat and the clocks as they were stored; the schema migrations are
idempotent."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from ramino.server.store import StaleVersionError, Store, database_url

from .conftest import act, fast_app_client, join, migrated_to, new_table, recv_until


def test_tables_resume_after_restart(db: Path) -> None:
    with fast_app_client(db) as client:
        created = client.post("/api/tables", json={
            "seats": ["open", "bot", "bot", "bot"], "clock_seconds": 600,
            "increment_seconds": 7, "grace_seconds": 3600})
        table_id = created.json()["id"]
        with client.websocket_connect("/ws") as ws:
            welcome, update = join(ws, table_id, seat=0, name="Anna")
            act(ws, "draw", 0)
            update = recv_until(ws, lambda f: f["type"] == "update" and f["version"] == 1)
            discard = next(a for a in update["legal"] if a.startswith("discard "))
            act(ws, discard, 1)
            recv_until(ws, lambda f: f["type"] == "update" and f["version"] == 2)
            ws.send_text(json.dumps({"type": "chat", "text": "buona fortuna"}))
            recv_until(ws, lambda f: f["type"] == "chat")
        manager = client.app.state.manager  # type: ignore[attr-defined]
        before = manager.get(table_id)
        history = [str(a) for a in before.state.history()]
        bank = before.clock.bank[0]
        assert 600_000 < bank <= 607_000
    with fast_app_client(db) as client:
        after = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert [str(a) for a in after.state.history()][:len(history)] == history
        assert after.clock.bank[0] == bank
        assert after.seats[0].name == "Anna"
        with client.websocket_connect("/ws") as ws:
            back, update = join(ws, table_id, token=welcome["token"])
            assert back["seat"] == 0 and [c["text"] for c in back["chat"]] == ["buona fortuna"]
            # The bots may still be playing their turns after the restart: compare once the
            # table waits for Anna (seat 0), when the state can no longer move under the
            # comparison.
            if update["view"]["current"] != 0:
                update = recv_until(ws, lambda f: f["type"] == "update"
                                    and f["view"]["current"] == 0)
            assert update["view"] == after.state.observation(0).as_dict(history=False)


@pytest.mark.parametrize(("table", "before"), [("scoresheets", "0012"),
                                               ("solved_puzzles", "0015")])
def test_a_tables_revision_migrates_up_and_down(tmp_path: Path, table: str, before: str) -> None:
    """A table a revision adds is there at the head and gone back at the revision before."""
    url = database_url(tmp_path / "m.db")
    with migrated_to(url, "head") as connection:
        assert table in inspect(connection).get_table_names()
    with migrated_to(url, before, down=True) as connection:
        assert table not in inspect(connection).get_table_names()


def test_the_models_are_what_the_migrations_make(tmp_path: Path) -> None:
    """Every table, column and index the server's models declare is what the Alembic
    migrations create, and no more: a model changed without its migration (or the reverse)
    shows here."""
    import ramino.server.app  # noqa: F401  (imports every module that declares a table)
    from ramino.server.schema_base import Base

    url = database_url(tmp_path / "m.db")
    Store(url).close()
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        engine.dispose()


def test_migrations_idempotent_and_action_numbers_unique(tmp_path: Path) -> None:
    url = database_url(tmp_path / "x.db")
    store = Store(url)
    store.migrate()  # a second run changes nothing
    with fast_app_client(tmp_path / "x.db", store=store) as client:
        table_id = new_table(client, ["open", "open", "open", "open"])["id"]
    store.append_action(table_id, 0, 1, 0, "draw")
    with pytest.raises(StaleVersionError):
        store.append_action(table_id, 0, 1, 0, "pick")  # another writer had action 1
    kept = store.load_table(table_id)
    assert kept is not None and kept.hands[0].actions == [(0, "draw")]
    store.close()


def test_migration_keeps_ratings_as_burraco_ratings(tmp_path: Path) -> None:
    """A database made before ratings were per game (revision 0006) is upgraded in place."""
    from sqlalchemy import text

    url = database_url(tmp_path / "old.db")
    with migrated_to(url, "0006") as connection:
        connection.execute(text(
            "INSERT INTO accounts (name, pw_hash, created_at, xp, hands, wins, burrachi, "
            "abandons, mu, sigma, rated) VALUES ('Gino', 'x', '2026-11-29', 60, 3, 1, 2, 0, "
            "27.5, 7.0, 1), ('Lia', 'y', '2026-11-29', 0, 0, 0, 0, 0, 25.0, 8.3, 0)"))
    store = Store(url)  # upgrades to the newest revision
    try:
        assert store.ratings_of([1, 2]) == {1: (27.5, 7.0)}
        stats = store.account_stats(1)
        assert stats is not None and stats["xp"] == 60
        assert stats["ratings"] == {"burraco": {"rating": 6.5, "mu": 27.5, "sigma": 7.0,
                                                "rated": 1}}
        assert [b["name"] for b in store.leaderboard(by="rating")] == ["Gino"]
    finally:
        store.close()


def test_bots_take_up_their_turn_after_a_restart(db: Path) -> None:
    with fast_app_client(db, bot_delay=30.0) as client:  # the bot has not moved at shutdown
        table_id = new_table(client, ["bot", "open", "bot", "bot"])["id"]
        with client.websocket_connect("/ws") as ws:
            join(ws, table_id, seat=1)  # the last open seat: the hand starts
        table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        assert table.version == 0 and table.current_seat() == 0 and not table.waiting
    with fast_app_client(db) as client:
        table = client.app.state.manager.get(table_id)  # type: ignore[attr-defined]
        deadline = time.monotonic() + 10
        while table.current_seat() == 0:
            assert time.monotonic() < deadline, "the bot did not play after the restart"
            time.sleep(0.02)
        assert table.current_seat() == 1 and table.version >= 2  # draw (or pick) … discard
        assert [seat for seat, _ in table.hand.actions] == [0] * table.version
