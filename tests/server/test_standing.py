"""The standing stored with each hand: statistics per game, burrachi by type, and challenges
paid once — also when two processes finish hands of the same player at the same moment
(SQLite, and PostgreSQL as the project's cluster tests run it)."""

from __future__ import annotations

import datetime as dt
import multiprocessing
from pathlib import Path
from typing import Any

from sqlalchemy import inspect, select, text
from sqlalchemy.orm import Session

from ramino.server.accounts import Award
from ramino.server.challenges import HandFacts, Step
from ramino.server.profiles import levels_of, profile
from ramino.server.standing import BurracoKindRow, ChallengeRow, GameStatRow
from ramino.server.store import PendingAction, Store, database_url

from .conftest import migrated_to
from .test_cluster import services  # noqa: F401  (the PostgreSQL + Redis fixture)

DAY = dt.date(2026, 12, 2)
CLOSED = HandFacts("burraco", won=False, closed=True, points=50,
                   burrachi=("pulito", "sporco", "pulito"))


def hand_award(account: int, *steps: Step, facts: HandFacts | None = CLOSED) -> Award:
    return Award(account, 0 if facts is None else 16, False, 3, facts is None, facts, 0,
                 steps)


def finish(store: Store, table: str, seq: int, *awards: Award) -> None:
    store.append_actions([PendingAction(table, 0, seq, 0, "discard 3c", awards=awards,
                                game="burraco")])


def rows(store: Store, row: Any) -> list[Any]:
    with Session(store.engine) as session:
        return list(session.scalars(select(row)).all())


def test_a_challenge_pays_once_when_its_target_is_reached(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    try:
        anna = store.create_account("Anna", "x")
        day = Step("close-hand", "2026-12-02", 1, 25)
        week = Step("close-three-hands", "2026-W49", 3, 80)
        finish(store, "t1", 1, hand_award(anna, day, week))
        assert store.account_stats(anna)["xp"] == 16 + 25  # type: ignore[index]
        finish(store, "t1", 2, hand_award(anna, day, week))  # the day's one is paid already
        assert store.account_stats(anna)["xp"] == 2 * 16 + 25  # type: ignore[index]
        finish(store, "t1", 3, hand_award(anna, day, week))  # the third closed hand
        finish(store, "t1", 4, hand_award(anna, day, week))
        assert store.account_stats(anna)["xp"] == 4 * 16 + 25 + 80  # type: ignore[index]
        progress = {(r.challenge, r.period): (r.count, r.done_at is not None)
                    for r in rows(store, ChallengeRow)}
        assert progress == {("close-hand", "2026-12-02"): (1, True),
                            ("close-three-hands", "2026-W49"): (3, True)}
        # An abandoned hand counts for nothing but the abandon.
        finish(store, "t1", 5, hand_award(anna, day, facts=None))
        stats = {r.game: (r.hands, r.closes, r.points) for r in rows(store, GameStatRow)}
        assert stats == {"burraco": (4, 4, 200)}
        kinds = {r.kind: r.count for r in rows(store, BurracoKindRow)}
        assert kinds == {"pulito": 8, "sporco": 4}
        assert levels_of(store, [anna]) == {anna: 1}
        seen = profile(store, "Anna", DAY)
        assert seen is not None
        assert seen["level"]["level"] == 1 and seen["level"]["into"] == 4 * 16 + 105
        assert seen["games"] == [{"game": "burraco", "hands": 4, "wins": 0, "closes": 4,
                                  "average": 50.0,
                                  "burrachi": {"pulito": 8, "sporco": 4}}]
        assert [(d["id"], d["xp"]) for d in seen["done"]] == [
            ("close-three-hands", 80), ("close-hand", 25)]  # the latest first
        assert profile(store, "Nessuno", DAY) is None
    finally:
        store.close()


def test_an_older_database_is_upgraded_and_downgraded(tmp_path: Path) -> None:
    """An account of revision 0012 keeps its experience through the upgrade, its profile
    starts empty; the downgrade takes only the standing's tables away."""
    url = database_url(tmp_path / "old.db")
    with migrated_to(url, "0012") as connection:
        connection.execute(text(
            "INSERT INTO accounts (name, pw_hash, created_at, xp, hands, wins, burrachi, "
            "abandons) VALUES ('Vecchio', 'x', '2026-11-29', 450, 9, 4, 3, 0)"))
    store = Store(url)  # upgrades to the newest revision
    try:
        old = profile(store, "Vecchio", DAY)
        assert old is not None and old["xp"] == 450 and old["level"]["level"] == 2
        assert old["games"] == [] and old["done"] == [] and old["matches"] == []
        assert [c["count"] for c in old["challenges"]] == [0] * 5
    finally:
        store.close()
    with migrated_to(url, "0013", down=True) as connection:
        names = set(inspect(connection).get_table_names())
        assert names.isdisjoint({"game_stats", "burraco_kinds", "challenges"})
        assert {"accounts", "scoresheets"} <= names


ROUNDS = 12


def _finish_hands(url: str, worker: int, account: int, barrier: Any) -> None:
    """One server process's writer: a hand of the same player ends here at the same moment
    as in the other process, round after round."""
    store = Store(url)
    try:
        for n in range(ROUNDS):
            barrier.wait(timeout=60)
            finish(store, f"race-{worker}", n + 1, hand_award(
                account, Step("close-hand", f"2026-12-{n + 1:02d}", 1, 25),
                Step("close-three-hands", "2026-W49", 3, 80)))
    finally:
        store.close()


def race(url: str) -> None:
    store = Store(url)  # migrated here, before the two processes start
    try:
        anna = store.create_account("Anna", "x")
        context = multiprocessing.get_context("spawn")
        barrier = context.Barrier(2)
        workers = [context.Process(target=_finish_hands, args=(url, w, anna, barrier))
                   for w in range(2)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(timeout=180)
            assert worker.exitcode == 0
        # Every hand counted, each challenge paid once: 2 hands a round, one day's challenge
        # a round, and the week's once.
        assert store.account_stats(anna)["xp"] == (  # type: ignore[index]
            2 * ROUNDS * 16 + ROUNDS * 25 + 80)
        progress = {(r.challenge, r.period): (r.count, r.done_at is not None)
                    for r in rows(store, ChallengeRow)}
        assert progress == {**{("close-hand", f"2026-12-{n + 1:02d}"): (1, True)
                               for n in range(ROUNDS)},
                            ("close-three-hands", "2026-W49"): (3, True)}
        assert [(r.hands, r.closes) for r in rows(store, GameStatRow)] == [(2 * ROUNDS,) * 2]
        assert {r.kind: r.count for r in rows(store, BurracoKindRow)} == {
            "pulito": 4 * ROUNDS, "sporco": 2 * ROUNDS}
    finally:
        store.close()


def test_two_processes_pay_a_challenge_once_sqlite(tmp_path: Path) -> None:
    race(f"sqlite:///{tmp_path / 'race.db'}")


def test_two_processes_pay_a_challenge_once_postgresql(
        services: tuple[str, str]) -> None:  # noqa: F811
    race(services[0])
