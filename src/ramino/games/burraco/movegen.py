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

from collections.abc import Iterator, Sequence
from typing import Any, Final

from ramino.cards import ACE, JOKER, TWO
from ramino.games.actions import ATTACH, MELD, Action, new_action
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

# Enum members as module constants: compiled, a constant is a C static, while ``Enum.MEMBER``
# goes through the enum type's ``__getattr__`` (Python 3.11) on every use.
_REPOSITION_FIBUR_STRICT: Final = WildRepositionPolicy.FIBUR_STRICT

WILD_TYPES: Final = (JOKER, 1, 14, 27, 40)
MeldOption = tuple[Action, Meld]



class Chunk:
    """Memoised options: ``actions[i]`` produces ``melds[i]``; ``most_cards`` is the most
    cards any of them takes from the hand (a caller that only cares about melds going down to
    one card can accept a whole chunk at once).

    Two parallel tuples rather than a list of pairs: the memo lives for the whole process,
    and every object in it is walked by each full garbage collection (with a pair per option
    that walk cost a third of the engine's time)."""

    __slots__ = ("actions", "melds", "most_cards")

    def __init__(self, actions: Sequence[Action], melds: Sequence[Meld]) -> None:
        self.actions = tuple(actions)
        self.melds = tuple(melds)
        most = 0
        for action in self.actions:
            if len(action.cards) > most:
                most = len(action.cards)
        self.most_cards = most


_NOTHING: Final = Chunk([], [])

Memo = dict[Any, Chunk]
# How a sorted card multiset may be laid, or a meld extended (see ``_sequence_options``).
Resolutions = dict[Any, tuple[Meld, ...]]

# One memo (and one table of resolutions) per rule set, so that the keys need not hold the
# rules: a RuleSet hashes in interpreted Python, and putting it in every key cost more than
# the rest of a memo hit; a key holding the RuleSet or a Meld would also stay tracked by the
# garbage collector (see ``Chunk``).
_MEMOS: Final[dict[RuleSet, tuple[Memo, Resolutions]]] = {}
_MEMO_LIMIT: Final = 200_000


# The rule set last looked up and its tables: a position looks them up by identity first,
# since hashing a RuleSet calls its (interpreted) ``__hash__``.
_LAST: Final[list[Any]] = [None, None]


def _tables_for(rules: RuleSet) -> tuple[Memo, Resolutions]:
    if _LAST[0] is rules:
        last: tuple[Memo, Resolutions] = _LAST[1]
        return last
    found = _MEMOS.get(rules)
    if found is None:
        if len(_MEMOS) >= 64:
            _MEMOS.clear()
        found = _MEMOS[rules] = ({}, {})
    _LAST[0] = rules
    _LAST[1] = found
    return found


def memo_for(rules: RuleSet) -> Memo:
    """The move-generation memo of ``rules`` (look it up once per position)."""
    return _tables_for(rules)[0]


# Canonical copies of the actions and melds the memo holds.  The same option recurs under many
# keys (a 5-6-7 of hearts is offered whatever else the hand holds): without sharing, 600 hands
# left 102K actions and 45K melds in the memo for 14K and 9K distinct values, and each one is
# an object every full garbage collection walks.
_CANONICAL_ACTIONS: Final[dict[Action, Action]] = {}
_CANONICAL_MELDS: Final[dict[Meld, Meld]] = {}


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
    for suit in range(4):
        found = sequence_chunk(hand, suit, rules, wilds, memo)
        if found.actions:
            yield SEQUENCE, suit, found
    for rank in range(13 if rules.groups_allowed else 0):
        if rank == TWO and not rules.allow_group_of_twos:
            continue
        found = group_chunk(hand, rank, rules, wilds, memo)
        if found.actions:
            yield GROUP, rank, found


# Memo keys are ints where they can be (a key per position and suit or rank: an int hashes in
# one step and is no object for the garbage collector); the low two bits say which table the
# key is of, so that the kinds never collide.
_SEQ_TAG: Final = 0
_GROUP_TAG: Final = 1
_ATTACH_GROUP_TAG: Final = 2
_ATTACH_SEQ_TAG: Final = 3


