"""The suit-by-suit exact meld solver, for long hands (``ramino.bots.burraco.solver``).

Sequences are packed exactly per suit, the suits combined by a knapsack on the wilds, and the
groups found by branch and bound; the comment below explains the bounds.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ramino.bots.burraco.layouts import Layout, _classify
from ramino.cards import JOKER, NUM_TYPES, TWO, to_counts
from ramino.rules.options import RuleSet

# --- the fast exact solver: suits apart, groups by branch and bound ---------------------------
#
# Sequences live inside one suit; only groups (one rank across suits) and the wilds couple the
# suits.  So the layout is searched as: per rank a *status* (free, no group, a group core, a
# burraco group), and per suit an exact packing of its sequences given those statuses,
# combined over the suits by a small knapsack on the wilds.
#
# * A free rank's copies that no sequence of their suit uses are credited their points, as if
#   they went to a group: a relaxation, so the combined value is an upper bound.  The relaxed
#   layout is then repaired into a real one (a group of one or two leftovers is illegal without
#   a wild: those cards stay in hand) - a lower bound.  When the two meet the node is solved;
#   otherwise one rank whose credit was not earned is branched on: no group of that rank, or a
#   group holding a given core (three naturals, or two and a wild) that every group of the rank
#   contains, its other copies joining it.  Joining never costs because the group's value
#   grows with its naturals (checked on the engine's values, else the generic search runs).
#   The rank branched on is one with the fewest children among those whose credit was
#   missed, and every child's relaxed layout is repaired as soon as it is bounded: the best
#   repair found early prunes the most.
# * A rank whose group could be a burraco starts with the largest bonus it could earn
#   credited on top; if the repair misses it, the rank splits into a group without a bonus
#   (free) and a burraco group, whose naturals per suit and wild the knapsack counts exactly
#   (a bound without a bonus is usually below the best layout, so that child is cut at once).
# * A sequence's value (card points plus the burraco bonus) is the engine's own
# classification
#   (``ramino.games.burraco.melds``) of the shape: naturals at a window of positions and at most
#   one wild.
#   Wild cards are interchangeable in every meld (a jolly and a pinella are both just "the
#   wild"), so a suit only counts its wild slots; the slots are filled with the most valuable
#   wilds.  A pinella standing as the natural 2 of its own suit is that suit's card instead:
#   how many each suit takes that way is part of the knapsack.

NEG = -(1 << 40)
#: The order a suit's cards are laid in by ``_suit``: the ranks in order, the ace first (low
#: or high).  Natural 2s come early so that the answers for different numbers of pinelle
#: standing as natural 2s share every state once the 2s are placed.
_SUIT_ORDER = tuple(range(13))
_LOW_BITS = sum(1 << (2 * r) for r in range(13))
_ONLY_ZERO = [0]        # no cards: worth 0 with no wild slot, impossible with any
_IMPOSSIBLE = [NEG]
#: The first present rank in ``_SUIT_ORDER`` of every ``present`` mask (bit 2r: rank r).
_FIRST: dict[int, int] = {}
for _mask in range(1 << 13):
    _spread = sum(1 << (2 * r) for r in range(13) if _mask >> r & 1)
    _FIRST[_spread] = next((r for r in _SUIT_ORDER if _mask >> r & 1), -1)


@dataclass(slots=True)
class _Tables:
    """Per-rule-set values from the engine: sequence shapes and groups."""

    shape_value: dict[tuple[int, int, bool], int | None]
    shapes: dict[tuple[int, int, int, bool], list[tuple[int, int, int, int]]]
    group_value: list[list[list[int]]]   # [rank][naturals][wild] card points + bonus, NEG: illegal
    points: tuple[int, ...]
    #: Naturals of one rank in the pack: 8 with two decks, 12 with three (6 players, §5.3).
    most_naturals: int = 8


_TABLES: dict[RuleSet, _Tables | None] = {}


def _fast_tables(rules: RuleSet) -> _Tables | None:
    """The engine's values for the fast solver, or None when the rules fall outside what it
    models (then the generic search runs)."""
    if rules in _TABLES:
        return _TABLES[rules]
    values = rules.card_value_table()
    ok = (rules.max_active_wilds_per_meld == 1 and not rules.allow_group_of_twos
          and rules.group_allows_repeated_suits and not rules.ace_both_ends_in_sequence
          and rules.max_group_naturals >= 8
          and all(values[s * 13 + r] == values[r] for s in range(4) for r in range(13)))
    tables: _Tables | None = None
    pack_counts = to_counts(rules.full_pack())
    most = sum(pack_counts[s * 13] for s in range(4))  # naturals of a rank in the pack
    if ok:
        group_value = [[[NEG, NEG] for _ in range(most + 1)] for _ in range(13)]
        for rank in range(13):
            if rank == TWO or not rules.groups_allowed:
                continue
            for n in range(2, most + 1):
                naturals = [rank + 13 * (i % 4) for i in range(n)]
                for wild in (0, 1):
                    found = _classify(tuple(sorted(naturals + [JOKER] * wild)), rules, values)
                    if found is not None:
                        group_value[rank][n][wild] = found[0] - wild * values[JOKER]
            for wild in (0, 1):
                row = group_value[rank]
                legal = [n for n in range(most + 1) if row[n][wild] > NEG]
                if legal and (legal != list(range(legal[0], most + 1)) or any(
                        row[n + 1][wild] < row[n][wild] + values[rank] for n in legal[:-1])):
                    ok = False  # a bigger group could be worth less: joining is not free
        tables = _Tables({}, {}, group_value, values[:13], most) if ok else None
    _TABLES[rules] = tables
    return tables


def _shape_value(tables: _Tables, rules: RuleSet, suit: int, positions: int,
                 wild: bool) -> int | None:
    """Card points + bonus of the sequence with naturals at ``positions`` (bit p: position p,
    0 the low ace, 13 the high ace) and a wild if ``wild``; None if the engine refuses it.  The
    wild's own points are left out: they are counted where the wilds are handed out."""
    key = (suit, positions, wild)
    if key in tables.shape_value:
        return tables.shape_value[key]
    cards = [suit * 13 + (p % 13) for p in range(14) if positions >> p & 1]
    if wild:
        cards.append(JOKER)
    values = rules.card_value_table()
    found = _classify(tuple(sorted(cards)), rules, values)
    value = None
    if found is not None and found[1] < 0:
        value = found[0] - (values[JOKER] if wild else 0)
    tables.shape_value[key] = value
    return value


