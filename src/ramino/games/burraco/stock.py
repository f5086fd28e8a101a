"""The stock, the first card of the pile and the pozzetti, under each option.

What happens when the stock runs out (§2.9a; the house rules of §3.7 and §8 item 1), a wild
turned up as the first discard (§3.1; FIBUR keeps it, §2.2 item 4), and who may take which
pozzetto (§2.7; a second morto, §4.2; the three-player pair that forms on the first one,
§5.2).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from ramino.cards import (
    is_burraco_wild,
)
from ramino.games.burraco import seating
from ramino.rules.options import (
    PozzettoAssignment,
    StockExhaustion,
    UpcardIsWild,
)

# Enum members as module constants: compiled, a constant is a C static, while ``Enum.MEMBER``
# goes through the enum type's ``__getattr__`` (Python 3.11) on every use.
_POZZETTO_PER_TEAM: Final = PozzettoAssignment.PER_TEAM
_STOCK_LAST_TWO_UNPLAYABLE: Final = StockExhaustion.LAST_TWO_UNPLAYABLE
_STOCK_POZZETTO_BECOMES_STOCK: Final = StockExhaustion.POZZETTO_BECOMES_STOCK
_STOCK_RESHUFFLE_DISCARDS: Final = StockExhaustion.RESHUFFLE_DISCARDS
_STOCK_VOID_HAND: Final = StockExhaustion.VOID_HAND
_UPCARD_BURY_AND_REDRAW: Final = UpcardIsWild.BURY_AND_REDRAW

if TYPE_CHECKING:
    from ramino.games.burraco.state import BurracoState


def pozzetto_available(state: BurracoState, team: int) -> bool:
    """May ``team`` take a pozzetto on emptying its hand?  If not, emptying it closes
    (§2.7, §2.8; a second morto only with ``team_can_take_both_mortos``, §4.2)."""
    if state.taken[team] and not state.rules.team_can_take_both_mortos:
        return False
    if state.rules.pozzetto_assignment is _POZZETTO_PER_TEAM:
        return team < len(state.pozzetti) and state.pozzetti[team] is not None
    return any(p is not None for p in state.pozzetti)


def take_pozzetto(state: BurracoState, team: int) -> tuple[int, ...]:
    if state.rules.pozzetto_assignment is _POZZETTO_PER_TEAM:
        index = team
    else:
        index = next(i for i, p in enumerate(state.pozzetti) if p is not None)
    pozzetto = state.pozzetti[index]
    assert pozzetto is not None
    first_taken = not any(state.taken)
    state.pozzetti[index] = None
    state.taken[team] = True
    if first_taken and seating.forms_pair_on_first_pozzetto(state.players,
                                                             state.rules.pozzetto_sizes):
        # Three players: the first to empty his hand takes the 18 and plays alone; the
        # other two become a pair and unite their melds (§5.2).
        sides = seating.after_solo(state.sides, state.sides.index(team))
        state.sides = sides
        state.meld_side = [sides[t] for t in state.meld_side]
    return pozzetto


def stock_exhausted(state: BurracoState) -> bool:
    """Does the stock end the hand now?  (§2.9a and the house rules of §3.7, §8 item 1.)"""
    policy = state.rules.stock_exhaustion
    if policy is _STOCK_LAST_TWO_UNPLAYABLE:
        return len(state.stock) <= 2  # the last two cards of the stock are never played
    if state.stock:
        return False
    if policy is _STOCK_RESHUFFLE_DISCARDS and state.pile:
        # [S002] "si gira il monte degli scarti": the pile turned over is the new stock, its
        # first discard on top.
        state.stock = list(reversed(state.pile))
        state.pile = []
        return False
    if policy is _STOCK_POZZETTO_BECOMES_STOCK:
        for i, pozzetto in enumerate(state.pozzetti):
            if pozzetto is not None:
                # [S004]: a pozzetto nobody took becomes the stock (no side ever takes it).
                state.stock = list(reversed(pozzetto))
                state.pozzetti[i] = None
                return False
    if policy is _STOCK_VOID_HAND:
        state.void = True  # [CPO]: the hand does not count and is dealt again
    return True


def replace_wild_upcard(state: BurracoState) -> None:
    """A jolly or pinella turned up as the first discard, under the house rules of §3.1
    (FIBUR keeps it, §2.2 item 4): buried at the bottom of the stock and the next card
    turned, or the stock reshuffled (seeded by the deal, so a replay is identical)."""
    rng = random.Random(repr(state.deal))
    while is_burraco_wild(state.pile[-1]) and any(
            not is_burraco_wild(c) for c in state.stock):
        wild = state.pile.pop()
        if state.rules.upcard_is_wild is _UPCARD_BURY_AND_REDRAW:
            state.stock.insert(0, wild)
        else:
            state.stock.append(wild)
            rng.shuffle(state.stock)
        state.pile.append(state.stock.pop())
