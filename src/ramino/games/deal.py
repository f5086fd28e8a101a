"""Dealing a Burraco hand from an explicit seed or an explicit deal (§2.2, §1.6).

The engine never touches global random state: a seed builds its own ``random.Random``.  The
FIBUR dealing order of §2.2 item 6: eleven cards one at a time round the table from the
dealer's left, then the next 22 cards alternately into pozzetto #1 and #2, then the upcard;
the rest is the stock, top first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from ramino.cards import pack_mismatch
from ramino.errors import RulesError
from ramino.rules.options import RuleSet

# ``Deal.upcard`` of a Scala 40 hand dealt with ``initial_discard=DEALER_14``: no card is
# turned, the dealer's first discard starts the pozzo (§6.1).
NO_UPCARD: Final = -1


@dataclass(frozen=True, slots=True)
class Deal:
    """The exact deal of a hand (docs/record.md §4 ``deal``).  ``hands`` are indexed by seat (the
    seat after the dealer plays first); ``pozzetti`` in the order they are taken; ``stock``
    top first."""

    hands: tuple[tuple[int, ...], ...]
    pozzetti: tuple[tuple[int, ...], ...]
    upcard: int
    stock: tuple[int, ...]

    def all_cards(self) -> list[int]:
        out: list[int] = []
        for h in self.hands:
            out.extend(h)
        for p in self.pozzetti:
            out.extend(p)
        if self.upcard != NO_UPCARD:
            out.append(self.upcard)
        out.extend(self.stock)
        return out


def check_deal(deal: Deal, rules: RuleSet) -> None:
    """Refuse a deal that is not exactly the rules' pack in the rules' shape (docs/record.md §4)."""
    if len(deal.hands) != rules.players:
        raise RulesError(f"deal: {len(deal.hands)} hands for {rules.players} players")
    for seat, hand in enumerate(deal.hands):
        if len(hand) != rules.hand_size:
            raise RulesError(f"deal: hand {seat} has {len(hand)} cards, not {rules.hand_size}")
    sizes = tuple(len(p) for p in deal.pozzetti)
    if sizes != rules.pozzetto_sizes:
        raise RulesError(f"deal: pozzetti of {list(sizes)} cards, not {list(rules.pozzetto_sizes)}")
    mismatch = pack_mismatch(deal.all_cards(), rules.full_pack())
    if mismatch:
        raise RulesError(f"deal: not the {rules.pack_size}-card pack: {mismatch}")


def deal_from_order(order: list[int], rules: RuleSet, dealer: int | None = None) -> Deal:
    """Deal a shuffled pack (first element = top of the pack) the FIBUR way (§2.2): the first
    card to the dealer's left, the seat after the dealer (default dealer: the last seat)."""
    n = rules.players
    size = rules.hand_size
    first = 0 if dealer is None else (dealer + 1) % n
    hands: list[list[int]] = [[] for _ in range(n)]
    i = 0
    for _ in range(size):
        for k in range(n):
            hands[(first + k) % n].append(order[i])
            i += 1
    pozzetti: list[list[int]] = [[] for _ in rules.pozzetto_sizes]
    remaining = list(rules.pozzetto_sizes)
    k = 0
    while any(remaining):
        if remaining[k]:
            pozzetti[k].append(order[i])
            remaining[k] -= 1
            i += 1
        k = (k + 1) % len(pozzetti)
    upcard = order[i]
    stock = order[i + 1:]
    return Deal(tuple(tuple(h) for h in hands), tuple(tuple(p) for p in pozzetti), upcard,
                tuple(stock))


def deal_from_seed(seed: int, rules: RuleSet, dealer: int | None = None) -> Deal:
    order = rules.full_pack()
    seeded_shuffle(order, seed)
    return deal_from_order(order, rules, dealer)


def seeded_shuffle(cards: list[int], seed: int) -> None:
    """``random.Random(seed).shuffle(cards)``: the same permutation, drawn from the same
    ``getrandbits`` calls as the standard library's shuffle and its ``_randbelow`` (a
    Fisher-Yates pass from the end, each index by rejection sampling on ``k`` bits).  Spelled
    out so that the compiled engine runs the loop natively: a new hand spent most of its time
    in the interpreted shuffle."""
    getrandbits = random.Random(seed).getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]
