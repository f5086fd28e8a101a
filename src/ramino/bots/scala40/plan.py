"""Planning a Scala 40 turn from the observation: which melds, lay-offs and swaps to make.

Shared by the Scala 40 bots (``scala40_greedy``, ``scala40_expert``).  A bot sees only its
observation, so the plan is computed on its own model of the turn (its hand as counts, the
table's melds) with the meld module's own move generation (``ramino.games.scala40.melds``): the
actions it proposes are built exactly as the engine builds its legal actions, and a bot plays
the first planned action that is legal (the engine's look-ahead has the last word).

The search (§6.2–§6.4):

1. optional jolly swaps first (§6.3 item 4: the natural card goes down, the jolly comes back
   and, under FISCA, must be used this turn);
2. a packing of new melds from the hand: every set of disjoint melds, explored once per
   remaining hand (memoised), and before the apertura only sets whose new melds reach the
   threshold (§6.3 item 2) or lay every card but one (chiusura in mano, §6.4);
3. then, when the player may lay off, every card that fits a meld on the table is laid off,
   best first, until nothing fits;
4. the plan must leave one card to discard (T-49), two when the player may not close yet
   (§6.4, first round), and meet the turn's obligations (the picked discard used, in a new meld
   before the apertura; the swapped jollies used).

Plans are compared by a caller's ``value`` of the cards laid (and whether the plan closes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ramino.cards import JOKER, NUM_TYPES, to_counts
from ramino.games.actions import ATTACH, MELD, SWAP, Action
from ramino.games.phases import PHASE_PLAY
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.melds import SEQUENCE, Meld
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import RediscardPickedCard, RuleSet


@dataclass(frozen=True, slots=True)
class TurnView:
    """What the seat in turn knows of its own turn (from ``observation`` alone)."""

    hand: tuple[int, ...]          # counts by card type
    melds: tuple[Meld, ...]     # the table, meld number i + 1
    owners: tuple[int, ...]        # the side of each meld's owner (the seat itself alone)
    seat: int                      # the seat's side
    opened: bool
    started_unopened: bool
    opening_points: int            # new melds of this turn before the apertura
    may_close: bool
    may_lay_off: bool              # once opened (§6.3 items 2–3)
    picked: int                    # the picked discard still to use, -1: none
    picked_card: int               # the card picked this turn (used or not), -1: none
    picked_needs_meld: bool
    jolly_owed: int

    @classmethod
    def of(cls, observation: Observation, rules: RuleSet) -> TurnView:
        if observation.phase != PHASE_PLAY or observation.current != observation.seat:
            raise ValueError("a turn is planned by the seat in turn, after its draw")
        owed = list(observation.must_use)
        picked = observation.picked if observation.picked is not None else -1
        pending = picked >= 0 and bool(owed) and owed[0] == picked
        if pending:
            owed.pop(0)
        return cls.build(observation, rules, tuple(to_counts(observation.hand)),
                         picked if pending else -1, picked,
                         sum(1 for c in owed if c == JOKER), observation.opening_points)

    @classmethod
    def after_pick(cls, observation: Observation, rules: RuleSet) -> TurnView:
        """The turn as it would be after picking the pozzo's top card (asked in the draw)."""
        top = observation.top
        if top is None or observation.current != observation.seat:
            raise ValueError("no pozzo card to pick")
        hand = to_counts(observation.hand)
        hand[top] += 1
        return cls.build(observation, rules, tuple(hand), top, top, 0, 0)

    @classmethod
    def build(cls, observation: Observation, rules: RuleSet, hand: tuple[int, ...],
              pending: int, picked: int, owed: int, points: int) -> TurnView:
        seat = observation.seat
        opened = observation.opened[seat]
        started_unopened = not opened or points > 0
        first_round = rules.no_close_first_round and observation.turn < observation.players
        may_close = not first_round and (not started_unopened or rules.chiusura_in_mano_allowed)
        must_use_pick = rules.picked_discard_must_be_used_same_turn or started_unopened
        # Partnerships (§6.1): a side's melds are its own (``lay_off_on_opponents=false``).
        sides = observation.sides or tuple(range(observation.players))
        return cls(
            hand=hand, melds=tuple(m.meld for m in observation.melds),
            owners=tuple(sides[m.seat] for m in observation.melds),
            seat=sides[seat], opened=opened, started_unopened=started_unopened,
            opening_points=points if not opened else 0, may_close=may_close,
            may_lay_off=opened and (not started_unopened
                                    or rules.lay_off_after_opening_same_turn),
            picked=pending if must_use_pick else -1, picked_card=picked,
            picked_needs_meld=pending >= 0 and started_unopened, jolly_owed=owed)