# A suit's option key packs (pinelle standing as natural 2s, wild slots, copies given to each
# exactly-sized group) into one int, five bits each for the first two and four for every
# exact group: every field of a sum of keys is the sum of the fields (three decks hold at most
# 12 copies of a rank and 18 wilds, so no field overflows into the next), and combining two
# suits' options is one addition instead of building tuples.
_FIELD = 31
_K_SHIFT = 5
_N_SHIFT = 10


def _pack(t: int, k: int, given: Sequence[int]) -> int:
    key = t | k << _K_SHIFT
    for i, g in enumerate(given):
        key |= g << (_N_SHIFT + 4 * i)
    return key


def _unpack(key: int, groups: int) -> tuple[int, int, tuple[int, ...]]:
    return (key & _FIELD, key >> _K_SHIFT & _FIELD,
            tuple(key >> (_N_SHIFT + 4 * i) & 15 for i in range(groups)))


# A rank's status in the branch and bound: free (leftovers credited, the group earns no bonus),
# none (no group), a core (those naturals and maybe a wild are in the group, leftovers join
# it), bonus (free, plus the largest burraco bonus the rank's group could earn), burraco (the
# group earns a bonus; the knapsack counts its naturals per suit and its wild exactly).
_FREE: tuple[str] = ("F",)
_NONE: tuple[str] = ("N",)
_BONUS: tuple[str] = ("B",)
_BURRACO: tuple[str] = ("Y",)
_Status = tuple[object, ...]


