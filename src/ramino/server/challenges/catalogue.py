"""The challenges, as data: each is a set of conditions on one finished hand
(:class:`~ramino.server.challenges.facts.HandFacts`) that a registered player's hands must meet
``target`` times within the day or the week it is drawn for, and the experience it pays, once.

A condition left at its default does not apply; every condition given must hold.  The titles
are Italian message ids of the server's catalogues (shown in the reader's language).
"""

from __future__ import annotations

from dataclasses import dataclass

from ramino.games.burraco.melds import (
    CANASTRA_AS_A_AS,
    CANASTRA_REAL,
    PULITO,
    REALE,
    SEMIPULITO,
    SPORCO,
    SUPER,
)

DAILY = "daily"
WEEKLY = "weekly"
CLEAN = frozenset({PULITO, REALE, SUPER, CANASTRA_REAL, CANASTRA_AS_A_AS})


def N_(message: str) -> str:
    return message


@dataclass(frozen=True)
class Challenge:
    id: str  # stored with an account's progress: never renamed
    period: str  # DAILY or WEEKLY: the pool it is drawn from
    title: str  # Italian msgid
    xp: int  # paid once, when the target is reached
    target: int = 1  # hands that must meet the conditions within the period
    games: frozenset[str] = frozenset({"burraco", "buraco", "scala40"})
    burraco: frozenset[str] = frozenset()  # a burraco of one of these types by the side
    won: bool = False  # the side won the hand
    closed: bool = False  # the seat closed the hand
    opened: bool = False  # Scala 40: the seat opened, so pays no unopened penalty (§6.5)
    in_hand: bool = False  # Scala 40: chiusura in mano (§6.4)
    max_points: int | None = None  # Scala 40: at most these penalty points
    match_won_against: str | None = None  # won the match against bots of this level or better
    min_match_hands: int = 0  # ... a match of at least these hands


BURRACO = frozenset({"burraco"})
BURACO = frozenset({"buraco"})
SCALA40 = frozenset({"scala40"})

CATALOGUE: tuple[Challenge, ...] = (
    # --- drawn for a day -----------------------------------------------------------------
    Challenge("burraco-pulito", DAILY, N_("Fai un burraco pulito a Burraco"), 40,
              games=BURRACO, burraco=frozenset({PULITO})),
    Challenge("burraco-semipulito", DAILY, N_("Fai un burraco semipulito a Burraco"), 30,
              games=BURRACO, burraco=frozenset({SEMIPULITO})),
    Challenge("burraco-sporco", DAILY, N_("Fai un burraco sporco a Burraco"), 20,
              games=BURRACO, burraco=frozenset({SPORCO})),
    Challenge("canastra-limpa", DAILY, N_("Fai una canastra limpa a Buraco"), 40,
              games=BURACO, burraco=CLEAN),
    Challenge("close-hand", DAILY, N_("Chiudi una mano"), 25, closed=True),
    Challenge("win-two-hands", DAILY, N_("Vinci due mani"), 30, target=2, won=True),
    Challenge("scala40-opened", DAILY,
              N_("Una mano di Scala 40 senza penalità d'apertura: apri prima che finisca"),
              20, games=SCALA40, opened=True),
    Challenge("scala40-light", DAILY,
              N_("Una mano di Scala 40 con 10 punti di penalità o meno"), 30,
              games=SCALA40, max_points=10),
    # --- drawn for a week ----------------------------------------------------------------
    Challenge("close-three-hands", WEEKLY, N_("Chiudi tre mani"), 80, target=3, closed=True),
    Challenge("win-match-expert", WEEKLY, N_("Vinci una partita contro i bot esperti"), 120,
              match_won_against="expert"),
    Challenge("pulito-three-hands", WEEKLY,
              N_("Fai un burraco pulito in tre mani di Burraco"), 100, target=3,
              games=BURRACO, burraco=frozenset({PULITO})),
    Challenge("scala40-in-mano", WEEKLY, N_("Chiudi in mano a Scala 40"), 100,
              games=SCALA40, in_hand=True),
    Challenge("buraco-five-wins", WEEKLY, N_("Vinci cinque mani a Buraco"), 80, target=5,
              games=BURACO, won=True),
)

BY_ID = {c.id: c for c in CATALOGUE}
