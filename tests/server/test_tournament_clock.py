"""The round clock at online tournament tables (§2.9c, §9.6 T-37): each
player's time bank comes from the turno's minutes, and when the turno's clock ends the server
calls time: before the player in turn draws, one full round is played and the hand ends
without the closing +100 if nobody closes; no further smazzata is dealt, and the smazzate
played count in the tournament.  The wall clock is injected: nothing here waits for time."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import text

from ramino.server.fairness import verify_document
from ramino.server.protocol import Act, ProtocolError
from ramino.server.store import Store, database_url
from ramino.server.tables import Client, Table
from ramino.server.tournaments import TournamentFeed, round_bank_ms
from ramino.tournament import store as tournament_store

from .conftest import migrated_to
from .test_tournament_online import manager_of, new_tournament, open_round, server, wait
from .test_tournament_scala40 import scala40_tournament

START = 1_800_000_000.0  # the injected wall clock's "now" when the turno is opened


class Wall:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def settle(client: TestClient) -> None:
    feed = manager_of(client).tournament
    assert isinstance(feed, TournamentFeed)
    client.portal.call(feed.settled)  # type: ignore[union-attr]


def play(client: TestClient, table: Table, rng: random.Random, *, until_draw_after: int = 0,
         hand_over: bool = False) -> None:
    """Random legal moves by whoever is in turn: to the end of the hand, or until the hand is
    between turns after ``until_draw_after`` turns."""
    start = table.state.turn if hasattr(table.state, "turn") else 0
    for _ in range(5000):
        state = table.state
        if table.finished:
            return
        turns = getattr(state, "turn", 0) - start
        if not hand_over and state.phase == "draw" and turns >= until_draw_after:
            return
        act_now(client, table, str(rng.choice(state.legal_actions())))
    raise AssertionError("the hand did not end")


def act_now(client: TestClient, table: Table, action: str) -> None:
    """The player in turn plays ``action`` (as if from their page)."""
    client.portal.call(manager_of(client).act, table,  # type: ignore[union-attr]
                       Client("P", table.current_seat()),
                       Act(type="act", action=action, version=table.version))


def next_hand(client: TestClient, table: Table) -> None:
    client.portal.call(manager_of(client).next_hand,  # type: ignore[union-attr]
                       table, Client("P", 0), table.hand.hand_no)


def test_time_called_between_turns_plays_one_full_round(tmp_path: Path) -> None:
    path = tmp_path / "club.json"
    new_tournament(path, deals=3, round_minutes=40)
    wall = Wall()
    with server(tmp_path / "s.db", path, rng=random.Random(3), wall_clock=wall) as client:
        opened = open_round(client)
        one, two = (manager_of(client).get(o["server_table"]) for o in opened)
        assert one is not None and two is not None
        # 40 minutes for 3 smazzate of 4 players: 200 s each per smazzata.
        assert one.clock_ms == round_bank_ms(40, 3, 4) == 200_000
        assert one.round_ends == START + 40 * 60
        t = tournament_store.load(path)
        assert t.round(1).started_at == datetime.fromtimestamp(START, UTC).isoformat(
            timespec="seconds")  # the pages' clock is the tables' clock
        rng = random.Random(11)
        play(client, one, rng, hand_over=True)  # smazzata 1 in full
        next_hand(client, one)
        play(client, one, rng, until_draw_after=5)  # smazzata 2: between two turns
        turn = one.state.turn  # type: ignore[attr-defined]
        # Table 2: the player in turn has drawn when the clock ends (mid-turn).
        play(client, two, rng, until_draw_after=0)
        draw = str(next(a for a in two.state.legal_actions() if str(a) == "draw"))
        act_now(client, two, draw)
        assert two.state.phase != "draw"
        wall.now = START + 40 * 60  # the turno's time is up
        wait(lambda: one.time_called, "time was not called at table 1")
        assert one.hand.actions[-1][1] == "timeout"
        assert one.state.timeout_left == 4  # type: ignore[attr-defined]
        assert not two.time_called  # mid-turn: called when that turn ends
        play(client, one, rng, hand_over=True)
        assert one.state.turn - turn <= 4  # type: ignore[attr-defined]
        result = one.state.result()
        assert result is not None and result.end in ("timeout", "closed")
        if result.end == "timeout":  # nobody closed in the final round: nobody has the +100
            assert all(b.closing == 0 for b in result.breakdown)
        assert one.match_over()
        try:
            next_hand(client, one)
            raise AssertionError("a smazzata was dealt after the time was up")
        except ProtocolError as exc:
            assert exc.code == "round-over"
        # Table 2: the player in turn discards; time is called before the next one draws.
        discard = next(str(a) for a in two.state.legal_actions()
                       if str(a).startswith("discard"))
        act_now(client, two, discard)
        wait(lambda: two.time_called, "time was not called at table 2")
        assert [text for _seat, text in two.hand.actions[-2:]] == [discard, "timeout"]
        settle(client)
        record = client.get(f"/api/tables/{one.id}/record", params={"hand": 1}).json()
    verdict = verify_document(record)  # the time-out is in the record and replays
    assert verdict.ok, verdict.message
    assert "timeout" in record["turns"]
    t = tournament_store.load(path)
    counted = t.table(1, 1)
    assert counted.ns_scores is not None and len(counted.ns_scores) == 2  # 2 of 3 smazzate
    assert counted.ns_scores[1] == record["result"]["scores"][record["meta"][
        "first_table_seat"] % 2]
    entry = next(a for a in t.audit if a.action == "server-result")
    assert "time was up after 2 of 3 smazzate" in entry.detail
    assert not t.table(1, 2).confirmed  # its final round is still being played


def test_a_scala40_turno_plays_the_hand_out_and_deals_no_more(tmp_path: Path) -> None:
    """Scala 40 has no time-out rule (§6): the hand under way when the clock ends is
    played out, and the turno is the smazzate played; a table between two smazzate stops."""
    path = tmp_path / "scala.json"
    scala40_tournament(path)
    wall = Wall()
    with server(tmp_path / "s.db", path, rng=random.Random(4), wall_clock=wall) as client:
        opened = open_round(client)
        one, two = (manager_of(client).get(o["server_table"]) for o in opened)
        assert one is not None and two is not None
        assert one.clock_ms == round_bank_ms(40, 2, 2) == 600_000
        rng = random.Random(5)
        play(client, one, rng, until_draw_after=3)
        play(client, two, rng, hand_over=True)
        wall.now = START + 40 * 60 + 1
        wait(lambda: one.time_called and two.time_called, "the clock's end was not seen")
        assert "timeout" not in [text for _seat, text in one.hand.actions]
        play(client, one, rng, hand_over=True)
        assert one.match_over() and two.match_over()
        settle(client)
    t = tournament_store.load(path)
    for number in (1, 2):
        table = t.table(1, number)
        assert table.ns_scores is not None and table.ew_scores is not None
        assert len(table.ns_scores) == len(table.ew_scores) == 1


def test_a_turn_out_of_time_is_the_clock_not_an_abandonment(tmp_path: Path) -> None:
    """A bank that runs out lets a bot finish that turn (docs/server.md); at a tournament
    table that is the clock's doing, noted, and the result still counts."""
    path = tmp_path / "club.json"
    # One smazzata has no FIBUR VP table (§7.1): a custom one.
    new_tournament(path, deals=1, vp_table="CUSTOM",
                   custom_vp=(40, 120, 200, 300, 400, 500, 620, 740, 870, 1000))
    with server(tmp_path / "s.db", path, rng=random.Random(9)) as client:
        opened = open_round(client)
        table = manager_of(client).get(opened[0]["server_table"])
        assert table is not None and table.clock is not None
        rng = random.Random(2)
        for _ in range(200):
            if table.finished:
                break
            seat = table.current_seat()
            if seat == 1 and table.state.phase == "draw":
                table.clock.bank[seat] = 0  # seat 1 is out of time: a bot plays this turn
                wait(lambda seat=seat: table.current_seat() != seat or table.finished,
                     "the bot did not finish the turn")
                continue
            play(client, table, rng, until_draw_after=1)
        play(client, table, rng, hand_over=True)
        settle(client)
        late = manager_of(client).store.bot_actions(table.id, 0, out_of_time=True)
        assert late and manager_of(client).store.bot_actions(table.id, 0,
                                                             out_of_time=False) == []
    t = tournament_store.load(path)
    assert t.table(1, 1).confirmed  # not an abandonment
    entry = next(a for a in t.audit if a.action == "server-result")
    assert "a bot finished turns out of time in smazzata 1: " + opened[0]["seats"][1][
        "player"] in entry.detail


