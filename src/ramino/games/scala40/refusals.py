"""Why a Scala 40 action is refused: the rule, its section of docs/rules.md and words for
people.

The state decides legality (``legal_actions`` is exact); these functions only find the most
helpful reason once an action has been refused, as ``ramino.games.burraco.refusals`` does for
Burraco.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ramino.cards import (
    NUM_TYPES,
    card_str,
)
from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import (
    ATTACH,
    DISCARD,
    DRAW,
    MELD,
    PICK,
    SWAP,
    Action,
)
from ramino.games.phases import PHASE_DRAW, PHASE_PLAY
from ramino.games.scala40.melds import Meld

if TYPE_CHECKING:
    from ramino.games.scala40.state import Scala40State


def illegal(message: str, rule: str, section: str) -> IllegalActionError:
    return IllegalActionError(message, rule=rule, section=section)


def explain(state: Scala40State, action: Action, meld: Meld | None = None) -> IllegalActionError:
    """The rule that refuses a well-formed ``action`` not among the legal actions."""
    kind = action.kind
    seat = state.current
    rules = state.rules
    if state.dealer_discard:
        if kind == DISCARD:
            return illegal(f"discard: {card_str(action.cards[0])} is not in your hand",
                            "card-in-hand", "§6.3")
        return illegal(f"{kind}: the dealer of 14 cards first starts the pozzo with a "
                        "discard (initial_discard=DEALER_14)", "dealer-14-discard", "§6.1")
    if kind in (DRAW, PICK):
        if state.phase != PHASE_DRAW:
            return illegal(f"{kind}: you have already drawn this turn", "draw-once", "§6.3")
        if kind == DRAW:
            return illegal("draw: the tallone is empty", "stock-empty", "§6.5")
        if not state.pile:
            return illegal("pick: the pozzo is empty", "pozzo-empty", "§6.3")
        if not state.opened[seat] and not rules.opening_with_discard:
            return illegal("pick: before opening you may not take the discard (T-44)",
                            "pick-before-opening", "§6.3")
        if not state.opened[seat]:
            return illegal(f"pick: {card_str(state.pile[-1])} could not be used in an opening "
                            "of this turn (apertura con lo scarto, T-44)",
                            "opening-with-discard", "§6.3")
        return illegal(f"pick: {card_str(state.pile[-1])} cannot be used in a meld or laid "
                        "off this turn, as the taken discard must be",
                        "picked-discard-must-be-used", "§6.3")
    if state.phase != PHASE_PLAY:
        return illegal(f"{kind}: draw from the tallone or pick the pozzo first", "draw-first",
                        "§6.3")
    if kind == DISCARD:
        card = action.cards[0]
        hand = state.hands[seat]
        if not hand[card]:
            return illegal(f"discard: {card_str(card)} is not in your hand", "card-in-hand",
                            "§6.3")
        return explain_discard(state, card)
    # meld, attach, swap: well-formed and allowed by the meld rules, refused by the turn.
    if kind == SWAP and not state.opened[seat] and rules.jolly_swap_requires_opened:
        return illegal("swap: only a player who has opened may take a jolly (T-48)",
                        "jolly-swap-requires-opened", "§6.3")
    if kind == ATTACH and not state.opened[seat] and not state._lay_off_now():
        return illegal("attach: before opening you may not lay off (apertura first)",
                        "lay-off-before-opening", "§6.3")
    if (kind == ATTACH and not state._lay_off_now()) or (
            kind == SWAP and not state._swap_now()):
        return illegal(f"{kind}: not in the turn of your apertura under these rules",
                        "lay-off-after-opening-same-turn", "§6.7")
    if kind == ATTACH and not state._may_lay_off_on(action.meld - 1, seat):
        return illegal(f"attach: meld {action.meld} is an opponent's",
                        "lay-off-on-opponents", "§6.7")
    if meld is not None and state._identical_blocked(meld):
        return illegal(f"meld {meld}: the same sequence is already on the table",
                        "identical-sequence-allowed", "§6.2")
    left = state.sizes[seat] - len(action.cards) + (kind == SWAP)
    if left <= 0:
        return illegal(f"{action}: you would have nothing to discard; a hand closes only by "
                        "a discard (T-49)", "closing-requires-discard", "§6.4")
    why = state._closing_allowed() if left == 1 else None
    if why == "no-close-first-round":
        return illegal(f"{action}: your last card would close the hand, and nobody may close "
                        "in the first round (T-50)", why, "§6.4")
    if why is not None:
        return illegal(f"{action}: your last card would close the hand in the turn you "
                        "open (chiusura in mano), not allowed under these rules", why, "§6.7")
    if kind == SWAP and not state.opened[seat]:
        return illegal(f"{action}: the jolly taken by the swap could not be used this turn: "
                        "no apertura of this turn can take it (T-48)",
                        "swapped-jolly-must-be-used", "§6.3")
    if not state.opened[seat]:
        points = ("clean melds (apertura senza jolly)" if rules.opening_without_jolly
                  else "melds")
        return illegal(f"{action}: the new {points} of this turn cannot reach "
                        f"{rules.opening_threshold} points with the rest of your hand "
                        "(apertura, T-43)", "opening-threshold", "§6.3")
    if state._picked_pending() and state.picked not in action.cards:
        return illegal(f"{action}: the taken discard {card_str(state.picked)} could then no "
                        "longer be used this turn", "picked-discard-must-be-used", "§6.3")
    if kind == SWAP or state.jolly_owed:
        return illegal(f"{action}: the jolly taken by the swap could not be used this turn "
                        "(T-48)", "swapped-jolly-must-be-used", "§6.3")
    return illegal(f"{action}: the turn could not end with a legal discard afterwards",
                    "turn-ends-with-discard", "§6.3")

def explain_discard(state: Scala40State, card: int) -> IllegalActionError:
    seat = state.current
    block = state._discard_block()
    written = card_str(card)
    if block == "picked-discard-must-be-used":
        return illegal(f"discard {written}: first use the taken discard "
                        f"{card_str(state.picked)} in a meld or lay it off", block, "§6.3")
    if block == "swapped-jolly-must-be-used":
        return illegal(f"discard {written}: first use the jolly taken by the swap (T-48)",
                        block, "§6.3")
    if block == "opening-threshold":
        made = (state.turn_clean_points if state.rules.opening_without_jolly
                else state.turn_points)
        return illegal(f"discard {written}: the new melds of this turn make {made} points, "
                        f"less than the {state.rules.opening_threshold} of an apertura (T-43)",
                        block, "§6.3")
    if block == "no-close-first-round":
        return illegal(f"discard {written}: it would close the hand in the first round "
                        "(T-50)", block, "§6.4")
    if block == "chiusura-in-mano-allowed":
        return illegal(f"discard {written}: closing in the turn you open (chiusura in mano) "
                        "is not allowed under these rules", block, "§6.7")
    hand = state.hands[seat]
    if state._rediscard_forbidden(card, hand):
        return illegal(f"discard {written}: the card taken from the pozzo may not be "
                        "discarded again this turn", "rediscard-picked-card", "§6.3")
    return illegal(f"discard {written}: it could be laid off on a meld on the table, and only "
                    "the closing discard may be such a card (T-45)", "discard-attach-ban",
                    "§6.3")


def check_shape(action: Action) -> None:
    """Refuse an action value no notation could produce (docs/record.md §3)."""
    kind = action.kind
    if any(not 0 <= c < NUM_TYPES for c in action.cards):
        raise NotationError(f"{kind}: a card must be a card type 0..{NUM_TYPES - 1}")
    if kind in (DRAW, PICK) and (action.cards or action.annotations):
        raise NotationError(f"{kind!r} takes no cards")
    if kind in (DISCARD, SWAP) and len(action.cards) != 1:
        raise NotationError(f"{kind!r} takes exactly one card")
    if kind in (ATTACH, SWAP) and action.meld < 1:
        raise NotationError(f"{kind!r} needs a meld number (melds are numbered from 1)")
    if kind in (MELD, ATTACH) and not action.cards:
        raise NotationError(f"{kind!r} needs cards")
