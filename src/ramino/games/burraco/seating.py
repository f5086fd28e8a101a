"""Who plays with whom in Burraco, by player count (§5, docs/record.md §2).

- 4 players: two pairs, partners facing each other: seats {0,2} and {1,3} (§2).
- 2 players: each seat its own side, a pozzetto each (§5.1).
- 6 players: three pairs, partners opposite: {0,3} {1,4} {2,5}; three decks, three pozzetti
  (§5.3 and §8 item 12, default).
- 3 players with the 18/11 pozzetti: everyone for himself until the first player empties his
  hand; he takes the 18 and plays alone, the other two become a pair that shares its melds
  and the 11 (§5.2).  With three pozzetti of 11 (after the match's switch threshold) all three
  play alone to the end.

A side is identified by its lowest seat's index in this order, so scores listed per side are
"in order of the lowest seat of each" (docs/record.md §2).
"""

from __future__ import annotations


def initial_sides(players: int) -> tuple[int, ...]:
    """The side of each seat when the hand starts."""
    if players == 4:
        return (0, 1, 0, 1)
    if players == 6:
        return (0, 1, 2, 0, 1, 2)
    return tuple(range(players))


def forms_pair_on_first_pozzetto(players: int, pozzetto_sizes: tuple[int, ...]) -> bool:
    """Three players with two pozzetti (18 and 11): the first taker goes solo (§5.2)."""
    return players == 3 and len(pozzetto_sizes) == 2


def after_solo(sides: tuple[int, ...], solo: int) -> tuple[int, ...]:
    """The sides once ``solo`` has taken the 18: the other two seats join as one side."""
    others = [s for s in range(len(sides)) if s != solo]
    pair = min(others)
    return tuple(solo if s == solo else pair for s in range(len(sides)))


def score_sides(players: int) -> int:
    """How many scores a hand result lists: one per side, or one per seat with three players
    (whose pair splits its total, §5.2)."""
    return 3 if players == 3 else max(initial_sides(players)) + 1