def test_the_round_clock_comes_with_revision_0010(tmp_path: Path) -> None:
    """A database of revision 0009 is upgraded in place (a stored action is no turn out of
    time, a stored link has no round clock) and goes down again without the two columns."""
    url = database_url(tmp_path / "old.db")
    with migrated_to(url, "0009") as connection:
        connection.execute(text(
            "INSERT INTO tables (id, name, game, preset, options, private, bot_level, "
            "created_at, increment_ms, grace_ms, match_hands, spectator_delay) VALUES "
            "('old', 'Vecchio', 'burraco', 'fibur', '{}', 0, 'expert', '2026-11-29', 0, "
            "60000, 1, 0)"))
        connection.execute(text(
            "INSERT INTO tournament_links (table_id, tournament, round_no, table_no, ns_code, "
            "ew_code) VALUES ('old', '/club.json', 1, 1, 'n', 'e')"))
        connection.execute(text(
            "INSERT INTO hands (table_id, hand_no, dealer, deal, salt, commitment, created_at)"
            " VALUES ('old', 0, 3, '{}', 's', 'c', '2026-11-29')"))
        connection.execute(text(
            "INSERT INTO actions (table_id, hand_no, seq, seat, text, created_at, by_bot) "
            "VALUES ('old', 0, 1, 0, 'draw', '2026-11-29', 1)"))
    store = Store(url)
    try:
        link = store.tournament_link("old")
        assert link is not None and link.ends_at is None
        assert store.bot_actions("old", 0, out_of_time=False) == [1]
        assert store.bot_actions("old", 0, out_of_time=True) == []
    finally:
        store.close()
    with migrated_to(url, "0009", down=True) as connection:
        columns = {r[1] for r in connection.execute(text("PRAGMA table_info(actions)"))}
        assert "out_of_time" not in columns and "by_bot" in columns


