"""Levels and challenges, the pure parts: the level curve, each challenge of the catalogue met
and not met by a crafted hand record, and the daily and weekly draws (docs/server.md, "Levels
and challenges")."""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.server.challenges import (
    BY_ID,
    CATALOGUE,
    DAILY,
    WEEKLY,
    HandFacts,
    MatchFacts,
    daily,
    drawn,
    meets,
    period_key,
    steps,
    weekly,
)
from ramino.server.levels import level_of, standing, xp_for

# --- the level curve -----------------------------------------------------------------------


def test_the_curve_climbs_fast_then_slowly() -> None:
    assert [xp_for(level) for level in (1, 2, 3, 5, 10)] == [0, 400, 1000, 2800, 10800]
    steps_ = [xp_for(level + 1) - xp_for(level) for level in range(1, 30)]
    assert steps_ == sorted(steps_) and len(set(steps_)) == len(steps_)  # each level asks more
    assert steps_[0] == 400 and steps_[9] == 2200
    with pytest.raises(ValueError, match="levels start at 1"):
        xp_for(0)
    with pytest.raises(ValueError, match="never negative"):
        level_of(-1)


def test_level_of_agrees_with_the_curve_everywhere() -> None:
    level = 1
    for xp in range(0, 60_000, 7):
        while xp_for(level + 1) <= xp:
            level += 1
        assert level_of(xp) == level, xp


@settings(max_examples=200, derandomize=True)
@given(st.integers(min_value=1, max_value=5000))
def test_a_level_starts_exactly_at_its_points(level: int) -> None:
    assert level_of(xp_for(level)) == level
    if level > 1:
        assert level_of(xp_for(level) - 1) == level - 1


def test_standing_says_how_far_to_the_next_level() -> None:
    now = standing(700)
    assert (now.level, now.floor, now.next, now.into, now.needed, now.percent) == (
        2, 400, 1000, 300, 600, 50)
    assert standing(0).level == 1 and standing(0).percent == 0
    assert standing(999).percent == 99


# --- the catalogue, each challenge met and not met -----------------------------------------

BURRACO = HandFacts("burraco", won=False, closed=False, points=120)
BURACO = HandFacts("buraco", won=False, closed=False, points=300)
SCALA40 = HandFacts("scala40", won=False, closed=False, points=35, opened=True)
EXPERT_WIN = MatchFacts(hands=3, won=True, bots_only=True, bot_level="expert")


def with_(facts: HandFacts, **changes: object) -> HandFacts:
    return dataclasses.replace(facts, **changes)  # type: ignore[arg-type]


# Each challenge: records that meet it and records that do not (the nearest misses).
CASES: dict[str, tuple[list[HandFacts], list[HandFacts]]] = {
    "burraco-pulito": (
        [with_(BURRACO, burrachi=("pulito",)), with_(BURRACO, burrachi=("sporco", "pulito"))],
        [with_(BURRACO, burrachi=("semipulito", "sporco")),
         with_(BURACO, burrachi=("pulito",)), BURRACO]),
    "burraco-semipulito": (
        [with_(BURRACO, burrachi=("semipulito",))],
        [with_(BURRACO, burrachi=("pulito", "sporco")),
         with_(BURACO, burrachi=("semipulito",))]),
    "burraco-sporco": (
        [with_(BURRACO, burrachi=("sporco",), won=True)],
        [with_(BURRACO, burrachi=("pulito", "semipulito")),
         with_(BURACO, burrachi=("sporco",))]),
    "canastra-limpa": (
        [with_(BURACO, burrachi=("pulito",)), with_(BURACO, burrachi=("real",)),
         with_(BURACO, burrachi=("as-a-as",))],
        [with_(BURACO, burrachi=("sporco", "semipulito")),
         with_(BURRACO, burrachi=("pulito",))]),
    "close-hand": (
        [with_(BURRACO, closed=True, won=True), with_(SCALA40, closed=True, points=0)],
        [with_(BURRACO, won=True), with_(SCALA40, won=True, points=0)]),  # partner closed
    "win-two-hands": (
        [with_(BURACO, won=True), with_(SCALA40, won=True)],
        [BURACO, with_(BURRACO, closed=False, points=900)]),
    "scala40-opened": (
        [SCALA40, with_(SCALA40, points=100, opened=True)],
        [with_(SCALA40, opened=False, points=100), with_(BURRACO, opened=True)]),
    "scala40-light": (
        [with_(SCALA40, points=10), with_(SCALA40, points=0, closed=True)],
        [with_(SCALA40, points=11), with_(BURRACO, points=5)]),
    "close-three-hands": (
        [with_(SCALA40, closed=True), with_(BURACO, closed=True)],
        [with_(SCALA40, won=True)]),
    "win-match-expert": (
        [with_(BURRACO, won=True, match=EXPERT_WIN),
         with_(SCALA40, match=dataclasses.replace(EXPERT_WIN, bot_level="search"))],
        [BURRACO, with_(BURRACO, match=dataclasses.replace(EXPERT_WIN, won=False)),
         with_(BURRACO, match=dataclasses.replace(EXPERT_WIN, bot_level="greedy")),
         with_(BURRACO, match=dataclasses.replace(EXPERT_WIN, bots_only=False))]),
    "pulito-three-hands": (
        [with_(BURRACO, burrachi=("pulito", "pulito"))],
        [with_(BURRACO, burrachi=("semipulito",)), with_(BURACO, burrachi=("pulito",))]),
    "scala40-in-mano": (
        [with_(SCALA40, closed=True, in_hand=True, points=0)],
        [with_(SCALA40, closed=True, points=0), with_(BURRACO, closed=True, in_hand=True)]),
    "buraco-five-wins": (
        [with_(BURACO, won=True)],
        [BURACO, with_(BURRACO, won=True)]),
}


