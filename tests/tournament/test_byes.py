"""Byes go by "fewest byes first" (§7.3 "Odd number of pairs"), in every movement:
as few as the numbers allow, never a second bye while someone playing has had fewer, also
after a withdrawal; and a Mitchell turno that would repeat the meetings of an earlier one
says so."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.tournament.model import Discipline, Format
from ramino.tournament.tournament import Tournament

from .conftest import make, play

fast = settings(max_examples=40, deadline=None)


def assert_fewest_byes_first(t: Tournament) -> None:
    byes: Counter[int] = Counter()
    for rnd in t.rounds:
        resting = set(rnd.byes)
        playing = {e for table in rnd.tables for e in table.entrants}
        if resting and playing:
            assert max(byes[e] for e in resting) <= min(byes[e] for e in playing), (
                rnd.number, {e: byes[e] for e in resting})
        for e in resting:
            byes[e] += 1


@given(players=st.integers(min_value=5, max_value=70).filter(lambda n: n % 4),
       seed=st.integers(min_value=0, max_value=50))
@fast
def test_individual_mitchell_gives_the_fewest_byes(players: int, seed: int) -> None:
    turni = max(2, min(4, players // 4))
    t = make(players, [Format.INDIVIDUAL_MITCHELL] * turni,
             discipline=Discipline.BURRACO_INDIVIDUAL)
    rng = random.Random(seed)
    for _ in range(turni):
        rnd = t.seat_next()
        assert len(rnd.byes) == players % 4, (rnd.number, rnd.byes)
        play(t, rnd, rng)
    assert_fewest_byes_first(t)


def test_thirteen_players_rest_one_at_a_time() -> None:
    t = make(13, [Format.INDIVIDUAL_MITCHELL] * 3, discipline=Discipline.BURRACO_INDIVIDUAL)
    rng = random.Random(1)
    for _ in range(3):
        rnd = t.seat_next()
        assert len(rnd.byes) == 1 and len(rnd.tables) == 3
        play(t, rnd, rng)
    assert len({e for rnd in t.rounds for e in rnd.byes}) == 3


@given(count=st.integers(min_value=5, max_value=30), seed=st.integers(min_value=0, max_value=50),
       gone=st.integers(min_value=1, max_value=30), after=st.integers(min_value=1, max_value=2))
@fast
def test_mitchell_byes_after_a_withdrawal_go_to_the_fewest(
    count: int, seed: int, gone: int, after: int,
) -> None:
    tables = (count + 1) // 2
    turni = min(tables, 5)
    t = make(count, [Format.MITCHELL] * turni)
    rng = random.Random(seed)
    for number in range(1, turni + 1):
        rnd = t.seat_next()
        active = [e for e in t.entrants if e.active]
        assert len(rnd.byes) == len(active) % 2, (number, rnd.byes)
        play(t, rnd, rng)
        if number == after and 1 <= gone <= count and number < turni:
            t.withdraw(gone)
    assert_fewest_byes_first(t)


def test_seven_pairs_one_withdrawn_nobody_rests_twice() -> None:
    """The review's evening: after a withdrawal the empty slot gave one pair two byes."""
    t = make(7, [Format.MITCHELL] * 4)
    rng = random.Random(3)
    play(t, t.seat_next(), rng)
    t.withdraw(1)
    for _ in range(3):
        play(t, t.seat_next(), rng)
    rested = Counter(e for rnd in t.rounds for e in rnd.byes)
    assert max(rested.values()) == 1
    assert all(len(rnd.byes) == 0 for rnd in t.rounds[1:])


def test_a_mitchell_turno_beyond_the_movement_says_it_repeats() -> None:
    t = make(12, [Format.MITCHELL] * 7)
    rng = random.Random(5)
    for _ in range(6):
        rnd = t.seat_next()
        assert not rnd.notes
        play(t, rnd, rng)
    seventh = t.seat_next()
    assert any("repeats the meetings of turno 1" in note for note in seventh.notes)


def test_individual_mitchell_after_withdrawals_rests_only_the_remainder() -> None:
    t = make(16, [Format.INDIVIDUAL_MITCHELL] * 4, discipline=Discipline.BURRACO_INDIVIDUAL)
    rng = random.Random(2)
    play(t, t.seat_next(), rng)
    t.withdraw(1)
    t.withdraw(6)
    for _ in range(3):
        rnd = t.seat_next()
        assert len(rnd.byes) == 14 % 4, rnd.byes
        play(t, rnd, rng)
    assert_fewest_byes_first(t)
