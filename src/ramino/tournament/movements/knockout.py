"""Knockout (eliminazione diretta) with byes for the top seeds (§6.6, §7.3).

The bracket has the next power of two slots; seeds are placed so that 1 and 2 can only meet in
the final, and the empty slots (None) fall against the top seeds, who pass the first turno
with a bye. Each later turno pairs the winners of neighbouring matches in bracket order.
"""

from __future__ import annotations

Slot = int | None


def _positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order, the standard 1 v size, 2 v size−1 layout."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return order


def bracket(seeds: list[int]) -> list[Slot]:
    """Bracket slots for ``seeds`` (best first); None is a bye."""
    size = 1
    while size < len(seeds):
        size *= 2
    return [seeds[p - 1] if p <= len(seeds) else None for p in _positions(size)]


def matches(slots: list[Slot]) -> list[tuple[Slot, Slot]]:
    return [(slots[i], slots[i + 1]) for i in range(0, len(slots) - 1, 2)]
