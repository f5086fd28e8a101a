"""Generating the meld and attach actions a hand allows (§2.4–§2.5), memoised.

Candidate card multisets are built per suit (sequences), per rank (groups) and per table meld
(attachments), then kept only if the meld resolvers of ``ramino.games.burraco.melds`` accept them,
so
generation can never offer an illegal meld (the brute-force test in
``tests/games/burraco/test_legal_exact.py`` proves it also misses none).

What a hand can do with one suit depends only on that suit's counts and the wilds held, so
results are memoised on exactly that key: in a hand of Burraco the same small patterns recur
every turn.  The memo is a pure function cache (bounded); it holds no game state.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ramino.cards import ACE, JOKER, TWO
from ramino.games.actions import ATTACH, MELD, Action
from ramino.games.burraco.melds import (
    GROUP,
    HIGH_ACE,
    SEQUENCE,
    Meld,
    attach_options,
    choose_placements,
    group_placement,
    new_meld_options,
    sequence_placements,
)
from ramino.rules.options import RuleSet, WildRepositionPolicy

WILD_TYPES = (JOKER, 1, 14, 27, 40)
MeldOption = tuple[Action, Meld]



class Chunk:
    """Memoised options: ``actions[i]`` produces ``melds[i]``; ``most_cards`` is the most
    cards any of them takes from the hand (a caller that only cares about melds going down to
    one card can accept a whole chunk at once).

    Two parallel tuples rather than a list of pairs: the memo lives for the whole process,
    and every object in it is walked by each full garbage collection (with a pair per option
    that walk cost a third of the engine's time)."""

    __slots__ = ("actions", "melds", "most_cards")

    def __init__(self, actions: list[Action], melds: list[Meld]) -> None:
        self.actions = tuple(actions)
        self.melds = tuple(melds)
        self.most_cards = max((len(action.cards) for action in self.actions), default=0)


_NOTHING = Chunk([], [])

Memo = dict[Any, Chunk]
# How a sorted card multiset may be laid, or a meld extended (see ``_sequence_options``).
Resolutions = dict[Any, tuple[Meld, ...]]

# One memo (and one table of resolutions) per rule set, so that the keys need not hold the
# rules: a RuleSet hashes in interpreted Python, and putting it in every key cost more than
# the rest of a memo hit; a key holding the RuleSet or a Meld would also stay tracked by the
# garbage collector (see ``Chunk``).
_MEMOS: dict[RuleSet, tuple[Memo, Resolutions]] = {}
_MEMO_LIMIT = 200_000


def _tables_for(rules: RuleSet) -> tuple[Memo, Resolutions]:
    found = _MEMOS.get(rules)
    if found is None:
        if len(_MEMOS) >= 64:
            _MEMOS.clear()
        found = _MEMOS[rules] = ({}, {})
    return found


def memo_for(rules: RuleSet) -> Memo:
    """The move-generation memo of ``rules`` (look it up once per position)."""
    return _tables_for(rules)[0]


# Canonical copies of the actions and melds the memo holds.  The same option recurs under many
# keys (a 5-6-7 of hearts is offered whatever else the hand holds): without sharing, 600 hands
# left 102K actions and 45K melds in the memo for 14K and 9K distinct values, and each one is
# an object every full garbage collection walks.
_CANONICAL_ACTIONS: dict[Action, Action] = {}
_CANONICAL_MELDS: dict[Meld, Meld] = {}


def _canonical_melds(melds: list[Meld]) -> tuple[Meld, ...]:
    if len(_CANONICAL_MELDS) >= _MEMO_LIMIT:
        _CANONICAL_MELDS.clear()
    return tuple([_CANONICAL_MELDS.setdefault(meld, meld) for meld in melds])


def _remember(memo: Memo, key: Any, options: list[MeldOption]) -> Chunk:
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    if not options:
        memo[key] = _NOTHING
        return _NOTHING
    if len(_CANONICAL_ACTIONS) >= _MEMO_LIMIT or len(_CANONICAL_MELDS) >= _MEMO_LIMIT:
        _CANONICAL_ACTIONS.clear()
        _CANONICAL_MELDS.clear()
    actions: list[Action] = []
    melds: list[Meld] = []
    for action, meld in options:
        actions.append(_CANONICAL_ACTIONS.setdefault(action, action))
        melds.append(_CANONICAL_MELDS.setdefault(meld, meld))
    chunk = memo[key] = Chunk(actions, melds)
    return chunk


def wild_key(hand: list[int]) -> int:
    """Which wild types the hand holds, as bits.  One meld takes at most one wild, so a second
    copy of a wild never creates a new option (a second same-suit 2 is counted in the suit's
    key)."""
    return ((hand[JOKER] > 0) | (hand[1] > 0) << 1 | (hand[14] > 0) << 2 | (hand[27] > 0) << 3
            | (hand[40] > 0) << 4)


def suit_key(hand: list[int], base: int) -> tuple[int, ...]:
    """What a sequence can use of one suit: every rank once, so presence is enough, except for
    the ace (low and high) and the 2 (natural in its place, and wild elsewhere)."""
    return (hand[base], hand[base + 1], *map(bool, hand[base + 2:base + 13]))


def sequence_key(hand: list[int], base: int, any_wild: bool) -> tuple[int, int, int]:
    """The part of one suit a *new* sequence can use, as bits (one per place, the ace at
    places 0 and 13).  A card with no other card of its suit within two places can only
    join a sequence through two wilds, which no meld may hold; without a wild, only runs of
    three matter.  Everything else in the suit leaves the options unchanged, so it stays out
    of the memo key (and hands that differ only there share one entry)."""
    present = 0
    for place in range(13):
        if hand[base + place]:
            present |= 1 << place
    present |= (present & 1) << 13
    if any_wild:
        cover = present & ((present >> 1) | (present >> 2) | (present << 1) | (present << 2))
    else:
        starts = present & (present >> 1) & (present >> 2)
        cover = starts | (starts << 1) | (starts << 2)
    return cover, hand[base], hand[base + 1]


def new_melds(hand: list[int], rules: RuleSet, wilds: int, memo: Memo
              ) -> Iterator[tuple[int, int, Chunk]]:
    """Every legal new meld of ``hand``, in chunks ``(SEQUENCE, suit, chunk)`` and
    ``(GROUP, rank, chunk)`` so that the caller can apply side constraints (one group per
    rank, one sequence per suit) to a whole chunk at once."""
    any_wild = wilds != 0
    for suit in range(4):
        base = suit * 13
        key: tuple[Any, ...] = ("seq", suit, sequence_key(hand, base, any_wild), wilds)
        found = memo.get(key)
        if found is None:
            found = _remember(memo, key, _sequence_melds(hand, suit, rules))
        if found.actions:
            yield SEQUENCE, suit, found
    for rank in range(13 if rules.groups_allowed else 0):
        if rank == TWO and not rules.allow_group_of_twos:
            continue
        copies = (hand[rank], hand[13 + rank], hand[26 + rank], hand[39 + rank])
        if copies[0] + copies[1] + copies[2] + copies[3] < 2:
            continue
        key = ("grp", rank, copies, wilds)
        found = memo.get(key)
        if found is None:
            found = _remember(memo, key, _group_melds(hand, rank, rules))
        if found.actions:
            yield GROUP, rank, found


def attachments(meld: Meld, number: int, hand: list[int], rules: RuleSet,
                wilds: int, memo: Memo) -> Chunk:
    """Every legal ``attach number …`` of ``hand`` onto ``meld`` with the resulting meld.

    ``wilds`` is :func:`wild_key` of the hand and ``memo`` :func:`memo_for` the rules (both
    computed once per position by the caller)."""
    # The meld enters the key by its plain fields, not as the object: a key of ints and tuples
    # is one the garbage collector stops tracking (see ``Chunk``).
    key: tuple[Any, ...]
    if meld.kind == GROUP:
        r = meld.rank
        copies = (hand[r], hand[13 + r], hand[26 + r], hand[39 + r])
        if meld.wild >= 0:
            if not any(copies):
                return _NOTHING
            key = (meld.cards, meld.wild, number, copies)
            found = memo.get(key)
            if found is None:
                found = _attach_miss(memo, key, (meld.cards, meld.wild, _ANY, copies),
                                     meld, number, hand, rules)
            return found
        if not any(copies) and not wilds:
            return _NOTHING
        key = (meld.cards, meld.wild, number, copies, wilds)
        found = memo.get(key)
        if found is None:
            found = _attach_miss(memo, key, (meld.cards, meld.wild, _ANY, copies, wilds),
                                 meld, number, hand, rules)
        return found
    relevant = _reachable(meld, hand, wilds, rules)
    if relevant is None:
        return _NOTHING
    key = (meld.cards, meld.low, meld.wild, number, relevant)
    found = memo.get(key)
    if found is None:
        found = _attach_miss(memo, key, (meld.cards, meld.low, meld.wild, _ANY, relevant),
                             meld, number, hand, rules)
    return found


# The table number standing for "any" in an attachment key (real numbers start at 1).
_ANY = -1


def _attach_miss(memo: Memo, key: tuple[Any, ...], any_number_key: tuple[Any, ...],
                 meld: Meld, number: int, hand: list[int], rules: RuleSet) -> Chunk:
    """The options of an attachment the memo has not seen at this table number.  The options
    depend on the number only through the actions' ``meld`` field, and a third of these misses
    (random play, FIBUR) are a meld and hand already seen at another number, in another hand:
    those renumber the known actions instead of generating them again."""
    known = memo.get(any_number_key)
    if known is None:
        found = _remember(memo, key, _attach_melds(meld, number, hand, rules))
        memo[any_number_key] = found
        return found
    return _remember(memo, key, [(Action(ATTACH, action.cards, number, action.annotations), meld)
                                 for action, meld in zip(known.actions, known.melds, strict=True)])




def _reachable(meld: Meld, hand: list[int], wilds: int, rules: RuleSet
               ) -> tuple[Any, ...] | None:
    """What of the hand an attachment to a sequence can use, as a memo key (``None``: nothing).

    Gaps in the final sequence are filled only by a wild: one from the hand (never into a meld
    that keeps its own wild), the meld's wild moving (under FIBUR_STRICT only when its own card
    is attached), or a natural 2 turning wild; two when the meld's wild is a same-suit 2 that
    can go back to its place.  So the usable places are the meld's and, on each side, those up
    to the first gap no wild can fill; cards beyond cannot join and stay out of the key."""
    base = meld.suit * 13
    own_two = base + TWO
    wild_card = meld.cards[meld.wild] if meld.wild >= 0 else -1
    hand_wilds = 0
    if wild_card < 0:
        hand_wilds = wilds
        holes = 1 if wilds or (
            rules.pinella_natural_to_wild_transition
            and meld.low <= TWO < meld.low + len(meld.cards)
            and meld.cards[TWO - meld.low] == own_two) else 0
    elif wild_card == own_two or rules.wild_may_return_to_hand:
        # A same-suit 2 may go back to its place, or (§3.4 house rule) a freed wild back to
        # the hand: either way the meld can then take a wild from the hand.
        hand_wilds = wilds
        holes = 2
    elif rules.wild_reposition_policy is WildRepositionPolicy.FIBUR_STRICT:
        holes = 1 if hand[base + (meld.low + meld.wild) % 13] else 0
    else:
        holes = 1
    lo = meld.low
    hi = meld.low + len(meld.cards) - 1
    missing = 0
    while lo > 0:
        if not hand[base + (lo - 1) % 13]:
            missing += 1
            if missing > holes:
                break
        lo -= 1
    missing = 0
    while hi < HIGH_ACE:
        if not hand[base + (hi + 1) % 13]:
            missing += 1
            if missing > holes:
                break
        hi += 1
    places = 0
    for place in range(lo, hi + 1):
        if hand[base + place % 13]:
            places |= 1 << (place - lo)
    if not places and not hand_wilds:
        return None
    return (lo, hi, hand[base], hand[base + 1], hand_wilds, places)


def _sequence_melds(hand: list[int], suit: int, rules: RuleSet) -> list[MeldOption]:
    wild_types = [c for c in WILD_TYPES if hand[c]]
    seen: set[tuple[int, ...]] = set()
    out: list[MeldOption] = []
    resolutions = _resolutions_for(rules)
    for cards in _sequence_candidates(hand, suit, wild_types, rules.max_sequence_cards):
        key = tuple(sorted(cards))
        if key in seen:
            continue
        seen.add(key)
        # Group first (§2.4): only a candidate whose naturals share one rank could be a group.
        naturals = {c % 13 for c in cards if c != JOKER and c % 13 != TWO}
        if len(naturals) == 1 and group_placement(cards, rules) is not None:
            continue
        for meld in _sequence_options(key, rules, resolutions):
            out.append((meld_action(MELD, 0, meld, cards), meld))
    return out


def _resolutions_for(rules: RuleSet) -> Resolutions:
    return _tables_for(rules)[1]


def _sequence_options(cards: tuple[int, ...], rules: RuleSet, resolutions: Resolutions
                      ) -> tuple[Meld, ...]:
    """The sequences a sorted card multiset may be laid as; the same small multisets (5♥ 6♥
    7♥ …) recur in hand after hand, so their resolution is memoised too (as tuples: the empty
    ones are all the one empty tuple, which the garbage collector never walks)."""
    found = resolutions.get(cards)
    if found is None:
        if len(resolutions) >= _MEMO_LIMIT:
            resolutions.clear()
        found = resolutions[cards] = _canonical_melds(
            choose_placements(sequence_placements(cards, rules), rules))
    return found


def _attach_results(meld: Meld, added: tuple[int, ...], rules: RuleSet,
                    resolutions: Resolutions) -> tuple[Meld, ...]:
    key = (meld.kind, meld.suit, meld.rank, meld.low, meld.cards, meld.wild, added)
    found = resolutions.get(key)
    if found is None:
        if len(resolutions) >= _MEMO_LIMIT:
            resolutions.clear()
        found = resolutions[key] = _canonical_melds(attach_options(meld, added, rules))
    return found


def _group_wilds(hand: list[int], rank: int) -> list[int]:
    """The wilds a group can take: any jolly or 2, but only a jolly in a group of 2s."""
    return [c for c in WILD_TYPES if hand[c] and (rank != TWO or c == JOKER)]


def _group_melds(hand: list[int], rank: int, rules: RuleSet) -> list[MeldOption]:
    wild_types = _group_wilds(hand, rank)
    out: list[MeldOption] = []
    for cards in _group_candidates(hand, rank, wild_types, rules.max_group_naturals):
        for meld in new_meld_options(cards, rules):
            if meld.kind == GROUP:
                out.append((meld_action(MELD, 0, meld, cards), meld))
    return out


def _attach_melds(meld: Meld, number: int, hand: list[int], rules: RuleSet
                  ) -> list[MeldOption]:
    wild_types = (_group_wilds(hand, meld.rank) if meld.kind == GROUP
                  else [c for c in WILD_TYPES if hand[c]])
    seen: set[tuple[tuple[int, ...], tuple[Any, ...]]] = set()
    out: list[MeldOption] = []
    tried: set[tuple[int, ...]] = set()
    resolutions = _resolutions_for(rules)
    for added in _attach_candidates(meld, hand, wild_types, rules):
        if added in tried:
            continue
        tried.add(added)
        for result in _attach_results(meld, added, rules, resolutions):
            action = meld_action(ATTACH, number, result, added)
            key = (action.cards, action.annotations)
            if key in seen:
                continue
            seen.add(key)
            out.append((action, result))
    return out
def meld_action(kind: str, number: int, meld: Meld, cards: tuple[int, ...] | list[int]
                ) -> Action:
    """The action that produces ``meld``: cards in table order for a new meld, annotated when
    a wild from the hand stands in a sequence (docs/record.md §1: a writer always annotates)."""
    ordered = meld.cards if kind == MELD else tuple(sorted(cards))
    notes: tuple[Any, ...] = ()
    if meld.kind == SEQUENCE and meld.wild >= 0:
        wild_card = meld.cards[meld.wild]
        if wild_card in ordered:
            place = meld.low + meld.wild
            found = _NOTES.get((wild_card, meld.suit, place))
            if found is None:
                target = meld.wild_target()
                assert target is not None
                found = _NOTES[(wild_card, meld.suit, place)] = ((wild_card, target),)
            notes = found
    return Action(kind, tuple(ordered), number, notes)


# The few hundred distinct annotations, shared by every memoised action (fewer objects for
# the garbage collector to walk; see ``Chunk``).
_NOTES: dict[tuple[int, int, int], tuple[Any, ...]] = {}


def _sequence_candidates(hand: list[int], suit: int, wild_types: list[int], max_len: int
                         ) -> Iterator[list[int]]:
    """Card multisets that may form a new sequence: windows of positions with at most one
    place not filled from the hand; that place (or a free end, or a place whose natural the
    player prefers to keep) is taken by one wild (§2.4, §2.5)."""
    base = suit * 13
    present = [hand[base + (p % 13)] > 0 for p in range(14)]
    if not any(present[2:13]) and not present[0]:
        return
    own_two = base + TWO
    aces = hand[base + ACE]
    for lo in range(14):
        hole = -1
        naturals: list[int] = []
        for hi in range(lo, min(14, lo + max_len)):
            if present[hi]:
                naturals.append(base + hi % 13)
            elif hole >= 0:
                break
            else:
                hole = hi
            length = hi - lo + 1
            if length < 2 or (lo == 0 and hi == HIGH_ACE and aces < 2 and hole < 0):
                continue
            for w in wild_types:
                if w == own_two and hand[w] < 1 + naturals.count(own_two):
                    continue
                if hole >= 0:
                    if length >= 3:
                        yield [*naturals, w]
                    continue
                yield [*naturals, w]
                for i in range(1, len(naturals) - 1):
                    yield [*naturals[:i], *naturals[i + 1:], w]
            if hole < 0 and length >= 3:
                yield naturals


def _group_candidates(hand: list[int], rank: int, wild_types: list[int], max_naturals: int
                      ) -> Iterator[list[int]]:
    copies = [hand[s * 13 + rank] for s in range(4)]
    for a in range(copies[0] + 1):
        for b in range(copies[1] + 1):
            for c in range(copies[2] + 1):
                for d in range(copies[3] + 1):
                    k = a + b + c + d
                    if k < 2 or k > max_naturals:
                        continue
                    naturals = ([rank] * a + [13 + rank] * b + [26 + rank] * c
                                + [39 + rank] * d)
                    if k >= 3:
                        yield naturals
                    for w in wild_types:
                        yield [*naturals, w]


def _attach_candidates(meld: Meld, hand: list[int], wild_types: list[int], rules: RuleSet
                       ) -> Iterator[tuple[int, ...]]:
    if meld.kind == GROUP:
        rank = meld.rank
        copies = [hand[s * 13 + rank] for s in range(4)]
        room = rules.max_group_naturals - (len(meld.cards) - (1 if meld.wild >= 0 else 0))
        wild_options: list[int | None] = [None]
        if meld.wild < 0:
            wild_options.extend(wild_types)
        for a in range(copies[0] + 1):
            for b in range(copies[1] + 1):
                for c in range(copies[2] + 1):
                    for d in range(copies[3] + 1):
                        k = a + b + c + d
                        if k > room:
                            continue
                        naturals = ([rank] * a + [13 + rank] * b + [26 + rank] * c
                                    + [39 + rank] * d)
                        for w in wild_options:
                            if w is None:
                                if k:
                                    yield tuple(naturals)
                            else:
                                yield (*naturals, w)
        return
    base = meld.suit * 13
    own_two = base + TWO
    occupied = [False] * 14
    for i in range(len(meld.cards)):
        if i != meld.wild:
            occupied[meld.low + i] = True
    # Places left for wilds: one (the wild on the table when its card frees it, or one from the
    # hand), two only when the table's wild is a same-suit 2 that can return to its own place.
    max_holes = 2 if meld.wild >= 0 and meld.cards[meld.wild] == own_two else 1
    spans = [occupied]
    if (rules.pinella_natural_to_wild_transition and meld.wild < 0 and occupied[TWO]
            and meld.cards[TWO - meld.low] == own_two):
        loose = occupied[:]
        loose[TWO] = False
        spans.append(loose)
    avail = [hand[base + p % 13] > 0 for p in range(14)]
    longest = rules.max_sequence_cards
    for occ in spans:
        filled = [p for p in range(14) if occ[p]]
        if not filled:
            continue
        nat_lo, nat_hi = filled[0], filled[-1]
        inner = [p for p in range(nat_lo, nat_hi + 1) if not occ[p]]
        inner_missing = sum(1 for p in inner if not avail[p])
        below_missing = 0
        for lo in range(nat_lo, -1, -1):
            if lo < nat_lo and not avail[lo]:
                below_missing += 1
            if inner_missing + below_missing > max_holes:
                break
            above_missing = 0
            for hi in range(nat_hi, 14):
                if hi > nat_hi and not avail[hi]:
                    above_missing += 1
                if (inner_missing + below_missing + above_missing > max_holes
                        or hi - lo + 1 > longest):
                    break
                empty = [*range(lo, nat_lo), *inner, *range(nat_hi + 1, hi + 1)]
                yield from _fill_variants(empty, avail, base, hand, wild_types, max_holes)


def _fill_variants(empty: list[int], avail: list[bool], base: int, hand: list[int],
                   wild_types: list[int], max_holes: int) -> Iterator[tuple[int, ...]]:
    """Added-card multisets for one window: every empty place from the hand except at most
    ``max_holes`` left for wilds (the one on the table moving, or one from the hand)."""
    available = [p for p in empty if avail[p]]
    missing = len(empty) - len(available)
    choices: list[list[int]] = [[]]
    if missing < max_holes:
        choices += [[p] for p in available]
    if missing == 0 and max_holes >= 2:
        choices += [[p, q] for i, p in enumerate(available) for q in available[i + 1:]]
    ace = base + ACE
    for holes in choices:
        if missing + len(holes) > max_holes:
            continue
        added = [base + p % 13 for p in available if p not in holes]
        if added.count(ace) > hand[ace]:
            continue
        if added:
            yield tuple(added)
        for w in wild_types:
            if hand[w] > added.count(w):
                yield (*added, w)