@dataclass(slots=True)
class Plan:
    """A way to end the turn's plays: ``actions`` in order, the cards ``left`` in hand."""

    actions: list[Action] = field(default_factory=list)
    left: tuple[int, ...] = ()
    laid: tuple[int, ...] = ()     # the cards that left the hand (a swapped jolly laid again
    #                                does not: the natural it was swapped for did)
    opens: bool = False
    closes: bool = False
    value: float = 0.0


PlanValue = Callable[[tuple[int, ...], bool, bool], float]
"""``value(laid_cards, opens, closes)``: how good a plan is (higher is better)."""


#: Plans are ranked by these before the points laid: a close beats everything (§6.4), an
#: apertura beats staying closed.
CLOSE_BONUS = 10_000.0
OPEN_BONUS = 1_000.0


def laying_value(rules: RuleSet, jolly_cost: float) -> PlanValue:
    """The ladder's value: a close first, then the apertura, then the penalty points taken out
    of the hand (§6.5), each jolly laid costing ``jolly_cost`` beyond its points (it is worth
    more in hand) unless the plan closes."""
    def value(laid: tuple[int, ...], opens: bool, closes: bool) -> float:
        points = float(sum(penalty_value(c, rules) for c in laid))
        if closes:
            return CLOSE_BONUS + points
        jollies = sum(1 for c in laid if c == JOKER)
        return OPEN_BONUS * opens + points - jolly_cost * jollies
    return value


def penalty_laid(rules: RuleSet) -> PlanValue:
    """The plain value: penalty points taken out of the hand (§6.5)."""
    def value(laid: tuple[int, ...], opens: bool, closes: bool) -> float:
        return float(sum(penalty_value(c, rules) for c in laid))
    return value


def best_plan(view: TurnView, rules: RuleSet, value: PlanValue, *,
              allow_open: bool = True, swaps: bool = True) -> Plan | None:
    """The best plan by ``value``; ``None`` when no plan meets the turn's obligations (the
    empty plan, laying nothing, is a plan when nothing is owed).  ``allow_open=False`` keeps
    an unopened player closed unless the plan closes the hand (chiusura in mano)."""
    best: Plan | None = None
    for prefix, hand, melds, owed in _swap_prefixes(view, rules, swaps):
        plan = _pack(view, rules, value, hand, melds, owed, allow_open)
        if plan is None:
            continue
        plan.actions = prefix + plan.actions
        # A swapped jolly laid again never left the hand's count: the naturals did.
        laid = list(plan.laid)
        for _ in prefix:
            if JOKER in laid:
                laid.remove(JOKER)
        plan.laid = tuple(a.cards[0] for a in prefix) + tuple(laid)
        plan.value = value(plan.laid, plan.opens, plan.closes)
        if best is None or plan.value > best.value + 1e-9:
            best = plan
    return best


