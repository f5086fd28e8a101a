"""Mitchell movement for pairs: N-S stay at their table, E-W move by a step (§7.3).

Lines are fixed at the first turno of a Mitchell block: the first half of the seeding order
sits N-S at tables 1..T, the rest E-W; an odd count leaves a phantom (None) E-W slot, whose
opponent has the bye. In the block's turno ``k`` the E-W pair that started at table ``j`` sits
at table ``j + k·step (mod T)``. Two pairs meet twice only if two offsets ``k·step`` coincide
mod T, so a step coprime with T never repeats a meeting for up to T turni ("the only system
that lets two pairs never meet", §7.3). When the chosen step would repeat a meeting within the
block and another step would not, :func:`effective_step` picks the nearest such step.
"""

from __future__ import annotations

Slot = int | None


def tables_for(count: int) -> int:
    return (count + 1) // 2


def lines(order: list[int]) -> tuple[list[Slot], list[Slot]]:
    """N-S and E-W lines from a seeding order (best first)."""
    t = tables_for(len(order))
    ns: list[Slot] = list(order[:t])
    ew: list[Slot] = list(order[t:])
    ew += [None] * (t - len(ew))
    return ns, ew


def repeats(tables: int, step: int, turni: int) -> bool:
    """Would ``turni`` Mitchell turni with this step seat some E-W pair twice at one table?"""
    return len({(k * step) % tables for k in range(turni)}) < turni


def effective_step(tables: int, step: int, turni: int) -> int:
    """The chosen step if it never repeats a meeting in ``turni`` turni, else the nearest that
    does not (where the numbers allow: never more than T turni without a repeat)."""
    if tables <= 1 or turni > tables:
        return step
    if not repeats(tables, step, turni):
        return step
    for distance in range(1, tables):
        for candidate in (step + distance, step - distance):
            if candidate >= 1 and not repeats(tables, candidate, turni):
                return candidate
    return step


def pairings(ns: list[Slot], ew: list[Slot], k: int, step: int) -> list[tuple[int, Slot, Slot]]:
    """(table number, N-S slot, E-W slot) for the block's turno ``k`` (0-based)."""
    t = len(ns)
    return [(i + 1, ns[i], ew[(i - k * step) % t]) for i in range(t)]
