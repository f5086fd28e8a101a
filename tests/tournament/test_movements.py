"""Movement properties for 4 to 60 entrants (§7.3, §9.6 T-38).

Each format keeps the promise it makes about meetings, every active entrant plays every turno
or has a bye, tables are numbered and sides alternate where the format allows.
"""

from __future__ import annotations

import statistics
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.tournament.model import Discipline, Format, Round
from ramino.tournament.movements import knockout, mitchell
from ramino.tournament.standings import Row, compute
from ramino.tournament.tournament import Tournament

from .conftest import make, run

counts = st.integers(min_value=4, max_value=60)
seeds = st.integers(min_value=0, max_value=10_000)
fast = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def meetings(rounds: list[Round]) -> Counter[frozenset[int]]:
    met: Counter[frozenset[int]] = Counter()
    for rnd in rounds:
        for table in rnd.tables:
            for a in table.ns:
                for b in table.ew:
                    met[frozenset((a, b))] += 1
    return met


def assert_everyone_seated(t: Tournament) -> None:
    for rnd in t.rounds:
        active = {e.id for e in t.entrants if e.plays_in(rnd.number)}
        seen = [e for table in rnd.tables for e in table.entrants] + rnd.byes
        assert sorted(seen) == sorted(active), rnd.number
        numbers = [table.number for table in rnd.tables]
        assert len(set(numbers)) == len(numbers)
        assert all(n >= 1 for n in numbers)
        size = len(t.entrants[0].members) or 1
        for table in rnd.tables:
            assert len(table.ns) == len(table.ew) >= size


def assert_consecutive_numbers(rnd: Round) -> None:
    assert [table.number for table in rnd.tables] == list(range(1, len(rnd.tables) + 1))


def assert_sides_alternate(t: Tournament) -> int:
    """Sides alternate where the format allows: at every table the side that has played N-S
    more often (net of E-W) never gets N-S again over one that has not. Returns the worst
    N-S/E-W imbalance at the end, for formats that promise more."""
    balance: Counter[int] = Counter()
    for rnd in t.rounds:
        for table in rnd.tables:
            ns_owes = sum(balance[e] for e in table.ns)
            ew_owes = sum(balance[e] for e in table.ew)
            assert ns_owes <= ew_owes, (rnd.number, table.number)
        for table in rnd.tables:
            for e in table.ns:
                balance[e] += 1
            for e in table.ew:
                balance[e] -= 1
    return max((abs(v) for v in balance.values()), default=0)


@given(count=counts, step=st.integers(min_value=1, max_value=7), seed=seeds)
@fast
def test_mitchell_never_meets_twice_where_numbers_allow(count: int, step: int, seed: int) -> None:
    tables = mitchell.tables_for(count)
    turni = min(5, tables)
    t = make(count, [Format.MITCHELL] * turni, mitchell_step=step)
    run(t, seed)
    assert_everyone_seated(t)
    assert max(meetings(t.rounds).values()) == 1
    home = {table.ns[0]: table.number for table in t.rounds[0].tables}
    for rnd in t.rounds:
        assert len(rnd.byes) == count % 2
        for table in rnd.tables:
            # N-S pairs stay at their table; table numbers are the N-S line positions.
            assert home.get(table.ns[0], table.number) == table.number
            assert 1 <= table.number <= tables


def test_mitchell_step_that_repeats_is_replaced() -> None:
    # 8 pairs = 4 tables; step 2 would bring E-W back to the start in turno 3.
    assert mitchell.repeats(4, 2, 3)
    t = make(8, [Format.MITCHELL] * 3, mitchell_step=2)
    run(t)
    assert t.rounds[0].step != 2 and t.rounds[0].notes
    assert max(meetings(t.rounds).values()) == 1


