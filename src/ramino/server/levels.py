"""Levels from experience points: the curve, and where an account stands on it.

Reaching level ``L`` takes ``100 · (L − 1) · (L + 2)`` experience points in all: level 2 at
400, level 3 at 1000, level 5 at 2800, level 10 at 10800.  Going from level ``L`` to
``L + 1`` takes ``200 · (L + 1)`` points, so each level asks 200 more than the one before.
A regular evening of about six hands earns some 150–250 points (+16 a hand, +26 a win, +1 a
burraco, and the challenges met): level 2 comes after two evenings or so, level 5 after about
fifteen, and from level 10 on each level takes about a dozen evenings or more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

STEP = 100  # the curve's unit


def xp_for(level: int) -> int:
    """The experience points that reach ``level`` (level 1 is where everyone starts)."""
    if level < 1:
        raise ValueError(f"level {level}: levels start at 1")
    return STEP * (level - 1) * (level + 2)


def level_of(xp: int) -> int:
    """The level reached with ``xp`` experience points (1 with none, or fewer than 400)."""
    if xp < 0:
        raise ValueError(f"xp {xp}: experience points are never negative")
    # The root of (L - 1)(L + 2) = xp / STEP, L^2 + L - 2 - xp/STEP = 0, then exact integers.
    level = max(1, (math.isqrt(9 + 4 * xp // STEP) - 1) // 2)
    while xp_for(level + 1) <= xp:
        level += 1
    while level > 1 and xp_for(level) > xp:
        level -= 1
    return level


@dataclass(frozen=True)
class Standing:
    """An account's place on the curve: its level and how far it is towards the next one."""

    xp: int
    level: int
    floor: int  # the points that reached this level
    next: int  # the points that reach the next one

    @property
    def into(self) -> int:
        """Points earned since this level was reached."""
        return self.xp - self.floor

    @property
    def needed(self) -> int:
        """Points this level takes in all, from its floor to the next level."""
        return self.next - self.floor

    @property
    def percent(self) -> int:
        """How far towards the next level, 0–99."""
        return min(99, 100 * self.into // self.needed)


def standing(xp: int) -> Standing:
    level = level_of(xp)
    return Standing(xp, level, xp_for(level), xp_for(level + 1))
