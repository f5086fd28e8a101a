"""Scala 40 melds: validity, the jolly's declared card, attachments, jolly swaps, points.

RULES.md §6.2 (melds), §6.3 items 2 and 4 (opening count, jolly swap), §1.2 (sequence order),
§1.3 (Scala 40 columns).  Scala 40 differs from Burraco (``ramino.melds``) in ways that make a
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
from functools import cache, lru_cache
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
class S40Meld:
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


def _sequence(suit: int, low: int, naturals: dict[int, int], jolly_pos: int) -> S40Meld:
    """The sequence whose positions ``low``.. hold ``naturals`` (position -> card) and the
    jolly at ``jolly_pos`` (-1: none)."""
    size = len(naturals) + (jolly_pos >= 0)
    cards = tuple(JOKER if p == jolly_pos else naturals[p] for p in range(low, low + size))
    jolly = card_at(jolly_pos, suit) if jolly_pos >= 0 else -1
    return S40Meld(SEQUENCE, cards, jolly, suit, -1, low)


def sequence_options(naturals: Sequence[int], jolly: bool, fixed: dict[int, int] | None = None,
                     fixed_jolly: int = -1) -> list[S40Meld]:
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
    out: list[S40Meld] = []
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


def _with_jolly(suit: int, low: int, placed: dict[int, int], jolly_pos: int) -> S40Meld:
    naturals = {p: c for p, c in placed.items() if p != jolly_pos}
    return _sequence(suit, low, naturals, jolly_pos)


def group_options(naturals: Sequence[int], jolly: bool, rules: RuleSet,
                  fixed: Sequence[int] = (), fixed_jolly: int = -1) -> list[S40Meld]:
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
        return [S40Meld(GROUP, cards, fixed_jolly, -1, rank)]
    return [S40Meld(GROUP, (*naturals_sorted, JOKER), make_card(rank, s), -1, rank)
            for s in range(4) if s not in suits]


def _pick(options: list[S40Meld], annotations: Sequence[Annotation], written: str,
          kind_hint: str) -> S40Meld:
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


def new_meld(cards: Sequence[int], annotations: Sequence[Annotation], rules: RuleSet) -> S40Meld:
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


def attach(meld: S40Meld, cards: Sequence[int], annotations: Sequence[Annotation],
           rules: RuleSet) -> S40Meld:
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


def swap(meld: S40Meld, card: int) -> S40Meld:
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
    return S40Meld(meld.kind, cards, -1, meld.suit, meld.rank, meld.low)


# --- move generation ------------------------------------------------------------------------------

Option = tuple[tuple[int, ...], tuple[Annotation, ...], S40Meld]


def _declared(meld: S40Meld) -> tuple[Annotation, ...]:
    if meld.jolly < 0:
        return ()
    return ((JOKER, WildTarget(meld.jolly % 13, meld.jolly // 13)),)


def new_meld_options(hand: Sequence[int], rules: RuleSet) -> list[Option]:
    """Every new meld the hand (a count vector) can put down, each jolly declared.  Two copies
    of a card make the same meld, so each meld is listed once.  The list is shared (memoised
    on the hand): do not change it."""
    return _new_meld_options(tuple(hand), rules)


@lru_cache(maxsize=4096)
def _new_meld_options(hand: tuple[int, ...], rules: RuleSet) -> list[Option]:
    out: list[Option] = []
    has_jolly = hand[JOKER] > 0
    for suit in range(4):
        base = 13 * suit
        mask = 0
        for rank in range(13):
            if hand[base + rank]:
                mask |= 1 << rank
        if mask:
            out.extend(_suit_sequences(suit, mask, has_jolly))
    need = 2 if has_jolly else 3
    size = rules.group_max_size
    for rank in range(13):
        mask = ((hand[rank] > 0) | (hand[rank + 13] > 0) << 1 | (hand[rank + 26] > 0) << 2
                | (hand[rank + 39] > 0) << 3)
        if _BITS[mask] >= need:
            out.extend(_rank_groups(rank, mask, has_jolly, size))
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
_NONE: Final = S40Meld(SEQUENCE, ())
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
            option = (cards, (), S40Meld(GROUP, cards, -1, -1, rank))
        else:
            meld = S40Meld(GROUP, (*cards, JOKER), make_card(rank, jolly_suit), -1, rank)
            option = ((*cards, JOKER), _declared(meld), meld)
        _GROUPS[key] = option
    return option


def _seq_option(suit: int, low: int, naturals: dict[int, int], jolly_pos: int) -> Option:
    meld = _sequence(suit, low, naturals, jolly_pos)
    cards = tuple(sorted(naturals.values())) + ((JOKER,) if jolly_pos >= 0 else ())
    return cards, _declared(meld), meld


def attach_options(meld: S40Meld, hand: Sequence[int], rules: RuleSet) -> list[Option]:
    """Every way to lay cards of the hand off on ``meld`` (each jolly declared)."""
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
                    result = S40Meld(GROUP, tuple(sorted(meld.cards + extra, key=_group_order)),
                                     meld.jolly, -1, meld.rank)
                    out.append((extra, (), result))
                if has_jolly and k + 1 <= room:
                    for s in free:
                        if s not in combo:
                            target = make_card(meld.rank, s)
                            base = tuple(sorted(meld.cards + extra))
                            result = S40Meld(GROUP, (*base, JOKER), target, -1, meld.rank)
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
            result = S40Meld(SEQUENCE, tuple(cards), jolly, suit, -1, new_low)
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


def fitting_cards(meld: S40Meld, rules: RuleSet) -> frozenset[int]:
    """The single cards that could be laid off on ``meld`` (the discard ban of §6.3 item 5)."""
    return _fitting(meld, rules.group_max_size)


@lru_cache(maxsize=8192)
def _fitting(meld: S40Meld, group_max_size: int) -> frozenset[int]:
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


__all__ = ["GROUP", "HIGH_ACE", "POSITION_VALUE", "RANKS", "SEQUENCE", "SUITS", "S40Meld",
           "attach", "attach_options", "fitting_cards", "group_options", "new_meld",
           "new_meld_options", "rank_value", "sequence_options", "swap"]
