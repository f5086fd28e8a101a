"""Arena statistics: bootstrap intervals, duplicate match wins and VP, Bradley–Terry."""

from __future__ import annotations

import random

from ramino.arena.stats import bootstrap_ci, bradley_terry, match_results, mean


def test_bootstrap_interval_holds_the_mean_and_is_reproducible() -> None:
    rng = random.Random(1)
    values = [rng.gauss(50, 300) for _ in range(200)]
    lo, hi = bootstrap_ci(values)
    assert lo < mean(values) < hi
    assert (lo, hi) == bootstrap_ci(values)
    # About 1.96 standard errors each side.
    se = (sum((v - mean(values)) ** 2 for v in values) / 199) ** 0.5 / 200 ** 0.5
    assert abs((hi - lo) / 2 - 1.96 * se) < 0.25 * 1.96 * se
    wide = bootstrap_ci(values, level=0.99)
    assert wide[0] < lo and wide[1] > hi


def test_bootstrap_of_a_constant_is_that_constant() -> None:
    assert bootstrap_ci([40.0] * 10) == (40.0, 40.0)
    assert bootstrap_ci([7.0]) == (7.0, 7.0)


def test_match_wins_and_fibur_vp() -> None:
    # Two 4-deal matches.  Match 1: A +1200 at table 1 and +100 at table 2 (wins);
    # match 2: A loses 100 at each table.
    first = [(400, 100), (400, 100), (400, 100), (400, 100), (0, 25), (0, 25), (0, 25), (0, 25)]
    second = [(200, 175), (200, 175), (200, 175), (200, 175),
              (0, 25), (0, 25), (0, 25), (0, 25)]
    win_rate, vp = match_results(first, second, 4)
    assert win_rate == 0.5
    # FIBUR_4: 1200 -> 16-4 (≤1300); 100 -> 10-10; -100 -> 10-10 at both tables.
    assert vp == ((16 + 10) / 2 + 10) / 2


def test_bradley_terry_orders_by_strength() -> None:
    wins = {("a", "b"): 30.0, ("b", "a"): 10.0, ("b", "c"): 30.0, ("c", "b"): 10.0,
            ("a", "c"): 38.0, ("c", "a"): 2.0}
    elo = bradley_terry(["a", "b", "c"], wins)
    assert elo["a"] > elo["b"] > elo["c"]
    assert abs(mean(list(elo.values())) - 1500) < 30
    # 3:1 odds are about 190 Elo points.
    even = bradley_terry(["x", "y"], {("x", "y"): 300.0, ("y", "x"): 100.0})
    assert 170 < even["x"] - even["y"] < 200
