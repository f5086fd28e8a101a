"""Crafted Scala 40 positions for the coach's tests (the engine's ``from_position``; Burraco's
builder is ``tests.helpers.position``): the rest of the pack dealt to the other hands and the
tallone."""

from __future__ import annotations

import random

from ramino.cards import pack, parse_annotated_card, to_counts
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.state import Scala40State
from ramino.rules import preset
from ramino.rules.options import RuleSet
from tests.helpers import cards

FISCA = preset("fisca")


def rest_of_pack(*used: list[int]) -> list[int]:
    """The 108-card pack minus ``used``, shuffled with a fixed seed."""
    left = to_counts(pack(2))
    for group in used:
        for c in group:
            left[c] -= 1
            assert left[c] >= 0, f"too many copies of card {c}"
    rest = [c for c in range(53) for _ in range(left[c])]
    random.Random(0).shuffle(rest)
    return rest


def meld40(text: str, rules: RuleSet = FISCA) -> m40.Meld:
    parsed = [parse_annotated_card(t) for t in text.split()]
    return m40.new_meld([c for c, _ in parsed], [(c, t) for c, t in parsed if t is not None],
                        rules)


def scala40_position(hand: str, melds: list[tuple[int, str]] | None = None, *,
                     opened: tuple[bool, ...] = (False, False, False, False),
                     pozzo: str = "9c", phase: str = "play",
                     rules: RuleSet = FISCA) -> Scala40State:
    """Seat 0 to play with ``hand``; the other hands 13 cards each, the rest the tallone."""
    table = [(owner, meld40(text, rules)) for owner, text in melds or []]
    mine = cards(hand)
    rest = rest_of_pack(mine, cards(pozzo), [c for _, m in table for c in m.cards])
    hands = [mine] + [rest[13 * i:13 * (i + 1)] for i in range(rules.players - 1)]
    stock = rest[13 * (rules.players - 1):]
    return Scala40State.from_position(rules, hands=hands, stock=stock, pile=cards(pozzo),
                                      melds=table, opened=list(opened), current=0,
                                      phase=phase)
