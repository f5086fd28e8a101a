"""Dealing a Scala 40 hand (docs/rules.md §6.1): the hands, the tallone and the first card
of the pozzo, checked against the pack; the sides of the seats.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Final

from ramino.cards import (
    card_str,
    cards_str,
    pack,
    pack_difference,
)
from ramino.errors import RulesError
from ramino.games.deal import NO_UPCARD, Deal
from ramino.rules.options import (
    InitialDiscard,
    Partnerships,
    RuleSet,
)

PACK_SIZE: Final = 108


def dealt_sizes(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """Cards dealt to each seat: ``hand_size``, and one more to the dealer who starts the pozzo
    with his discard under ``initial_discard=DEALER_14`` (§6.1)."""
    extra = rules.initial_discard is InitialDiscard.DEALER_14
    return tuple(rules.hand_size + (extra and seat == dealer) for seat in range(rules.players))


def check_deal(deal: Deal, rules: RuleSet, dealer: int | None = None) -> None:
    """Refuse a deal that is not the 108-card pack dealt 13 (``hand_size``) a seat, plus the
    upcard or (``DEALER_14``) the dealer's fourteenth card (§6.1)."""
    if dealer is None:
        dealer = rules.players - 1
    if len(deal.hands) != rules.players:
        raise RulesError(f"deal: {len(deal.hands)} hands for {rules.players} players")
    for seat, (hand, size) in enumerate(zip(deal.hands, dealt_sizes(rules, dealer),
                                            strict=True)):
        if len(hand) != size:
            raise RulesError(f"deal: hand {seat} has {len(hand)} cards, not {size}")
    if deal.pozzetti:
        raise RulesError("deal: Scala 40 has no pozzetti")
    if rules.initial_discard is InitialDiscard.DEALER_14 and deal.upcard != NO_UPCARD:
        raise RulesError("deal: with initial_discard=DEALER_14 the dealer's discard starts the "
                         "pozzo; no card is turned up")
    if rules.initial_discard is InitialDiscard.UPCARD and deal.upcard == NO_UPCARD:
        raise RulesError("deal: the upcard is missing")
    problem = pack_problem(deal.all_cards())
    if problem:
        raise RulesError("deal: not the 108-card pack: " + problem)


def pack_problem(cards: Sequence[int]) -> str:
    """The cards missing from and extra to the 108-card pack (empty when it is exact)."""
    missing, extra = pack_difference(list(cards), pack(2))
    parts = []
    if missing:
        parts.append("missing " + cards_str(missing))
    if extra:
        parts.append("extra " + cards_str(extra))
    return "; ".join(parts)


def deal_from_seed(seed: int, rules: RuleSet, dealer: int) -> Deal:
    """Shuffle the 108-card pack with ``seed`` and deal it (§6.1)."""
    order = pack(2)
    random.Random(seed).shuffle(order)
    return deal_from_order(order, rules, dealer)


def deal_from_order(order: list[int], rules: RuleSet, dealer: int) -> Deal:
    """Deal a shuffled 108-card pack (first element = top) as §6.1 says: ``hand_size`` cards
    one at a time from the dealer's left, then the upcard (or, ``DEALER_14``, a fourteenth card
    to the dealer); the rest is the tallone, top first."""
    n = rules.players
    first = (dealer + 1) % n
    hands: list[list[int]] = [[] for _ in range(n)]
    i = 0
    for _ in range(rules.hand_size):
        for k in range(n):
            hands[(first + k) % n].append(order[i])
            i += 1
    if rules.initial_discard is InitialDiscard.DEALER_14:
        hands[dealer].append(order[i])
        return Deal(tuple(tuple(h) for h in hands), (), NO_UPCARD, tuple(order[i + 1:]))
    return Deal(tuple(tuple(h) for h in hands), (), order[i], tuple(order[i + 1:]))


def deal_stream_seed(deal: Deal) -> int:
    """The seed of a hand's own random stream (jolly reinsertion, pozzo reshuffles), derived
    from the deal so that anyone replaying the record draws the same cards."""
    upcard = card_str(deal.upcard) if deal.upcard != NO_UPCARD else "-"
    text = "|".join([*(cards_str(h) for h in deal.hands), upcard, cards_str(deal.stock)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def seat_sides(rules: RuleSet) -> tuple[int, ...]:
    """The side of each seat: each for himself, or (§6.1 "pairs with 4 players; 2 teams of 3
    with 6") partners alternating round the table, so that sides take turns: seats {0,2} and
    {1,3} (partners opposite, as in Burraco), or {0,2,4} and {1,3,5}."""
    if rules.partnerships is Partnerships.NONE:
        return tuple(range(rules.players))
    return tuple(seat % 2 for seat in range(rules.players))
