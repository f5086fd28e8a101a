"""Match Points to Victory Points: the FIBUR tables for 2, 3 and 4 smazzate and custom tables.

§7.1 (the tables, the 20-VP split, algebraic totals) and §9.6 T-36 (worked lookups).

A table is ten upper bounds: the largest MP difference that still gives 10–10, 11–9, …, 19–1;
anything above the last bound is 20–0. Reading a bracket as "≤ upper bound" is the §7.1 note
for MP values that are not multiples of 5 (e.g. 2001 on the 4-smazzate table is 20–0); on
multiples of 5 it gives exactly the printed brackets ("over 1000" = 1005 and up).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

#: Every match distributes this many VP between its two sides (§7.1).
VP_PER_MATCH = 20


@dataclass(frozen=True, slots=True)
class VPTable:
    """A Match Points → Victory Points table.

    ``upper_bounds[k]`` is the largest MP difference worth ``10 + k`` VP to the leading side;
    a difference above ``upper_bounds[-1]`` is worth :data:`VP_PER_MATCH` (20–0).
    """

    name: str
    upper_bounds: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.upper_bounds) != VP_PER_MATCH // 2:
            raise ValueError(
                f"VP table {self.name!r} needs {VP_PER_MATCH // 2} upper bounds "
                f"(10–10 … 19–1), got {len(self.upper_bounds)}"
            )
        if self.upper_bounds[0] < 0 or any(
            b <= a for a, b in zip(self.upper_bounds, self.upper_bounds[1:], strict=False)
        ):
            raise ValueError(f"VP table {self.name!r}: upper bounds must be ≥ 0 and increasing")

    def winner_vp(self, mp: int) -> int:
        """VP of the leading side for an MP difference ``mp`` (≥ 0)."""
        if mp < 0:
            raise ValueError(f"an MP difference is never negative, got {mp}")
        return VP_PER_MATCH // 2 + bisect_left(self.upper_bounds, mp)

    def split(self, total_a: int, total_b: int) -> tuple[int, int]:
        """VP for sides A and B from their cumulative totals over the turno's smazzate.

        Totals are algebraic and may be negative (§7.1, §9.6: A −120, B 300 → 12–8 B).
        """
        won = self.winner_vp(abs(total_a - total_b))
        lost = VP_PER_MATCH - won
        return (won, lost) if total_a >= total_b else (lost, won)

    def brackets(self) -> list[tuple[int, int | None, int, int]]:
        """The printed table: (low MP, high MP or None for "over", winner VP, loser VP).

        Low bounds assume MP in multiples of 5, as the FIBUR tables print them.
        """
        rows: list[tuple[int, int | None, int, int]] = []
        low = 0
        for k, high in enumerate(self.upper_bounds):
            won = VP_PER_MATCH // 2 + k
            rows.append((low, high, won, VP_PER_MATCH - won))
            low = high + 5
        rows.append((low, None, VP_PER_MATCH, 0))
        return rows


#: 2 smazzate per turno: (S), single source [R-FIBUR26], §7.1 and §8 item 30.
FIBUR_2 = VPTable("FIBUR_2", (40, 120, 200, 300, 400, 500, 620, 740, 870, 1000))
#: 3 smazzate per turno: (C), §7.1.
FIBUR_3 = VPTable("FIBUR_3", (50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500))
#: 4 smazzate per turno: (C), §7.1.
FIBUR_4 = VPTable("FIBUR_4", (100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000))

FIBUR_TABLES: dict[str, VPTable] = {t.name: t for t in (FIBUR_2, FIBUR_3, FIBUR_4)}


def fibur_table(deals: int) -> VPTable:
    """The FIBUR table for a turno of ``deals`` smazzate (2, 3 or 4)."""
    try:
        return FIBUR_TABLES[f"FIBUR_{deals}"]
    except KeyError:
        raise ValueError(
            f"FIBUR has VP tables for 2, 3 or 4 smazzate per turno, not {deals}; "
            "use a custom table"
        ) from None


def parse_custom(name: str, spec: str) -> VPTable:
    """A custom table from ten comma-separated upper bounds, e.g. ``"40,120,…,1000"``."""
    try:
        bounds = tuple(int(part) for part in spec.split(","))
    except ValueError:
        raise ValueError(f"custom VP table: {spec!r} is not a list of integers") from None
    return VPTable(name, bounds)