def _swap_prefixes(view: TurnView, rules: RuleSet, swaps: bool
                   ) -> list[tuple[list[Action], list[int], list[Meld], int]]:
    """No swap, then each single swap and each pair of swaps the hand can make now."""
    hand = list(view.hand)
    melds = list(view.melds)
    out: list[tuple[list[Action], list[int], list[Meld], int]] = [
        ([], hand, melds, view.jolly_owed)]
    if not swaps or not view.may_lay_off:
        return out
    per_owed = 1 if rules.swapped_jolly_must_be_used_same_turn else 0
    candidates = [i for i, m in enumerate(melds) if m.jolly >= 0 and hand[m.jolly]]
    for k, i in enumerate(candidates):
        one_hand, one_melds = _swapped(hand, melds, i)
        first = [Action(SWAP, (melds[i].jolly,), i + 1)]
        out.append((first, one_hand, one_melds, view.jolly_owed + per_owed))
        for j in candidates[k + 1:]:
            if one_hand[melds[j].jolly]:
                two_hand, two_melds = _swapped(one_hand, one_melds, j)
                out.append(([*first, Action(SWAP, (melds[j].jolly,), j + 1)], two_hand,
                            two_melds, view.jolly_owed + 2 * per_owed))
    return out


def _swapped(hand: list[int], melds: list[Meld], i: int) -> tuple[list[int], list[Meld]]:
    card = melds[i].jolly
    new_hand = hand[:]
    new_hand[card] -= 1
    new_hand[JOKER] += 1
    new_melds = melds[:]
    new_melds[i] = m40.swap(melds[i], card)
    return new_hand, new_melds


def _pack(view: TurnView, rules: RuleSet, value: PlanValue, hand: list[int],
          table: list[Meld], owed: int, allow_open: bool) -> Plan | None:
    """The best set of new melds from ``hand`` (then the lay-offs), by dynamic programming
    over the remaining hand: the end of a plan depends only on the cards left, how far the
    apertura has come and whether the picked card went into a new meld."""
    options = [o for o in m40.new_meld_options(hand, rules)
               if rules.identical_sequence_allowed or not _identical(o[2], table)]
    need = max(0, rules.opening_threshold - view.opening_points) if not view.opened else 0
    start = tuple(hand)
    # (rest, points toward the apertura, picked card in a new meld, any meld laid):
    # (value, the melds laid from here, the plan's end).
    memo: dict[tuple[tuple[int, ...], int, bool, bool], tuple[list[int], Plan] | None] = {}

    def finish(rest: list[int], points: int, picked_in_meld: bool, any_meld: bool
               ) -> Plan | None:
        """The end of a plan whose new melds leave ``rest``: lay-offs, then the checks."""
        opens = not view.opened and any_meld and points >= need
        closes_in_hand = not view.opened and any_meld and sum(rest) == 1
        if not view.opened and any_meld and not (opens and allow_open) and not closes_in_hand:
            return None
        if view.picked_needs_meld and not picked_in_meld:
            return None
        rest = rest[:]
        actions: list[Action] = []
        if view.may_lay_off or (opens and rules.lay_off_after_opening_same_turn):
            _lay_off(rest, list(table), list(view.owners), view.seat, rules, value,
                     1 if view.may_close else 2, actions)
        left = sum(rest)
        if left < 1 or (left == 1 and not view.may_close):
            return None
        if view.picked >= 0 and rest[view.picked] >= view.hand[view.picked]:
            return None
        if start[JOKER] - rest[JOKER] < owed:
            return None
        if left == 1 and rules.rediscard_picked_card is RediscardPickedCard.FORBIDDEN and (
                view.picked_card >= 0 and rest[view.picked_card]):
            return None
        laid = tuple(c for c in range(NUM_TYPES) for _ in range(start[c] - rest[c]))
        closes = left == 1
        return Plan(actions, tuple(rest), laid, opens or view.opened, closes,
                    value(laid, opens or view.opened, closes))

    def search(rest: list[int], points: int, picked_in_meld: bool, any_meld: bool
               ) -> tuple[list[int], Plan] | None:
        key = (tuple(rest), min(points, need), picked_in_meld, any_meld)
        if key in memo:
            return memo[key]
        end = finish(rest, points, picked_in_meld, any_meld)
        best: tuple[list[int], Plan] | None = None if end is None else ([], end)
        if sum(rest) >= 4:
            for j, (cards, _, meld) in enumerate(options):
                if any(rest[c] < cards.count(c) for c in set(cards)):
                    continue
                for c in cards:
                    rest[c] -= 1
                found = search(rest, points + _opening_value(meld, rules),
                               picked_in_meld or view.picked in cards, True)
                for c in cards:
                    rest[c] += 1
                if found is not None and (best is None or found[1].value > best[1].value + 1e-9):
                    best = ([j, *found[0]], found[1])
        memo[key] = best
        return best

    result = search(list(hand), 0, False, False)
    if result is None:
        return None
    chosen, end = result
    melds = [Action(MELD, options[j][0], 0, options[j][1]) for j in chosen]
    # Lay-offs were planned on the table as it was; after the new melds the numbers are the same.
    return Plan(melds + end.actions, end.left, end.laid, end.opens, end.closes, end.value)