class _FastSolver:
    """One solve of the fast path (see the comment above)."""

    def __init__(self, counts: Sequence[int], rules: RuleSet, tables: _Tables,
                 blocked: int) -> None:
        self.rules = rules
        self.tables = tables
        self.values = rules.card_value_table()
        self.pts = tables.points
        #: natural counts per suit and rank (the rank-2 entry: that suit's pinelle)
        self.base = [[counts[s * 13 + r] for r in range(13)] for s in range(4)]
        self.jokers = counts[JOKER]
        self.twos = sum(self.base[s][TWO] for s in range(4))
        self.wilds = self.jokers + self.twos
        self.copies = [0 if r == TWO else sum(self.base[s][r] for s in range(4))
                       for r in range(13)]
        self.groupable = [
            rules.groups_allowed and r != TWO and not blocked >> r & 1
            and self.copies[r] + (1 if self.wilds else 0) >= 3 for r in range(13)]
        #: per suit: cards | credited present ranks << 26 -> ``_suit``'s answer
        self.memo: list[dict[int, list[int]]] = [{}, {}, {}, {}]
        #: per suit: present ranks * 2 + wild allowed -> ``_shapes``'s answer
        self.suit_shapes: list[dict[int, list[tuple[int, int, int, int]]]] = [{}, {}, {}, {}]
        self.shape_cache = tables.shapes
        self.option_cache: dict[tuple[int, int, int, tuple[int, ...], int],
                                _FastSolver._Options] = {}
        self.merge_cache: dict[tuple[int, int, int], tuple[_FastSolver._Options, dict[int, int],
                                                             object, object]] = {}
        #: (exact ranks, forced wilds, free ranks, burraco-only bits) -> packed key ->
        #: ``_tail``'s answer
        self.tail_cache: dict[tuple[tuple[int, ...], int, int, int],
                              dict[int, tuple[int, tuple[int, ...]]]] = {}
        self.wild_values = [self._wild_values(t) for t in range(self.twos + 1)]
        #: the points of the m most valuable wilds, by natural 2s standing and m
        self.wild_sums = [list(itertools.accumulate(v, initial=0)) for v in self.wild_values]
        self.eval_cache: dict[tuple[_Status, ...], tuple[int, tuple[object, ...] | None]] = {}
        self.cores = [self._cores(r) for r in range(13)]
        #: each suit's naturals but its 2s, two bits a rank (``_suit``'s ``x``)
        self.base_x = [sum(self.base[s][r] << (2 * r) for r in range(13) if r != TWO)
                       for s in range(4)]
        #: the largest burraco bonus a group of each rank could earn (0: none)
        self.bonus_room = [self._max_bonus(r, 0, self.copies[r], (0, 1) if self.wilds else (0,))
                           if self.groupable[r] else 0 for r in range(13)]
        self.best_value = NEG
        self.best_plan: tuple[list[list[tuple[int, int, int, int]]],
                              list[tuple[int, list[int], int]], list[int], int] | None = None

    # -- one suit ------------------------------------------------------------------------

    def _shapes(self, suit: int, present: int, first: int, wild_ok: bool
                ) -> list[tuple[int, int, int, int]]:
        """(count decrement, wild 0/1, value, positions) of every sequence of ``suit`` made
        of present ranks (bit 2r of ``present``) whose first card in ``_SUIT_ORDER`` is of rank
        ``first``; positions 0 and 13 are the low and high ace (§2.4)."""
        key = (suit, present, first, wild_ok)
        found = self.shape_cache.get(key)
        if found is not None:
            return found
        out: dict[tuple[int, bool], tuple[int, int, int, int]] = {}
        limit = self.rules.max_sequence_cards
        allowed = 1 if wild_ok else 0
        for p0 in ((0, 13) if first == 0 else (first,)):
            avail = [bool(present >> (2 * (p % 13)) & 1) for p in range(14)]
            if first == 0:
                avail[13 - p0] = False  # the ace is low or high, never both
            for lo in range(p0, -1, -1):
                miss_low = sum(1 for p in range(lo, p0) if not avail[p])
                if miss_low > allowed:
                    break
                for hi in range(p0, min(14, lo + limit)):
                    missing = [p for p in range(lo, hi + 1) if not avail[p]]
                    if len(missing) > allowed:
                        break
                    if hi - lo + 1 < 3:
                        continue
                    window = ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)
                    if missing:
                        options = [(window & ~(1 << missing[0]), True)]
                    else:
                        options = [(window, False)]
                        if wild_ok:
                            options += [(window & ~(1 << p), True)
                                        for p in range(lo, hi + 1) if p != p0]
                    for positions, wild in options:
                        if (positions, wild) in out:
                            continue
                        value = _shape_value(self.tables, self.rules, suit, positions, wild)
                        if value is not None:
                            dec = sum(1 << (2 * (p % 13)) for p in range(14)
                                      if positions >> p & 1)
                            out[(positions, wild)] = (dec, int(wild), value, positions)
        shapes = sorted(out.values(), key=lambda o: -o[2])
        self.shape_cache[key] = shapes
        return shapes

    def _suit(self, suit: int, x: int, credit: int) -> list[int]:
        """The best value of suit ``suit``'s cards ``x`` (2 bits a rank) with every pinella of
        ``x`` a natural 2, for each number of wild slots (index k: exactly k slots, NEG when
        impossible): sequence values plus the points of leftovers of credited ranks (bit 2r
        of ``credit``).  One answer for every k at once: the states are the card multisets,
        and a shape with a wild shifts its rest's answers by one slot."""
        if x == 0:
            return _ONLY_ZERO
        present = (x | (x >> 1)) & _LOW_BITS
        memo = self.memo[suit]
        key = x | (credit & present) << 26
        hit = memo.get(key)
        if hit is not None:
            return hit
        first = _FIRST[present]
        one = 1 << (2 * first)
        if first == TWO:
            best = [NEG]   # a pinella kept as a natural 2 must be in a sequence
        else:
            rest = self._suit(suit, x - one, credit)
            if credit & one:
                gain = self.pts[first]
                best = [v + gain if v > NEG else NEG for v in rest]
            else:
                best = rest[:]
        size = len(best)
        limit = self.wilds + 1
        shapes = self.suit_shapes[suit].get(present * 2 + (limit > 1))
        if shapes is None:
            shapes = self._shapes(suit, present, first, limit > 1)
            self.suit_shapes[suit][present * 2 + (limit > 1)] = shapes
        for dec, wild, value, _ in shapes:
            y = x - dec
            if y:
                child = memo.get(y | (credit & (y | (y >> 1)) & _LOW_BITS) << 26)
                if child is None:
                    child = self._suit(suit, y, credit)
            else:
                child = _ONLY_ZERO
            end = len(child) + wild
            if end > limit:
                end = limit
            if end > size:
                best.extend([NEG] * (end - size))
                size = end
            for j in range(wild, end):
                v = child[j - wild]
                if v > NEG and v + value > best[j]:
                    best[j] = v + value
        memo[key] = best
        return best

    def _suit_plan(self, suit: int, x: int, k: int, credit: int
                   ) -> tuple[list[tuple[int, int, int, int]], list[int]]:
        """The sequences (count decrement, wild, value, positions) and the leftovers per rank
        of the best ``_suit`` answer with ``k`` slots (the choices are found again along the
        one path, every state of it is in the memo)."""
        seqs: list[tuple[int, int, int, int]] = []
        left = [0] * 13
        while x:
            present = (x | (x >> 1)) & _LOW_BITS
            target = self._suit(suit, x, credit)[k]
            first = _FIRST[present]
            one = 1 << (2 * first)
            choice: tuple[int, int, int, int] | None = None
            rest = self._suit(suit, x - one, credit) if first != TWO else _IMPOSSIBLE
            keep = NEG
            if k < len(rest) and rest[k] > NEG:
                keep = rest[k] + (self.pts[first] if credit & one else 0)
            if keep != target:  # ties keep the card: the repair then sees it as a leftover
                for shape in self._shapes(suit, present, first, self.wilds > 0):
                    j = k - shape[1]
                    if j < 0:
                        continue
                    child = self._suit(suit, x - shape[0], credit)
                    if j < len(child) and child[j] > NEG and child[j] + shape[2] == target:
                        choice = shape
                        break
            if choice is None:
                left[first] += 1
                x -= one
            else:
                seqs.append(choice)
                x -= choice[0]
                k -= choice[1]
        return seqs, left

    # -- wilds ---------------------------------------------------------------------------

    def _wild_values(self, natural_twos: int) -> list[int]:
        """Values of the wilds left once ``natural_twos`` pinelle stand as natural 2s, best
        first."""
        vals = ([self.values[JOKER]] * self.jokers
                + [self.values[TWO]] * (self.twos - natural_twos))
        return sorted(vals, reverse=True)

    # -- one node ------------------------------------------------------------------------

    def _evaluate(self, statuses: list[_Status]) -> tuple[int, tuple[object, ...] | None]:
        """Upper bound of the node and the relaxed plan that reaches it."""
        pts = self.pts
        xs = self.base_x[:]     # each suit's naturals but its 2s, less the cores'
        credit = [0, 0, 0, 0]
        fixed = forced = free = 0
        exact: list[int] = []   # ranks whose group the knapsack builds exactly
        burraco_only = 0        # bit i: the group of exact[i] must be a burraco
        for r, st in enumerate(statuses):
            tag = st[0]
            bit = 1 << (2 * r)
            if tag == "F" or tag == "B":
                credit[0] |= bit
                credit[1] |= bit
                credit[2] |= bit
                credit[3] |= bit
                free += 1
                if tag == "B":
                    fixed += self.bonus_room[r]
            elif tag == "C":
                core, wild = st[1], st[2]
                assert isinstance(core, tuple) and isinstance(wild, int)
                last = max(s for s in range(4) if core[s])
                for s in range(4):
                    xs[s] -= core[s] * bit
                    if s >= last:
                        credit[s] |= bit  # suits before the core's last one give no more
                forced += wild
                fixed += pts[r] * sum(core)
            elif tag == "Y":
                exact.append(r)
                burraco_only |= 1 << len(exact) - 1
        wild_cap = self.wilds - forced
        exact_t = tuple(exact)
        tables = [self._suit_options(s, xs[s], credit[s], exact_t, wild_cap) for s in range(4)]
        # The suits are combined smallest table first: the tables grow with every merge, so
        # the big ones meet the fewest entries.
        order = sorted(range(4), key=lambda s: len(tables[s]))
        everything = tables[order[0]]
        splits = []
        for s in order[1:]:
            everything, split = self._merge(everything, tables[s], wild_cap)
            splits.append(split)
        best = NEG
        best_key = -1
        best_wilds: tuple[int, ...] = ()
        tails = self.tail_cache.setdefault((exact_t, forced, free, burraco_only), {})
        for key, value in everything.items():
            tail = tails.get(key)
            if tail is None:
                tail = tails[key] = self._tail(key, exact_t, forced, free, burraco_only)
            if tail[0] == NEG:
                continue
            total = value + tail[0] + fixed
            if total > best:
                best, best_key, best_wilds = total, key, tail[1]
        if best_key < 0:
            return best, None
        # The suits' own options behind the best total (each merge remembers its left part).
        suit_keys = [0] * 4
        key = best_key
        for s, split in zip(reversed(order[1:]), reversed(splits), strict=True):
            suit_keys[s] = key - split[key]
            key = split[key]
        suit_keys[order[0]] = key
        picks = tuple(_unpack(key, len(exact)) for key in suit_keys)
        return best, (picks, tuple(credit), xs, exact, best_wilds)

    #: A suit's (or several suits') options: packed key (``_pack``) -> best value.
    _Options = dict[int, int]

    def _suit_options(self, s: int, x0: int, credit: int, exact: tuple[int, ...],
                      wild_cap: int) -> _Options:
        """Best value of suit ``s`` by (pinelle as natural 2s, wild slots, copies given to
        each exactly-sized group)."""
        credit &= (x0 | (x0 >> 1)) & _LOW_BITS  # a rank the suit lacks earns it nothing
        key = (s, x0, credit, exact, wild_cap)
        found = self.option_cache.get(key)
        if found is not None:
            return found
        row = self.base[s]
        out: _FastSolver._Options = {}
        for given in itertools.product(*(range(row[r] + 1) for r in exact)):
            x1 = x0
            for r, g in zip(exact, given, strict=True):
                x1 -= g << (2 * r)
            for t in range(row[TWO] + 1):
                x = x1 | (t << (2 * TWO))
                # The answers stop at the most wild slots the cards can hold (every sequence
                # needs two naturals, a pinella standing as its suit's 2 among them).
                values = self._suit(s, x, credit)
                for k in range(min(wild_cap + 1, len(values))):
                    value = values[k]
                    if value > NEG:
                        out[_pack(t, k, given)] = value
        self.option_cache[key] = out
        return out

    def _merge(self, a: _Options, b: _Options, wild_cap: int) -> tuple[_Options, dict[int, int]]:
        """The best value of every combined key of ``a`` and ``b`` (keys add up, see
        ``_pack``) within the wilds, and the key of ``a`` behind each."""
        cache_key = (id(a), id(b), wild_cap)
        found = self.merge_cache.get(cache_key)
        if found is not None:
            return found[0], found[1]
        out: _FastSolver._Options = {}
        left: dict[int, int] = {}
        # b's options by the wilds they take (natural 2s and slots), fewest first, so each
        # option of a meets only the ones it has wilds left for.
        by_wilds = sorted(((kb & _FIELD) + (kb >> _K_SHIFT & _FIELD), kb, vb)
                          for kb, vb in b.items())
        for ka, va in a.items():
            room = wild_cap - (ka & _FIELD) - (ka >> _K_SHIFT & _FIELD)
            for used, kb, vb in by_wilds:
                if used > room:
                    break
                key = ka + kb
                total = va + vb
                if out.get(key, NEG) < total:
                    out[key] = total
                    left[key] = ka
        self.merge_cache[cache_key] = (out, left, a, b)  # a and b kept alive: ids stay theirs
        return out, left

    def _tail(self, packed: int, exact: tuple[int, ...], forced: int, free: int,
              burraco_only: int) -> tuple[int, tuple[int, ...]]:
        """Value of the wilds and of the exactly-sized groups for a knapsack total (a packed
        key, ``_pack``), and the wild each of those groups takes; the group of ``exact[i]``
        must earn a burraco bonus (§2.6) when bit i of ``burraco_only`` is set."""
        tt, kk, nn = _unpack(packed, len(exact))
        gv = self.tables.group_value
        wild_values = self.wild_values[tt]
        laid = self.wild_sums[tt]
        best: tuple[int, tuple[int, ...]] = (NEG, ())
        for wilds in itertools.product((0, 1), repeat=len(exact)):
            extra = 0
            for i, (r, n, w) in enumerate(zip(exact, nn, wilds, strict=True)):
                if burraco_only >> i & 1 and (n == 0 or gv[r][n][w] <= self.pts[r] * n):
                    extra = NEG   # no bonus: such a group is searched as a free rank's
                    break
                if n == 0 and not w:
                    continue
                if n == 0 or gv[r][n][w] == NEG:
                    extra = NEG
                    break
                extra += gv[r][n][w]
            need = kk + forced + sum(wilds)
            if extra == NEG or need > len(wild_values):
                continue
            total = extra + laid[min(len(wild_values), need + free)]
            if total > best[0]:
                best = (total, wilds)
        return best

    def _max_bonus(self, r: int, low: int, high: int, wilds: tuple[int, ...]) -> int:
        """The largest burraco bonus a group of rank ``r`` with ``low`` to ``high`` naturals
        could earn (its card points apart)."""
        row = self.tables.group_value[r]
        best = 0
        for n in range(max(low, 2), min(high, self.tables.most_naturals) + 1):
            for w in wilds:
                if row[n][w] > NEG:
                    best = max(best, row[n][w] - self.pts[r] * n)
        return best

    # -- the lower bound: the relaxed plan made real -------------------------------------

    def _repair(self, statuses: list[_Status], plan: tuple[object, ...]
                ) -> tuple[int, list[tuple[int, int]], object]:
        """Value of the real layout closest to the relaxed ``plan``, the credit each free
        rank missed (rank, loss), and that layout."""
        picks, credit, xs, exact, exact_wilds = plan
        assert isinstance(picks, tuple) and isinstance(credit, tuple)
        assert isinstance(xs, list) and isinstance(exact, list)
        assert isinstance(exact_wilds, tuple)
        gv = self.tables.group_value
        pts = self.pts
        seqs_by_suit: list[list[tuple[int, int, int, int]]] = []
        left = [[0] * 13 for _ in range(4)]
        value = 0
        slots = 0
        natural_twos = 0
        for s, (t, k, given) in enumerate(picks):
            x = xs[s] | t << (2 * TWO)
            for r, g in zip(exact, given, strict=False):
                x -= g << (2 * r)
            seqs, left[s] = self._suit_plan(s, x, k, credit[s])
            seqs_by_suit.append(seqs)
            value += sum(shape[2] for shape in seqs)
            slots += sum(shape[1] for shape in seqs)
            natural_twos += t
        groups: list[tuple[int, list[int], int]] = []
        optional: list[tuple[int, int]] = []   # (value of adding a wild, index in groups)
        required = slots
        losses: list[tuple[int, int]] = []
        for i, r in enumerate(exact):
            per_suit = [picks[s][2][i] for s in range(4)]
            n = sum(per_suit)
            if n:
                w = exact_wilds[i]
                groups.append((r, per_suit, w))
                value += gv[r][n][w]
                required += w
        for r, st in enumerate(statuses):
            tag = st[0]
            if tag not in ("F", "C", "B"):
                continue
            bit = 1 << (2 * r)
            per_suit = [left[s][r] if credit[s] & bit else 0 for s in range(4)]
            wild = 0
            if tag == "C":
                core, core_wild = st[1], st[2]
                assert isinstance(core, tuple) and isinstance(core_wild, int)
                wild = core_wild
                per_suit = [a + b for a, b in zip(per_suit, core, strict=False)]
            n = sum(per_suit)
            credited = pts[r] * n
            if wild:
                required += 1
                groups.append((r, per_suit, 1))
                value += gv[r][n][1]
                losses.append((r, credited - gv[r][n][1]))
            elif gv[r][n][0] > NEG:
                groups.append((r, per_suit, 0))
                value += gv[r][n][0]
                if gv[r][n][1] > NEG and tag != "C":
                    optional.append((gv[r][n][1] - gv[r][n][0], len(groups) - 1))
                losses.append((r, credited - gv[r][n][0]))
            elif n >= 2 and gv[r][n][1] > NEG and tag != "C":
                groups.append((r, per_suit, -1))   # only with a wild
                optional.append((gv[r][n][1], len(groups) - 1))
                losses.append((r, credited))
            else:
                losses.append((r, credited))
        wild_values = self.wild_values[natural_twos]
        assert required <= len(wild_values)
        used = required
        optional.sort(reverse=True)
        for gain, index in optional:
            if used < len(wild_values) and gain + wild_values[used] > 0:
                r, per_suit, _ = groups[index]
                groups[index] = (r, per_suit, 1)
                value += gain
                used += 1
                losses = [(rank, loss - gain if rank == r else loss) for rank, loss in losses]
        value += sum(wild_values[:used])
        groups = [g for g in groups if g[2] >= 0]
        twos = [picks[s][0] for s in range(4)]
        return value, losses, (seqs_by_suit, groups, twos, used)

    # -- the branch and bound ------------------------------------------------------------

    def _cores(self, r: int) -> list[tuple[tuple[int, ...], int]]:
        """The cores a group of rank ``r`` can have: (naturals per suit, wild)."""
        gv = self.tables.group_value[r]
        out = []
        for core in itertools.product(*(range(self.base[s][r] + 1) for s in range(4))):
            n = sum(core)
            for wild, size in ((0, 3), (1, 2)):
                if n == size and gv[n][wild] > NEG and (self.wilds or not wild):
                    out.append((core, wild))
        return out

    def _children(self, statuses: list[_Status], r: int) -> list[list[_Status]]:
        """No group of rank ``r``, or a group whose first naturals in suit order (three, or
        two beside a wild) are a given core: every group has exactly one such core, so the
        children split the layouts without overlap."""
        out: list[list[_Status]] = [[*statuses[:r], _NONE, *statuses[r + 1:]]]
        for core, wild in self.cores[r]:
            out.append([*statuses[:r], ("C", core, wild), *statuses[r + 1:]])
        return out

    def search(self, statuses: list[_Status], bound: int,
               plan: tuple[object, ...] | None,
               repaired: tuple[int, list[tuple[int, int]], object] | None = None) -> None:
        if plan is None or bound <= self.best_value:
            return
        value, losses, layout = repaired or self._repair(statuses, plan)
        self._offer(value, layout)
        if value >= bound:
            return
        bonus = next((r for r, st in enumerate(statuses) if st[0] == "B"), -1)
        if bonus >= 0:
            # A rank that could hold a burraco group: either its group is no burraco (a free
            # rank, no bonus credited) or a burraco whose size is tracked exactly.
            before, after = statuses[:bonus], statuses[bonus + 1:]
            self._search_children([[*before, _FREE, *after], [*before, _BURRACO, *after]])
            return
        # Split on a free rank whose credit the repaired layout missed: the one with the
        # fewest children (no group, or each core), the most missed credit among those.  Few
        # children keep the tree narrow; on the ten slowest forty-card hands of bench/solver.py
        # this halved the time against always taking the most missed credit.
        missed = [(len(self.cores[r]), -loss, r) for r, loss in losses
                  if statuses[r][0] == "F" and loss > 0]
        if missed:
            branch = min(missed)[2]
        else:
            # The credit missed is the wilds counted for groups that did not form.
            branch = next((r for r, st in enumerate(statuses) if st[0] == "F"), -1)
        if branch < 0:
            raise AssertionError("the relaxation is exact once every rank is decided")
        self._search_children(self._children(statuses, branch))

    def _search_children(self, split: list[list[_Status]]) -> None:
        """Bound every child of a split, then search them, the highest bound first."""
        children = []
        for child in split:
            child_bound, child_plan = self._evaluate_cached(child)
            if child_plan is not None and child_bound > self.best_value:
                # Every child's relaxed plan is repaired at once: the best of them is often
                # the optimum, and knowing it before going down prunes the other children.
                child_repaired = self._repair(child, child_plan)
                self._offer(child_repaired[0], child_repaired[2])
                children.append((child_bound, child, child_plan, child_repaired))
        children.sort(key=lambda c: -c[0])
        for child_bound, child, child_plan, child_repaired in children:
            self.search(child, child_bound, child_plan, child_repaired)

    def _offer(self, value: int, layout: object) -> None:
        """Keep ``layout`` if it beats the best layout so far."""
        if value > self.best_value:
            self.best_value = value
            self.best_plan = layout  # type: ignore[assignment]

    def _evaluate_cached(self, statuses: list[_Status]
                         ) -> tuple[int, tuple[object, ...] | None]:
        key = tuple(statuses)
        found = self.eval_cache.get(key)
        if found is None:
            found = self._evaluate(statuses)
            self.eval_cache[key] = found
        return found

    def solve(self) -> None:
        statuses: list[_Status] = []
        for r, ok in enumerate(self.groupable):
            if not ok:
                statuses.append(_NONE)
            elif self.bonus_room[r]:
                statuses.append(_BONUS)  # a possible burraco: its bonus credited at first
            else:
                statuses.append(_FREE)
        bound, plan = self._evaluate(statuses)
        self.search(statuses, bound, plan)

    def melds(self) -> list[tuple[int, ...]]:
        """The card multisets of the best layout found."""
        assert self.best_plan is not None
        seqs_by_suit, groups, twos, used = self.best_plan
        # The wilds laid: the ``used`` most valuable; sequences take a jolly or another
        # suit's pinella first so no pinella lands in its own suit's sequence needlessly.
        pool = [self.base[s][TWO] - twos[s] for s in range(4)]
        jokers_first = self.values[JOKER] >= self.values[TWO]
        order = [JOKER] * self.jokers
        two_list = [s * 13 + TWO for s in range(4) for _ in range(pool[s])]
        order = order + two_list if jokers_first else two_list + order
        chosen = order[:used]
        melds: list[tuple[int, ...]] = []
        for s, seqs in enumerate(seqs_by_suit):
            for _dec, wild, _, positions in seqs:
                cards = [s * 13 + (p % 13) for p in range(14) if positions >> p & 1]
                if wild:
                    pick = next((c for c in chosen if c == JOKER or c // 13 != s), chosen[0])
                    chosen.remove(pick)
                    cards.append(pick)
                melds.append(tuple(sorted(cards)))
        for r, per_suit, wild in groups:
            cards = [r + 13 * s for s in range(4) for _ in range(per_suit[s])]
            if wild:
                cards.append(chosen.pop(0))
            melds.append(tuple(sorted(cards)))
        return melds


def _solve_fast(hand: Sequence[int], rules: RuleSet, grouped_ranks: Iterable[int]
                ) -> Layout | None:
    tables = _fast_tables(rules)
    if tables is None:
        return None
    counts = to_counts(hand)
    blocked = 0
    for r in grouped_ranks:
        blocked |= 1 << r
    solver = _FastSolver(counts, rules, tables, blocked)
    solver.solve()
    melds = solver.melds()
    values = rules.card_value_table()
    total = 0
    for m in melds:
        found = _classify(m, rules, values)
        assert found is not None, m
        total += found[0]
    assert total >= solver.best_value
    left = list(counts)
    for m in melds:
        for c in m:
            left[c] -= 1
    return Layout(tuple(melds), total,
                  tuple(c for c in range(NUM_TYPES) for _ in range(left[c])))
