"""Reading the others' hands from their last scarto (the search's worlds weighed by it).

``ramino.games.burraco.resample`` deals every card a seat cannot see at random: all the seat
*knows*.
A good player also reads the discards: a player who threw the 7♥ is unlikely to hold the 7♣ or
the 6♥ and 8♥ (§2.3 step 3: the scarto is the card its owner wanted least).
This module scores a guessed hand by how likely the expert would have thrown, from that hand,
the card its owner actually threw:

- each seat's last scarto is in view while the pile has not been taken since (it grows by one
  discard a turn and empties when taken, §2.3): with the seat to play at ``current``, the seat
  ``k`` places before it discarded the pile's ``k``-th card from the top;
- nothing enters a hand between its owner's discard and its next turn, so the hand that threw
  it was the guessed hand plus that card;
- the table is the one in view now (the later seats' melds included: the reconstruction does
  not know which cards came after), the pile the one under that card;
- the likelihood is a softmax of the expert's discard costs (``ExpertBot.discard_cost``, lower
  is a better scarto) at ``temperature`` points: the opponents of the arena are the expert,
  and a player of any other kind still throws what it needs least.

``DiscardReading.log_weight`` is the sum over the seats read.  The search draws its worlds from
it in one of two ways (``SearchBot.read_world``): a few guesses a world, one kept with
probability proportional to its weight (``search:reading=K``, sampling importance
resampling), or a Metropolis chain over the hidden deal (``search:reading_steps=N``,
``DiscardReading.sample``).  Everything is read off the observation, so the honesty contract
holds (tests/bots/test_honesty.py).  Measured, it recovers about one regret point a decision,
inside the noise, and it is off by default (docs/bots.md, "How the search decides").
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ramino.bots.burraco.expert import ExpertBot, _DiscardContext
from ramino.cards import to_counts
from ramino.games.burraco.resample import hidden_slots, place_hidden, unseen_cards
from ramino.games.burraco.state import PHASE_PLAY, BurracoState, Observation
from ramino.rules.options import DiscardPickup


class _SeatReading:
    """One seat's last discard decision, rebuilt without the hand."""

    __slots__ = ("base_unseen", "context", "discard", "seat")

    def __init__(self, seat: int, discard: int, context: _DiscardContext) -> None:
        self.seat = seat
        self.discard = discard
        self.context = context
        #: What that seat could not see, its own hand left out (subtracted per guess).
        self.base_unseen = list(context.unseen)


def last_discards(observation: Observation) -> list[tuple[int, int]]:
    """``(seat, card)``: each other seat's scarto of its latest turn, where the pile shows it
    (not taken since, fully visible, the seat has played a turn this hand)."""
    pile = observation.pile
    players = observation.players
    if observation.pile_size != len(pile):
        return []  # a closed pile (§4.1) does not show who threw what
    out = []
    for seat in range(players):
        behind = (observation.current - seat) % players
        if seat == observation.seat or not behind or behind > observation.turn:
            continue
        if len(pile) >= behind:
            out.append((seat, pile[len(pile) - behind]))
    return out


class DiscardReading:
    """The likelihood of a guessed deal under the others' last scarti, for one decision."""

    __slots__ = ("expert", "seats", "temperature")

    def __init__(self, observation: Observation, expert: ExpertBot,
                 temperature: float) -> None:
        self.expert = expert
        self.temperature = temperature
        self.seats: list[_SeatReading] = []
        if expert.rules.discard_pickup is not DiscardPickup.WHOLE_PILE:
            return
        pile = observation.pile
        for seat, card in last_discards(observation):
            behind = (observation.current - seat) % observation.players
            under = pile[:len(pile) - behind]
            sizes = list(observation.hand_sizes)
            sizes[seat] += 1
            before = replace(observation, seat=seat, current=seat, phase=PHASE_PLAY, hand=(),
                             hand_sizes=tuple(sizes), pile=under, pile_size=len(under),
                             forbidden_discard=None, turn=observation.turn - behind)
            context = _DiscardContext(before, expert.rules, expert.urgency(before))
            self.seats.append(_SeatReading(seat, card, context))

    def log_weight(self, hands: list[list[int]]) -> float:
        """log P(every read seat threw its scarto | the guessed ``hands``), up to a constant."""
        return sum(self.seat_log_weight(reading, hands[reading.seat])
                   for reading in self.seats)

    def seat_log_weight(self, reading: _SeatReading, hand_counts: list[int]) -> float:
        """log P(that seat threw its scarto | it holds ``hand_counts`` now)."""
        cost = self.expert.discard_cost
        t = self.temperature
        hand = list(hand_counts)
        hand[reading.discard] += 1
        context = reading.context
        context.hand = hand
        context.unseen = [u - h for u, h in zip(reading.base_unseen, hand, strict=True)]
        costs = {c: cost(context, c) for c, n in enumerate(hand) if n}
        low = min(costs.values())
        return (-(costs[reading.discard] - low) / t
                - math.log(sum(math.exp((low - c) / t) for c in costs.values())))

    def sample(self, observation: Observation, rng: random.Random, steps: int) -> BurracoState:
        """A guess drawn (approximately) from the read distribution: a random deal of the
        hidden cards, then ``steps`` Metropolis moves, each swapping a hidden card of a read
        seat with any other hidden card (another hand, a pozzetto, the tallone) and kept with
        probability min(1, likelihood ratio); the proposal is symmetric, so the chain's
        stationary law is the prior deal weighed by the reading."""
        rules = self.expert.rules
        hidden = unseen_cards(observation, rules)
        rng.shuffle(hidden)
        slots = hidden_slots(observation)
        owner = [-1] * len(hidden)
        for seat, positions in slots.items():
            for i in positions:
                owner[i] = seat
        by_seat = {r.seat: r for r in self.seats}
        hands = {seat: to_counts(observation.known_cards[seat]) for seat in by_seat}
        for seat in by_seat:
            for i in slots[seat]:
                hands[seat][hidden[i]] += 1
        logs = {seat: self.seat_log_weight(r, hands[seat]) for seat, r in by_seat.items()}
        movable = [r.seat for r in self.seats if len(slots[r.seat])]
        for _ in range(steps if movable else 0):
            seat = movable[rng.randrange(len(movable))]
            own = slots[seat]
            i = rng.randrange(own.start, own.stop)
            j = rng.randrange(len(hidden) - len(own))
            if j >= own.start:
                j += len(own)
            x, y = hidden[i], hidden[j]
            if x == y:
                continue
            other = owner[j]
            changed = {seat: self._swapped(hands[seat], x, y)}
            if other in by_seat:
                changed[other] = self._swapped(hands[other], y, x)
            new = {s: self.seat_log_weight(by_seat[s], h) for s, h in changed.items()}
            gain = sum(new[s] - logs[s] for s in new)
            if gain >= 0 or rng.random() < math.exp(gain):
                hidden[i], hidden[j] = y, x
                hands.update(changed)
                logs.update(new)
        return place_hidden(observation, hidden, rules)

    @staticmethod
    def _swapped(hand: list[int], out: int, into: int) -> list[int]:
        swapped = list(hand)
        swapped[out] -= 1
        swapped[into] += 1
        return swapped


__all__ = ["DiscardReading", "last_discards"]
