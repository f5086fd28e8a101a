"""VP tables: every §9.6 case and every bracket boundary of §7.1."""

from __future__ import annotations

import pytest

from ramino.tournament.vp import FIBUR_2, FIBUR_3, FIBUR_4, VPTable, fibur_table, parse_custom

# The printed tables of §7.1, transcribed independently of vp.py: (low, high, VP).
PRINTED = {
    2: [(0, 40, 10), (45, 120, 11), (125, 200, 12), (205, 300, 13), (305, 400, 14),
        (405, 500, 15), (505, 620, 16), (625, 740, 17), (745, 870, 18), (875, 1000, 19)],
    3: [(0, 50, 10), (55, 150, 11), (155, 250, 12), (255, 350, 13), (355, 500, 14),
        (505, 650, 15), (655, 800, 16), (805, 1000, 17), (1005, 1250, 18), (1255, 1500, 19)],
    4: [(0, 100, 10), (105, 300, 11), (305, 500, 12), (505, 700, 13), (705, 900, 14),
        (905, 1100, 15), (1105, 1300, 16), (1305, 1500, 17), (1505, 1700, 18),
        (1705, 2000, 19)],
}
OVER = {2: 1005, 3: 1505, 4: 2005}


@pytest.mark.parametrize(
    ("table", "mp", "expected"),
    [
        (FIBUR_3, 50, (10, 10)), (FIBUR_3, 55, (11, 9)), (FIBUR_3, 1500, (19, 1)),
        (FIBUR_3, 1505, (20, 0)),
        (FIBUR_4, 100, (10, 10)), (FIBUR_4, 105, (11, 9)), (FIBUR_4, 2000, (19, 1)),
        (FIBUR_4, 2005, (20, 0)),
        (FIBUR_2, 40, (10, 10)), (FIBUR_2, 45, (11, 9)), (FIBUR_2, 1000, (19, 1)),
        (FIBUR_2, 1005, (20, 0)),
    ],
)
def test_t36_lookups(table: VPTable, mp: int, expected: tuple[int, int]) -> None:
    assert table.split(mp, 0) == expected


def test_t36_four_hands_a_1230_b_640() -> None:
    assert FIBUR_4.split(1230, 640) == (13, 7)


def test_t36_four_hands_negative_total_goes_to_b() -> None:
    assert FIBUR_4.split(-120, 300) == (8, 12)


@pytest.mark.parametrize("deals", [2, 3, 4])
def test_every_bracket_boundary(deals: int) -> None:
    table = fibur_table(deals)
    for low, high, vp in PRINTED[deals]:
        for mp in (low, high):
            assert table.split(mp, 0) == (vp, 20 - vp), (deals, mp)
            assert table.split(0, mp) == (20 - vp, vp), (deals, mp)
        if low > 0:
            # The multiple of 5 just below the bracket belongs to the one before it.
            assert table.winner_vp(low - 5) == vp - 1
    assert table.winner_vp(OVER[deals]) == 20
    assert table.winner_vp(OVER[deals] - 5) == 19
    assert table.winner_vp(100_000) == 20


@pytest.mark.parametrize("deals", [2, 3, 4])
def test_printed_brackets_round_trip(deals: int) -> None:
    rows = fibur_table(deals).brackets()
    assert [(lo, hi, w) for lo, hi, w, _ in rows[:-1]] == PRINTED[deals]
    assert rows[-1] == (OVER[deals], None, 20, 0)


def test_not_multiple_of_five_reads_upper_bound() -> None:
    # §7.1 note: 2001 on the 4-smazzate table is 20–0; 41 on 2 is above 10–10.
    assert FIBUR_4.winner_vp(2001) == 20
    assert FIBUR_2.winner_vp(41) == 11


def test_every_match_splits_twenty() -> None:
    for table in (FIBUR_2, FIBUR_3, FIBUR_4):
        for mp in range(0, 2500, 5):
            a, b = table.split(1000 + mp, 1000)
            assert a + b == 20 and a >= b


def test_custom_table() -> None:
    table = parse_custom("club", "10,20,30,40,50,60,70,80,90,100")
    assert table.split(0, 10) == (10, 10)
    assert table.split(0, 11) == (9, 11)
    assert table.split(101, 0) == (20, 0)


@pytest.mark.parametrize(
    "spec", ["1,2,3", "10,20,30,40,50,60,70,80,90,90", "a,b", "-5,20,30,40,50,60,70,80,90,100"]
)
def test_custom_table_rejects_bad_bounds(spec: str) -> None:
    with pytest.raises(ValueError):
        parse_custom("bad", spec)


def test_no_fibur_table_for_five_deals() -> None:
    with pytest.raises(ValueError, match="2, 3 or 4"):
        fibur_table(5)


def test_negative_mp_is_an_error() -> None:
    with pytest.raises(ValueError):
        FIBUR_3.winner_vp(-5)
