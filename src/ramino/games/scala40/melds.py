"""Scala 40 melds: validity, the jolly's declared card, attachments, jolly swaps, points.

§6.2 (melds), §6.3 items 2 and 4 (opening count, jolly swap), §1.2 (sequence order),
§1.3 (Scala 40 columns).  Scala 40 differs from Burraco (``ramino.games.burraco.melds``) in ways
that make a
separate module simpler than options there: only the jolly is wild (a 2 is a natural card worth
2), a meld holds at most one jolly, a group (tris/poker) has 3 or 4 cards of *different* suits
(T-09: ``7♥ 7♥ 7♣`` is illegal), and a jolly stands for one declared card, suit included, which
it keeps until a player swaps it for that exact card.

A sequence lives on 14 *positions*: 0 the low ace, 1..12 the ranks 2..K, 13 the high ace; at
most 14 cards, never a natural ace at both ends (no wrap, §1.2).  A jolly may stand anywhere in
a sequence.  When the rules leave the jolly's card open (``5♥ 6♥ JK`` could be ``4♥`` or
``7♥``; ``7♣ 7♠ JK`` could be ``7♥`` or ``7♦``) the player must declare it (§6.2, "declaring
the jolly"); the record notation does it with ``JK=7h``.  Move generation always declares.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations
from typing import Final

from ramino.cards import JOKER, RANKS, SUITS, WildTarget, card_str, make_card
from ramino.errors import IllegalActionError
from ramino.rules.options import RuleSet

SEQUENCE: Final = "sequence"
GROUP: Final = "group"
HIGH_ACE: Final = 13

# Opening value of each sequence position (§1.3, last column): a low ace 1, a high ace 11.
POSITION_VALUE: Final = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)

Annotation = tuple[int, WildTarget]


def card_at(position: int, suit: int) -> int:
    return make_card(position % 13, suit)


def rank_value(rank: int) -> int:
    """Opening value of a card of ``rank`` in a group: the ace counts 11 (§1.3)."""
    return 11 if rank == 0 else POSITION_VALUE[rank]


@dataclass(frozen=True, slots=True)
class Meld:
    """A Scala 40 meld on the table.  ``cards`` in table order (a sequence from its low end);
    ``jolly`` is the card type the jolly stands for (-1: no jolly).  A sequence has its
    ``suit`` and the position ``low`` of its first card; a group has its ``rank``."""

    kind: str
    cards: tuple[int, ...]
    jolly: int = -1
    suit: int = -1
    rank: int = -1
    low: int = -1
    _hash: int = field(default=0, repr=False, compare=False)
    # ``fitting_cards`` of the meld, computed once, and the group size it was computed for.
    _fits: frozenset[int] | None = field(default=None, repr=False, compare=False)
    _fits_size: int = field(default=0, repr=False, compare=False)
    _fits_mask: int = field(default=0, repr=False, compare=False)
    # The meld once its jolly is swapped for its card (``swapped``), made once.
    _swapped: Meld | None = field(default=None, repr=False, compare=False)

    def __hash__(self) -> int:
        # Melds key the lay-off caches (``_fitting``) on every discard; hash the fields once.
        h = self._hash
        if h == 0:
            h = hash((self.kind, self.cards, self.jolly, self.suit, self.rank, self.low)) or 1
            object.__setattr__(self, "_hash", h)
        return h

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def card_tokens(self) -> list[str]:
        return [("JK=" + card_str(self.jolly)) if c == JOKER else card_str(c)
                for c in self.cards]

    def __str__(self) -> str:
        return " ".join(self.card_tokens())

    def represented(self) -> tuple[int, ...]:
        """The cards the meld stands for, the jolly replaced by its declared card."""
        return tuple(self.jolly if c == JOKER else c for c in self.cards)

    def opening_points(self) -> int:
        """Points toward the 40 of the opening: each card at its own value, the jolly at the
        value of the card it stands for, an ace 1 low and 11 high or in a group (T-43)."""
        if self.kind == GROUP:
            return rank_value(self.rank) * len(self.cards)
        return sum(POSITION_VALUE[self.low:self.low + len(self.cards)])

    @property
    def clean(self) -> bool:
        return self.jolly < 0


def _illegal(message: str, rule: str, section: str = "§6.2") -> IllegalActionError:
    return IllegalActionError(message, rule=rule, section=section)


# --- building a meld from cards ------------------------------------------------------------------


def _sequence(suit: int, low: int, naturals: dict[int, int], jolly_pos: int) -> Meld:
    """The sequence whose positions ``low``.. hold ``naturals`` (position -> card) and the
    jolly at ``jolly_pos`` (-1: none)."""
    size = len(naturals) + (jolly_pos >= 0)
    cards = tuple(JOKER if p == jolly_pos else naturals[p] for p in range(low, low + size))
    jolly = card_at(jolly_pos, suit) if jolly_pos >= 0 else -1
    return Meld(SEQUENCE, cards, jolly, suit, -1, low)


def sequence_options(naturals: Sequence[int], jolly: bool, fixed: dict[int, int] | None = None,
                     fixed_jolly: int = -1) -> list[Meld]:
    """Every sequence made of ``naturals`` (plus one jolly if ``jolly``) and, for an attachment,
    the cards ``fixed`` already on the table (position -> card, the table jolly at
    ``fixed_jolly``).  Several results mean the jolly's place is the player's choice."""
    fixed = fixed or {}
    suits = {c // 13 for c in naturals} | {c // 13 for c in fixed.values()}
    if fixed_jolly >= 0 and not fixed and not naturals:
        return []
    if len(suits) != 1:
        return []
    suit = next(iter(suits))
    out: list[Meld] = []
    aces = [c for c in naturals if c % 13 == 0]
    others = [c for c in naturals if c % 13 != 0]
    if len(aces) > 1:
        return []
    for ace_pos in ([0, HIGH_ACE] if aces else [-1]):
        placed = dict(fixed)
        ok = True
        for c in others:
            if c % 13 in placed:
                ok = False
                break
            placed[c % 13] = c
        if ace_pos >= 0:
            if ace_pos in placed:
                ok = False
            placed[ace_pos] = aces[0]
        if not ok:
            continue
        if 0 in placed and HIGH_ACE in placed:
            continue  # a natural ace at both ends (§1.2)
        occupied = set(placed)
        if fixed_jolly >= 0:
            occupied.add(fixed_jolly)
        if fixed_jolly in placed:
            continue  # the jolly's card is given by a swap, never by an attachment
        lo, hi = min(occupied), max(occupied)
        gaps = [p for p in range(lo, hi + 1) if p not in occupied]
        if not jolly:
            if not gaps:
                out.append(_with_jolly(suit, lo, placed, fixed_jolly))
            continue
        if len(gaps) == 1:
            out.append(_with_jolly(suit, lo, placed, gaps[0]))
        elif not gaps:
            if lo > 0:
                out.append(_with_jolly(suit, lo - 1, placed, lo - 1))
            if hi < HIGH_ACE:
                out.append(_with_jolly(suit, lo, placed, hi + 1))
    return out


def _with_jolly(suit: int, low: int, placed: dict[int, int], jolly_pos: int) -> Meld:
    naturals = {p: c for p, c in placed.items() if p != jolly_pos}
    return _sequence(suit, low, naturals, jolly_pos)


def group_options(naturals: Sequence[int], jolly: bool, rules: RuleSet,
                  fixed: Sequence[int] = (), fixed_jolly: int = -1) -> list[Meld]:
    """Every group of ``naturals`` (plus one jolly if ``jolly``) added to the group cards
    ``fixed`` (its jolly standing for ``fixed_jolly``): one rank, all suits different (§6.2)."""
    every = [*fixed, *naturals]
    if not every:
        return []
    rank = every[0] % 13
    if any(c % 13 != rank for c in every):
        return []
    suits = [c // 13 for c in every]
    if fixed_jolly >= 0:
        suits.append(fixed_jolly // 13)
    if len(set(suits)) != len(suits):
        return []
    size = len(every) + (fixed_jolly >= 0) + jolly
    if size > rules.group_max_size or size < 3:
        return []
    naturals_sorted = tuple(sorted(every))
    if not jolly:
        cards = naturals_sorted + ((JOKER,) if fixed_jolly >= 0 else ())
        return [Meld(GROUP, cards, fixed_jolly, -1, rank)]
    return [Meld(GROUP, (*naturals_sorted, JOKER), make_card(rank, s), -1, rank)
            for s in range(4) if s not in suits]


def _pick(options: list[Meld], annotations: Sequence[Annotation], written: str,
          kind_hint: str) -> Meld:
    targets = [t for _, t in annotations]
    if targets:
        target = targets[0]
        chosen = [m for m in options if m.jolly >= 0 and m.jolly % 13 == target.rank
                  and (target.suit is None or m.jolly // 13 == target.suit)]
        if not chosen:
            raise _illegal(f"{written}: the jolly cannot stand for {target} here",
                           "jolly-declaration")
        options = chosen
    if len({m.jolly for m in options}) == 1:
        # Only the ace's end is open (a 2..K run takes an ace low or high): the low end, the
        # same choice move generation makes.
        return min(options, key=lambda m: m.low)
    if len(options) > 1:
        choices = " or ".join(card_str(m.jolly) for m in options)
        raise _illegal(f"{written}: declare the card the jolly stands for, suit included "
                       f"({choices}), e.g. JK={card_str(options[0].jolly)}", "declare-jolly")
    return options[0]


def _split(cards: Iterable[int], annotations: Sequence[Annotation],
           written: str) -> tuple[list[int], int]:
    naturals: list[int] = []
    jollies = 0
    for c in cards:
        if c == JOKER:
            jollies += 1
        else:
            naturals.append(c)
    for card, _ in annotations:
        if card != JOKER:
            raise _illegal(f"{written}: only the jolly is wild in Scala 40; a 2 is a natural "
                           "card and carries no '='", "only-jolly-wild")
    if len(annotations) > 1:
        raise _illegal(f"{written}: one jolly per meld", "one-jolly-per-meld")
    return naturals, jollies


def new_meld(cards: Sequence[int], annotations: Sequence[Annotation], rules: RuleSet) -> Meld:
    """The meld ``cards`` make, or :class:`IllegalActionError` saying why not (§6.2)."""
    written = " ".join(card_str(c) for c in cards)
    if len(cards) < 3:
        raise _illegal(f"{written}: a meld needs at least three cards", "meld-min-three")
    naturals, jollies = _split(cards, annotations, written)
    if jollies > rules.max_jolly_per_meld:
        raise _illegal(f"{written}: one jolly per meld", "one-jolly-per-meld")
    if len(naturals) < 2:
        raise _illegal(f"{written}: a meld may not be made of jollies", "no-all-jolly")
    jolly = jollies == 1
    ranks = {c % 13 for c in naturals}
    if len(ranks) == 1 and len(naturals) >= 2:
        options = group_options(naturals, jolly, rules)
        if not options:
            suits = [c // 13 for c in naturals]
            if len(set(suits)) != len(suits):
                raise _illegal(f"{written}: the cards of a group must all be of different suits "
                               "(T-09)", "group-distinct-suits")
            raise _illegal(f"{written}: a group holds at most {rules.group_max_size} cards, "
                           "jolly included", "group-size")
        return _pick(options, annotations, written, GROUP)
    options = sequence_options(naturals, jolly)
    if not options:
        raise _illegal(f"{written}: not a sequence (same suit, consecutive, ace low or high, "
                       "no wrap, one jolly) nor a group (same rank, different suits)",
                       "meld-shape")
    return _pick(options, annotations, written, SEQUENCE)


def attach(meld: Meld, cards: Sequence[int], annotations: Sequence[Annotation],
           rules: RuleSet) -> Meld:
    """``meld`` with ``cards`` laid off on it, or :class:`IllegalActionError` (§6.3 item 3).
    The jolly already in the meld keeps its card; its card itself comes only by a swap."""
    written = " ".join(card_str(c) for c in cards)
    if not cards:
        raise _illegal("attach: no cards", "attach-cards", "§6.3")
    naturals, jollies = _split(cards, annotations, written)
    if jollies + (meld.jolly >= 0) > rules.max_jolly_per_meld:
        raise _illegal(f"{written}: meld already holds its one jolly", "one-jolly-per-meld")
    jolly = jollies == 1
    if meld.kind == GROUP:
        group_fixed = [c for c in meld.cards if c != JOKER]
        options = group_options(naturals, jolly, rules, group_fixed, meld.jolly)
        if not options:
            if meld.jolly in naturals:
                raise _illegal(f"{written}: the jolly already stands for {card_str(meld.jolly)}; "
                               "take it with 'swap'", "jolly-swap", "§6.3")
            raise _illegal(f"{written}: does not fit the group {meld} (same rank, different "
                           f"suits, at most {rules.group_max_size} cards)", "meld-shape")
        return _pick(options, annotations, written, GROUP)
    fixed = {p: c for p, c in zip(range(meld.low, meld.high + 1), meld.cards, strict=True)
             if c != JOKER}
    jolly_pos = meld.low + meld.cards.index(JOKER) if meld.jolly >= 0 else -1
    options = sequence_options(naturals, jolly, fixed, jolly_pos)
    if not options:
        if meld.jolly in naturals:
            raise _illegal(f"{written}: the jolly already stands for {card_str(meld.jolly)}; take "
                           "it with 'swap'", "jolly-swap", "§6.3")
        raise _illegal(f"{written}: does not extend the sequence {meld} (same suit, "
                       "consecutive at its ends, no wrap)", "meld-shape")
    return _pick(options, annotations, written, SEQUENCE)


def swap(meld: Meld, card: int) -> Meld:
    """``meld`` with its jolly replaced by ``card``, the exact card it stands for (§6.3 item 4)."""
    if meld.jolly < 0:
        raise _illegal(f"swap: {meld} holds no jolly", "jolly-swap", "§6.3")
    if card != meld.jolly:
        raise _illegal(f"swap: the jolly in {meld} stands for {card_str(meld.jolly)}; only that "
                       f"exact card may replace it, not {card_str(card)}", "jolly-swap-exact",
                       "§6.3")
    cards = tuple(card if c == JOKER else c for c in meld.cards)
    if meld.kind == GROUP:
        cards = tuple(sorted(cards))
    return Meld(meld.kind, cards, -1, meld.suit, meld.rank, meld.low)


def swapped(meld: Meld) -> Meld:
    """``swap(meld, meld.jolly)``, made once per meld: move generation offers the swap of every
    jolly the player can take on every turn."""
    result = meld._swapped
    if result is None:
        result = swap(meld, meld.jolly)
        object.__setattr__(meld, "_swapped", result)
    return result


# --- move generation ------------------------------------------------------------------------------

Option = tuple[tuple[int, ...], tuple[Annotation, ...], Meld]


def _declared(meld: Meld) -> tuple[Annotation, ...]:
    if meld.jolly < 0:
        return ()
    return ((JOKER, WildTarget(meld.jolly % 13, meld.jolly // 13)),)


def new_meld_options(hand: Sequence[int], rules: RuleSet) -> list[Option]:
    """Every new meld the hand (a count vector) can put down, each jolly declared, sequences
    suit by suit, then groups rank by rank.  Two copies of a card make the same meld, so each
    meld is listed once.  The options themselves are shared (memoised): do not change them."""
    out: list[Option] = []
    for chunk in meld_chunks(hand, rules.group_max_size):
        out.extend(chunk.options)
    return out


Needs = tuple[tuple[int, int], ...]


def option_needs(cards: tuple[int, ...]) -> Needs:
    """The cards of an option as (card type, copies) pairs."""
    return tuple([(c, cards.count(c)) for c in set(cards)])


class MeldChunk:
    """The new melds of one suit (sequences) or one rank (groups), memoised on what the hand
    holds of it, and, once :meth:`prepare` has run (only the apertura search needs it), what
    that search reads of each: ``points`` its opening points, ``clean`` whether it holds no
    jolly, ``needs`` its cards as (card, copies) pairs, ``users`` for each card type used the
    options using it (bit ``j`` for option ``j``), and ``cover`` those card types.  Tuples of
    ints, which the garbage collector stops tracking: a large memo then costs its collections
    little."""

    __slots__ = ("clean", "cover", "needs", "options", "points", "prepared", "users")

    def __init__(self, options: tuple[Option, ...]) -> None:
        self.options = options
        self.prepared = False
        self.points: tuple[int, ...] = ()
        self.clean: tuple[bool, ...] = ()
        self.needs: tuple[Needs, ...] = ()
        self.users: tuple[tuple[int, int], ...] = ()
        self.cover: tuple[int, ...] = ()

    def prepare(self) -> None:
        options = self.options
        self.points = tuple([o[2].opening_points() for o in options])
        self.clean = tuple([o[2].jolly < 0 for o in options])
        self.needs = tuple([option_needs(o[0]) for o in options])
        users: dict[int, int] = {}
        for j, o in enumerate(options):
            for c in o[0]:
                users[c] = users.get(c, 0) | 1 << j
        self.users = tuple(sorted(users.items()))
        self.cover = tuple(users)
        self.prepared = True


class HandMelds:
    """The new melds of a hand as :func:`new_meld_options` lists them, and their data for the
    apertura search (see :class:`MeldChunk`), ``users`` indexed by card type and ``cover``
    the card types some option uses.  ``options`` are shared: read only."""

    __slots__ = ("clean", "cover", "needs", "options", "points", "users")

    cover: set[int]

    def __init__(self, chunks: list[MeldChunk]) -> None:
        options: list[Option] = []
        points: list[int] = []
        clean: list[bool] = []
        needs: list[Needs] = []
        users = [0] * (JOKER + 1)
        cover: set[int] = set()
        for chunk in chunks:
            if chunk.options:
                if not chunk.prepared:
                    chunk.prepare()
                offset = len(options)
                for c, bits in chunk.users:
                    users[c] |= bits << offset
                options.extend(chunk.options)
                points.extend(chunk.points)
                clean.extend(chunk.clean)
                needs.extend(chunk.needs)
                cover.update(chunk.cover)
        self.options = options
        self.points = points
        self.clean = clean
        self.needs = needs
        self.users = users
        self.cover = cover


def hand_melds(hand: Sequence[int], rules: RuleSet) -> HandMelds:
    """The new melds of ``hand`` (a count vector) and their data; see :class:`HandMelds`."""
    return HandMelds(meld_chunks(hand, rules.group_max_size))


# What a hand can meld in one suit depends only on which of its ranks it holds (a second copy
# makes the same melds) and on whether it holds a jolly, so sequences are memoised per suit on
# ``bytes`` of the suit's counts with every count above one read as one.  A hand changes by a
# card or two a turn, so most of its suits are found in the memo (a memo of whole hands would
# hardly ever hit).  At most 2**13 keys per suit and jolly: the memo needs no bound.
_PRESENT: Final = bytes([0] + [1] * 255)
_SUIT_MEMO: Final[list[dict[bytes, MeldChunk]]] = [{} for _ in range(8)]
_ONES: Final = int.from_bytes(b"\1" * 13, "little")
_HIGHS: Final = _ONES * 0x80
_NOTHING: Final = MeldChunk(())


def held_types(hand: Sequence[int]) -> bytes:
    """Which card types ``hand`` (a count vector) holds: one byte per type, 0 or 1.  What the
    move generator needs to know of a hand, in the form its memos are keyed on."""
    return bytes(hand).translate(_PRESENT)


def meld_chunks(hand: Sequence[int], group_max_size: int) -> list[MeldChunk]:
    """The new melds of ``hand`` in chunks: the sequences of each suit, then the groups of each
    rank held in enough suits."""
    return held_chunks(bytes(hand).translate(_PRESENT), group_max_size)


def held_chunks(present: bytes, group_max_size: int) -> list[MeldChunk]:
    """:func:`meld_chunks` of the card types ``present`` (see :func:`held_types`)."""
    has_jolly = present[JOKER]
    out = [_suit_chunk(present[0:13], 0, has_jolly), _suit_chunk(present[13:26], 1, has_jolly),
           _suit_chunk(present[26:39], 2, has_jolly), _suit_chunk(present[39:52], 3, has_jolly)]
    # The ranks held in at least ``need`` suits, all at once: the four suits' presence bytes
    # added as one number count each rank's suits in its own byte (at most 4: no carry);
    # adding 128 - need sets a byte's high bit exactly where the count reaches ``need`` (3, or
    # 2 with a jolly).
    counts = (int.from_bytes(present[0:13], "little") + int.from_bytes(present[13:26], "little")
              + int.from_bytes(present[26:39], "little")
              + int.from_bytes(present[39:52], "little"))
    ranks = (counts + (125 + has_jolly) * _ONES) & _HIGHS
    while ranks:
        low = ranks & -ranks
        rank = (low.bit_length() - 1) >> 3
        ranks ^= low
        mask = (present[rank] | present[rank + 13] << 1 | present[rank + 26] << 2
                | present[rank + 39] << 3)
        out.append(_rank_chunk(rank, mask, bool(has_jolly), group_max_size))
    return out


def _suit_chunk(present: bytes, suit: int, has_jolly: int) -> MeldChunk:
    """The sequences of ``suit`` given which of its ranks are held (``present``, 13 bytes)."""
    memo = _SUIT_MEMO[2 * suit + has_jolly]
    chunk = memo.get(present)
    if chunk is None:
        mask = _rank_bits(present)
        chunk = memo[present] = (MeldChunk(_suit_sequences(suit, mask, bool(has_jolly)))
                                 if mask else _NOTHING)
    return chunk


def _rank_bits(present: bytes) -> int:
    """The ranks held of one suit (``present``, 13 bytes) as bits: bit ``r`` for rank ``r``."""
    mask = 0
    for rank in range(13):
        if present[rank]:
            mask |= 1 << rank
    return mask


@cache
def _rank_chunk(rank: int, mask: int, has_jolly: bool, group_max_size: int) -> MeldChunk:
    return MeldChunk(_rank_groups(rank, mask, has_jolly, group_max_size))


def new_meld_options_with(present: bytes, card: int, rules: RuleSet) -> list[Option]:
    """The options of :func:`new_meld_options` that use ``card`` (a natural card), in the same
    order: the sequences of its suit, then the groups of its rank, that hold it.  ``present``:
    the card types held (:func:`held_types`)."""
    suit, rank = divmod(card, 13)
    has_jolly = present[JOKER]
    chunk = _suit_chunk(present[13 * suit:13 * suit + 13], suit, has_jolly)
    out = [o for o in chunk.options if card in o[0]]
    mask = (present[rank] | present[rank + 13] << 1 | present[rank + 26] << 2
            | present[rank + 39] << 3)
    if _BITS[mask] >= 3 - has_jolly:
        out.extend(o for o in _rank_groups(rank, mask, bool(has_jolly), rules.group_max_size)
                   if card in o[0])
    return out


_BITS: Final = tuple(bin(m).count("1") for m in range(16))


@cache
def _suit_sequences(suit: int, mask: int, has_jolly: bool) -> tuple[Option, ...]:
    """Every sequence of ``suit`` the ranks in ``mask`` (bit r: rank r held) make, with the
    jolly in every place it can stand when ``has_jolly``."""
    avail = [bool(mask >> (p % 13) & 1) for p in range(14)]
    out: list[Option] = []
    if sum(avail[:13]) + has_jolly < 3:
        return ()
    for lo in range(14):
        if not avail[lo] and not has_jolly:
            continue
        missing = -1
        for hi in range(lo, 14):
            if not avail[hi]:
                if missing >= 0 or not has_jolly:
                    break
                missing = hi
            if hi - lo < 2:
                continue
            if missing < 0:
                if not (lo == 0 and hi == HIGH_ACE):  # both aces: one must be the jolly
                    out.append(_window(suit, lo, hi, -1))
                if has_jolly:
                    for j in range(lo, hi + 1):
                        option = _window(suit, lo, hi, j)
                        if option[2].jolly >= 0:
                            out.append(option)
            else:
                option = _window(suit, lo, hi, missing)
                if option[2].jolly >= 0:
                    out.append(option)
    return tuple(out)


@cache
def _rank_groups(rank: int, mask: int, has_jolly: bool, group_max_size: int
                 ) -> tuple[Option, ...]:
    """Every group of ``rank`` the suits in ``mask`` make (with a jolly if ``has_jolly``)."""
    suits = tuple(s for s in range(4) if mask >> s & 1)
    out: list[Option] = []
    for k in range(2, min(len(suits), group_max_size) + 1):
        for combo in combinations(suits, k):
            if k >= 3:
                out.append(_group(rank, combo, -1))
            if has_jolly and k + 1 <= group_max_size:
                out.extend(_group(rank, combo, s) for s in range(4) if s not in combo)
    return tuple(out)


_CARD_AT: Final = tuple(tuple(make_card(p % 13, suit) for p in range(14)) for suit in range(4))
_NONE: Final = Meld(SEQUENCE, ())
_WINDOWS: dict[tuple[int, int, int, int], Option] = {}
_GROUPS: dict[tuple[int, tuple[int, ...], int], Option] = {}


def _window(suit: int, lo: int, hi: int, jolly_pos: int) -> Option:
    """The sequence on positions ``lo..hi`` of ``suit`` with the jolly at ``jolly_pos`` (-1:
    none), memoised; its meld is ``_NONE``-like (``jolly`` -1 with a jolly position) when the
    window is not a legal meld (fewer than two naturals, or a natural ace at both ends)."""
    key = (suit, lo, hi, jolly_pos)
    option = _WINDOWS.get(key)
    if option is None:
        naturals = {p: _CARD_AT[suit][p] for p in range(lo, hi + 1) if p != jolly_pos}
        if jolly_pos >= 0 and (len(naturals) < 2 or (0 in naturals and HIGH_ACE in naturals)):
            option = ((), (), _NONE)
        else:
            option = _seq_option(suit, lo, naturals, jolly_pos)
        _WINDOWS[key] = option
    return option


def _group(rank: int, combo: tuple[int, ...], jolly_suit: int) -> Option:
    key = (rank, combo, jolly_suit)
    option = _GROUPS.get(key)
    if option is None:
        cards = tuple(make_card(rank, s) for s in combo)
        if jolly_suit < 0:
            option = (cards, (), Meld(GROUP, cards, -1, -1, rank))
        else:
            meld = Meld(GROUP, (*cards, JOKER), make_card(rank, jolly_suit), -1, rank)
            option = ((*cards, JOKER), _declared(meld), meld)
        _GROUPS[key] = option
    return option


def _seq_option(suit: int, low: int, naturals: dict[int, int], jolly_pos: int) -> Option:
    meld = _sequence(suit, low, naturals, jolly_pos)
    cards = tuple(sorted(naturals.values())) + ((JOKER,) if jolly_pos >= 0 else ())
    return cards, _declared(meld), meld


# The lay-offs on a meld depend only on the meld, on which cards next to its ends (a
# sequence, see ``_run_key``) or of its rank (a group) the hand holds, and on whether it holds
# a jolly: memoised on that.
_ATTACH_MEMO: Final[dict[tuple[Meld, int, bool, int], list[Option]]] = {}
_ATTACH_LIMIT: Final = 100_000


def attach_options(meld: Meld, hand: Sequence[int], rules: RuleSet) -> list[Option]:
    """Every way to lay cards of the hand off on ``meld`` (each jolly declared).  The list is
    shared (memoised): do not change it."""
    return held_attach_options(meld, bytes(hand).translate(_PRESENT), rules)


def held_attach_options(meld: Meld, present: bytes, rules: RuleSet) -> list[Option]:
    """:func:`attach_options` for the card types ``present`` (see :func:`held_types`)."""
    has_jolly = present[JOKER] > 0 and meld.jolly < 0
    part: int
    if meld.kind == GROUP:
        rank = meld.rank
        part = (present[rank] | present[rank + 13] << 1 | present[rank + 26] << 2
                | present[rank + 39] << 3)
    else:
        part = _run_key(meld, present, has_jolly)
    key = (meld, part, has_jolly, rules.group_max_size)
    found = _ATTACH_MEMO.get(key)
    if found is None:
        if len(_ATTACH_MEMO) >= _ATTACH_LIMIT:
            _ATTACH_MEMO.clear()
        found = _ATTACH_MEMO[key] = _attach_options(meld, present, rules)
    return found


_PLACES: Final[dict[bytes, int]] = {}
_ALL_PLACES: Final = (1 << 14) - 1


def _run_key(meld: Meld, present: bytes, has_jolly: bool) -> int:
    """What the lay-offs on the sequence ``meld`` depend on: walking outward from each end,
    the places where the hand lacks the card, up to the first one (the second one when a jolly
    may fill the first).  The cards beyond cannot join the sequence, so hands that differ only
    there share the memo's entry."""
    base = 13 * meld.suit
    cards = present[base:base + 13]
    held = _PLACES.get(cards)
    if held is None:
        ranks = _rank_bits(cards)
        held = _PLACES[cards] = ranks | (ranks & 1) << HIGH_ACE  # the ace, low and high
    below = ~held & ((1 << meld.low) - 1)  # the gaps below the meld, walked downward
    gap = below.bit_length() - 1
    low_key = gap + 1
    if has_jolly and gap >= 0:
        low_key |= (below & ~(1 << gap)).bit_length() << 4
    above = ~held & _ALL_PLACES & ~((2 << meld.high) - 1)  # the gaps above, walked upward
    first = above & -above
    high_key = first.bit_length()
    if has_jolly and first:
        rest = above ^ first
        high_key |= (rest & -rest).bit_length() << 4
    return low_key | high_key << 8


