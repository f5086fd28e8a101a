"""Hints at the table (``ramino.server.hints``): only on the asker's own turn, only to the
asking connection, never where hints are off (a table that turned them off, a rated match, a
tournament table), never for a position that has moved on, refused when the coach's pool is
full, and computed from the seat's observation alone: the hidden cards dealt again give the
same hint."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ramino.cards import card_str
from ramino.games.burraco.state import BurracoState
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40State
from ramino.records.burraco.writer import record_of
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules
from ramino.server import coach_texts
from ramino.server.coach_pool import CoachBusy, CoachPool, CoachSettings
from ramino.server.hints import hint_info, hint_job
from ramino.server.tables import TableManager

from .conftest import Frame, act, fast_app_client, join, recv_until

SETTINGS = CoachSettings(workers=1, queue=1, seconds=0.05, review_seconds=0.01, burst=100,
                         per_second=100.0)


def threads(workers: int, nice: int = 0) -> Executor:
    """The coach's workers as threads: the same pool, without spawning a process per test."""
    return ThreadPoolExecutor(workers)


class Gated(ThreadPoolExecutor):
    """A worker that starts each job only once the test opens the gate."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers)
        self.gate = threading.Event()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def held() -> Any:
            assert self.gate.wait(10)
            return fn(*args, **kwargs)

        return super().submit(held)


def app_client(db: Path, executor: Callable[[int, int], Executor] = threads,
               settings: CoachSettings = SETTINGS) -> TestClient:
    # Seeded deals and bots: the same hands, hints and reviews at every run.
    return fast_app_client(db, coach=settings, coach_executor=executor, rng=random.Random(7))


def create(client: TestClient, **settings: Any) -> dict[str, Any]:
    body = {"seats": ["open", "bot", "open", "bot"], **settings}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def ask(ws: WebSocketTestSession, version: int) -> None:
    ws.send_text(json.dumps({"type": "hint", "version": version}))


def answer(ws: WebSocketTestSession) -> Frame:
    """The next hint or error frame (updates of the others' presence are skipped)."""
    return recv_until(ws, lambda f: f["type"] in ("hint", "error"))


def manager_of(client: TestClient) -> TableManager:
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    return manager


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with app_client(db) as c:
        yield c


@contextlib.contextmanager
def seated_pair(client: TestClient, table: str
                ) -> Iterator[tuple[WebSocketTestSession, WebSocketTestSession, Frame]]:
    """Seat 0 (first to play) and seat 2 joined; the first update of seat 0's turn."""
    with client.websocket_connect("/ws") as first, client.websocket_connect("/ws") as second:
        join(first, table, seat=0, name="Anna", lang="it")
        join(second, table, seat=2, name="Carla", lang="it")
        update = recv_until(first, lambda f: f["type"] == "update" and not f["waiting"]
                            and bool(f["legal"]))
        yield first, second, update


def test_hint_on_own_turn_to_the_asker_only(client: TestClient) -> None:
    table = create(client)["id"]
    with seated_pair(client, table) as (first, second, update):
        assert update["hints"] is True
        ask(second, update["version"])
        refused = answer(second)
        assert refused["code"] == "not-your-turn"
        assert refused["message"] == "Un suggerimento si chiede nel proprio turno."
        ask(first, update["version"])
        hint = answer(first)
        assert hint["type"] == "hint", hint
        assert hint["version"] == update["version"] and hint["hand_no"] == update["hand_no"]
        assert hint["action"] in update["legal"]
        assert hint["reason"]
        hand = update["view"]["hand"]
        seen = hand + update["view"]["pile"]
        assert all(card in seen for card in hint["cards"])
        # The other player's connection gets no hint: only what it asks for (a pong here).
        second.send_text(json.dumps({"type": "ping"}))
        others: list[Frame] = []
        recv_until(second, lambda f: f["type"] == "pong", seen=others)
        assert all(f["type"] != "hint" for f in others)


def test_a_spectator_and_a_stale_version_are_refused(client: TestClient) -> None:
    table = create(client)["id"]
    with seated_pair(client, table) as (first, _second, update):
        with client.websocket_connect("/ws") as watcher:
            join(watcher, table, spectate=True, lang="en")
            ask(watcher, update["version"])
            assert answer(watcher)["code"] == "not-seated"
        ask(first, update["version"] + 1)
        stale = answer(first)
        assert stale["code"] == "stale"


@pytest.mark.parametrize(("settings", "message"), [
    ({"hints": False}, "A questo tavolo i suggerimenti sono disattivati."),
    ({"match_hands": 3}, "In una partita valida per la classifica i suggerimenti non sono "
                         "ammessi."),
])
def test_hints_off_are_refused_in_the_players_language(
        client: TestClient, settings: dict[str, Any], message: str) -> None:
    table = create(client, **settings)["id"]
    with seated_pair(client, table) as (first, _second, update):
        assert update["hints"] is False
        ask(first, update["version"])
        refused = answer(first)
        assert (refused["code"], refused["message"]) == ("hints-off", message)


def test_a_tournament_table_offers_no_hints(client: TestClient) -> None:
    table = create(client)["id"]
    with seated_pair(client, table) as (first, _second, update):
        live = manager_of(client).tables[table]
        live.fixed_hands = True  # what a tournament turno's table is
        assert not live.hints_offered()
        ask(first, update["version"])
        assert answer(first)["message"] == "Nei tornei i suggerimenti non sono ammessi."


def test_hints_off_is_kept_across_a_restart(db: Path) -> None:
    with app_client(db) as client:
        table = create(client, hints=False)["id"]
    with app_client(db) as client:
        assert manager_of(client).tables[table].hints is False


def test_a_full_pool_refuses_at_once(client: TestClient) -> None:
    table = create(client)["id"]
    with seated_pair(client, table) as (first, _second, update):
        pool: CoachPool = client.app.state.coach.pool  # type: ignore[attr-defined]
        running: list[Future[Any]] = [Future() for _ in range(pool.capacity)]
        pool._futures.update(running)  # every worker busy and the queue full
        ask(first, update["version"])
        busy = answer(first)
        assert busy["code"] == "coach-busy"
        assert busy["message"] == "L'allenatore è occupato: riprova tra poco."
        for future in running:
            future.set_result(None)
        ask(first, update["version"])
        assert answer(first)["type"] == "hint"


def test_the_pool_is_bounded() -> None:
    asyncio.run(bounded())


async def bounded() -> None:
    gate = threading.Event()
    pool = CoachPool(CoachSettings(workers=1, queue=1), executor=threads)
    try:
        running = [asyncio.ensure_future(pool.run(gate.wait, 10)) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(CoachBusy):
            await pool.run(gate.wait, 10)
        gate.set()
        assert await asyncio.gather(*running) == [True, True]
    finally:
        gate.set()
        pool.shutdown()


def test_a_hint_for_a_position_that_moved_is_not_shown(db: Path) -> None:
    gated: list[Gated] = []

    def executor(workers: int, nice: int) -> Executor:
        gated.append(Gated(workers))
        return gated[0]

    with app_client(db, executor) as client:
        table = create(client)["id"]
        with seated_pair(client, table) as (first, _second, update):
            ask(first, update["version"])
            draw = next(a for a in update["legal"] if a == "draw")
            act(first, draw, update["version"])
            recv_until(first, lambda f: f["type"] == "update"
                       and f["version"] == update["version"] + 1)
            gated[0].gate.set()
            late = answer(first)
            assert late["type"] == "error" and late["code"] == "hint-stale"


def test_the_hidden_cards_dealt_again_give_the_same_hint(client: TestClient) -> None:
    """The leak test: the other hands and the tallone dealt again, consistently with what
    seat 0 sees, and the hint is the same — it was computed from the seat's view alone."""
    table = create(client)["id"]
    with seated_pair(client, table) as (first, _second, update):
        ask(first, update["version"])
        before = answer(first)
        assert before["type"] == "hint"
        live = manager_of(client).tables[table]
        engine_seat = live.seating.engine(0)
        seen = live.state.observation(engine_seat)
        world = resample(seen, random.Random(11), live.rules)
        assert world.observation(engine_seat).as_dict() == seen.as_dict()
        others = [s for s in range(live.rules.players) if s != engine_seat]
        assert isinstance(world, BurracoState) and isinstance(live.state, BurracoState)
        assert any(world.hand_of(s) != live.state.hand_of(s) for s in others)
        live.state = world  # seat 0's turn: no bot moves meanwhile
        ask(first, update["version"])
        again = answer(first)
        assert again == before


def test_the_search_runs_in_a_worker_process() -> None:
    """The pool the server runs by default: a separate process (the tables keep the
    interpreter's lock), to which the hand's record goes (compiled engine objects do not
    cross processes) and the hint comes back."""
    asyncio.run(in_a_process())


async def in_a_process() -> None:
    pool = CoachPool(SETTINGS)
    try:
        state = BurracoState.new_hand(make_rules("fibur", {}), seed=3)
        assert await pool.run(os.getpid) != os.getpid()
        # The worker runs SETTINGS.nice levels below the server: the tables come first.
        assert await pool.run(os.nice, 0) == os.nice(0) + SETTINGS.nice
        found = await pool.run(hint_job, record_of(state), 0, 1, 0.05)
        assert found.text in [str(a) for a in state.legal_actions()]
    finally:
        pool.shutdown()


def test_a_scala40_match_to_elimination_is_rated_so_offers_no_hints(
        client: TestClient) -> None:
    table = create(client, preset="fisca", seats=["open", "bot"])["id"]
    with client.websocket_connect("/ws") as ws:
        _welcome, update = join(ws, table, seat=0, name="Anna", lang="en")
        assert update["match"]["rated"] and update["hints"] is False
        ask(ws, update["version"])
        assert answer(ws)["message"] == "Hints are not allowed in a rated match."


def test_a_scala40_hint_as_the_table_shows_it() -> None:
    state = Scala40State.new_hand(make_rules("fisca", {"players": 2}), seed=4)
    seen = state.observation(state.current)
    legal = list(state.legal_actions())
    found = hint_job(scala40_record.record_of(state), state.current, 1, 0.05)
    shown = hint_info(found, seen, 0, 0, "it", "burraco")
    assert shown.action in [str(a) for a in legal]
    hand = [card_str(c) for c in state.hand_of(state.current)]
    pozzo = seen.as_dict()["pozzo"]
    assert all(card in hand + pozzo for card in shown.cards)
    assert shown.reason == coach_texts.reason_text(found.reason, "it", "burraco")


def test_a_server_without_a_coach_says_so(db: Path) -> None:
    """Its tables offer no hints (the page shows no hint button), and a request anyway is
    refused with the reason."""
    off = CoachSettings(workers=0, queue=4)
    with app_client(db, settings=off) as client:
        table = create(client)["id"]
        with seated_pair(client, table) as (first, _second, update):
            assert update["hints"] is False
            ask(first, update["version"])
            refused = answer(first)
            assert (refused["code"], refused["message"]) == (
                "coach-off", "Questo server non offre l'allenatore.")


def test_a_broken_pool_is_started_again() -> None:
    asyncio.run(started_again())


class Broken(ThreadPoolExecutor):
    """A pool whose worker has died: every job fails as a dead process pool's does."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise BrokenProcessPool("a worker died")


async def started_again() -> None:
    made: list[Executor] = []

    def executor(workers: int, nice: int) -> Executor:
        made.append(Broken(workers) if not made else ThreadPoolExecutor(workers))
        return made[-1]

    pool = CoachPool(CoachSettings(workers=1, queue=0), executor=executor)
    try:
        with pytest.raises(BrokenProcessPool):
            await pool.run(os.getpid)
        assert await pool.run(os.getpid) == os.getpid()  # a thread of this process here
        assert len(made) == 2
    finally:
        pool.shutdown()


def test_the_pool_settings_come_from_the_environment() -> None:
    read = CoachSettings.from_environ({"RAMINO_COACH_WORKERS": "2", "RAMINO_COACH_QUEUE": "0",
                                       "RAMINO_COACH_SECONDS": "0.5",
                                       "RAMINO_COACH_RATE": "3,0.05",
                                       "RAMINO_COACH_NICE": "5"})
    assert (read.workers, read.queue, read.seconds, read.burst, read.per_second,
            read.nice) == (2, 0, 0.5, 3, 0.05, 5)
    assert CoachSettings.from_environ({}) == CoachSettings()
    for name, bad in [("RAMINO_COACH_WORKERS", "many"), ("RAMINO_COACH_SECONDS", "0"),
                      ("RAMINO_COACH_RATE", "4"), ("RAMINO_COACH_NICE", "20")]:
        with pytest.raises(SystemExit, match=name):
            CoachSettings.from_environ({name: bad})


def test_hints_at_a_table_of_three_before_and_after_the_pair_forms(client: TestClient) -> None:
    """Three players (§5.2): the coach answers from the seat's own view both while everyone
    plays alone and once two of them are a pair."""
    table = create(client, seats=["open", "bot", "bot"])["id"]
    rng = random.Random(4)
    asked_as_pair = False
    with client.websocket_connect("/ws") as ws:
        _, update = join(ws, table, seat=0, name="Anna", lang="it")
        assert update["view"]["sides"] == [0, 1, 2]
        for _ in range(400):
            if update["result"] is not None:
                break
            paired = len(set(update["view"]["sides"])) == 2
            if update["version"] == 0 or (paired and not asked_as_pair):
                ask(ws, update["version"])
                hint = answer(ws)
                assert hint["type"] == "hint" and hint["action"] in update["legal"], hint
                asked_as_pair = asked_as_pair or paired
            acted: int = update["version"]
            act(ws, rng.choice(update["legal"]), acted)

            def mine(f: Frame, acted: int = acted) -> bool:
                return f["type"] == "update" and (
                    f["result"] is not None or (bool(f["legal"]) and f["version"] > acted))
            update = recv_until(ws, mine)
    assert asked_as_pair  # the seeded hand paired two players up before it ended
