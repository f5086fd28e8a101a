"""The legal actions of a Burraco position, exactly (§2.3–§2.8), and the rules of going down.

The meld and attach options come from the memoised generator (``movegen``); the obligations
of the turn are enforced one action ahead (the top card of the pile to use, the minimum of a
first meld, §3.2), so that play never reaches a position with nothing legal to do.

Going down and closing (§2.8) live here too, because the two ask each other: a player may
empty the hand by melding (then takes the pozzetto, §2.7) or close with the last discard only
as the rules allow (a burraco, a clean one under the international code; a discard that is
not a wild) and never into a hand with nothing legal to do, which is a question about the
legal actions; and an action is legal only if the going down it makes is.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any, Final

from ramino.cards import NUM_TYPES, TWO, card_str, is_burraco_wild
from ramino.errors import IllegalActionError
from ramino.games.actions import (
    DISCARD,
    DRAW,
    PICK,
    Action,
)
from ramino.games.burraco import movegen
from ramino.games.burraco.melds import (
    GROUP,
    Meld,
    attach_options,
    cards_points,
    returned_to_hand,
)
from ramino.games.burraco.refusals import illegal
from ramino.games.burraco.stock import pozzetto_available
from ramino.games.phases import PHASE_DRAW, PHASE_OVER, PHASE_PLAY
from ramino.rules.options import (
    ClosingBurracoRequirement,
)

# Enum members as module constants: compiled, a constant is a C static, while ``Enum.MEMBER``
# goes through the enum type's ``__getattr__`` (Python 3.11) on every use.
_CLOSING_BURRACO_CLEAN: Final = ClosingBurracoRequirement.CLEAN

if TYPE_CHECKING:
    from ramino.games.burraco.state import BurracoState


DRAW_ACTION: Final = Action(DRAW)
PICK_ACTION: Final = Action(PICK)
DISCARD_ACTIONS: Final = tuple(Action(DISCARD, (card,)) for card in range(NUM_TYPES))


def generate(state: BurracoState) -> list[Action]:
    state._produced = None
    if state.phase == PHASE_OVER:
        return []
    if state.phase == PHASE_DRAW:
        if state.pile and not (state.rules.pickup_forbidden_with_one_card
                              and state.sizes[state.current] == 1) and (
                not state.rules.pickup_requires_top_card_use or state._pick_usable()):
            return [DRAW_ACTION, PICK_ACTION]
        return [DRAW_ACTION]
    seat = state.current
    hand = state.hands[seat]
    size = state.sizes[seat]
    actions, melds = table_actions(state)
    if state.opening_points >= 0:
        # §3.2: a side's first melding turn must lay down enough points: keep the table
        # actions from which that total can still be reached.
        keep = [opening_reachable_after(state, a) for a in actions]
        actions = list(compress(actions, keep))
        melds = list(compress(melds, keep))
    if state.must_use >= 0:
        # §3.2 / §4.5: the top card taken must be used before the discard; keep only the
        # actions that use it or leave a way to use it.
        top = state.must_use
        keep = [top in a.cards or still_usable_after(state, a, top) for a in actions]
        actions = list(compress(actions, keep))
        melds = list(compress(melds, keep))
    state._produced = (actions, melds)
    out = actions[:]
    if state.must_use >= 0 or 0 < state.opening_points < state.rules.min_first_meld_points:
        return out  # no discard before the obligation of the turn is met
    # One discard per card type held, in card order, but the one card that may not be
    # discarded this turn (§2.3); the last card only if it may close or go down (§2.8).
    forbidden = state.forbidden_discard
    for card in range(NUM_TYPES):
        if hand[card] and card != forbidden and (
                size != 1 or may_discard_last(state, seat, card)):
            out.append(DISCARD_ACTIONS[card])
    return out


def table_actions(state: BurracoState) -> tuple[list[Action], list[Meld]]:
    """Every legal meld and attach of the player in turn (``actions[i]`` produces
    ``melds[i]``).  Each action appears once: the chunks of move generation are disjoint
    (a sequence's naturals differ in rank, a group's share one; attaches name their
    meld)."""
    seat = state.current
    team = state.sides[seat]
    hand = state.hands[seat]
    rules = state.rules
    size = state.sizes[seat]
    actions: list[Action] = []
    produced: list[Meld] = []
    table = state.melds
    table_sides = state.meld_side
    # The side's groups by rank and sequences by suit, as bits.
    own_groups = 0
    own_suits = 0
    for i in range(len(table)):
        if table_sides[i] == team:
            m = table[i]
            if m.kind == GROUP:
                own_groups |= 1 << m.rank
            else:
                own_suits |= 1 << m.suit
    if not rules.one_group_per_rank_per_team:
        own_groups = 0
    if rules.multiple_sequences_same_suit:
        own_suits = 0
    # Only a meld that leaves at most one card needs the going-down checks (§2.7, §2.8);
    # a chunk whose options all leave more is accepted whole.
    # Holding two copies of the card it may not discard (§2.3), a play that keeps more
    # than one card could still leave only those: every play is checked then (rare).
    careful = state.forbidden_discard >= 0 and hand[state.forbidden_discard] >= 2
    shortcut = size - 1 if not careful else 0
    wilds = movegen.wild_key(hand)
    memo = movegen.memo_for(rules)
    for suit in range(4):
        chunk = movegen.sequence_chunk(hand, suit, rules, wilds, memo)
        if chunk.actions and not own_suits >> suit & 1:
            add_new_melds(state, chunk, seat, team, shortcut, actions, produced)
    if rules.groups_allowed:
        for rank in range(13):
            if rank == TWO and not rules.allow_group_of_twos:
                continue
            chunk = movegen.group_chunk(hand, rank, rules, wilds, memo)
            if chunk.actions and not own_groups >> rank & 1:
                add_new_melds(state, chunk, seat, team, shortcut, actions, produced)
    for i in range(len(table)):
        if table_sides[i] != team:
            continue
        m = table[i]
        chunk = movegen.attachments(m, i + 1, hand, rules, wilds, memo)
        if chunk.most_cards < shortcut:
            actions.extend(chunk.actions)
            produced.extend(chunk.melds)
            continue
        for action, result in zip(chunk.actions, chunk.melds, strict=True):
            if len(action.cards) >= shortcut:
                melds = table[:]
                melds[i] = result
                back = (returned_to_hand(m, result, action.cards)
                        if rules.wild_may_return_to_hand else [])
                if not may_go_down(state, seat, action.cards, melds, table_sides, back):
                    continue
            actions.append(action)
            produced.append(result)
    return actions, produced


def add_new_melds(state: BurracoState, chunk: movegen.Chunk, seat: int, team: int, shortcut: int,
                   actions: list[Action], produced: list[Meld]) -> None:
    """Append the new melds of ``chunk`` the going-down rules allow (see
    :meth:`_table_actions`)."""
    if chunk.most_cards < shortcut:
        actions.extend(chunk.actions)
        produced.extend(chunk.melds)
        return
    for action, meld in zip(chunk.actions, chunk.melds, strict=True):
        if len(action.cards) >= shortcut and not may_go_down(state,
                seat, action.cards, [*state.melds, meld], [*state.meld_side, team]):
            continue
        actions.append(action)
        produced.append(meld)


def opening_reachable_after(state: BurracoState, action: Action) -> bool:
    """After ``action``, can this turn's melds still reach ``min_first_meld_points``?"""
    laid = state.opening_points + cards_points(action.cards, state._values)
    need = state.rules.min_first_meld_points - laid
    if need <= 0:
        return True
    trial = state.clone()
    trial.opening_points = -1
    trial.must_use = -1
    trial.apply(action)
    return not trial.is_over and trial.phase == PHASE_PLAY and can_lay(trial, need, {})


