"""Generating the legal actions of a Scala 40 turn (docs/rules.md §6.3), exactly.

Scala 40 has obligations only the rest of the turn can meet (the apertura, the picked
discard to use, the swapped jolly to reuse, a discard to end the turn), so an action is
listed only if a legal end of the turn stays reachable after it: a bounded look-ahead
(``can_finish``) over the moves that serve the obligation.  New melds and lay-offs come from
the memoised options of ``ramino.games.scala40.melds``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from ramino.cards import (
    JOKER,
    NUM_TYPES,
)
from ramino.games.actions import (
    ATTACH,
    DISCARD,
    DRAW,
    MELD,
    PICK,
    SWAP,
    Action,
    Annotation,
)
from ramino.games.phases import PHASE_DRAW, PHASE_OVER
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.melds import HIGH_ACE, SEQUENCE, Meld
from ramino.games.scala40.opening import Plan, opening_plan

if TYPE_CHECKING:
    from ramino.games.scala40.state import Scala40State

Resolved = tuple[int, Meld]  # (meld number, 0 for a new meld; the resulting meld)

# How deep the search for a way to meet a turn's obligations goes (picked discard, swapped
# jolly): each step is a meld, an attachment or a swap that uses an obligated card.  A way that
# needs more steps is not found, so the action is refused: the engine may be stricter than the
# rules in such a position, never looser (no turn is left without a legal end).
_OBLIGATION_DEPTH: Final = 3

_TUPLE_NEW: Final = tuple.__new__


def _action(kind: str, cards: tuple[int, ...], meld: int, notes: tuple[Annotation, ...]
            ) -> Action:
    """``Action(kind, cards, meld, notes)`` made the way the named tuple's own ``__new__``
    makes it, without that interpreted function (move generation makes thousands a hand)."""
    return _TUPLE_NEW(Action, (kind, cards, meld, notes))


DRAW_ACTION: Final = Action(DRAW)
PICK_ACTION: Final = Action(PICK)
DISCARD_ACTIONS: Final = tuple(Action(DISCARD, (card,)) for card in range(NUM_TYPES))


def may_pick(state: Scala40State) -> bool:
    if not state.pile:
        return False
    seat = state.current
    rules = state.rules
    if not state.opened[seat] and not rules.opening_with_discard:
        return False
    top = state.pile[-1]
    if state.opened[seat] and state.sizes[seat] >= 2 and any(
            top in m40.fitting_cards(meld, rules) for i, meld in enumerate(state.melds)
            if rules.lay_off_on_opponents
            or state.sides[state.meld_seat[i]] == state.sides[seat]):
        return True  # laid off at once, and a card is left to discard
    must_use = rules.picked_discard_must_be_used_same_turn or not state.opened[seat]
    if must_use and pick_hopeless(state, top):
        return False
    if state.opened[seat] and state.sizes[seat] >= 4 and pick_makes_meld(state, top):
        return True  # melded at once with two cards of the hand, two cards left
    trial = state.clone()
    trial._invalidate()
    trial._do_pick()
    return can_finish(trial, _OBLIGATION_DEPTH)


def pick_makes_meld(state: Scala40State, card: int) -> bool:
    """A quick sufficient test that ``card`` makes a new meld with two natural cards of
    the hand (three in a row of its suit, or three suits of its rank)."""
    if card == JOKER or not state.rules.identical_sequence_allowed:
        return False
    hand = state.hands[state.current]
    rank, suit = card % 13, card // 13
    if sum(1 for s in range(4) if s != suit and hand[rank + 13 * s]) >= 2:
        return True
    for position in ((0, HIGH_ACE) if rank == 0 else (rank,)):
        held = [0 <= q <= HIGH_ACE and hand[m40.card_at(q, suit)] > 0
                for q in range(position - 2, position + 3)]
        if (held[0] and held[1]) or (held[1] and held[3]) or (held[3] and held[4]):
            return True
    return False


def pick_hopeless(state: Scala40State, card: int) -> bool:
    """A quick sufficient test that ``card`` cannot be used this turn: no jolly in reach,
    it fits no meld, and no card of the hand could make a meld with it."""
    hand = state.hands[state.current]
    if card == JOKER or hand[JOKER]:
        return False
    if any(m.jolly >= 0 and hand[m.jolly] for m in state.melds):
        return False  # a swap could bring a jolly
    if card in state._fitting():
        return False
    rank, suit = card % 13, card // 13
    if any(hand[rank + 13 * s] for s in range(4) if s != suit):
        return False
    for position in ((0, HIGH_ACE) if rank == 0 else (rank,)):
        for near in (position - 2, position - 1, position + 1, position + 2):
            if 0 <= near <= HIGH_ACE and hand[m40.card_at(near, suit)]:
                return False
    return True


def generate(state: Scala40State) -> list[Action]:
    state._resolved = {}
    state._canon = {}
    if state.phase == PHASE_OVER:
        return []
    if state.phase == PHASE_DRAW:
        out = [DRAW_ACTION] if state.stock else []
        if may_pick(state):
            out.append(PICK_ACTION)
        return out
    seat = state.current
    results: dict[Action, Resolved] = {}
    if not state.opened[seat]:
        if state.dealer_discard:
            # DEALER_14 (§6.1): the dealer's first action is the discard that starts the
            # pozzo (he cannot have opened yet).
            state._resolved = results
            return [DISCARD_ACTIONS[c] for c in range(NUM_TYPES) if state.hands[seat][c]]
        plan = opening_plan(state)
        options, numbers, good = plan
        for i in sorted(good):
            cards, notes, meld = options[i]
            number = numbers[i]
            add(state, results, _action(ATTACH if number else MELD, cards, number, notes),
                      (number, meld))
        rules = state.rules
        if not (rules.jolly_swap_requires_opened and rules.opening_counts_only_new_melds):
            unopened_extras(state, results, plan)
    else:
        for action, resolved in raw_actions(state, obligated_only=False):
            if keeps_finish(state, action, resolved):
                add(state, results, action, resolved)
    out = list(results)
    out.extend(DISCARD_ACTIONS[c] for c in state._legal_discards())
    state._resolved = results
    return out


def unopened_extras(state: Scala40State, results: dict[Action, Resolved], plan: Plan) -> None:
    """The actions of a player not yet opened that the plan of the apertura cannot list
    alone, each checked by playing it on a copy: a jolly swap before opening (§6.7
    ``jolly_swap_requires_opened=false``), a meld or lay-off the plan needs only after
    such a swap, and (``opening_counts_only_new_melds=false``) part of a good meld or
    lay-off put down first and completed by a later lay-off."""
    swaps = unopened_swaps(state)
    if not swaps and state.rules.opening_counts_only_new_melds:
        return
    for action, resolved in swaps:
        if after_ok(state, action, resolved):
            add(state, results, action, resolved)
    options, numbers, good = plan
    wholes = [Counter(options[i][0]) for i in good]
    for j, (cards, notes, meld) in enumerate(options):
        if j in good:
            continue
        number = numbers[j]
        if not swaps:
            need = Counter(cards)
            if not any(need <= whole for whole in wholes):
                continue
        action = _action(ATTACH if number else MELD, cards, number, notes)
        if action not in results and after_ok(state, action, (number, meld)):
            add(state, results, action, (number, meld))


def unopened_swaps(state: Scala40State) -> list[tuple[Action, Resolved]]:
    """The jolly swaps open to a player not yet opened (none unless the rules allow)."""
    if not state._swap_now():
        return []
    hand = state.hands[state.current]
    return [(_action(SWAP, (meld.jolly,), i + 1, ()), (i + 1, m40.swapped(meld)))
            for i, meld in enumerate(state.melds) if meld.jolly >= 0 and hand[meld.jolly]]


def after_ok(state: Scala40State, action: Action, resolved: Resolved) -> bool:
    """Can the turn still end legally after ``action``, played on a copy?"""
    return after_ok_depth(state, action, resolved, _OBLIGATION_DEPTH)


def after_ok_depth(state: Scala40State, action: Action, resolved: Resolved, depth: int) -> bool:
    if state.sizes[state.current] - len(action.cards) + (action.kind == SWAP) <= 0:
        return False
    trial = state.clone()
    trial._invalidate()
    trial._effect(action.kind, action.cards, resolved)
    return can_finish(trial, depth)


def add(state: Scala40State, results: dict[Action, Resolved], action: Action,
        resolved: Resolved) -> None:
    old = results.get(action)
    if old is not None and old[1].low <= resolved[1].low:
        return  # the same cards, an ace low or high: the low end, as m40._pick chooses
    results[action] = resolved
    assert state._canon is not None
    state._canon[(action.kind, resolved[0], tuple(sorted(action.cards)), resolved[1])] = action










def raw_actions(state: Scala40State, *, obligated_only: bool) -> Iterator[tuple[Action, Resolved]]:
    """Actions the meld rules allow now (before the look-ahead); with ``obligated_only``
    only those that use a card the turn obliges the player to use, and swaps."""
    seat = state.current
    hand = state.hands[seat]
    rules = state.rules
    need: set[int] = set()
    card = -1  # the one natural card the moves must use, if that is the only obligation
    if obligated_only:
        if state._picked_pending():
            need.add(state.picked)
        if state.jolly_owed:
            need.add(JOKER)
        if len(need) == 1 and JOKER not in need:
            # A meld holding the card uses only cards of its suit or its rank (and a jolly):
            # only the melds of that suit and rank, and the table melds of that suit or
            # rank, need looking at.
            card = next(iter(need))
    present = m40.held_types(hand)
    if card >= 0:
        options = m40.new_meld_options_with(present, card, rules)
    else:
        options = []
        for chunk in m40.held_chunks(present, rules.group_max_size):
            options.extend(chunk.options)
    identical_ok = rules.identical_sequence_allowed
    for cards, notes, meld in options:
        if obligated_only and card < 0 and not need.intersection(cards):
            continue
        if not identical_ok and state._identical_blocked(meld):
            continue
        yield _action(MELD, cards, 0, notes), (0, meld)
    # Only a player who has opened comes here (the apertura has its own search), so swaps
    # and lay-offs are allowed together.
    if not state._lay_off_now():
        return
    only_picked_meld = obligated_only and state.picked_needs_meld and need == {state.picked}
    jolly_held = hand[JOKER] > 0
    held = int.from_bytes(present, "little")
    anyone = rules.lay_off_on_opponents
    side = state.sides[seat]
    for i, meld in enumerate(state.melds):
        number = i + 1
        if (anyone or state.sides[state.meld_seat[i]] == side) and not only_picked_meld \
                and (card < 0 or (meld.suit if meld.kind == SEQUENCE else meld.rank)
                     == (card // 13 if meld.kind == SEQUENCE else card % 13)) \
                and ((jolly_held and meld.jolly < 0)
                     or m40.fitting_mask(meld, rules) & held):
            for cards, notes, result in m40.held_attach_options(meld, present, rules):
                if obligated_only and not need.intersection(cards):
                    continue
                yield _action(ATTACH, cards, number, notes), (number, result)
        if meld.jolly >= 0 and hand[meld.jolly]:
            yield _action(SWAP, (meld.jolly,), number, ()), (number, m40.swapped(meld))


def keeps_finish(state: Scala40State, action: Action, resolved: Resolved) -> bool:
    """After ``action``, can the turn still end legally?"""
    seat = state.current
    size_after = state.sizes[seat] - len(action.cards) + (action.kind == SWAP)
    if size_after <= 0:
        return False
    if action.kind != SWAP:
        picked_done = (not state._picked_pending() or (
            state.picked in action.cards and (action.kind == MELD
                                             or not state.picked_needs_meld)))
        owed_done = state.jolly_owed == 0 or JOKER in action.cards
        if picked_done and owed_done and state.jolly_owed <= 1:
            if size_after >= 2:
                return True
            if state._closing_allowed() is not None:
                return False
            hand = state.hands[seat][:]
            for c in action.cards:
                hand[c] -= 1
            last = next(c for c in range(NUM_TYPES) if hand[c])
            trial = state.clone()
            trial._effect(action.kind, action.cards, resolved)
            return not trial._rediscard_forbidden(last, trial.hands[seat])
    trial = state.clone()
    trial._invalidate()
    trial._effect(action.kind, action.cards, resolved)
    return can_finish(trial, _OBLIGATION_DEPTH)


def can_finish(state: Scala40State, depth: int) -> bool:
    """Is a legal discard reachable this turn from here?"""
    if state._can_discard():
        return True
    if not state.opened[state.current]:
        if opening_plan(state)[2]:
            return True
        # A swap before opening may bring the jolly an apertura needs.
        return depth > 0 and any(after_ok_depth(state, a, r, depth - 1)
                                 for a, r in unopened_swaps(state))
    if depth <= 0:
        return False
    for action, resolved in raw_actions(state, obligated_only=True):
        if state.sizes[state.current] - len(action.cards) + (action.kind == SWAP) <= 0:
            continue
        trial = state.clone()
        trial._invalidate()
        trial._effect(action.kind, action.cards, resolved)
        if can_finish(trial, depth - 1):
            return True
    return False