def _opening_value(meld: Meld, rules: RuleSet) -> int:
    if rules.opening_without_jolly and not meld.clean:
        return 0
    return meld.opening_points()


def _identical(meld: Meld, table: Sequence[Meld]) -> bool:
    if meld.kind != SEQUENCE:
        return False
    shown = meld.represented()
    return any(m.kind == SEQUENCE and m.represented() == shown for m in table)


def _lay_off(rest: list[int], melds: list[Meld], owners: list[int], seat: int,
             rules: RuleSet, value: PlanValue, min_left: int, actions: list[Action]) -> None:
    """Lay off what fits, best first by ``value``, until nothing fits (§6.3 item 3)."""
    while True:
        best: tuple[float, int, m40.Option] | None = None
        held = sum(rest)
        for i, meld in enumerate(melds):
            if not rules.lay_off_on_opponents and owners[i] != seat:
                continue
            for option in m40.attach_options(meld, rest, rules):
                cards = option[0]
                if held - len(cards) < min_left:
                    continue
                score = value(cards, False, False) + 1e-3 * len(cards)
                if best is None or score > best[0]:
                    best = (score, i, option)
        if best is None or best[0] <= 0:
            return
        _, i, (cards, notes, result) = best
        for c in cards:
            rest[c] -= 1
        melds[i] = result
        actions.append(Action(ATTACH, cards, i + 1, notes))


def useful_to_hand(hand: Sequence[int], card: int) -> int:
    """How many cards of ``hand`` could share a meld with ``card``: another suit of its rank
    (a group, §6.2) or its suit within two places (a sequence; the ace at both ends)."""
    if card == JOKER:
        return 0
    rank, suit = card % 13, card // 13
    count = sum(1 for s in range(4) if s != suit and hand[rank + 13 * s])
    positions = (0, m40.HIGH_ACE) if rank == 0 else (rank,)
    near: set[int] = set()
    for p in positions:
        for q in (p - 2, p - 1, p + 1, p + 2):
            if 0 <= q <= m40.HIGH_ACE:
                near.add(m40.card_at(q, suit))
    near.discard(card)
    return count + sum(1 for c in near if hand[c])


def fits_table(melds: Sequence[Meld], card: int, rules: RuleSet) -> bool:
    return any(card in m40.fitting_cards(m, rules) for m in melds)


def first_legal(plan: Plan | None, legal: Sequence[Action]) -> Action | None:
    """The first planned action the engine lists as legal now."""
    if plan is None:
        return None
    allowed = set(legal)
    for action in plan.actions:
        if action in allowed:
            return action
    return None


__all__ = [
    "CLOSE_BONUS",
    "OPEN_BONUS",
    "Plan",
    "PlanValue",
    "TurnView",
    "best_plan",
    "first_legal",
    "fits_table",
    "laying_value",
    "penalty_laid",
    "useful_to_hand",
]