def can_lay(state: BurracoState, need: int, seen: dict[tuple[Any, ...], bool]) -> bool:
    """Is there a run of legal melds and attaches laying ``need`` more points?"""
    hand = state.hands[state.current]
    if sum(state._values[c] * n for c, n in enumerate(hand) if n) < need:
        return False
    key = (tuple(hand), tuple(state.melds))
    if key in seen:
        return seen[key]
    found = False
    for action in table_actions(state)[0]:
        points = cards_points(action.cards, state._values)
        if points >= need:
            found = True
            break
        trial = state.clone()
        trial.apply(action)
        if not trial.is_over and trial.phase == PHASE_PLAY and can_lay(trial,
                need - points, seen):
            found = True
            break
    seen[key] = found
    return found


def can_use(state: BurracoState, card: int) -> bool:
    """Is there a legal meld or attach that puts ``card`` on the table now?"""
    return any(card in action.cards for action in table_actions(state)[0])


def still_usable_after(state: BurracoState, action: Action, card: int) -> bool:
    trial = state.clone()
    trial.must_use = -1  # look at the bare position after the action
    trial.apply(action)
    return not trial.is_over and trial.phase == PHASE_PLAY and can_use(trial, card)


def may_discard_last(state: BurracoState, seat: int, card: int) -> bool:
    try:
        check_final_discard(state, seat, card, state.melds, state.meld_side, "")
    except IllegalActionError:
        return False
    return True


def may_go_down(state: BurracoState, seat: int, cards: tuple[int, ...], melds: list[Meld],
                 teams: list[int], back: Sequence[int] = ()) -> bool:
    try:
        check_going_down(state, seat, cards, melds, teams, back)
    except IllegalActionError:
        return False
    return True


# --- going down and closing (§2.8) ---------------------------------------------------------


