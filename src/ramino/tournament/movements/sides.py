"""N-S / E-W orientation of a match, alternating sides where the format allows (§7.3).

Mitchell keeps N-S pairs at their table, so it orients its own tables. Every other format asks
here: the side that has played N-S more often goes E-W; on equal balance the one that played
N-S last goes E-W; otherwise the higher-ranked side (listed first) takes N-S.
"""

from __future__ import annotations

from ramino.tournament.model import Side
from ramino.tournament.movements.history import History


def orient(first: Side, second: Side, history: History) -> tuple[Side, Side]:
    """Return (ns, ew) for a match between ``first`` (higher-ranked) and ``second``."""
    bal_first = sum(history.balance(e) for e in first)
    bal_second = sum(history.balance(e) for e in second)
    if bal_first != bal_second:
        return (second, first) if bal_first > bal_second else (first, second)
    last_first = sum(history.last_side.get(e) == "ns" for e in first)
    last_second = sum(history.last_side.get(e) == "ns" for e in second)
    if last_first > last_second:
        return second, first
    return first, second
