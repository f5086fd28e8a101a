"""Guessing the hidden cards: a full Burraco state consistent with one seat's observation.

Search bots (``ramino.bots.burraco.search``) play out many possible worlds; each world must
agree with everything the seat knows and guess only what it cannot see (the bots' honesty
contract, OpenSpiel's ``resample_from_infostate``).  What a seat knows, §2.2–§2.7:

- its own hand, the table (every meld of both sides), the face-up pile (the scarto: all of it
  under FIBUR; under a closed pile, §4.1, only its top and its size);
- the cards each other player took publicly with the pile and has not played since
  (``known_cards``): they are certainly in that hand;
- every count: hand sizes, the pozzetti still on the table, a pozzetto taken con lo scarto
  that waits for its owner's next draw (§2.7), the tallone (stock) size.

Every other card of the pack is dealt at random among the unknown places, keeping each count.
Card counting comes for free: each card exists twice (§1.1), so a card seen twice on the
table, in the pile or in the own hand is never guessed into an opponent's hand.

Not in the observation and so reset in the guess: the stallo streak and a called time out
(§2.9b–c), which a bot never needs to choose a legal action.
"""

from __future__ import annotations

import random

from ramino.cards import NUM_TYPES, to_counts
from ramino.games.burraco.state import PHASE_OVER, BurracoState, Observation
from ramino.games.hidden import take_hidden
from ramino.rules.options import RuleSet


def unseen_cards(observation: Observation, rules: RuleSet) -> list[int]:
    """The cards ``observation.seat`` cannot place: the pack minus its hand, the table, the
    pile and the cards publicly known to be in the other hands (sorted by card type)."""
    left = to_counts(rules.full_pack())
    seen: list[int] = list(observation.hand) + list(observation.pile)
    for table_meld in observation.melds:
        seen.extend(table_meld.meld.cards)
    for seat, known in enumerate(observation.known_cards):
        if seat != observation.seat:
            seen.extend(known)
    for card in seen:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"observation shows more copies of card {card} than the pack holds")
    return [c for c in range(NUM_TYPES) for _ in range(left[c])]


def resample(observation: Observation, rng: random.Random, rules: RuleSet) -> BurracoState:
    """A state that ``observation.seat`` cannot tell from the real one, hidden cards dealt by
    ``rng`` (the same ``rng`` state gives the same guess)."""
    if observation.phase == PHASE_OVER:
        raise ValueError("the hand is over: there is nothing hidden left to guess")
    hidden = unseen_cards(observation, rules)
    rng.shuffle(hidden)
    return place_hidden(observation, hidden, rules)


def hidden_slots(observation: Observation) -> dict[int, range]:
    """Where ``place_hidden`` puts each other seat's hidden cards: the positions of the
    shuffled hidden list that become that hand (the rest fill the pozzetti and the tallone)."""
    end = observation.stock_size + observation.pile_size - len(observation.pile)
    end += sum(observation.pending_pozzetto_sizes) + sum(observation.pozzetti_left)
    for other in range(observation.players):
        if other != observation.seat:
            end += observation.hand_sizes[other] - len(observation.known_cards[other])
    slots: dict[int, range] = {}
    for other in range(observation.players):
        if other != observation.seat:
            missing = observation.hand_sizes[other] - len(observation.known_cards[other])
            slots[other] = range(end - missing, end)
            end -= missing
    return slots


def place_hidden(observation: Observation, hidden: list[int], rules: RuleSet) -> BurracoState:
    """The state with the shuffled ``hidden`` cards (``unseen_cards`` in some order) dealt
    to the places ``observation.seat`` cannot see, the same way for the same order."""
    hidden = list(hidden)
    seat = observation.seat
    hands: list[list[int]] = []
    for other in range(observation.players):
        if other == seat:
            hands.append(list(observation.hand))
            continue
        known = list(observation.known_cards[other])
        missing = observation.hand_sizes[other] - len(known)
        hands.append(known + take_hidden(hidden, missing))
    pending: list[list[int] | None] = [
        take_hidden(hidden, size) if size else None for size in observation.pending_pozzetto_sizes]
    pozzetti = [take_hidden(hidden, size) for size in observation.pozzetti_left]
    stock = take_hidden(hidden, observation.stock_size)
    # Under a closed pile (§4.1) only the top is face up; the cards under it are guessed too.
    pile = [*take_hidden(hidden, observation.pile_size - len(observation.pile)),
            *observation.pile]
    if hidden:
        raise ValueError(f"observation counts leave {len(hidden)} cards unplaced")
    state = BurracoState.from_position(
        rules, hands=hands, pozzetti=pozzetti, taken=list(observation.pozzetto_taken),
        stock=stock, pile=pile,
        melds=[(m.side, m.meld) for m in observation.melds], current=observation.current,
        phase=observation.phase, pending=pending,
        forbidden_discard=observation.forbidden_discard, turn=observation.turn,
        sides=observation.sides)
    # Cards taken with the pile stay public until played (§2.3); a guess keeps them so.
    for other, public in enumerate(observation.known_cards):
        state.known[other] = to_counts(public)
    state.public_history = observation.history  # the past every seat saw is no guess
    return state