def sequence_chunk(hand: list[int], suit: int, rules: RuleSet, wilds: int, memo: Memo
                   ) -> Chunk:
    """The new sequences of one suit (the ``SEQUENCE`` chunks of :func:`new_melds`)."""
    base = suit * 13
    # sequence_key(hand, base, wilds != 0), packed as it is computed (no tuple per suit).
    present = 0
    for place in range(13):
        if hand[base + place]:
            present |= 1 << place
    present |= (present & 1) << 13
    if wilds:
        cover = present & ((present >> 1) | (present >> 2) | (present << 1) | (present << 2))
    else:
        starts = present & (present >> 1) & (present >> 2)
        cover = starts | (starts << 1) | (starts << 2)
    fields = (((cover << 4 | hand[base]) << 4 | hand[base + 1]) << 5 | wilds) << 2 | suit
    key = fields << 2 | _SEQ_TAG
    found = memo.get(key)
    if found is None:
        found = _remember(memo, key, _sequence_melds(hand, suit, rules))
    return found


def group_chunk(hand: list[int], rank: int, rules: RuleSet, wilds: int, memo: Memo) -> Chunk:
    """The new groups of one rank (the ``GROUP`` chunks of :func:`new_melds`; the caller
    skips the 2s unless ``allow_group_of_twos``)."""
    c0 = hand[rank]
    c1 = hand[13 + rank]
    c2 = hand[26 + rank]
    c3 = hand[39 + rank]
    if c0 + c1 + c2 + c3 < 2:
        return _NOTHING
    key = (((((((c0 << 4 | c1) << 4 | c2) << 4 | c3) << 4 | rank) << 5 | wilds) << 2)
           | _GROUP_TAG)
    found = memo.get(key)
    if found is None:
        found = _remember(memo, key, _group_melds(hand, rank, rules))
    return found


def attachments(meld: Meld, number: int, hand: list[int], rules: RuleSet,
                wilds: int, memo: Memo) -> Chunk:
    """Every legal ``attach number …`` of ``hand`` onto ``meld`` with the resulting meld.

    ``wilds`` is :func:`wild_key` of the hand and ``memo`` :func:`memo_for` the rules (both
    computed once per position by the caller)."""
    # The meld enters the key by its cards and the rest as one int, not as the object: a key of
    # ints and tuples is one the garbage collector stops tracking (see ``Chunk``).  The table
    # number is the int's top field (``_ANY`` + 1 = 0 for "any number").
    if meld.kind == GROUP:
        r = meld.rank
        c0 = hand[r]
        c1 = hand[13 + r]
        c2 = hand[26 + r]
        c3 = hand[39 + r]
        copies = ((c0 << 4 | c1) << 4 | c2) << 4 | c3
        if meld.wild >= 0:
            if not copies:
                return _NOTHING
            # A group holding its wild takes no other: the hand's wilds do not matter.
            fields = (copies << 5) << 5 | (meld.wild + 1)
        else:
            if not copies and not wilds:
                return _NOTHING
            fields = ((copies << 5 | wilds) << 5) | (meld.wild + 1)
        fields = fields << 2 | _ATTACH_GROUP_TAG
    else:
        relevant = _reachable(meld, hand, wilds, rules)
        if relevant < 0:
            return _NOTHING
        fields = ((((relevant << 4) | meld.low) << 5 | (meld.wild + 1)) << 2) | _ATTACH_SEQ_TAG
    key = (meld.cards, (number + 1) << 48 | fields)
    found = memo.get(key)
    if found is None:
        found = _attach_miss(memo, key, (meld.cards, fields), meld, number, hand, rules)
    return found


# The table number standing for "any" in an attachment key (real numbers start at 1).
_ANY: Final = -1


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
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    if not known.actions:
        memo[key] = _NOTHING
        return _NOTHING
    if len(_CANONICAL_ACTIONS) >= _MEMO_LIMIT:
        _CANONICAL_ACTIONS.clear()
    renumbered: list[Action] = []
    for action in known.actions:
        fresh = new_action(ATTACH, action.cards, number, action.annotations)
        renumbered.append(_CANONICAL_ACTIONS.setdefault(fresh, fresh))
    # The melds are the known chunk's own (already canonical): only the actions change.
    chunk = memo[key] = Chunk(renumbered, known.melds)
    return chunk


