"""What the exact meld solvers share: candidate melds, layouts and the room a table leaves.

A ``Candidate`` is a card multiset the engine accepts as a new meld (confirmed and classified
by ``ramino.games.burraco.melds``); a ``Layout`` the melds a solver lays and their value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ramino.cards import JOKER, TWO, to_counts
from ramino.games.burraco.melds import burraco_bonus, burraco_type, new_meld_options
from ramino.rules.options import RuleSet

#: Cards in the order the search lays them: naturals first, the pinelle, the jolly last.  A
#: meld always holds a natural that is not a 2 (no all-wild melds, no groups of 2s), so every
#: meld has a "first card" among the naturals.
ORDER: tuple[int, ...] = (
    tuple(c for c in range(52) if c % 13 != TWO) + tuple(c for c in range(52) if c % 13 == TWO)
    + (JOKER,))
_RANK_IN_ORDER = {c: i for i, c in enumerate(ORDER)}
WILD_TYPES = (JOKER, TWO, 13 + TWO, 26 + TWO, 39 + TWO)


@dataclass(frozen=True, slots=True)
class Candidate:
    cards: tuple[int, ...]      # sorted card multiset
    value: int                  # card points + best burraco bonus
    group_rank: int             # rank of a group, -1 for a sequence


@dataclass(frozen=True, slots=True)
class Layout:
    """The best layout: the melds (card multisets), their value and the cards left in hand."""

    melds: tuple[tuple[int, ...], ...]
    value: int
    left: tuple[int, ...]


_CLASSIFIED: dict[tuple[tuple[int, ...], RuleSet], tuple[int, int] | None] = {}


def _classify(cards: tuple[int, ...], rules: RuleSet,
              values: Sequence[int]) -> tuple[int, int] | None:
    """(value, group rank or -1) of a multiset the engine accepts as a new meld, else None."""
    key = (cards, rules)
    if key in _CLASSIFIED:
        return _CLASSIFIED[key]
    options = new_meld_options(cards, rules)
    found: tuple[int, int] | None = None
    if options:
        bonus = max(burraco_bonus(burraco_type(m, rules), rules) for m in options)
        kind_group = options[0].kind == 1
        found = (sum(values[c] for c in cards) + bonus, options[0].rank if kind_group else -1)
    if len(_CLASSIFIED) > 500_000:
        _CLASSIFIED.clear()
    _CLASSIFIED[key] = found
    return found


def _fits(cards: Iterable[int], counts: Sequence[int]) -> bool:
    need: dict[int, int] = {}
    for c in cards:
        need[c] = need.get(c, 0) + 1
    return all(counts[c] >= n for c, n in need.items())


def _sequence_multisets(counts: Sequence[int], suit: int, max_cards: int) -> set[tuple[int, ...]]:
    base = suit * 13
    wilds = [w for w in WILD_TYPES if counts[w]]
    out: set[tuple[int, ...]] = set()
    # Positions 0..13: 0 the low ace, 1..12 the ranks 2..K, 13 the high ace (§2.4).
    present = [counts[base + (p % 13)] > 0 for p in range(14)]
    for lo in range(14):
        gap_at = -1
        naturals: list[int] = []
        for hi in range(lo, 14):
            if lo == 0 and hi == 13:
                break  # the ace is low or high, never both
            if present[hi]:
                naturals.append(base + (hi % 13))
            elif gap_at < 0:
                gap_at = hi
            else:
                break
            if len(naturals) + 1 > max_cards or len(naturals) < 2:
                if len(naturals) > max_cards:
                    break
                continue
            if gap_at < 0:
                if len(naturals) >= 3:
                    out.add(tuple(sorted(naturals)))
                for w in wilds:
                    out.add(tuple(sorted([*naturals, w])))
                    # The wild may stand inside for a natural the hand keeps for elsewhere.
                    for k in range(1, len(naturals) - 1):
                        out.add(tuple(sorted([*naturals[:k], *naturals[k + 1:], w])))
            elif gap_at != hi:
                for w in wilds:
                    out.add(tuple(sorted([*naturals, w])))
    return {m for m in out if _fits(m, counts)}


def _group_multisets(counts: Sequence[int], rank: int, max_naturals: int) -> set[tuple[int, ...]]:
    copies = [(rank + 13 * s, counts[rank + 13 * s]) for s in range(4)]
    wilds = [w for w in WILD_TYPES if counts[w]]
    choices: list[list[int]] = [[]]
    for card, n in copies:
        choices = [prefix + [card] * k for prefix in choices for k in range(n + 1)]
    out: set[tuple[int, ...]] = set()
    for naturals in choices:
        if not 2 <= len(naturals) <= max_naturals:
            continue
        if len(naturals) >= 3:
            out.add(tuple(sorted(naturals)))
        for w in wilds:
            out.add(tuple(sorted([*naturals, w])))
    return out


def candidates(hand: Sequence[int], rules: RuleSet) -> list[Candidate]:
    """Every new meld (as a card multiset) that ``hand`` can lay, with its value."""
    if rules.max_active_wilds_per_meld != 1:
        raise ValueError("the meld solver handles rules with one active wild per meld")
    counts = to_counts(hand)
    values = rules.card_value_table()
    multisets: set[tuple[int, ...]] = set()
    for suit in range(4):
        multisets |= _sequence_multisets(counts, suit, rules.max_sequence_cards)
    for rank in range(13):
        if rank != TWO and sum(counts[rank + 13 * s] for s in range(4)) >= 2:
            multisets |= _group_multisets(counts, rank, rules.max_group_naturals)
    out = []
    for cards in sorted(multisets):
        found = _classify(cards, rules, values)
        if found is not None:
            out.append(Candidate(cards, found[0], found[1]))
    return out


WILD_SET = frozenset(WILD_TYPES)
#: Same-suit cards one and two positions away, as (one away, two away) pairs per side; the ace
#: counts on both sides of the suit (low and high) so the test never says no wrongly.
_SIDES: dict[int, tuple[tuple[int, int], ...]] = {}
for _card in range(52):
    _suit, _rank = divmod(_card, 13)
    _pairs = []
    for _d in (1, -1):
        _one, _two = (_rank + _d) % 13, (_rank + 2 * _d) % 13
        _pairs.append((_suit * 13 + _one, _suit * 13 + _two))
    _SIDES[_card] = tuple(_pairs)


def _layable(state: Sequence[int], card: int, wild: bool) -> bool:
    """Could the natural ``card`` still be in some meld of ``state``?  Never a false no: a
    group needs three of its rank (two with a wild), a sequence a neighbour within two places
    (with a wild) or two neighbours in a row."""
    rank = card % 13
    copies = state[rank] + state[rank + 13] + state[rank + 26] + state[rank + 39]
    if copies >= 3 or (wild and copies >= 2):
        return True
    (up1, up2), (down1, down2) = _SIDES[card]
    a, b, c, d = state[up1] > 0, state[up2] > 0, state[down1] > 0, state[down2] > 0
    if (a and (b or c)) or (c and d):
        return True
    return wild and (a or b or c or d)


_RUNS: dict[tuple[int, bool], int] = {}


def _longest_run(mask: int, wild: bool) -> int:
    """Longest sequence a suit's positions (bit p = position p, §2.4) allow, the wild filling
    one gap or an end when there is one."""
    key = (mask, wild)
    found = _RUNS.get(key)
    if found is None:
        found = 0
        for lo in range(14):
            gaps = run = 0
            for hi in range(lo, 14):
                if lo == 0 and hi == 13:
                    break
                if mask >> hi & 1:
                    run += 1
                else:
                    gaps += 1
                    if gaps > wild:
                        break
                found = max(found, run + wild)
        _RUNS[key] = found
    return found


def burraco_room(state: Sequence[int]) -> int:
    """An upper bound on the burrachi ``state`` could still form (§2.6: seven cards, one
    wild at most): a sequence needs a window of seven positions of one suit with at most one
    gap (a gap only if a wild is left), a group six copies of a rank plus a wild or seven."""
    wild = any(state[w] for w in WILD_TYPES)
    room = 0
    for suit in range(4):
        base = suit * 13
        mask = 0
        for p in range(14):
            if state[base + (p % 13)]:
                mask |= 1 << p
        if _longest_run(mask, wild) >= 7:
            room += 2 if sum(state[base:base + 13]) >= 13 else 1
    for rank in range(13):
        if rank != TWO and sum(state[rank + 13 * s] for s in range(4)) + wild >= 7:
            room += 1
    return room
