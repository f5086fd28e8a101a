"""A beginner's slips: which of the easy bots' mistakes happen at a decision.

The easy bots (``ramino.bots.burraco.easy``, ``ramino.bots.scala40.easy``) play like their
game's greedy bot but, at each chance of a mistake, make it with probability ``rate``.  The
draws come from ``decision_seed`` and a fixed order of kinds, so a slip is a pure function of
the bot's seed and what its seat sees: the same observation always gets the same mistakes,
and the honesty replay (``ramino.arena.play.honest_here``) holds.
"""

from __future__ import annotations

import random
from typing import Any

from ramino.bots.protocol import decision_seed

#: The probability of each mistake at each chance of it, tuned in the arena (docs/bots.md):
#: well below the greedy bot, well above the random one.
DEFAULT_RATE = 0.35

# Kept apart from the greedy tie-breaks, which draw from the plain decision seed.
_SALT = 0x5EA5_1DE5


class Slips:
    """The mistakes of one decision: ``happens(kind)`` draws once per kind."""

    def __init__(self, seed: int, observation: Any, rate: float) -> None:
        self.rate = checked_rate(rate)
        self.base = decision_seed(seed, observation) ^ _SALT

    def happens(self, kind: str) -> bool:
        """Whether the mistake ``kind`` happens at this decision (its own draw per kind, so
        asking about one kind never changes another)."""
        # A string's hash is salted per process: the kind's bytes seed the draw instead.
        return random.Random(f"{self.base}:{kind}").random() < self.rate


def rate_option(options: dict[str, str]) -> float:
    """The ``mistakes`` setting of an easy bot's spec (``easy:mistakes=0.5``)."""
    unknown = set(options) - {"mistakes"}
    if unknown:
        raise ValueError(f"unknown easy bot setting(s) {sorted(unknown)}; use ['mistakes']")
    try:
        rate = float(options.get("mistakes", DEFAULT_RATE))
    except ValueError:
        raise ValueError(f"mistakes must be a number, not {options['mistakes']!r}") from None
    return checked_rate(rate)


def checked_rate(rate: float) -> float:
    """``rate`` if it is a probability; ``ValueError`` naming the setting otherwise."""
    if not 0.0 <= rate <= 1.0:
        raise ValueError(f"mistakes must be a probability in [0, 1], not {rate}")
    return rate


__all__ = ["DEFAULT_RATE", "Slips", "checked_rate", "rate_option"]
