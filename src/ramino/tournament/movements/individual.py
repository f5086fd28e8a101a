"""Individual Burraco movements: a new partner every turno (§7.3 "Individual").

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

from collections.abc import Mapping
from functools import cache
from math import gcd

Slot = int | None
Quad = tuple[Slot, Slot, Slot, Slot]  # N, S, E, W


def danish(
    order: list[int], partnered: Mapping[frozenset[int], int] | None = None,
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Tables of four in ranking order, each player's partner the best-ranked player still free
    whom he has not partnered before (1st with 2nd unless they have been partners: the partner
    changes every turno, §7.3); the first two partnerships play the first table, the
    next two the second, and so on."""
    if len(order) % 4:
        raise ValueError("individual Danish seats a multiple of four players; give byes first")
    pairs = new_partners(order, partnered or {})
    return [(pairs[i], pairs[i + 1]) for i in range(0, len(pairs), 2)]


def new_partners(
    order: list[int], partnered: Mapping[frozenset[int], int],
) -> list[tuple[int, int]]:
    """Partnerships in ranking order: walking down the list, the first free player takes the
    first free player he has partnered least (never before, where possible).  When the last
    two have been partners, they swap with an earlier partnership if that makes both new."""
    def times(a: int, b: int) -> int:
        return partnered.get(frozenset((a, b)), 0)

    rank = {player: i for i, player in enumerate(order)}
    free = list(order)
    pairs: list[tuple[int, int]] = []
    while free:
        first = free.pop(0)
        best, fewest = 0, -1
        for i, other in enumerate(free):
            count = times(first, other)
            if fewest < 0 or count < fewest:
                best, fewest = i, count
            if count == 0:
                break
        pairs.append((first, free.pop(best)))
    last = len(pairs) - 1
    if last > 0 and times(*pairs[last]):
        a, b = pairs[last]
        for i in range(last - 1, -1, -1):
            c, d = pairs[i]
            for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
                if not times(*x) and not times(*y):
                    pairs[i] = (x[0], x[1]) if rank[x[0]] < rank[x[1]] else (x[1], x[0])
                    pairs[last] = (y[0], y[1]) if rank[y[0]] < rank[y[1]] else (y[1], y[0])
                    pairs.sort(key=lambda p: rank[p[0]])
                    return pairs
    return pairs


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


#: The partner's line of each line: N with S, E with W.
PARTNER_LINE = (1, 0, 3, 2)
#: A single table's rotation: the line partnered with N in each turno (then the other two).
SINGLE_TABLE_PARTNER = (1, 2, 3)


def partner_slot(tables: int, line: int, position: int, k: int) -> tuple[int, int]:
    """(line, position) of the partner of the player in (``line``, ``position``) in the
    block's turno ``k`` (0-based), as :func:`mitchell` seats them."""
    if tables == 1:
        with_n = SINGLE_TABLE_PARTNER[k % 3]
        if line == 0:
            return with_n, 0
        if line == with_n:
            return 0, 0
        return next(x for x in (1, 2, 3) if x not in (line, with_n)), 0
    moves = (0, *steps(tables))
    table = (position + k * moves[line]) % tables
    other = PARTNER_LINE[line]
    return other, (table - k * moves[other]) % tables