def check_going_down(state: BurracoState, seat: int, cards: tuple[int, ...], melds: list[Meld],
                      teams: list[int], back: Sequence[int] = ()) -> None:
    """Refuse a meld/attach that empties the hand illegally or leaves a hand that cannot
    legally be finished (§2.7, §2.8 stuck hand, T-26, T-27, T-28).  ``back``: cards the
    action returns to the hand (a freed wild, §3.4)."""
    left = state.sizes[seat] - len(cards) + len(back)
    if left >= 2:
        if only_forbidden_left(state, seat, left, cards, back):
            check_not_stranded(state, seat, cards, melds, teams, back)
        return
    team = state.sides[seat]
    if left == 0:
        if not pozzetto_available(state, team):
            if state._has_closing_burraco(team, melds, teams):
                if not state.rules.closing_requires_discard:
                    return  # a house rule: melding the last card closes (§3.6)
                raise illegal("you cannot close by melding everything: a close needs a "
                               "final discard", "closing-requires-discard", "§2.8")
            raise illegal("without a burraco you must keep at least one card after "
                           "discarding (stuck hand)", "stuck-hand", "§2.8")
        if not state.rules.pozzetto_al_volo_allowed:
            raise illegal("the pozzetto may not be taken al volo under these rules: keep a "
                           "card to discard", "pozzetto-al-volo-allowed", "§3.6")
        if state.rules.pozzetto_requires_burraco and not state._has_any_burraco(
                team, melds, teams):
            raise illegal("your side needs a burraco before taking its pozzetto",
                           "pozzetto-requires-burraco", "§5.3")
        return
    # left == 1: the last card must be a legal final discard.
    remaining = state.hands[seat][:]
    for c in cards:
        remaining[c] -= 1
    for c in back:
        remaining[c] += 1
    last = next(c for c in range(NUM_TYPES) if remaining[c])
    try:
        check_final_discard(state, seat, last, melds, teams, "you would be left with "
                                  f"{card_str(last)} only, which")
    except IllegalActionError:
        if not may_close_by_attaching(state, team, last, melds, teams):
            raise


def only_forbidden_left(state: BurracoState, seat: int, left: int, cards: tuple[int, ...],
                         back: Sequence[int]) -> bool:
    """Would the ``left`` cards be nothing but copies of the card it may not discard
    (§2.3)?"""
    forbidden = state.forbidden_discard
    if forbidden < 0:
        return False
    copies = state.hands[seat][forbidden] - cards.count(forbidden) + list(back).count(
        forbidden)
    return copies == left


def check_not_stranded(state: BurracoState, seat: int, cards: tuple[int, ...], melds: list[Meld],
                        teams: list[int], back: Sequence[int]) -> None:
    """Refuse a play after which the player could neither discard (the cards left are
    all the one taken as a single-card pile, §2.3) nor play on: the turn could not end."""
    trial = state.clone()
    hand = trial.hands[seat]
    for c in cards:
        hand[c] -= 1
    for c in back:
        hand[c] += 1
    trial.sizes[seat] += len(back) - len(cards)
    trial.melds = list(melds)
    trial.meld_side = list(teams)
    trial._legal = None
    trial._produced = None
    if not generate(trial):
        card = card_str(state.forbidden_discard)
        raise illegal(f"you would be left with only {card}, the one card of the pile you "
                       "took, which may not be discarded this turn: the turn could not "
                       "end", "single-card-pile", "§2.3")


def may_close_by_attaching(state: BurracoState, team: int, card: int, melds: list[Meld],
                            teams: list[int]) -> bool:
    """Without ``closing_requires_discard`` a side that may close can also close by
    attaching its last card (§3.6)."""
    if state.rules.closing_requires_discard or pozzetto_available(state, team):
        return False
    if not state._has_closing_burraco(team, melds, teams):
        return False
    return any(teams[i] == team and attach_options(m, (card,), state.rules)
               for i, m in enumerate(melds))


def check_final_discard(state: BurracoState, seat: int, card: int, melds: list[Meld],
                        teams: list[int], subject: str) -> None:
    """Raise unless discarding ``card`` as the last card of the hand is legal."""
    team = state.sides[seat]
    rules = state.rules
    if card == state.forbidden_discard:
        raise illegal(f"{subject} was the one card of the pile you took and may not be "
                       "discarded this turn", "single-card-pile", "§2.3")
    if not pozzetto_available(state, team):
        if not state._has_closing_burraco(team, melds, teams):
            clean = rules.closing_burraco_requirement is _CLOSING_BURRACO_CLEAN
            need = "a burraco pulito" if clean else "a burraco"
            raise illegal(f"{subject} cannot be your closing discard: closing needs {need}; "
                           "keep at least one card after discarding (stuck hand)",
                           "closing-needs-burraco", "§2.8")
        if is_burraco_wild(card) and not rules.closing_discard_may_be_wild:
            raise illegal(f"{subject} cannot close: the closing discard may not be a wild "
                           "(jolly or any 2)", "closing-discard-not-wild", "§2.8")
        return
    if rules.pozzetto_requires_burraco and not state._has_any_burraco(team, melds, teams):
        raise illegal(f"{subject} cannot be discarded: your side needs a burraco before "
                       "taking its pozzetto", "pozzetto-requires-burraco", "§5.3")
