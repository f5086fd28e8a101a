"""The memoised Scala 40 move generation lists exactly what the direct computation lists, in
the same order (§6.2): new melds per suit and rank (``meld_chunks``, whose groups are
found with a byte-wise count of the suits), the melds holding one card, the lay-offs (memoised
on the meld and the part of the hand it can use), and the fitting-card masks.  Seeded random
hands, hands with two copies and jollies included."""

from __future__ import annotations

import random

from ramino.cards import JOKER, NUM_TYPES
from ramino.games.scala40 import melds as m40
from ramino.rules import make_rules

RULES = (make_rules("fisca"), make_rules("fisca", {"group_max_size": 3}))


def _hand(rng: random.Random, size: int) -> list[int]:
    counts = [0] * NUM_TYPES
    pack = [c for c in range(NUM_TYPES) for _ in range(2)] + [JOKER, JOKER]
    for c in rng.sample(pack, size):
        counts[c] += 1
    return counts


def _direct(hand: list[int], group_max_size: int) -> list[m40.Option]:
    """The new melds computed suit by suit and rank by rank, without the memo."""
    out: list[m40.Option] = []
    has_jolly = hand[JOKER] > 0
    for suit in range(4):
        mask = sum(1 << rank for rank in range(13) if hand[13 * suit + rank])
        if mask:
            out.extend(m40._suit_sequences(suit, mask, has_jolly))
    for rank in range(13):
        mask = sum(1 << suit for suit in range(4) if hand[rank + 13 * suit])
        if bin(mask).count("1") >= (2 if has_jolly else 3):
            out.extend(m40._rank_groups(rank, mask, has_jolly, group_max_size))
    return out


def test_new_meld_options_match_the_direct_computation() -> None:
    rng = random.Random(40)
    for _ in range(600):
        hand = _hand(rng, rng.randint(3, 40))
        for rules in RULES:
            listed = m40.new_meld_options(hand, rules)
            assert listed == _direct(hand, rules.group_max_size)
            data = m40.hand_melds(hand, rules)
            assert data.options == listed
            assert data.points == [o[2].opening_points() for o in listed]
            assert data.clean == [o[2].clean for o in listed]
            assert data.cover == {c for o in listed for c in o[0]}
            for c in range(NUM_TYPES):
                assert data.users[c] == sum(1 << j for j, o in enumerate(listed) if c in o[0])
            for j, o in enumerate(listed):
                assert dict(data.needs[j]) == {c: o[0].count(c) for c in o[0]}
            for card in range(JOKER):
                if hand[card]:
                    assert m40.new_meld_options_with(m40.held_types(hand), card, rules) == [
                        o for o in listed if card in o[0]]


def test_lay_offs_and_fitting_masks_match_the_direct_computation() -> None:
    rng = random.Random(41)
    rules = RULES[0]
    # A fixed set of table melds met by many hands: most answers then come from the memo,
    # filled by other hands that differ only where the meld cannot reach.
    table = [o[2] for _ in range(10) for o in m40.new_meld_options(_hand(rng, 30), rules)]
    for _ in range(300):
        hand = _hand(rng, rng.randint(4, 30))
        for meld in rng.sample(table, 12):
            assert m40.attach_options(meld, hand, rules) == m40._attach_options(meld, hand, rules)
            # Twice: the second answer comes from the memo.
            assert m40.attach_options(meld, hand, rules) == m40._attach_options(meld, hand, rules)
            fits = m40.fitting_cards(meld, rules)
            assert fits == m40._fitting(meld, rules.group_max_size)
            held = int.from_bytes(bytes(hand), "little")
            assert bool(m40.fitting_mask(meld, rules) & held) == any(hand[c] for c in fits)
