"""Cards, packs and the card notation of docs/record.md §1 (§1.1–1.3).

A card is a plain ``int`` *card type* (both copies of the 7♥ are the same type, §1.1
"equivalent for rules"): ``suit * 13 + rank`` for the 52 naturals, ``JOKER`` (52) for the jolly.
Hands, piles and melds are multisets, kept as *count vectors* (a list of 53 counts indexed by
card type).  Counts were measured against per-suit bitmasks pairs (one mask per copy): counts
win for the operations the engine does most (add, remove, membership, copy) and stay correct
for three decks, which two bitmasks cannot hold.

Ranks are indexed 0..12 for A, 2, 3, ..., K.  Suits are indexed 0..3 for s, h, d, c (the
canonical output order of docs/record.md §1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ramino.errors import NotationError

SUITS: Final = "shdc"
SUIT_SYMBOLS: Final = "♠♥♦♣"
RANKS: Final = "A23456789TJQK"
JOKER: Final = 52
NUM_TYPES: Final = 53
ACE: Final = 0
TWO: Final = 1

RANK_NAMES: Final = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                     "ten", "jack", "queen", "king")
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

Counts = list[int]
"""A multiset of cards: ``counts[card_type]`` copies of each type (length ``NUM_TYPES``)."""


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(card: int) -> int:
    """Rank index 0..12 (A..K); meaningless for the joker."""
    return card % 13


def suit_of(card: int) -> int:
    """Suit index 0..3 (s, h, d, c); meaningless for the joker."""
    return card // 13


def is_joker(card: int) -> bool:
    return card == JOKER


def is_two(card: int) -> bool:
    return card != JOKER and card % 13 == TWO


def is_burraco_wild(card: int) -> bool:
    """A jolly or a pinella (any 2): a card that *can* act as a wild in Burraco (§2.5)."""
    return card == JOKER or card % 13 == TWO


# --- notation ---------------------------------------------------------------------------------

_SUIT_INPUT: Final = {"s": 0, "h": 1, "d": 2, "c": 3, "♠": 0, "♥": 1, "♦": 2, "♣": 3,
                      "♤": 0, "♡": 1, "♢": 2, "♧": 3}
_RANK_INPUT: Final = {ch: i for i, ch in enumerate(RANKS)} | {"10": 9}
_JOKER_INPUT: Final = frozenset({"jk", "🃏"})
_CARD_STRINGS: Final = (*(RANKS[c % 13] + SUITS[c // 13] for c in range(52)), "JK")
_CARD_UNICODE: Final = (*(RANKS[c % 13] + SUIT_SYMBOLS[c // 13] for c in range(52)), "🃏")


def card_str(card: int) -> str:
    """Canonical notation: ``Th``, ``As``, ``JK``."""
    return _CARD_STRINGS[card]


def card_unicode(card: int) -> str:
    """The same with suit symbols, for people: ``T♥``, ``A♠``, ``🃏``."""
    return _CARD_UNICODE[card]


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(_CARD_STRINGS[c] for c in cards)


def _parse_rank(text: str) -> int | None:
    return _RANK_INPUT.get(text.upper())


def parse_card(token: str) -> int:
    """Parse one card token (docs/record.md §1); raise :class:`NotationError` naming the token."""
    text = token.strip()
    if text.lower() in _JOKER_INPUT:
        return JOKER
    if len(text) < 2:
        raise NotationError(f"bad card {token!r}: expected a rank and a suit, e.g. 7h or JK")
    suit = _SUIT_INPUT.get(text[-1].lower())
    if suit is None:
        raise NotationError(f"bad card {token!r}: unknown suit {text[-1]!r} (use s h d c)")
    rank = _parse_rank(text[:-1])
    if rank is None:
        raise NotationError(f"bad card {token!r}: unknown rank {text[:-1]!r} (use A 2-9 T J Q K)")
    return make_card(rank, suit)


def parse_cards(text: str | Sequence[str]) -> list[int]:
    tokens = text.split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in tokens]


class WildTarget:
    """What an annotated wild stands for (``JK=8h`` or, in a Burraco group, ``JK=7``)."""

    __slots__ = ("rank", "suit")

    def __init__(self, rank: int, suit: int | None) -> None:
        self.rank = rank
        self.suit = suit

    def __eq__(self, other: object) -> bool:
        return isinstance(other, WildTarget) and (self.rank, self.suit) == (other.rank, other.suit)

    def __hash__(self) -> int:
        return hash((self.rank, self.suit))

    def __repr__(self) -> str:
        return f"WildTarget({self})"

    def __str__(self) -> str:
        return RANKS[self.rank] + ("" if self.suit is None else SUITS[self.suit])


def parse_annotated_card(token: str) -> tuple[int, WildTarget | None]:
    """Parse ``C`` or ``C=R`` / ``C=RS`` (docs/record.md §1, wild annotation)."""
    if "=" not in token:
        return parse_card(token), None
    left, _, right = token.partition("=")
    card = parse_card(left)
    if not is_burraco_wild(card):
        raise NotationError(f"bad card {token!r}: only a wild (JK or a 2) may carry '='")
    right = right.strip()
    rank = _parse_rank(right)
    if rank is not None:
        return card, WildTarget(rank, None)
    if len(right) >= 2:
        rank = _parse_rank(right[:-1])
        suit = _SUIT_INPUT.get(right[-1].lower())
        if rank is not None and suit is not None:
            return card, WildTarget(rank, suit)
    raise NotationError(f"bad card {token!r}: {right!r} is not a card a wild can stand for")


# --- packs and multisets ------------------------------------------------------------------------


def pack(decks: int = 2, jokers_per_deck: int = 2) -> list[int]:
    """The physical pack in a fixed order: 108 cards for two decks, 162 for three (§1.1)."""
    cards: list[int] = []
    for _ in range(decks):
        cards.extend(range(52))
        cards.extend([JOKER] * jokers_per_deck)
    return cards


def empty_counts() -> Counts:
    return [0] * NUM_TYPES


def to_counts(cards: Iterable[int]) -> Counts:
    counts = [0] * NUM_TYPES
    for c in cards:
        counts[c] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """The cards of a count vector, sorted by type (suit, then rank; jokers last)."""
    out: list[int] = []
    for card, n in enumerate(counts):
        if n:
            out.extend([card] * n)
    return out


def sort_for_hand(cards: Iterable[int]) -> list[int]:
    """Hand order for display: by suit, then rank with the ace high, jokers last."""
    return sorted(cards, key=lambda c: (4, 0) if c == JOKER else (c // 13, (c % 13 - 1) % 13))


def pack_mismatch(cards: Iterable[int], expected: Sequence[int]) -> str | None:
    """``None`` if ``cards`` are exactly ``expected``, else which cards are missing or extra,
    for an error message (docs/record.md §4: "says which cards are missing or extra")."""
    missing, extra = pack_difference(cards, expected)
    parts = []
    if missing:
        parts.append("missing " + cards_str(missing))
    if extra:
        parts.append("extra " + cards_str(extra))
    return "; ".join(parts) or None


def pack_difference(cards: Iterable[int], expected: Sequence[int]) -> tuple[list[int], list[int]]:
    """(missing, extra) cards of ``cards`` against the ``expected`` pack."""
    have = to_counts(cards)
    want = to_counts(expected)
    missing: list[int] = []
    extra: list[int] = []
    for card in range(NUM_TYPES):
        d = have[card] - want[card]
        if d < 0:
            missing.extend([card] * -d)
        elif d > 0:
            extra.extend([card] * d)
    return missing, extra
