"""All'italiana: a round robin on a fixed calendar, by the circle method (§7.3, §6.6).

Participants are fixed at the first turno of the block (a phantom None makes the count even;
its opponent has the bye). In turno ``k`` the first participant stays and the others rotate
``k`` places, then position i meets position n−1−i. Over n−1 turni every two participants
meet exactly once (N(N−1)/2 matches); a longer block starts the calendar again.
"""

from __future__ import annotations

Slot = int | None


def participants(order: list[int]) -> list[Slot]:
    slots: list[Slot] = list(order)
    if len(slots) % 2:
        slots.append(None)
    return slots


def turni(count: int) -> int:
    """Turni in one full calendar for ``count`` entrants."""
    return count - 1 if count % 2 == 0 else count


def round_pairs(slots: list[Slot], k: int) -> list[tuple[Slot, Slot]]:
    n = len(slots)
    if n < 2:
        return []
    rest = slots[1:]
    shift = k % (n - 1)
    rotated = [slots[0], *rest[n - 1 - shift :], *rest[: n - 1 - shift]]
    return [(rotated[i], rotated[n - 1 - i]) for i in range(n // 2)]
