"""Guessing the hidden cards of Scala 40: a full hand consistent with one seat's observation.

The Burraco guess (``ramino.games.burraco.resample``) for Scala 40 (§6), built only from
the
engine's public API: a hand dealt by ``Scala40State.new_hand`` whose public fields are then set
to the position the seat sees.  What a seat knows, §6.1–§6.5:

- its own hand, every meld on the table with its owner (the jolly's declared card included);
- the whole pozzo: every discard was shown face up (only its top may be taken, §6.3 item 1);
- every count (hand sizes, the tallone), who has opened, the penalty totals so far;
- in its own turn, the card it picked, the obligations still open (the picked card and the
  swapped jollies to use) and the points of the apertura laid so far.

Every other card of the 108 (§6.1) is dealt at random into the other hands and the tallone.
Card counting comes for free: a card seen twice (each exists twice, four jollies) is never
guessed into a hand.

What the observation does not carry, so the guess cannot respect it (the seat is memoryless,
like every bot of the ladder): which cards became the tallone at a pozzo reshuffle (T-54), and
under the house options ``picked_discard_must_be_used_same_turn=false`` or
``swapped_jolly_must_be_used_same_turn=false`` the picked card or the jolly another player kept.
Under those house options a player's own turn is also guessed with the picked card unused.
With ``opening_counts_only_new_melds=false`` and ``opening_without_jolly`` together, the clean
part of an apertura begun with lay-offs on others' melds is not shown either.
"""

from __future__ import annotations

import random

from ramino.cards import JOKER, NUM_TYPES, pack, to_counts
from ramino.games.hidden import take_hidden
from ramino.games.phases import PHASE_OVER, PHASE_PLAY
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.state import Scala40State
from ramino.rules.options import RuleSet


def unseen_cards(observation: Observation) -> list[int]:
    """The cards ``observation.seat`` cannot place: the 108-card pack minus its hand, the
    pozzo and the table (sorted by card type)."""
    left = to_counts(pack(2))
    seen: list[int] = [*observation.hand, *observation.pile]
    for table_meld in observation.melds:
        seen.extend(table_meld.meld.cards)
    for card in seen:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"observation shows more copies of card {card} than the pack holds")
    return [c for c in range(NUM_TYPES) for _ in range(left[c])]


def resample(observation: Observation, rng: random.Random,
                     rules: RuleSet) -> Scala40State:
    """A hand that ``observation.seat`` cannot tell from the real one, hidden cards dealt by
    ``rng`` (the same ``rng`` state gives the same guess)."""
    if observation.phase == PHASE_OVER:
        raise ValueError("the hand is over: there is nothing hidden left to guess")
    if observation.players != rules.players:
        # A match hand after an elimination is dealt to the seats still in play (§6.5): the
        # match's rules with fewer players (``scala40_match.hand_rules``).
        rules = rules.with_options(players=observation.players)
    seat = observation.seat
    hidden = unseen_cards(observation)
    rng.shuffle(hidden)
    hands: list[list[int]] = []
    for other in range(observation.players):
        if other == seat:
            hands.append(to_counts(observation.hand))
        else:
            hands.append(to_counts(take_hidden(hidden, observation.hand_sizes[other])))
    stock = take_hidden(hidden, observation.stock_size)
    if hidden:
        raise ValueError(f"observation counts leave {len(hidden)} cards unplaced")
    n = observation.players
    # DEALER_14 (§6.1): before the first turn the dealer himself is in turn, to discard.
    dealer = (observation.current if observation.dealer_discard
              else (observation.current - observation.turn - 1) % n)
    # Any valid deal will do: every public field is then set to the observed position, and the
    # hand's own random stream (future reshuffles) is the guess's, drawn from ``rng``.
    state = Scala40State.new_hand(rules, seed=rng.getrandbits(48), dealer=dealer,
                                  penalties=observation.penalties)
    state.hands = hands
    state.sizes = list(observation.hand_sizes)
    state.stock = stock
    state.pile = list(observation.pile)
    state.melds = [m.meld for m in observation.melds]
    state.meld_seat = [m.seat for m in observation.melds]
    state.opened = list(observation.opened)
    state.current = observation.current
    state.phase = observation.phase
    state.turn = observation.turn
    state.dealer_discard = observation.dealer_discard
    state.public_history = observation.history  # the past every seat saw is no guess
    _set_turn(state, observation, rules)
    return state


def _set_turn(state: Scala40State, observation: Observation, rules: RuleSet) -> None:
    """The bookkeeping of the turn in progress, as far as the observation shows it.  Only the
    seat in turn sees its own; another seat's turn is guessed as freshly begun."""
    current = observation.current
    opened = observation.opened[current]
    mine = observation.seat == current and observation.phase == PHASE_PLAY
    points = observation.opening_points if mine else 0
    # Points are counted only while the player has not opened: points > 0 mean this turn began
    # unopened (and, not opened yet, every meld of this player was laid this turn).
    state.started_unopened = not opened or points > 0
    state.turn_points = points
    state.turn_new_melds = 1 if points > 0 else 0
    state.turn_clean_points = sum(m.meld.opening_points() for m in observation.melds
                                  if m.seat == current and m.meld.clean) if not opened else 0
    picked = observation.picked if mine and observation.picked is not None else -1
    owed = list(observation.must_use)
    pending = picked >= 0 and bool(owed) and owed[0] == picked
    if pending:
        owed.pop(0)
    state.picked = picked
    state.picked_needs_meld = picked >= 0 and state.started_unopened
    # A pick the rules oblige to use and no longer pending was used; under the house option
    # that lets an opened player keep it, the guess takes it as unused.
    obliged = rules.picked_discard_must_be_used_same_turn or state.picked_needs_meld
    state.picked_used = picked >= 0 and obliged and not pending
    state.jolly_owed = sum(1 for c in owed if c == JOKER)


__all__ = ["resample", "unseen_cards"]
