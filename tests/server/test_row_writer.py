"""The group commit's plain batches (``store.RowWriter``: one multi-row INSERT on the driver's
connection) store exactly what SQLAlchemy stores, on SQLite and on PostgreSQL, all or none."""

from __future__ import annotations

import datetime as dt
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from ramino.server.store import ActionRow, PendingAction, StaleVersionError, Store, database_url

PG = os.environ.get("RAMINO_TEST_PG", "postgresql+psycopg://postgres@127.0.0.1:5432/test")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        opened = Store(database_url(tmp_path / "rows.db"))
        yield opened
        opened.close()
        return
    import psycopg

    schema = "ramino_rows_" + secrets.token_hex(4)
    plain = PG.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(plain, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    opened = Store(f"{PG}?options=-csearch_path%3D{schema}")
    try:
        yield opened
    finally:
        opened.close()
        with psycopg.connect(plain, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def stored(store: Store) -> list[tuple[object, ...]]:
    with Session(store.engine) as session:
        rows = session.scalars(select(ActionRow).order_by(ActionRow.table_id, ActionRow.seq))
        return [(r.table_id, r.hand_no, r.seq, r.seat, r.text, r.clock_ms, r.by_bot,
                 r.out_of_time, r.created_at) for r in rows]


def test_plain_batches_store_what_the_orm_reads_back(store: Store) -> None:
    before = dt.datetime.now(dt.UTC).replace(tzinfo=None)
    batch = [PendingAction("aaaa", 1, 1, 0, "draw stock", clock_ms=59_000),
             PendingAction("aaaa", 1, 2, 0, "discard 7h", clock_ms=None, by_bot=True),
             PendingAction("bbbb", 2, 1, 3, "take pile", out_of_time=True)]
    store.append_actions(batch)
    store.append_actions([PendingAction("aaaa", 1, 3, 1, "meld 3c 4c 5c")])
    rows = stored(store)
    assert [r[:8] for r in rows] == [
        ("aaaa", 1, 1, 0, "draw stock", 59_000, False, False),
        ("aaaa", 1, 2, 0, "discard 7h", None, True, False),
        ("aaaa", 1, 3, 1, "meld 3c 4c 5c", None, False, False),
        ("bbbb", 2, 1, 3, "take pile", None, False, True)]
    for row in rows:
        when = row[8]
        assert isinstance(when, dt.datetime)
        naive = when.astimezone(dt.UTC).replace(tzinfo=None) if when.tzinfo else when
        assert abs((naive - before).total_seconds()) < 60


def test_a_taken_action_number_fails_the_whole_batch(store: Store) -> None:
    store.append_actions([PendingAction("aaaa", 1, 1, 0, "draw stock")])
    with pytest.raises(StaleVersionError, match="aaaa#1"):
        store.append_actions([PendingAction("bbbb", 1, 1, 0, "draw stock"),
                              PendingAction("aaaa", 1, 1, 2, "take pile")])
    assert [r[:5] for r in stored(store)] == [("aaaa", 1, 1, 0, "draw stock")]
    store.append_actions([PendingAction("bbbb", 1, 1, 0, "draw stock")])  # nothing held
    assert len(stored(store)) == 2
