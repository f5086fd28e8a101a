"""Which challenges are on: a daily set and a weekly set, drawn from the catalogue.

The draw depends on the date alone (UTC; the ISO week for the weekly set), through SHA-256 of
the period and each challenge's id, so every server process draws the same sets, on any
machine and Python, with no random state at all.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from ramino.server.challenges.catalogue import CATALOGUE, DAILY, WEEKLY, Challenge

DAILY_COUNT = 3
WEEKLY_COUNT = 2


def period_key(period: str, day: dt.date) -> str:
    """The day (``2026-12-02``) or the ISO week (``2026-W49``) that ``day`` falls in."""
    if period == DAILY:
        return day.isoformat()
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def _drawn(period: str, count: int, day: dt.date) -> tuple[Challenge, ...]:
    key = period_key(period, day)
    pool = [c for c in CATALOGUE if c.period == period]
    pool.sort(key=lambda c: hashlib.sha256(f"{key}/{c.id}".encode()).hexdigest())
    return tuple(pool[:count])


def daily(day: dt.date) -> tuple[Challenge, ...]:
    return _drawn(DAILY, DAILY_COUNT, day)


def weekly(day: dt.date) -> tuple[Challenge, ...]:
    return _drawn(WEEKLY, WEEKLY_COUNT, day)


def drawn(day: dt.date) -> tuple[Challenge, ...]:
    """Every challenge on during ``day``: the day's and the week's."""
    return daily(day) + weekly(day)