@given(count=counts, seed=seeds, turni=st.integers(min_value=2, max_value=6))
@fast
def test_danese_modificato_no_rematch_of_previous_turno(count: int, seed: int, turni: int) -> None:
    t = make(count, [Format.DANESE_MODIFICATO] * turni)
    run(t, seed)
    assert_everyone_seated(t)
    for before, rnd in zip(t.rounds, t.rounds[1:-1], strict=False):
        assert not set(meetings([before])) & set(meetings([rnd]))
    for rnd in t.rounds:
        assert_consecutive_numbers(rnd)
        assert len(rnd.byes) == count % 2
    assert_sides_alternate(t)


def test_t38_modified_danish_swap_and_last_turno_exemption() -> None:
    from ramino.tournament.movements import danish

    banned = {frozenset((1, 2)), frozenset((3, 5)), frozenset((4, 6))}
    assert danish.modified([1, 2, 3, 4, 5, 6], banned) == [(1, 3), (2, 4), (5, 6)]
    assert danish.pure([1, 2, 3, 4, 5, 6]) == [(1, 2), (3, 4), (5, 6)]
    # The tail: 5 and 6 met last turno; the search moves them apart.
    pairs = danish.modified([1, 2, 3, 4, 5, 6], {frozenset((5, 6))})
    assert frozenset((5, 6)) not in {frozenset(p) for p in pairs}


def test_danese_modificato_last_turno_is_puro() -> None:
    t = make(6, [Format.DANESE_MODIFICATO] * 3)
    run(t, 3)
    last = t.rounds[-1]
    assert "T-38" in " ".join(last.notes)
    standings_before = [row.entrant for row in _standings_after(t, 2)]
    pairs = {frozenset(table.entrants) for table in last.tables}
    expected = {frozenset(standings_before[i : i + 2]) for i in (0, 2, 4)}
    assert pairs == expected


def _standings_after(t: Tournament, turni: int) -> list[Row]:
    return compute(t.settings, t.entrants, t.rounds[:turni], t.penalties)


@given(count=counts, seed=seeds)
@fast
def test_danese_puro_pairs_neighbours_in_the_standings(count: int, seed: int) -> None:
    t = make(count, [Format.DANESE_PURO] * 3)
    run(t, seed)
    assert_everyone_seated(t)
    order = [row.entrant for row in _standings_after(t, 2)]
    playing = [e for e in order if e not in t.rounds[2].byes]
    got = [frozenset(table.entrants) for table in t.rounds[2].tables]
    assert got == [frozenset(playing[i : i + 2]) for i in range(0, len(playing), 2)]
    assert_sides_alternate(t)


