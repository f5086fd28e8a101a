"""Why a meld or an attachment is refused: the rule, its section (docs/rules.md), and words for
people.

The engine decides legality through the meld resolvers; these functions only find the most
helpful reason once a move has been refused (§2.4, §2.5, §4.1).
"""

from __future__ import annotations

from ramino.cards import JOKER, TWO
from ramino.errors import IllegalActionError
from ramino.games.actions import Action
from ramino.games.burraco.melds import (
    GROUP,
    Meld,
    attach_options,
    group_placement,
    new_meld_options,
)
from ramino.rules.options import RuleSet, WildRepositionPolicy


def illegal(message: str, rule: str, section: str) -> IllegalActionError:
    return IllegalActionError(message, rule=rule, section=section)


def explain_bad_meld(cards: tuple[int, ...], action: Action, rules: RuleSet
                     ) -> IllegalActionError:
    written = " ".join(str(action).split()[1:])
    wilds = [c for c in cards if c == JOKER or c % 13 == TWO]
    naturals = [c for c in cards if c not in wilds]
    if not naturals:
        return illegal(f"{written}: a meld may not be made of wilds only", "no-all-wild", "§2.4")
    if not rules.groups_allowed and group_placement(cards, rules) is not None:
        return illegal(f"{written}: groups (trincas) are not allowed under these rules, only "
                       "sequences", "groups-not-allowed", "§4.1")
    if action.annotations and new_meld_options(cards, rules):
        return illegal(f"{written}: the wild cannot stand where the annotation puts it (a free "
                       "wild goes at the low end)", "free-wild-placement", "§2.5.6")
    ranks = {c % 13 for c in naturals}
    if (len(ranks) == 1 and len(naturals) > rules.max_group_naturals
            and group_placement(cards, rules) is None):
        return illegal(f"{written}: a group holds at most {rules.max_group_naturals} natural "
                       "cards", "group-size", "§2.4")
    if len(wilds) >= 2:
        return illegal(f"{written}: a meld may hold only one active wild (a same-suit 2 counts "
                       "as natural only in its own place)", "one-wild", "§2.5.1")
    return illegal(f"{written}: not a sequence (same suit, consecutive, ace low or high, no "
                   "wrap) nor a group (same rank)", "meld-shape", "§2.4")


def explain_bad_attach(old: Meld, cards: tuple[int, ...], action: Action, rules: RuleSet
                       ) -> IllegalActionError:
    written = " ".join(str(action).split()[2:])
    if old.kind == GROUP:
        if any(c == JOKER or c % 13 == TWO for c in cards) and old.wild >= 0:
            return illegal(f"{written}: the group already holds its one wild", "one-wild",
                           "§2.5.1")
        return illegal(f"{written}: does not fit the group of {old}", "meld-shape", "§2.4")
    # Would the cards fit if the wild were free to move?  Then the policy is the reason.
    combined = list(old.cards) + list(cards)
    flexible = rules.with_options(wild_reposition_policy=WildRepositionPolicy.FULLY_FLEXIBLE)
    if new_meld_options(combined, rules) or attach_options(old, cards, flexible):
        return illegal(f"{written}: the wild already on the table keeps its place; it moves "
                       "only when its own card is attached "
                       f"({rules.wild_reposition_policy.value})", "wild-keeps-place", "§2.5.7")
    return illegal(f"{written}: does not extend the sequence {old} legally", "meld-shape",
                   "§2.4")
