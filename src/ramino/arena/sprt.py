"""The sequential probability ratio test behind ``ramino arena --early-stop``.

As engine-testing farms do for chess, a match may stop as soon as the evidence is strong
enough, without the inflated error rate of looking at a confidence interval after every deal.
The hypotheses are about the mean duplicate difference per hand (A's points minus B's on the
same cards, ``DealResult.diff``): H0 says it is ``h0``, H1 that it is ``h1`` (points per hand;
by default 0 and 20).  The log-likelihood ratio uses the normal approximation with the
variance estimated from the deals so far (the generalised SPRT of engine-testing tools):

    LLR = n (h1 - h0) (2 mean - h0 - h1) / (2 variance)

and Wald's bounds in their conservative form: the match stops accepting H1 once
LLR >= log(1 / alpha), accepting H0 once LLR <= log(beta).  ``alpha`` bounds the chance of
accepting H1 when H0 holds, ``beta`` that of accepting H0 when H1 holds (0.05 each by
default; the usual log((1 - beta) / alpha) would allow up to alpha / (1 - beta)).  An estimated
variance that happens to be small makes the ratio jump, so the variance divides the squared
deviations by n - 3 (an unbiased precision) and the arena looks only from the 20th deal on:
seeded simulations under H0 (tests/arena/test_sprt.py) stop on H1 at most alpha of the time.
The ratio grows with the difference, so a difference far beyond H1 stops at the first look.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: A variance below this is taken as this: identical differences still give a finite ratio.
_MIN_VARIANCE = 1e-9


@dataclass(frozen=True, slots=True)
class Sprt:
    """The test's parameters: H0 and H1 in points per hand, and the two error rates."""

    h0: float = 0.0
    h1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if self.h0 == self.h1:
            raise ValueError(f"--sprt-h1 must differ from --sprt-h0 ({self.h0:g})")
        for name, value in (("--sprt-alpha", self.alpha), ("--sprt-beta", self.beta)):
            if not 0.0 < value < 0.5:
                raise ValueError(f"{name} must be between 0 and 0.5, not {value:g}")

    @property
    def lower(self) -> float:
        return math.log(self.beta)

    @property
    def upper(self) -> float:
        return -math.log(self.alpha)

    def llr(self, count: int, total: float, squares: float) -> float:
        """The log-likelihood ratio of ``count`` differences with this sum and sum of squares
        (0 while there are too few to estimate the variance)."""
        if count < 4:
            return 0.0
        mean = total / count
        # The squared deviations over n - 3: 1 / variance is then an unbiased estimate of the
        # precision (for normal deals), which keeps the false stops at alpha.
        variance = max((squares - count * mean * mean) / (count - 3), _MIN_VARIANCE)
        return count * (self.h1 - self.h0) * (2.0 * mean - self.h0 - self.h1) / (2.0 * variance)

    def verdict(self, llr: float) -> str | None:
        """``"H1"`` or ``"H0"`` once a bound is crossed; ``None`` while undecided."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


class SprtRun:
    """The test over a growing series of differences (constant work per deal)."""

    __slots__ = ("count", "squares", "test", "total")

    def __init__(self, test: Sprt) -> None:
        self.test = test
        self.count = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, diff: float) -> None:
        self.count += 1
        self.total += diff
        self.squares += diff * diff

    def extend(self, diffs: Iterable[float]) -> SprtRun:
        for d in diffs:
            self.add(d)
        return self

    @property
    def llr(self) -> float:
        return self.test.llr(self.count, self.total, self.squares)

    @property
    def verdict(self) -> str | None:
        return self.test.verdict(self.llr)

    def summary(self) -> dict[str, Any]:
        """The parameters, the LLR and its bounds, and the verdict (for the report)."""
        t = self.test
        return {"h0": t.h0, "h1": t.h1, "alpha": t.alpha, "beta": t.beta, "llr": self.llr,
                "lower": t.lower, "upper": t.upper, "verdict": self.verdict}