def test_every_challenge_has_its_cases_and_a_sound_definition() -> None:
    assert set(CASES) == set(BY_ID)
    assert 8 <= len(CATALOGUE) <= 14
    assert len({c.id for c in CATALOGUE}) == len(CATALOGUE)
    for c in CATALOGUE:
        assert c.period in (DAILY, WEEKLY) and c.xp > 0 and c.target >= 1
        assert c.games <= {"burraco", "buraco", "scala40"}
    for game in ("burraco", "buraco", "scala40"):  # each game has challenges of its own
        assert any(c.games == {game} for c in CATALOGUE), game


@pytest.mark.parametrize("challenge_id", sorted(CASES))
def test_a_crafted_record_meets_the_challenge_or_not(challenge_id: str) -> None:
    challenge = BY_ID[challenge_id]
    met, missed = CASES[challenge_id]
    for facts in met:
        assert meets(challenge, facts), facts
    for facts in missed:
        assert not meets(challenge, facts), facts


# --- the draws -----------------------------------------------------------------------------


def test_the_draw_depends_on_the_date_alone() -> None:
    day = dt.date(2026, 12, 2)
    assert period_key(DAILY, day) == "2026-12-02" and period_key(WEEKLY, day) == "2026-W49"
    assert daily(day) == daily(dt.date(2026, 12, 2)) and len(daily(day)) == 3
    assert all(c.period == DAILY for c in daily(day))
    assert all(c.period == WEEKLY for c in weekly(day)) and len(weekly(day)) == 2
    monday = dt.date(2026, 11, 30)
    for offset in range(7):  # one weekly set for the whole ISO week
        assert weekly(monday + dt.timedelta(days=offset)) == weekly(monday)
    assert drawn(day) == daily(day) + weekly(day)
    # Over a month every daily challenge comes up, and the sets change from day to day.
    days = [dt.date(2026, 12, 1) + dt.timedelta(days=n) for n in range(31)]
    seen = {c.id for d in days for c in daily(d)}
    assert seen == {c.id for c in CATALOGUE if c.period == DAILY}
    assert len({daily(d) for d in days}) > 15
    weeks = [dt.date(2026, 1, 5) + dt.timedelta(weeks=n) for n in range(26)]
    assert {c.id for w in weeks for c in weekly(w)} == {c.id for c in CATALOGUE
                                                       if c.period == WEEKLY}


def test_a_hand_counts_for_the_drawn_challenges_it_meets() -> None:
    day = dt.date(2026, 12, 2)
    on = {c.id for c in drawn(day)}
    every = with_(BURRACO, won=True, closed=True, burrachi=("pulito", "semipulito", "sporco"),
                  match=EXPERT_WIN)
    counted = steps(every, day)
    assert {s.challenge for s in counted} == {i for i in on if meets(BY_ID[i], every)}
    for step in counted:
        assert step.period == period_key(BY_ID[step.challenge].period, day)
        assert (step.xp, step.target) == (BY_ID[step.challenge].xp, BY_ID[step.challenge].target)
    # A lost Scala 40 hand, never opened: no challenge asks for that.
    assert steps(with_(SCALA40, opened=False, points=100), day) == ()


def test_the_documentation_states_the_catalogue_and_the_curve() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "server.md").read_text()
    section = doc.split("## Levels, challenges and profiles")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `([a-z0-9-]+)` \| (day|week) \| .* \| (\d+) \|$", section, re.M)
    assert rows == [(c.id, "day" if c.period == DAILY else "week", str(c.xp))
                    for c in CATALOGUE]
    levels = re.search(r"^\| level \| (.*) \|\n\|[-| ]*\|\n\| points \| (.*) \|$", section, re.M)
    assert levels is not None
    for level, xp in zip(levels.group(1).split(" | "), levels.group(2).split(" | "),
                         strict=True):
        assert xp_for(int(level)) == int(xp)
    assert "100 · (L − 1) · (L + 2)" in section