def test_a_duplicate_deal_a_table_never_plays_is_revealed_when_its_time_is_up(
        tmp_path: Path) -> None:
    """Table 2 of a duplicate turno is between its two smazzate when the round clock ends: its
    turno is over, so the deal only table 1 played is revealed there."""
    path = tmp_path / "duplicate.json"
    new_tournament(path, deals=2, duplicate=True)
    wall = Wall()
    with server(tmp_path / "s.db", path, rng=random.Random(6), wall_clock=wall) as client:
        opened = open_round(client)
        one, two = (manager_of(client).get(o["server_table"]) for o in opened)
        assert one is not None and two is not None
        rng = random.Random(8)
        for table in (one, two):
            play(client, table, rng, hand_over=True)
        settle(client)
        assert one.revealed == two.revealed == {0}
        next_hand(client, one)
        play(client, one, rng, hand_over=True)
        settle(client)
        assert one.revealed == {0}  # table 2 may still deal it
        assert client.get(f"/api/tables/{one.id}/record").status_code == 409
        wall.now = START + 40 * 60
        wait(lambda: two.time_called, "time was not called at table 2")
        settle(client)
        assert one.revealed == {0, 1}
        record = client.get(f"/api/tables/{one.id}/record").json()
    assert verify_document(record).ok
    scores = tournament_store.load(path).table(1, 2).ns_scores
    assert scores is not None and len(scores) == 1  # its one smazzata counts
