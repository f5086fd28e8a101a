"""Individual Burraco movements: a new partner every turno (RULES.md §7.3 "Individual").

Individual Danish: in ranking order, groups of four, 1st and 2nd play **together** against
3rd and 4th ("il primo classificato giocherà insieme al secondo").

Individual Mitchell: four lines fixed at the block's first turno. The N player never moves
(the N-S seats of the source stay N-S); S moves one table a turno, E and W move by different
steps. N and S meet as partners again only when the S offset ``k`` repeats mod T, E and W only
when ``k·(e − w)`` does, so with ``e − w`` coprime with T nobody has the same partner twice in
T turni. The steps are chosen to also spread opponents where the numbers allow. A single
table (four players) rotates its partnerships instead: AB v CD, AC v BD, AD v BC. Seats left
empty by a player count that is not a multiple of four are phantoms: the players drawn to a
table with a phantom sit out with a bye.
"""

from __future__ import annotations

from functools import cache
from math import gcd

Slot = int | None
Quad = tuple[Slot, Slot, Slot, Slot]  # N, S, E, W


def danish(order: list[int]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    if len(order) % 4:
        raise ValueError("individual Danish seats a multiple of four players; give byes first")
    return [
        ((order[i], order[i + 1]), (order[i + 2], order[i + 3]))
        for i in range(0, len(order), 4)
    ]


def mitchell_lines(order: list[int]) -> list[list[Slot]]:
    """N, S, E and W lines from a seeding order (players dealt round the table)."""
    t = max(1, (len(order) + 3) // 4)
    slots: list[Slot] = [*order, *([None] * (4 * t - len(order)))]
    # Deal the order round the seats so that each line mixes strong and weak players.
    return [slots[line::4] for line in range(4)]


@cache
def steps(tables: int) -> tuple[int, int, int]:
    """(S, E, W) steps: partners never repeat; opponents repeat as little as possible."""
    if tables <= 1:
        return (0, 0, 0)

    def unit(x: int) -> bool:
        return gcd(x % tables, tables) == 1

    best = (1, 1, 0)
    best_score = -1
    for e in range(tables):
        for w in range(tables):
            if not unit(e - w):
                continue
            # Opponent pairs N–E, N–W, S–E, S–W: each is spread when its relative step is a unit.
            score = sum(unit(x) for x in (e, w, e - 1, w - 1))
            if score > best_score:
                best, best_score = (1, e, w), score
    return best


def mitchell(lines: list[list[Slot]], k: int) -> list[tuple[int, Quad]]:
    """(table number, (N, S, E, W)) for the block's turno ``k`` (0-based)."""
    t = len(lines[0])
    if t == 1:
        n, s, e, w = (lines[0][0], lines[1][0], lines[2][0], lines[3][0])
        rotation: list[Quad] = [(n, s, e, w), (n, e, s, w), (n, w, s, e)]
        return [(1, rotation[k % 3])]
    ds, de, dw = steps(t)
    return [
        (
            i + 1,
            (
                lines[0][i],
                lines[1][(i - k * ds) % t],
                lines[2][(i - k * de) % t],
                lines[3][(i - k * dw) % t],
            ),
        )
        for i in range(t)
    ]
