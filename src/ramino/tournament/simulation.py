"""Play a whole tournament with a pluggable hand player (§7.1–7.3), as the
100-pair simulation test does.

The tournament package never imports the game engine: a :class:`HandPlayer` is any callable
that plays the smazzata dealt from a seed and returns the N-S and E-W scores. A test or the
server plugs in the engine and its bots; this module seats each turno, plays every table's
smazzate from its deal seeds (the same seeds at every table in duplicate) and records each
result the way a real table does: N-S write the score-card, E-W confirm it (§7.2).
"""

from __future__ import annotations

from typing import Protocol

from ramino.tournament.model import Round
from ramino.tournament.tournament import Tournament


class HandPlayer(Protocol):
    def __call__(self, deal_seed: int) -> tuple[int, int]:
        """Play the smazzata dealt from ``deal_seed``; return (N-S score, E-W score)."""
        ...


def play_round(t: Tournament, rnd: Round, player: HandPlayer) -> None:
    for table in rnd.tables:
        scores = [player(seed) for seed in table.deal_seeds]
        ns = [s[0] for s in scores]
        ew = [s[1] for s in scores]
        t.submit(rnd.number, table.number, "ns", ns, ew)
        if t.confirm(rnd.number, table.number, "ew") != "confirmed":
            raise AssertionError("a confirmation of the same scores always counts")


def simulate(t: Tournament, player: HandPlayer) -> None:
    """Seat and play every remaining turno of the plan."""
    while len(t.rounds) < len(t.settings.plan):
        play_round(t, t.seat_next(), player)
