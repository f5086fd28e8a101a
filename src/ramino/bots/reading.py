"""Reading the others' hands from their last scarto (the search's worlds weighed by it).

``ramino.games.resample`` deals every card a seat cannot see at random: all the seat *knows*.
A good player also reads the discards: a player who threw the 7♥ is unlikely to hold the other
7♥ or the 6♥ and 8♥ (RULES.md §2.3 step 3: the scarto is the card its owner wanted least).
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

``DiscardReading.log_weight`` is the sum over the seats read; the search draws a few guesses
per world and keeps one with probability proportional to its weight (sampling importance
resampling, ``SearchBot.world``).  Everything is read off the observation, so the honesty
contract holds (tests/bots/test_reading.py).
"""

from __future__ import annotations

import math
from dataclasses import replace

from ramino.bots.expert import ExpertBot, _DiscardContext
from ramino.games.burraco import PHASE_PLAY, Observation
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
        total = 0.0
        cost = self.expert.discard_cost
        t = self.temperature
        for reading in self.seats:
            hand = list(hands[reading.seat])
            hand[reading.discard] += 1
            context = reading.context
            context.hand = hand
            context.unseen = [u - h for u, h in zip(reading.base_unseen, hand, strict=True)]
            costs = [cost(context, c) for c, n in enumerate(hand) if n]
            thrown = cost(context, reading.discard)
            low = min(costs)
            total -= (thrown - low) / t + math.log(sum(math.exp((low - c) / t) for c in costs))
        return total


__all__ = ["DiscardReading", "last_discards"]
