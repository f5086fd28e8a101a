"""Shared builders for the tournament tests: seeded tournaments and seeded hand scores."""

from __future__ import annotations

import random

from ramino.tournament.model import Discipline, Format, Round, Settings
from ramino.tournament.tournament import Tournament


def fixed_clock() -> str:
    return "2026-11-29T20:00:00+00:00"


def make(
    count: int,
    plan: list[Format],
    discipline: Discipline = Discipline.BURRACO_PAIRS,
    deals: int = 3,
    **options: object,
) -> Tournament:
    settings = Settings(name="Circolo", discipline=discipline, deals_per_round=deals,
                        plan=plan)
    for key, value in options.items():
        setattr(settings, key, value)
    t = Tournament.new(settings, clock=fixed_clock)
    for i in range(count):
        t.register(f"Entrant {i + 1}")
    return t


def random_scores(rng: random.Random, deals: int) -> tuple[list[int], list[int]]:
    return (
        [rng.randrange(-40, 300) * 5 for _ in range(deals)],
        [rng.randrange(-40, 300) * 5 for _ in range(deals)],
    )


def play(t: Tournament, rnd: Round, rng: random.Random) -> None:
    """The director enters a seeded random result at every table."""
    for table in rnd.tables:
        ns, ew = random_scores(rng, t.settings.deals_per_round)
        t.director_result(rnd.number, table.number, ns, ew)


def run(t: Tournament, seed: int = 7, turni: int | None = None) -> list[Round]:
    rng = random.Random(seed)
    for _ in range(turni if turni is not None else len(t.settings.plan)):
        play(t, t.seat_next(), rng)
    return t.rounds