@given(count=counts, seed=seeds)
@fast
def test_swiss_never_rematches_where_possible(count: int, seed: int) -> None:
    playing = count - count % 2
    turni = max(1, min(5, playing // 2 - 1))
    t = make(count, [Format.SWISS] * turni)
    run(t, seed)
    assert_everyone_seated(t)
    assert max(meetings(t.rounds).values()) == 1
    for rnd in t.rounds:
        assert_consecutive_numbers(rnd)
    assert_sides_alternate(t)


def test_swiss_allows_a_rematch_only_when_forced() -> None:
    t = make(4, [Format.SWISS] * 4)
    run(t)
    met = meetings(t.rounds)
    # 4 pairs have only 3 rematch-free turni; the fourth must repeat, once.
    assert len(met) == 6 and sum(met.values()) == 8


@pytest.mark.parametrize("count", [4, 5, 9, 12, 17, 30, 60])
def test_italiana_everyone_meets_everyone_once(count: int) -> None:
    from ramino.tournament.movements import roundrobin

    t = make(count, [Format.ITALIANA] * roundrobin.turni(count))
    run(t)
    assert_everyone_seated(t)
    met = meetings(t.rounds)
    assert len(met) == count * (count - 1) // 2
    assert set(met.values()) == {1}
    byes = Counter(e for rnd in t.rounds for e in rnd.byes)
    assert all(v == 1 for v in byes.values()) and len(byes) == count % 2 * count
    for rnd in t.rounds:
        assert_consecutive_numbers(rnd)
    assert assert_sides_alternate(t) <= 2


@given(count=counts, seed=seeds)
@fast
def test_knockout_with_byes(count: int, seed: int) -> None:
    size = 1
    while size < count:
        size *= 2
    turni = size.bit_length() - 1
    t = make(count, [Format.KNOCKOUT] * turni)
    run(t, seed)
    # Top seeds have the first-turno byes.
    assert sorted(t.rounds[0].byes) == list(range(1, size - count + 1))
    assert len(t.rounds[-1].tables) + len(t.rounds[-1].byes) // 2 == 1
    assert max(meetings(t.rounds).values()) == 1
    alive = set(range(1, count + 1))
    for rnd in t.rounds:
        playing = {e for table in rnd.tables for e in table.entrants} | set(rnd.byes)
        assert playing == alive
        alive = set(rnd.byes) | {
            _winner(t, table.number, rnd) for table in rnd.tables
        }
    assert len(alive) == 1
    t.settings.plan.append(Format.KNOCKOUT)
    with pytest.raises(ValueError, match="knockout is over"):
        t.seat_next()


def _winner(t: Tournament, number: int, rnd: Round) -> int:
    from ramino.tournament.scoring import score

    table = rnd.table(number)
    result = score(table, t.settings)
    assert result is not None
    if result.ns_vp != result.ew_vp:
        return table.ns[0] if result.ns_vp > result.ew_vp else table.ew[0]
    if result.ns_mp:
        return table.ns[0] if result.ns_mp > 0 else table.ew[0]
    return min(table.ns[0], table.ew[0])


def test_knockout_bracket_keeps_top_seeds_apart() -> None:
    slots = knockout.bracket(list(range(1, 9)))
    assert slots == [1, 8, 4, 5, 2, 7, 3, 6]
    assert knockout.bracket([1, 2, 3]) == [1, None, 2, 3]


@given(players=st.integers(min_value=4, max_value=120), seed=seeds)
@fast
def test_individual_mitchell_new_partner_every_turno(players: int, seed: int) -> None:
    tables = players // 4
    turni = min(5, tables) if tables > 1 else 3
    t = make(players, [Format.INDIVIDUAL_MITCHELL] * turni,
             discipline=Discipline.BURRACO_INDIVIDUAL)
    run(t, seed)
    assert_everyone_seated(t)
    partners: Counter[frozenset[int]] = Counter()
    for rnd in t.rounds:
        for table in rnd.tables:
            assert len(table.ns) == len(table.ew) == 2
            partners[frozenset(table.ns)] += 1
            partners[frozenset(table.ew)] += 1
        if players % 4 == 0:
            assert not rnd.byes
    assert not partners or max(partners.values()) == 1


@given(players=st.integers(min_value=4, max_value=120), seed=seeds)
@fast
def test_individual_danish_changes_partner_every_turno(players: int, seed: int) -> None:
    """§7.3: the partner changes every turno; 1st with 2nd when they have not been
    partners yet."""
    t = make(players, [Format.INDIVIDUAL_DANISH] * 3, discipline=Discipline.BURRACO_INDIVIDUAL)
    run(t, seed)
    assert_everyone_seated(t)
    partners: Counter[frozenset[int]] = Counter()
    for rnd in t.rounds:
        assert len(rnd.byes) == players % 4
        for table in rnd.tables:
            partners[frozenset(table.ns)] += 1
            partners[frozenset(table.ew)] += 1
    assert max(partners.values()) == 1
    order = [row.entrant for row in _standings_after(t, 2)]
    playing = [e for e in order if e not in t.rounds[2].byes]
    first = t.rounds[2].tables[0]
    assert playing[0] in first.entrants
    before = {frozenset(tb.ns) for r in t.rounds[:2] for tb in r.tables} | {
        frozenset(tb.ew) for r in t.rounds[:2] for tb in r.tables}
    partner = next(e for e in playing[1:] if frozenset((playing[0], e)) not in before)
    # The leader takes the best-ranked new partner, unless that would leave the last two
    # players with a partner they have had: then a swap keeps every partnership new.
    free, last_pair = list(playing), frozenset[int]()
    while free:
        leader = free.pop(0)
        mate = next((e for e in free if frozenset((leader, e)) not in before), free[0])
        free.remove(mate)
        last_pair = frozenset((leader, mate))
    if last_pair not in before:
        assert {frozenset(first.ns), frozenset(first.ew)} >= {frozenset((playing[0], partner))}


def test_individual_danish_first_with_second_unless_partners_before() -> None:
    from ramino.tournament.movements import individual

    order = [1, 2, 3, 4, 5, 6, 7, 8]
    assert individual.danish(order) == [((1, 2), (3, 4)), ((5, 6), (7, 8))]
    before = Counter({frozenset((1, 2)): 1, frozenset((3, 4)): 1})
    assert individual.danish(order, before) == [((1, 3), (2, 4)), ((5, 6), (7, 8))]
    # The tail: 7 and 8 were partners; they swap with the partnership before them.
    tail = Counter({frozenset((7, 8)): 1})
    tables = individual.danish(order, tail)
    assert frozenset((7, 8)) not in {frozenset(side) for table in tables for side in table}


@given(count=counts, seed=seeds)
@fast
def test_mixed_three_mitchell_then_danish(count: int, seed: int) -> None:
    plan = [Format.MITCHELL] * 3 + [Format.DANESE_PURO]
    t = make(count, plan, mitchell_step=1)
    run(t, seed)
    assert_everyone_seated(t)
    if mitchell.tables_for(count) >= 3:
        assert max(meetings(t.rounds[:3]).values()) == 1
    assert [r.format for r in t.rounds] == plan


def test_sorteggio_is_seeded() -> None:
    first = make(20, [Format.SORTEGGIO] * 2, seed=5)
    second = make(20, [Format.SORTEGGIO] * 2, seed=5)
    run(first)
    run(second)
    assert meetings(first.rounds) == meetings(second.rounds)
    assert_everyone_seated(first)


def test_byes_rotate_on_odd_numbers() -> None:
    t = make(7, [Format.DANESE_PURO] * 7)
    run(t)
    byes = Counter(e for rnd in t.rounds for e in rnd.byes)
    assert sorted(byes.values()) == [1] * 7


def test_withdrawal_and_late_registration() -> None:
    t = make(8, [Format.MITCHELL] * 3 + [Format.DANESE_MODIFICATO])
    run(t, turni=1)
    t.withdraw(3)
    late = t.register("Late pair")
    run(t, turni=3)
    assert_everyone_seated(t)
    for rnd in t.rounds[1:]:
        assert 3 not in {e for table in rnd.tables for e in table.entrants}
        assert late.id in {e for table in rnd.tables for e in table.entrants} | set(rnd.byes)


@given(count=st.integers(min_value=10, max_value=60).filter(lambda n: n % 2 == 0), seed=seeds,
       block=st.integers(min_value=4, max_value=16))
@fast
def test_swiss_block_pairing_of_large_fields(count: int, seed: int, block: int) -> None:
    """Fields larger than a block are paired block by block with floaters; the promise holds."""
    import random

    from ramino.tournament.movements import swiss

    rng = random.Random(seed)
    order = list(range(1, count + 1))
    met: Counter[frozenset[int]] = Counter()
    for _ in range(min(4, count // 2 - 1)):
        vp = {e: rng.randrange(0, 60) for e in order}
        order.sort(key=lambda e: -vp[e])
        pairs = swiss.pair(order, vp, met, {e: 0 for e in order}, block=block)
        assert sorted(e for p in pairs for e in p) == sorted(order)
        assert not any(met[frozenset(p)] for p in pairs)
        for p in pairs:
            met[frozenset(p)] += 1


def test_swiss_large_field_pairs_within_score_groups() -> None:
    t = make(200, [Format.SWISS] * 3)
    run(t, 11)
    assert max(meetings(t.rounds).values()) == 1
    vp = {row.entrant: row.vp for row in _standings_after(t, 2)}
    gaps = [abs(vp[tb.ns[0]] - vp[tb.ew[0]]) for tb in t.rounds[2].tables]
    assert statistics.median(gaps) <= 2