def _reachable(meld: Meld, hand: list[int], wilds: int, rules: RuleSet) -> int:
    """What of the hand an attachment to a sequence can use, as part of a memo key (-1:
    nothing).

    Gaps in the final sequence are filled only by a wild: one from the hand (never into a meld
    that keeps its own wild), the meld's wild moving (under FIBUR_STRICT only when its own card
    is attached), or a natural 2 turning wild; two when the meld's wild is a same-suit 2 that
    can go back to its place.  So the usable places are the meld's and, on each side, those up
    to the first gap no wild can fill; cards beyond cannot join and stay out of the key, which
    packs (lo, hi, the suit's aces and 2s, the hand's wilds if they can join, and the places of
    lo..hi the hand holds) into one int."""
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
    elif rules.wild_reposition_policy is _REPOSITION_FIBUR_STRICT:
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
    # A place the meld already holds with a natural takes no card from the hand (the 2's
    # place excepted: a natural 2 there may turn wild), so the hand's copy stays out of the key.
    held = 0
    for i in range(len(meld.cards)):
        if i != meld.wild and meld.low + i != TWO:
            held |= 1 << (meld.low + i)
    places = 0
    for place in range(lo, hi + 1):
        if hand[base + place % 13] and not held >> place & 1:
            places |= 1 << (place - lo)
    if not places and not hand_wilds:
        return -1
    return (((((places << 4 | lo) << 4 | hi) << 4 | hand[base]) << 4 | hand[base + 1]) << 5
            | hand_wilds)


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
    return new_action(kind, tuple(ordered), number, notes)


# The few hundred distinct annotations, shared by every memoised action (fewer objects for
# the garbage collector to walk; see ``Chunk``).
_NOTES: Final[dict[tuple[int, int, int], tuple[Any, ...]]] = {}


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
                       ) -> list[tuple[int, ...]]:
    """Added-card multisets that may extend ``meld`` (the resolvers decide which do), in a
    fixed order.  Built in a list with plain loops: this runs on every attachment the memo
    has not seen, the costliest part of move generation."""
    out: list[tuple[int, ...]] = []
    if meld.kind == GROUP:
        rank = meld.rank
        copies = [hand[s * 13 + rank] for s in range(4)]
        room = rules.max_group_naturals - (len(meld.cards) - (1 if meld.wild >= 0 else 0))
        free_wild = meld.wild < 0
        for a in range(copies[0] + 1):
            for b in range(copies[1] + 1):
                for c in range(copies[2] + 1):
                    for d in range(copies[3] + 1):
                        k = a + b + c + d
                        if k > room:
                            continue
                        naturals = ([rank] * a + [13 + rank] * b + [26 + rank] * c
                                    + [39 + rank] * d)
                        if k:
                            out.append(tuple(naturals))
                        if free_wild:
                            for w in wild_types:
                                out.append((*naturals, w))
        return out
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
        nat_lo = -1
        nat_hi = -1
        for p in range(14):
            if occ[p]:
                if nat_lo < 0:
                    nat_lo = p
                nat_hi = p
        if nat_lo < 0:
            continue
        inner: list[int] = []
        inner_missing = 0
        for p in range(nat_lo, nat_hi + 1):
            if not occ[p]:
                inner.append(p)
                if not avail[p]:
                    inner_missing += 1
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
                empty: list[int] = []
                for p in range(lo, nat_lo):
                    empty.append(p)
                empty.extend(inner)
                for p in range(nat_hi + 1, hi + 1):
                    empty.append(p)
                _fill_variants(empty, avail, base, hand, wild_types, max_holes, out)
    return out


def _fill_variants(empty: list[int], avail: list[bool], base: int, hand: list[int],
                   wild_types: list[int], max_holes: int, out: list[tuple[int, ...]]) -> None:
    """Append to ``out`` the added-card multisets for one window: every empty place from the
    hand except at most ``max_holes`` left for wilds (the one on the table moving, or one from
    the hand)."""
    available: list[int] = []
    for p in empty:
        if avail[p]:
            available.append(p)
    missing = len(empty) - len(available)
    choices: list[list[int]] = [[]]
    if missing < max_holes:
        for p in available:
            choices.append([p])
    if missing == 0 and max_holes >= 2:
        for i in range(len(available)):
            for j in range(i + 1, len(available)):
                choices.append([available[i], available[j]])
    ace = base + ACE
    aces_held = hand[ace]
    for holes in choices:
        if missing + len(holes) > max_holes:
            continue
        added: list[int] = []
        aces = 0
        for p in available:
            if p not in holes:
                card = base + p % 13
                added.append(card)
                if card == ace:
                    aces += 1
        if aces > aces_held:
            continue
        if added:
            out.append(tuple(added))
        for w in wild_types:
            if hand[w] > added.count(w):
                out.append((*added, w))
