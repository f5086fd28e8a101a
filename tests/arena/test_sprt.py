"""The SPRT behind --early-stop: its bounds, its error rate under H0 on seeded synthetic
deals, and an early stop on a clear difference (synthetic and real)."""

from __future__ import annotations

import math
import random

import pytest

from ramino.arena.duplicate import run_match
from ramino.arena.sprt import Sprt, SprtRun


def simulate(test: Sprt, mean: float, sd: float, runs: int, seed: int, min_deals: int = 20,
             cap: int = 5000) -> tuple[dict[str | None, int], float]:
    """How many runs accepted each hypothesis, and their mean length, on normal deals."""
    rng = random.Random(seed)
    verdicts: dict[str | None, int] = {"H0": 0, "H1": 0, None: 0}
    lengths = 0
    for _ in range(runs):
        run = SprtRun(test)
        while run.count < cap:
            run.add(rng.gauss(mean, sd))
            if run.count >= min_deals and run.verdict is not None:
                break
        verdicts[run.verdict] += 1
        lengths += run.count
    return verdicts, lengths / runs


def test_bounds_and_the_sign_of_the_ratio() -> None:
    test = Sprt(0.0, 20.0, alpha=0.05, beta=0.05)
    assert test.upper == pytest.approx(math.log(20)) and test.lower == pytest.approx(
        math.log(0.05))
    assert test.llr(50, 50 * 30.0, 50 * (30.0**2 + 100.0**2)) > 0  # mean 30: towards H1
    assert test.llr(50, -50 * 10.0, 50 * (10.0**2 + 100.0**2)) < 0  # mean -10: towards H0
    assert test.llr(1, 500.0, 500.0**2) == 0.0  # one deal says nothing
    same = SprtRun(test).extend([0.0] * 20)  # the same bot on both sides: H0 at once
    assert same.verdict == "H0"


def test_false_stops_under_h0_stay_at_or_below_alpha() -> None:
    test = Sprt(0.0, 20.0)
    verdicts, _ = simulate(test, mean=0.0, sd=60.0, runs=4000, seed=3)
    assert verdicts["H1"] / 4000 <= test.alpha
    verdicts, _ = simulate(test, mean=20.0, sd=60.0, runs=2000, seed=4)
    assert verdicts["H0"] / 2000 <= test.beta


def test_a_clear_difference_stops_early() -> None:
    test = Sprt(0.0, 20.0)
    verdicts, length = simulate(test, mean=100.0, sd=60.0, runs=200, seed=5)
    # Five times the tested difference: decided at the first look, or nearly.
    assert verdicts["H1"] == 200 and length < 21
    _, close_call = simulate(test, mean=10.0, sd=60.0, runs=200, seed=5)
    assert close_call > 2 * length


@pytest.mark.parametrize(("h0", "h1", "alpha", "beta", "says"), [
    (0, 0, 0.05, 0.05, "--sprt-h1"), (0, 20, 0.0, 0.05, "--sprt-alpha"),
    (0, 20, 0.05, 0.7, "--sprt-beta")])
def test_bad_parameters_are_named(h0: float, h1: float, alpha: float, beta: float,
                                  says: str) -> None:
    with pytest.raises(ValueError, match=says):
        Sprt(h0, h1, alpha, beta)


def test_the_match_report_gives_the_test() -> None:
    report = run_match("greedy", "random", deals=40, jobs=1, early_stop=True, min_deals=6,
                       honesty_every=0)
    summary = report.summary()
    assert report.stopped_early and summary["deals"] < 40
    sprt = summary["sprt"]
    assert sprt["verdict"] == "H1" and sprt["llr"] >= sprt["upper"]
    assert (sprt["h0"], sprt["h1"], sprt["alpha"], sprt["beta"]) == (0.0, 20.0, 0.05, 0.05)
    assert run_match("greedy", "random", deals=1, jobs=1, honesty_every=0
                     ).summary()["sprt"] is None
