"""The exact meld solver: the best way to lay a hand down as new melds.

§2.4 (sequences and groups), §2.5 (one active wild; a same-suit 2 in its own place is
natural), §2.6 (burraco bonuses), §2.10 (scoring).  The value of a layout is the card points
laid plus the burraco bonus of every meld of seven or more cards; since the points of the whole
hand are fixed, the layout that maximises it is also the one that leaves the fewest points in
hand (points left = hand points - card points laid), with burraco lengths mattering.

Two exact solvers, one answer:

* **The card search** (hands of up to ``FAST_FROM`` cards, and rule sets the second one does
  not model).  Candidates: every card multiset the hand holds that the engine accepts as a new
  meld (per suit, every window of sequence positions with at most one gap and an optional
  wild; per rank, every choice of copies with an optional wild), confirmed and classified by
  ``ramino.games.burraco.melds``.  Packing: a depth-first search over the hand in a fixed card
  order, the
  first card left either staying in hand or opening one of the candidates that contain it as
  their first card, memoised on the remaining cards and the ranks already grouped (§2.4).
* **The suit-by-suit solver** (longer hands, ``ramino.bots.burraco.solver_fast``): exact
  sequence packing per suit, a knapsack over the suits for the wilds, and a branch and bound
  over the groups.

``tests/bots/burraco/test_solver.py`` checks both against an integer program (scipy's HiGHS
``milp``) over the engine's own candidates, on random hands of 11 to 45 cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ramino.bots.burraco.layouts import (
    _RANK_IN_ORDER,
    ORDER,
    WILD_SET,
    WILD_TYPES,
    Layout,
    _layable,
    burraco_room,
    candidates,
)
from ramino.bots.burraco.solver_fast import _solve_fast
from ramino.cards import NUM_TYPES, to_counts
from ramino.games.burraco.melds import burraco_bonus
from ramino.rules.options import RuleSet


def solve(hand: Sequence[int], rules: RuleSet, *,
          grouped_ranks: Iterable[int] = ()) -> Layout:
    """The layout of ``hand`` with the most value (card points laid + burraco bonuses).

    ``grouped_ranks``: ranks the side already holds a group of on the table; a new group of
    those ranks is not allowed (§2.4, one group per rank per side)."""
    grouped = tuple(grouped_ranks)
    if len(hand) > FAST_FROM:
        fast = _solve_fast(hand, rules, grouped)
        if fast is not None:
            return fast
    return _solve_search(hand, rules, grouped)


#: Hands longer than this go to the suit-by-suit solver (faster from about 16 cards; the card
#: search is faster on an eleven-card hand).
FAST_FROM = 12


def _solve_search(hand: Sequence[int], rules: RuleSet, grouped_ranks: Iterable[int]) -> Layout:
    """The generic exact search: a memoised branch and bound over the hand's candidates."""
    found = candidates(hand, rules)
    by_first: dict[int, list[tuple[tuple[tuple[int, int], ...], int, int, tuple[int, ...]]]] = {}
    for cand in found:
        first = min(cand.cards, key=_RANK_IN_ORDER.__getitem__)
        need: dict[int, int] = {}
        for c in cand.cards:
            need[c] = need.get(c, 0) + 1
        mask = 0 if cand.group_rank < 0 else 1 << cand.group_rank
        by_first.setdefault(first, []).append((tuple(need.items()), cand.value, mask,
                                               cand.cards))
    for options in by_first.values():
        options.sort(key=lambda o: -o[1])  # good melds first: a high bar prunes early
    start_mask = 0
    for r in grouped_ranks:
        start_mask |= 1 << r
    values = rules.card_value_table()
    # Cards no candidate uses stay in hand whatever happens: drop them from the search.
    counts = [0] * NUM_TYPES
    usable = to_counts(c for cand in found for c in cand.cards)
    for c in hand:
        if usable[c]:
            counts[c] += 1
    order = [c for c in ORDER if counts[c]]
    bonus_cap = max((burraco_bonus(k, rules) for k in ("pulito", "semipulito", "sporco")),
                    default=0)
    # memo: remaining cards and grouped ranks -> (value, exact?); not exact = an upper bound.
    memo: dict[tuple[bytes, int], tuple[int, bool, tuple[int, ...] | None]] = {}

    def bound(state: list[int], i: int) -> int:
        """Points of the cards that could still be laid, plus room for burraco bonuses."""
        wild = any(state[w] for w in WILD_TYPES)
        points = cards = 0
        naturals = False
        for c in order[i:]:
            n = state[c]
            if n and c not in WILD_SET and _layable(state, c, wild):
                points += n * values[c]
                cards += n
                naturals = True
        if naturals:
            for w in WILD_TYPES:
                points += state[w] * values[w]
                cards += state[w]
        return points + bonus_cap * min(cards // 7, burraco_room(state))

    def best(state: list[int], mask: int, i: int, need: int) -> int:
        """The best value of ``state`` if it is at least ``need``, else an upper bound below
        ``need`` (a fail-soft branch and bound, memoised with the kind of answer)."""
        while i < len(order) and state[order[i]] == 0:
            i += 1
        if i == len(order):
            return 0
        key = (bytes(state), mask)
        hit = memo.get(key)
        if hit is not None and (hit[1] or hit[0] < need):
            return hit[0]
        top_bound = bound(state, i)
        if top_bound < need:
            memo[key] = (top_bound, False, None)
            return top_bound
        card = order[i]
        top = -1
        choice: tuple[int, ...] | None = None
        for need_cards, value, group_mask, cards in by_first.get(card, ()):
            if group_mask & mask:
                continue
            if any(state[c] < n for c, n in need_cards):
                continue
            for c, n in need_cards:
                state[c] -= n
            total = value + best(state, mask | group_mask, i, max(need, top + 1) - value)
            for c, n in need_cards:
                state[c] += n
            if total > top:
                top, choice = total, cards
        state[card] -= 1
        total = best(state, mask, i, max(need, top + 1))  # this copy stays in hand
        state[card] += 1
        if total > top:
            top, choice = total, None
        exact = top >= need
        memo[key] = (top, exact, choice)
        return top

    value = best(counts, start_mask, 0, 0)
    # Walk the memo to recover the melds (every state on the best path was solved exactly).
    melds: list[tuple[int, ...]] = []
    state = counts[:]
    mask = start_mask
    i = 0
    while True:
        while i < len(order) and state[order[i]] == 0:
            i += 1
        if i == len(order):
            break
        _, exact, choice = memo[(bytes(state), mask)]
        assert exact
        if choice is None:
            state[order[i]] -= 1
            continue
        melds.append(choice)
        for c in choice:
            state[c] -= 1
        cand_rank = next(c.group_rank for c in found if c.cards == choice)
        if cand_rank >= 0:
            mask |= 1 << cand_rank
    left = to_counts(hand)
    for m in melds:
        for c in m:
            left[c] -= 1
    return Layout(tuple(melds), value, tuple(c for c in range(NUM_TYPES) for _ in range(left[c])))