def _attach_options(meld: Meld, hand: Sequence[int], rules: RuleSet) -> list[Option]:
    has_jolly = hand[JOKER] > 0 and meld.jolly < 0
    out: list[Option] = []
    if not has_jolly and not any(hand[c] for c in fitting_cards(meld, rules)):
        return out  # nothing in hand fits at either end (or in a free suit)
    if meld.kind == GROUP:
        taken = {c // 13 for c in meld.cards if c != JOKER}
        if meld.jolly >= 0:
            taken.add(meld.jolly // 13)
        free = [s for s in range(4) if s not in taken]
        room = rules.group_max_size - len(meld.cards)
        avail = [s for s in free if hand[make_card(meld.rank, s)]]
        for k in range(0, min(len(avail), room) + 1):
            for combo in combinations(avail, k):
                extra = tuple(make_card(meld.rank, s) for s in combo)
                if k >= 1:
                    result = Meld(GROUP, tuple(sorted(meld.cards + extra, key=_group_order)),
                                     meld.jolly, -1, meld.rank)
                    out.append((extra, (), result))
                if has_jolly and k + 1 <= room:
                    for s in free:
                        if s not in combo:
                            target = make_card(meld.rank, s)
                            base = tuple(sorted(meld.cards + extra))
                            result = Meld(GROUP, (*base, JOKER), target, -1, meld.rank)
                            out.append(((*extra, JOKER), _declared(result), result))
        return out
    suit = meld.suit
    lo, hi = meld.low, meld.high
    table_aces = {p for p, c in zip(range(lo, hi + 1), meld.cards, strict=True) if c != JOKER
                  and p in (0, HIGH_ACE)}
    low_ext = _extensions(hand, suit, range(lo - 1, -1, -1), has_jolly)
    high_ext = _extensions(hand, suit, range(hi + 1, HIGH_ACE + 1), has_jolly)
    for low_nat, low_j in low_ext:
        for high_nat, high_j in high_ext:
            if not low_nat and not high_nat and low_j < 0 and high_j < 0:
                continue
            if low_j >= 0 and high_j >= 0:
                continue
            naturals = {**low_nat, **high_nat}
            aces = table_aces | {p for p in naturals if p in (0, HIGH_ACE)}
            if len(aces) > 1:
                continue
            jolly_pos = low_j if low_j >= 0 else high_j
            new_low = min([lo, *naturals, *([jolly_pos] if jolly_pos >= 0 else [])])
            table = {p: c for p, c in zip(range(lo, hi + 1), meld.cards, strict=True)}
            cards = []
            for p in range(new_low, new_low + len(table) + len(naturals) + (jolly_pos >= 0)):
                if p == jolly_pos:
                    cards.append(JOKER)
                elif p in naturals:
                    cards.append(naturals[p])
                else:
                    cards.append(table[p])
            jolly = card_at(jolly_pos, suit) if jolly_pos >= 0 else meld.jolly
            result = Meld(SEQUENCE, tuple(cards), jolly, suit, -1, new_low)
            given = tuple(sorted(naturals.values())) + ((JOKER,) if jolly_pos >= 0 else ())
            out.append((given, _declared(result) if jolly_pos >= 0 else (), result))
    return out


def _group_order(card: int) -> int:
    return 99 if card == JOKER else card


def _extensions(hand: Sequence[int], suit: int, positions: Iterable[int],
                has_jolly: bool) -> list[tuple[dict[int, int], int]]:
    """Contiguous extensions outward along ``positions``: (naturals by position, jolly
    position or -1), the empty extension first."""
    out: list[tuple[dict[int, int], int]] = [({}, -1)]
    naturals: dict[int, int] = {}
    jolly_used = -1
    for p in positions:
        card = card_at(p, suit)
        if hand[card]:
            if has_jolly and jolly_used < 0:
                # The jolly may also stand at this place, the natural staying in hand.
                out.append((dict(naturals), p))
            naturals = {**naturals, p: card}
            if jolly_used >= 0:
                out.append((dict(naturals), jolly_used))
            else:
                out.append((dict(naturals), -1))
            continue
        if has_jolly and jolly_used < 0:
            jolly_used = p
            out.append((dict(naturals), p))
            continue
        break
    return out


def fitting_cards(meld: Meld, rules: RuleSet) -> frozenset[int]:
    """The single cards that could be laid off on ``meld`` (the discard ban of §6.3 item 5)."""
    size = rules.group_max_size
    fits = meld._fits
    if fits is None or meld._fits_size != size:
        fits = _fitting(meld, size)
        # Kept on the meld: the discard ban and the lay-off search ask for it on every turn.
        object.__setattr__(meld, "_fits", fits)
        object.__setattr__(meld, "_fits_size", size)
        object.__setattr__(meld, "_fits_mask", sum(0xFF << 8 * c for c in fits))
    return fits


def fitting_mask(meld: Meld, rules: RuleSet) -> int:
    """:func:`fitting_cards` as a number with the byte ``card`` all ones for each card, to test
    a count vector at once: ``fitting_mask(meld, rules) & int.from_bytes(bytes(hand),
    "little")`` is not zero exactly when the hand holds a card that fits."""
    if meld._fits is None or meld._fits_size != rules.group_max_size:
        fitting_cards(meld, rules)
    return meld._fits_mask


def _fitting(meld: Meld, group_max_size: int) -> frozenset[int]:
    out: set[int] = set()
    if meld.kind == GROUP:
        if len(meld.cards) < group_max_size:
            taken = {c // 13 for c in meld.cards if c != JOKER}
            if meld.jolly >= 0:
                taken.add(meld.jolly // 13)
            out.update(make_card(meld.rank, s) for s in range(4) if s not in taken)
            if meld.jolly < 0:
                out.add(JOKER)
        return frozenset(out)
    naturals_aces = {p for p, c in zip(range(meld.low, meld.high + 1), meld.cards, strict=True)
                     if c != JOKER and p in (0, HIGH_ACE)}
    for p in (meld.low - 1, meld.high + 1):
        if 0 <= p <= HIGH_ACE and not (p in (0, HIGH_ACE) and naturals_aces):
            out.add(card_at(p, meld.suit))
    if meld.jolly < 0 and len(meld.cards) < 14:
        out.add(JOKER)
    return frozenset(out)


def describe(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


__all__ = [
    "GROUP",
    "HIGH_ACE",
    "POSITION_VALUE",
    "RANKS",
    "SEQUENCE",
    "SUITS",
    "HandMelds",
    "Meld",
    "MeldChunk",
    "attach",
    "attach_options",
    "fitting_cards",
    "fitting_mask",
    "group_options",
    "hand_melds",
    "held_attach_options",
    "held_chunks",
    "held_types",
    "meld_chunks",
    "new_meld",
    "new_meld_options",
    "new_meld_options_with",
    "option_needs",
    "rank_value",
    "sequence_options",
    "swap",
    "swapped",
]
