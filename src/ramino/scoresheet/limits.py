"""The numbers a score sheet checks its counts against, derived from the rule set.

Nothing here is a value of its own: every number comes from the rule set's card values
(``RuleSet.card_value_table``, §1.3), the engine's burraco bonuses (``burraco_bonus``, §2.6,
§3.5, §4.3) and its Scala 40 penalty values (``penalty_value``, §6.5).  The limits are lower
and upper bounds a true count always respects, so a count outside them is a mistake of entry.

- ``point_step``: every Burraco card value is a multiple of it (5 with the §1.3 values), so
  every card-point count is too;
- ``pack_points``: the card points of the whole pack; what all sides count (melded, in hand,
  an unplayed pozzetto) together cannot exceed it;
- ``burraco_min_points[type]``: the fewest card points a burraco of that type can hold: seven
  cards (eight for a semipulito, §2.6; thirteen or fourteen for the §4.3 canastre and the
  reale), the cheapest naturals the melds the rules allow can take, and the cheapest wild;
- Scala 40 ``unopened_min`` / ``hand_max``: the card points of the cheapest and of the dearest
  13 cards (``hand_size``) of the pack; a player who never opened holds all 13 (§6.4), and
  nobody ends a hand holding more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ramino.cards import JOKER
from ramino.games.burraco.melds import (
    CANASTRA_AS_A_AS,
    CANASTRA_REAL,
    PULITO,
    REALE,
    SEMIPULITO,
    SPORCO,
    SUPER,
    burraco_bonus,
    is_clean_burraco,
)
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import ExtraBurracoType, RuleSet, SemipulitoSequenceRule

TWO = 1  # the rank index of the 2 (ramino.cards: A=0, 2=1, …, K=12)


@dataclass(frozen=True, slots=True)
class BurracoType:
    """One burraco type the rule set has: its bonus, whether it counts as clean (for
    ``closing_burraco_requirement=CLEAN`` and §4.4), and the fewest cards and card points."""

    name: str
    bonus: int
    clean: bool
    min_cards: int
    min_points: int


def burraco_types(rules: RuleSet) -> tuple[BurracoType, ...]:
    """The burraco (canastra) types of the rule set, in the order a sheet lists them."""
    names = [PULITO]
    if rules.semipulito_enabled:
        names.append(SEMIPULITO)
    names.append(SPORCO)
    if ExtraBurracoType.REALE_13 in rules.extra_burraco_types:
        names.append(REALE)
    if ExtraBurracoType.SUPER_8_GROUP in rules.extra_burraco_types and rules.groups_allowed:
        names.append(SUPER)
    if rules.canastra_real_points:
        names.append(CANASTRA_REAL)
    if rules.canastra_as_a_as_points and rules.ace_both_ends_in_sequence:
        names.append(CANASTRA_AS_A_AS)
    return tuple(BurracoType(name, burraco_bonus(name, rules), is_clean_burraco(name),
                             *_minimum(name, rules)) for name in names)


def _rank_values(rules: RuleSet) -> list[int]:
    values = rules.card_value_table()
    return [values[rank] for rank in range(13)]


def _cheapest_wild(rules: RuleSet) -> int:
    values = rules.card_value_table()
    wilds = [values[TWO]]
    if rules.jokers_in_deck:
        wilds.append(values[JOKER])
    return min(wilds)


def _windows(rules: RuleSet, length: int) -> list[list[int]]:
    """The rank values of every run of ``length`` naturals a sequence may hold: ranks A, 2 …
    K, A (the ace low or high, both only with ``ace_both_ends_in_sequence``); the 2 stands in
    its own place only under ``natural_two_exemption`` (§2.5 item 2)."""
    ranks = _rank_values(rules)
    positions = [ranks[p % 13] for p in range(14)]
    runs: list[list[int]] = []
    for start in range(0, 15 - length):
        stop = start + length
        if start == 0 and stop == 14 and not rules.ace_both_ends_in_sequence:
            continue
        if start <= TWO < stop and not rules.natural_two_exemption:
            continue
        runs.append(positions[start:stop])
    return runs


def _groups(rules: RuleSet) -> list[int]:
    """The value of one card of each rank a group may be made of."""
    if not rules.groups_allowed:
        return []
    ranks = _rank_values(rules)
    return [v for r, v in enumerate(ranks) if r != TWO or rules.allow_group_of_twos]


def _minimum(name: str, rules: RuleSet) -> tuple[int, int]:
    wild = _cheapest_wild(rules)
    seven = _windows(rules, 7)
    groups = _groups(rules)
    options: list[int] = []
    cards = 7
    if name == PULITO:
        options += [sum(w) for w in seven] + [7 * v for v in groups]
    elif name == SEMIPULITO:
        cards = 8
        options += [7 * v + wild for v in groups]
        if rules.semipulito_sequence_rule is SemipulitoSequenceRule.END_WILD_ANY:
            cards = 7
            options += [sum(w) + wild for w in _windows(rules, 6)]
        else:
            options += [sum(w) + wild for w in seven]
    elif name == SPORCO:
        options += [sum(w) - max(w) + wild for w in seven] + [6 * v + wild for v in groups]
    elif name == SUPER:
        cards = 8
        options += [8 * v for v in groups]
    elif name in (REALE, CANASTRA_REAL):
        cards = 13
        options += [sum(w) for w in _windows(rules, 13)]
    else:  # CANASTRA_AS_A_AS
        cards = 14
        options += [sum(w) for w in _windows(rules, 14)]
    return cards, min(options) if options else 0


def point_step(rules: RuleSet) -> int:
    """The largest number every Burraco card value is a multiple of (5 under §1.3)."""
    return math.gcd(*rules.card_value_table()) or 1


def pack_points(rules: RuleSet) -> int:
    """The card points of the whole pack the rules play with."""
    values = rules.card_value_table()
    return sum(values[c] for c in rules.full_pack())


def scala40_hand_bounds(rules: RuleSet) -> tuple[int, int]:
    """(the cheapest, the dearest) ``hand_size`` cards of the pack, in penalty points (§6.5)."""
    values = sorted(penalty_value(c, rules) for c in rules.full_pack())
    n = rules.hand_size
    return sum(values[:n]), sum(values[-n:])
