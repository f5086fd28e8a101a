"""Dealing a Burraco hand from an explicit seed or an explicit deal (§2.2, §1.6).

The FIBUR dealing order of §2.2 item 6: eleven cards one at a time round the table from the
dealer's left, then the next 22 cards alternately into pozzetto #1 and #2, then the upcard;
the rest is the stock, top first.
"""

from __future__ import annotations

from ramino.cards import pack_mismatch
from ramino.errors import RulesError
from ramino.games.deal import Deal, seeded_shuffle
from ramino.rules.options import RuleSet


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
