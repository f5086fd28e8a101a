"""What past turni tell the pairing: meetings, partners, sides played and byes (§7.3).

Danese modificato needs the previous turno's meetings, Swiss all meetings, side balancing the
N-S/E-W counts, bye allocation the byes already given.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ramino.tournament.model import Round


def meeting(a: int, b: int) -> frozenset[int]:
    return frozenset((a, b))


@dataclass(slots=True)
class History:
    met: Counter[frozenset[int]] = field(default_factory=Counter)
    previous: set[frozenset[int]] = field(default_factory=set)
    partners: Counter[frozenset[int]] = field(default_factory=Counter)
    ns: Counter[int] = field(default_factory=Counter)
    ew: Counter[int] = field(default_factory=Counter)
    last_side: dict[int, str] = field(default_factory=dict)
    byes: Counter[int] = field(default_factory=Counter)

    def balance(self, entrant: int) -> int:
        """N-S turni minus E-W turni: positive means "owes" an E-W turno."""
        return self.ns[entrant] - self.ew[entrant]

    def add(self, rnd: Round) -> None:
        self.previous = set()
        for table in rnd.tables:
            for a in table.ns:
                for b in table.ew:
                    self.met[meeting(a, b)] += 1
                    self.previous.add(meeting(a, b))
            for side in (table.ns, table.ew):
                for i, a in enumerate(side):
                    for b in side[i + 1 :]:
                        self.partners[meeting(a, b)] += 1
            for a in table.ns:
                self.ns[a] += 1
                self.last_side[a] = "ns"
            for b in table.ew:
                self.ew[b] += 1
                self.last_side[b] = "ew"
        for entrant in rnd.byes:
            self.byes[entrant] += 1


def build(rounds: Iterable[Round]) -> History:
    history = History()
    for rnd in rounds:
        history.add(rnd)
    return history
