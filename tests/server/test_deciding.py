"""The deciding halves, checked apart from storing and sending: what an action does to a table
(``tables.moves.decide``) and what a tournament table's turno sends (``tournaments``'
``finished_turno`` and ``submission``).  Nothing here opens a database."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ramino.cards import card_str
from ramino.errors import IllegalActionError
from ramino.games.burraco.state import BurracoState
from ramino.rules import make_rules
from ramino.server.clock import Clock
from ramino.server.store import StoredHand, StoredSeat, StoredTable, TournamentLink
from ramino.server.tables import Table, decide, new_hand
from ramino.server.tables.moves import rate
from ramino.server.tournaments import Played, finished_turno, submission


def burraco_table(clock_ms: int | None = None) -> Table:
    rules = make_rules("fibur")
    hand, state = new_hand(rules, 0, rules.players - 1, random.Random(7))
    seats = [StoredSeat("human", f"P{i}", None, account_id=i + 1) for i in range(4)]
    table = Table("t1", "Tavolo", rules, "fibur", {}, False, None, "greedy", seats, hand, state,
                  in_play=(True,) * 4, clock_ms=clock_ms)
    if clock_ms is not None:
        table.clock = Clock(4, clock_ms, 5000, now=lambda: 100.0)
        table.clock.start(table.current_seat())
    return table


def test_decide_changes_nothing_and_says_what_the_action_does() -> None:
    table = burraco_table(clock_ms=60_000)
    seat = table.current_seat()
    assert table.clock is not None
    before = (table.version, table.state, list(table.hand.actions), list(table.clock.bank))
    action = table.state.legal_actions()[0]  # a draw: the turn goes on
    move = decide(table, seat, action)
    assert (table.version, table.state, table.hand.actions, table.clock.bank) == before
    assert move.version == 1 and move.seat == seat and move.text == str(action)
    assert move.event == {"seat": seat, "action": str(action), "version": 1}
    assert move.after is not table.state and move.after.history() == [action]
    assert not move.turn_over and move.next_seat == seat
    assert move.bank == 60_000  # no time has passed on the injected clock, no increment yet
    assert move.result is None and move.awards == () and move.rated is None
    assert move.scores == [] and move.rating_accounts() == []
    pending = move.pending(table, by_bot=True, out_of_time=False)
    assert (pending.table_id, pending.hand_no, pending.seq, pending.seat, pending.text,
            pending.clock_ms, pending.by_bot, pending.game) == (
        "t1", 0, 1, seat, str(action), 60_000, True, "burraco")
    assert rate(table, move, {}) is move  # nothing to rate: the same move


def test_decide_refuses_an_illegal_action_and_changes_nothing() -> None:
    table = burraco_table()
    seat = table.current_seat()
    state = table.state
    assert isinstance(state, BurracoState)
    card = card_str(state.hand_of(state.current)[0])
    with pytest.raises(IllegalActionError):
        decide(table, seat, table.game.parse(f"discard {card}"))  # before drawing
    assert table.state is state and table.version == 0
    assert decide(table, seat, state.legal_actions()[0]).version == 1


def test_a_player_cannot_decide_an_arbiter_event() -> None:
    table = burraco_table()
    with pytest.raises(IllegalActionError):
        decide(table, table.current_seat(), table.game.parse("timeout"))


def hand(number: int, result: dict[str, Any] | None,
         actions: list[tuple[int, str]] | None = None) -> StoredHand:
    return StoredHand(number, 3, {}, "salt", "commit", actions or [], result)


def stored(hands: list[StoredHand], match_hands: int = 2) -> StoredTable:
    seats = [StoredSeat("human", name, None) for name in ("Anna", "Bruno", "Carla", "Dario")]
    return StoredTable("srv1", "t", "burraco", "fibur", {}, False, None, "greedy", seats, hands,
                       match_hands=match_hands)


LINK = TournamentLink("/t.json", 2, 5, "ns", "ew", ends_at=1000.0)


def test_a_turno_is_sent_once_every_smazzata_ended_by_the_rules() -> None:
    done = [hand(0, {"scores": [300, 100]}), hand(1, {"scores": [50, 450]})]
    assert finished_turno(LINK, stored(done), now=10.0) == done
    assert finished_turno(LINK, stored(done[:1]), now=10.0) is None  # one still to play
    assert finished_turno(LINK, stored([done[0], hand(1, None)]), now=10.0) is None
    void = [done[0], hand(1, {"void": True, "scores": [0, 0]})]
    assert finished_turno(LINK, stored(void), now=10.0) is None  # left to the director


def test_the_round_clock_cuts_the_turno_to_the_smazzate_played() -> None:
    played = [hand(0, {"scores": [300, 100]})]
    assert finished_turno(LINK, stored(played), now=999.0) is None
    assert finished_turno(LINK, stored(played), now=1000.0) == played
    assert finished_turno(LINK, stored([]), now=1000.0) is None  # nothing played: nothing sent


def test_a_submission_names_its_records_and_the_bots_turns() -> None:
    hands = [hand(0, {"scores": [300, 100]})]
    played = Played(hands=hands, scores=[(300, 100)], absent=["smazzata 1: Bruno"], slow=[],
                    gone=[])
    sent = submission("srv1", LINK, stored(hands), hands, played)
    assert (sent.round_no, sent.table_no, sent.ns, sent.ew, sent.gone) == (2, 5, [300], [100],
                                                                           [])
    assert sent.source == ("server table srv1, records srv1/0; time was up after 1 of 2 "
                           "smazzate; a bot played for absent players in smazzata 1: Bruno")
    gone = Played(hands=hands, scores=[(300, 100)], absent=[], slow=[], gone=[1, 3])
    assert submission("srv1", LINK, stored(hands), hands, gone).gone == ["Bruno", "Dario"]
