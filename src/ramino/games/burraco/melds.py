"""Burraco melds: validity, wild placement, repositioning, classification and points.

§2.4 (valid melds), §2.5 (jolly and pinelle), §2.6 (burraco types), §1.3 (points).

A sequence lives on 14 *positions*: 0 is the low ace, 1..12 the ranks 2..K, 13 the high ace.
A meld stores its cards in table order (low to high for a sequence) and the index of its one
active wild; everything else (what the wild stands for, the burraco type, the points) is
derived, never stored (§1.5, [R-FIBUR26 M6]).

The single source of truth for "is this meld legal" is :func:`sequence_placements` /
:func:`group_placement`: new melds and attachments both resolve the final card multiset through
them and then filter by the wild repositioning policy (§2.5 item 7).  Move generation builds
candidate multisets and keeps only what these resolvers accept, so it can never offer an
illegal meld.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from ramino.cards import (
    ACE,
    JOKER,
    RANKS,
    SUITS,
    TWO,
    WildTarget,
    card_str,
    make_card,
)
from ramino.rules.options import (
    EXTRA_BURRACO_POINTS,
    ExtraBurracoType,
    FreeWildPosition,
    RuleSet,
    SemipulitoGroupRule,
    SemipulitoSequenceRule,
    WildInSequenceMinCards,
    WildRepositionPolicy,
)

# Enum members as module constants: compiled, a constant is a C static, while ``Enum.MEMBER``
# goes through the enum type's ``__getattr__`` (Python 3.11) on every use.
_EXTRA_REALE_13: Final = ExtraBurracoType.REALE_13
_EXTRA_SUPER_8_GROUP: Final = ExtraBurracoType.SUPER_8_GROUP
_FREE_WILD_LOWEST: Final = FreeWildPosition.LOWEST
_REPOSITION_FREE_END_SLIDES: Final = WildRepositionPolicy.FREE_END_SLIDES
_REPOSITION_FULLY_FLEXIBLE: Final = WildRepositionPolicy.FULLY_FLEXIBLE
_SEMIPULITO_GROUP_AT_LEAST_8: Final = SemipulitoGroupRule.AT_LEAST_8
_SEMIPULITO_SEQUENCE_END_WILD_ANY: Final = SemipulitoSequenceRule.END_WILD_ANY
_WILD_MIN_CARDS_FOUR: Final = WildInSequenceMinCards.FOUR
_WILD_MIN_CARDS_NEVER: Final = WildInSequenceMinCards.NEVER

SEQUENCE: Final = 0
GROUP: Final = 1
HIGH_ACE: Final = 13

PULITO: Final = "pulito"
SEMIPULITO: Final = "semipulito"
SPORCO: Final = "sporco"
REALE: Final = "reale"
SUPER: Final = "super"
CANASTRA_REAL: Final = "real"  # Brazilian, clean A…K (§4.3)
CANASTRA_AS_A_AS: Final = "as-a-as"  # Brazilian, clean A…K-A (§4.3)


class Meld:
    """A meld on the table.  ``cards`` in table order; ``wild`` is the index of the active wild
    in ``cards`` (-1: none).  ``low`` is the position of ``cards[0]`` for a sequence.

    A value: never changed after construction (move generation memoises and shares melds
    across positions).  A plain slotted class rather than a frozen dataclass: generation
    builds thousands of melds per hand, and a frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field) cost more than the rest of the work.  (``Final``
    attributes would say "immutable" to mypy, but mypyc 1.x miscompiles them here.)"""

    __slots__ = ("_hash", "cards", "kind", "low", "rank", "suit", "wild")

    def __init__(self, kind: int, suit: int, rank: int, low: int, cards: tuple[int, ...],
                 wild: int) -> None:
        self.kind = kind
        self.suit = suit
        self.rank = rank
        self.low = low
        self.cards = cards
        self.wild = wild
        self._hash = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return (self.cards == other.cards and self.low == other.low and self.wild == other.wild
                and self.kind == other.kind and self.suit == other.suit
                and self.rank == other.rank)

    def __hash__(self) -> int:
        # Melds key the move-generation memo; hashing the card tuple once is enough.
        h = self._hash
        if h == 0:
            h = hash((self.kind, self.suit, self.rank, self.low, self.cards, self.wild)) or 1
            self._hash = h
        return h

    def __repr__(self) -> str:
        return (f"Meld(kind={self.kind!r}, suit={self.suit!r}, rank={self.rank!r}, "
                f"low={self.low!r}, cards={self.cards!r}, wild={self.wild!r})")

    @property
    def is_sequence(self) -> bool:
        return self.kind == SEQUENCE

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def wild_target(self) -> WildTarget | None:
        """The card the active wild stands for (a rank only, in a group)."""
        if self.wild < 0:
            return None
        if self.kind == GROUP:
            return WildTarget(self.rank, None)
        return WildTarget((self.low + self.wild) % 13, self.suit)

    def card_tokens(self) -> list[str]:
        """docs/record.md §1 tokens; the active wild carries its annotation."""
        out = [card_str(c) for c in self.cards]
        target = self.wild_target()
        if target is not None:
            out[self.wild] += "=" + str(target)
        return out

    def __str__(self) -> str:
        return " ".join(self.card_tokens())


def position_rank(position: int) -> int:
    return position % 13


# --- resolving a card multiset into legal melds ---------------------------------------------------


def _is_wild_in_group(card: int) -> bool:
    return card == JOKER or card % 13 == TWO


def group_placement(cards: Sequence[int], rules: RuleSet) -> Meld | None:
    """The group the cards form, or ``None`` (§2.4 group; §2.5 items 1, 8; T-08, T-09, T-10)."""
    if len(cards) < 3:
        return None
    naturals: list[int] = []
    wilds: list[int] = []
    if rules.allow_group_of_twos and all(c == JOKER or c % 13 == TWO for c in cards):
        # The house rule that allows a group of 2s: its 2s are its naturals (§3.3).
        for c in cards:
            (wilds if c == JOKER else naturals).append(c)
    else:
        for c in cards:
            (wilds if _is_wild_in_group(c) else naturals).append(c)
    if len(wilds) > rules.max_active_wilds_per_meld or len(naturals) < 2:
        return None
    rank = naturals[0] % 13
    for c in naturals:
        if c % 13 != rank:
            return None
    if len(naturals) > rules.max_group_naturals:
        return None
    if not rules.group_allows_repeated_suits and len({c // 13 for c in naturals}) != len(naturals):
        return None
    naturals.sort()
    return Meld(GROUP, -1, rank, 0, tuple(naturals + wilds), len(naturals) if wilds else -1)


def sequence_placements(cards: Sequence[int], rules: RuleSet) -> list[Meld]:
    """Every legal way to lay ``cards`` as one sequence, canonical first.

    Canonical order: fewest active wilds (a same-suit 2 in its own place is natural, §2.5 item
    2), then the wild at the lowest position (§2.5 item 6, the "matta in basso" convention)."""
    n = len(cards)
    if n < 3 or n > rules.max_sequence_cards:
        return []
    suit = -1
    for c in cards:
        if c != JOKER and c % 13 != TWO:
            suit = c // 13
            break
    if suit < 0:
        return []
    occupied = [0] * 14  # card at each position + 1 (0 = empty)
    aces = 0
    ace_card = -1
    own_twos = 0
    wilds: list[int] = []
    own_two = suit * 13 + TWO
    for c in cards:
        if c == JOKER:
            wilds.append(c)
            continue
        r = c % 13
        if r == TWO:
            if c == own_two:
                own_twos += 1
            else:
                wilds.append(c)
            continue
        if c // 13 != suit:
            return []
        if r == ACE:
            aces += 1
            ace_card = c
            continue
        if occupied[r]:
            return []
        occupied[r] = c + 1
    if not wilds and not own_twos:
        return _natural_run(suit, occupied, aces, ace_card, rules)
    max_wilds = rules.max_active_wilds_per_meld
    if len(wilds) > max_wilds + (1 if own_twos else 0):
        return []
    if aces > 2 or (aces == 2 and not rules.ace_both_ends_in_sequence):
        return []
    ace_options: list[tuple[int, ...]] = [()] if aces == 0 else (
        [(0,), (HIGH_ACE,)] if aces == 1 else [(0, HIGH_ACE)])
    natural_two_options = [False]
    if own_twos and rules.natural_two_exemption:
        natural_two_options.append(True)
    results: list[Meld] = []
    for ace_positions in ace_options:
        for natural_two in natural_two_options:
            slots = occupied[:]
            for p in ace_positions:
                slots[p] = ace_card + 1
            if natural_two:
                slots[TWO] = own_two + 1
            active = wilds + [own_two] * (own_twos - (1 if natural_two else 0))
            if len(active) > max_wilds:
                continue
            filled = [p for p in range(14) if slots[p]]
            lo, hi = filled[0], filled[-1]
            gaps = [p for p in range(lo, hi + 1) if not slots[p]]
            if not active:
                if not gaps:
                    results.append(_build_sequence(suit, slots, lo, hi, -1))
                continue
            if len(gaps) > 1:
                continue
            wild_card = active[0]
            positions = gaps if gaps else [p for p in (lo - 1, hi + 1) if 0 <= p <= HIGH_ACE]
            for p in positions:
                if wild_card == own_two and p == TWO and rules.natural_two_exemption:
                    continue  # a same-suit 2 in its own place is natural: covered above
                trial = slots[:]
                trial[p] = wild_card + 1
                results.append(_build_sequence(suit, trial, min(lo, p), max(hi, p), p))
    legal = [m for m in results if _sequence_size_ok(m, rules)]
    legal.sort(key=_canonical_key)
    unique: list[Meld] = []
    for m in legal:
        if m not in unique:
            unique.append(m)
    return unique


def _natural_run(suit: int, occupied: list[int], aces: int, ace_card: int, rules: RuleSet
                 ) -> list[Meld]:
    """The fast path of :func:`sequence_placements`: no wild and no 2 at all.  Without a 2 a
    low ace has no neighbour, so an ace can only be high (Q K A), and two aces (one at each
    end) are impossible."""
    if aces > 1:
        return []
    if aces:
        occupied = occupied[:]
        occupied[HIGH_ACE] = ace_card + 1
    filled = [p for p in range(14) if occupied[p]]
    lo, hi = filled[0], filled[-1]
    if hi - lo + 1 != len(filled):
        return []
    meld = _build_sequence(suit, occupied, lo, hi, -1)
    return [meld] if _sequence_size_ok(meld, rules) else []


def _build_sequence(suit: int, slots: list[int], lo: int, hi: int, wild_pos: int) -> Meld:
    cards = tuple(slots[p] - 1 for p in range(lo, hi + 1))
    return Meld(SEQUENCE, suit, -1, lo, cards, wild_pos - lo if wild_pos >= 0 else -1)


def _sequence_size_ok(meld: Meld, rules: RuleSet) -> bool:
    n = len(meld.cards)
    if n > rules.max_sequence_cards:
        return False
    if meld.wild >= 0:
        need = rules.wild_in_sequence_min_cards
        if need is _WILD_MIN_CARDS_NEVER:
            return False
        if need is _WILD_MIN_CARDS_FOUR and n < 4:
            return False
    return True


def _canonical_key(meld: Meld) -> tuple[int, int]:
    return (0 if meld.wild < 0 else 1, meld.low + meld.wild if meld.wild >= 0 else -1)


def _matches(meld: Meld, annotations: Sequence[tuple[int, WildTarget]]) -> bool:
    if not annotations:
        return True
    if len(annotations) > 1 or meld.wild < 0:
        return False
    card, target = annotations[0]
    if meld.cards[meld.wild] != card:
        return False
    mine = meld.wild_target()
    assert mine is not None
    if meld.kind == GROUP:
        return target.rank == mine.rank and target.suit is None
    return target.rank == mine.rank and target.suit in (None, mine.suit)


def choose_placements(placements: list[Meld], rules: RuleSet) -> list[Meld]:
    """The placements a player may choose among (§2.5 item 6, ``free_wild_default_position``).

    With ``LOWEST`` only the canonical placement is legal; with ``PLAYER_CHOICE`` every
    placement with the fewest active wilds is."""
    if not placements:
        return []
    if rules.free_wild_default_position is _FREE_WILD_LOWEST:
        return placements[:1]
    fewest = 0 if placements[0].wild < 0 else 1
    return [m for m in placements if (0 if m.wild < 0 else 1) == fewest]


def new_meld_options(cards: Sequence[int], rules: RuleSet) -> list[Meld]:
    """Legal ways to put ``cards`` down as a new meld, the default first (group first, §2.4;
    no groups at all where ``groups_allowed`` is off, §4.1)."""
    group = group_placement(cards, rules) if rules.groups_allowed else None
    if group is not None:
        return [group]
    return choose_placements(sequence_placements(cards, rules), rules)


def resolve_new_meld(cards: Sequence[int], rules: RuleSet,
                     annotations: Sequence[tuple[int, WildTarget]] = ()) -> Meld | None:
    for meld in new_meld_options(cards, rules):
        if _matches(meld, annotations):
            return meld
    return None


# --- attaching --------------------------------------------------------------------------------


def attach_options(meld: Meld, added: Sequence[int], rules: RuleSet) -> list[Meld]:
    """Legal results of adding ``added`` to ``meld``, the default first (§2.5 items 4–7)."""
    combined = list(meld.cards) + list(added)
    if meld.kind == GROUP:
        group = group_placement(combined, rules)
        return [] if group is None or group.rank != meld.rank else [group]
    if rules.wild_may_return_to_hand and meld.wild >= 0 and make_card(
            (meld.low + meld.wild) % 13, meld.suit) in added:
        # §3.4 / T-15 (Brazilian, [S001]): the wild its own card replaces goes back to the
        # hand; the naturals stay where they are.
        naturals = [c for i, c in enumerate(meld.cards) if i != meld.wild]
        freed = Meld(SEQUENCE, meld.suit, -1, meld.low, meld.cards, -1)
        placements = [m for m in sequence_placements(naturals + list(added), rules)
                      if m.suit == meld.suit and _keeps_naturals(freed, meld.wild, m)]
        return choose_placements(placements, rules)
    placements = [m for m in sequence_placements(combined, rules)
                  if m.suit == meld.suit and _respects_policy(meld, m, added, rules)]
    return choose_placements(placements, rules)


def _keeps_naturals(old: Meld, skip: int, new: Meld) -> bool:
    """Every card of ``old`` but the one at index ``skip`` is in ``new`` at its place."""
    new_at = {new.low + i: c for i, c in enumerate(new.cards) if i != new.wild}
    return all(new_at.get(old.low + i) == c for i, c in enumerate(old.cards) if i != skip)


def returned_to_hand(old: Meld, new: Meld, added: Sequence[int]) -> list[int]:
    """The cards an attachment sends back to the hand: a wild under
    ``wild_may_return_to_hand`` (§3.4), otherwise none."""
    left = list(old.cards) + list(added)
    for c in new.cards:
        left.remove(c)
    return left


def resolve_attach(meld: Meld, added: Sequence[int], rules: RuleSet,
                   annotations: Sequence[tuple[int, WildTarget]] = ()) -> Meld | None:
    for result in attach_options(meld, added, rules):
        if _matches(result, annotations):
            return result
    return None


def _respects_policy(old: Meld, new: Meld, added: Sequence[int], rules: RuleSet) -> bool:
    """Cards already on the table keep their place, except as §2.5 items 4, 5 and 7 allow."""
    new_at = {new.low + i: c for i, c in enumerate(new.cards)}
    new_wild_pos = new.low + new.wild if new.wild >= 0 else -1
    for i, card in enumerate(old.cards):
        p = old.low + i
        if i == old.wild:
            continue
        if new_at.get(p) == card and p != new_wild_pos:
            continue
        # A natural 2 turning wild (§2.5 item 5, last bullet).
        if (p == TWO and card == old.suit * 13 + TWO and rules.pinella_natural_to_wild_transition
                and new.wild >= 0 and new.cards[new.wild] == card):
            continue
        return False
    if old.wild < 0:
        return True
    old_wild_pos = old.low + old.wild
    wild_card = old.cards[old.wild]
    if new_wild_pos == old_wild_pos and new.cards[new.wild] == wild_card:
        return True
    policy = rules.wild_reposition_policy
    if policy is _REPOSITION_FULLY_FLEXIBLE:
        return True
    freed = make_card(old_wild_pos % 13, old.suit) in added
    if freed:
        return True
    if policy is _REPOSITION_FREE_END_SLIDES:
        return old.wild == 0 or old.wild == len(old.cards) - 1
    return False


# --- classification and points ------------------------------------------------------------------


def burraco_type(meld: Meld, rules: RuleSet) -> str | None:
    """``pulito`` / ``semipulito`` / ``sporco`` (or an extra type); ``None`` under 7 cards.

    §2.6, derived from the placements every time, never stored."""
    n = len(meld.cards)
    if n < 7:
        return None
    if meld.wild < 0:
        if meld.kind == SEQUENCE:
            if n == 14 and rules.canastra_as_a_as_points:
                return CANASTRA_AS_A_AS
            if n == 13 and rules.canastra_real_points:
                return CANASTRA_REAL
        extras = rules.extra_burraco_types
        if extras:
            if (_EXTRA_REALE_13 in extras and meld.kind == SEQUENCE and n == 13):
                return REALE
            if _EXTRA_SUPER_8_GROUP in extras and meld.kind == GROUP and n >= 8:
                return SUPER
        return PULITO
    if not rules.semipulito_enabled:
        return SPORCO
    if meld.kind == GROUP:
        if n == 8 or (n > 8 and rules.semipulito_group_rule is _SEMIPULITO_GROUP_AT_LEAST_8):
            return SEMIPULITO
        return SPORCO
    at_end = meld.wild == 0 or meld.wild == n - 1
    if at_end and (n - 1 >= 7
                   or rules.semipulito_sequence_rule is _SEMIPULITO_SEQUENCE_END_WILD_ANY):
        return SEMIPULITO
    return SPORCO


def burraco_bonus(kind: str | None, rules: RuleSet) -> int:
    if kind is None:
        return 0
    if kind == REALE:
        return EXTRA_BURRACO_POINTS[_EXTRA_REALE_13]
    if kind == SUPER:
        return EXTRA_BURRACO_POINTS[_EXTRA_SUPER_8_GROUP]
    if kind == CANASTRA_REAL:
        return rules.canastra_real_points
    if kind == CANASTRA_AS_A_AS:
        return rules.canastra_as_a_as_points
    return rules.burraco_value(kind)


def is_clean_burraco(kind: str | None) -> bool:
    return kind in (PULITO, REALE, SUPER, CANASTRA_REAL, CANASTRA_AS_A_AS)


def cards_points(cards: Iterable[int], values: Sequence[int]) -> int:
    return sum(values[c] for c in cards)


def describe_meld(meld: Meld) -> str:
    """People's words: 'sequence of hearts 5-8' or 'group of kings'."""
    if meld.kind == GROUP:
        return f"group of {RANKS[meld.rank]}"
    lo = RANKS[meld.low % 13]
    hi = RANKS[meld.high % 13]
    return f"sequence {SUITS[meld.suit]} {lo}-{hi}"


def meld_from_cards(cards: Sequence[int], rules: RuleSet,
                    annotations: Sequence[tuple[int, WildTarget]] = ()) -> Meld | None:
    """A meld as it lies on the table in a recorded position (docs/record.md §4 ``position``).

    Any legal placement is accepted, not only the one a new meld would get, because a meld
    that grew by attachments may hold its wild elsewhere; the written order (low to high)
    and the annotation pick among them."""
    group = group_placement(cards, rules)
    if group is not None and _matches(group, annotations):
        return group
    placements = [m for m in sequence_placements(cards, rules) if _matches(m, annotations)]
    for m in placements:
        if list(m.cards) == list(cards):
            return m
    return placements[0] if placements else None
