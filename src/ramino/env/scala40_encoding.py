"""The documented encoding of a Scala 40 seat's observation and actions for learning agents.

Pure numpy over the Scala 40 ``Observation`` (§6; only what the seat may see is encoded).
Card vectors have 53 entries, one per card type (``ramino.cards``: suit·13 + rank, 52 the
jolly), each a count divided by 2 (two decks, §6.1; the four jollies count 0.5 each).  Seats
are counted from the own seat round the table, up to six (§6.1: 2 to 6 players); the slots
of seats a smaller table lacks stay zero.

Actions (``ACTIONS`` = 119 ids; the mask marks the legal ones):

====================  ======================================================================
id                    action
====================  ======================================================================
0                     ``draw`` from the tallone (§6.3 item 1)
1                     ``pick`` the pozzo's top card (once opened, §6.3 item 1)
2 + c (c = 0..52)     ``discard`` card type c (§6.3 item 5)
55 + k (k = 0..63)    the k-th ``meld``, ``attach`` or ``swap`` offered (§6.3 items 2–4)
====================  ======================================================================

Melds are not enumerated as fixed ids: the option slots are described in the observation.
The plays are offered in the engine's ``legal_actions()`` order, except that a play using a
card the turn still owes (the picked card, a swapped jolly, §6.3) comes first: when a turn
has more than 64 plays the rest are not offered, and while a card is owed no discard is
legal, so the plays that pay the debt must be among the offered ones.

Observation (``OBS_SIZE`` = 736 floats):

==========  ====  =================================================================
offset      size  content
==========  ====  =================================================================
0           53    own hand
53          53    the pozzo (every discard is face up)
106         53    the pozzo's top card (one-hot)
159         53    own melds on the table (the jolly as itself)
212         53    the other seats' melds
265         6     hand sizes / 13, from the own seat round the table
271         6     opened (1.0), from the own seat round the table
277         6     match penalty totals / 101, from the own seat round the table
283         1     tallone size / 108
284         2     phase one-hot: draw, play
286         1     points put down towards the apertura this turn / 40 (§6.3 item 2)
287         53    cards this turn still owes (the picked card, swapped jollies)
340         1     players / 6
341         1     first round (no close yet, §6.4)
342         10    reserved (zero)
352         384   per option slot k (64 × 6): meld, attach, swap (one-hot), cards / 14,
                  penalty points the play takes out of the hand / 100 (a swap less the
                  jolly it takes back), hand size left / 14
==========  ====  =================================================================
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ramino.cards import JOKER
from ramino.env.vectors import (
    ACTIONS,
    CARD_TYPES,
    MAX_PLAYS,
    MAX_SEATS,
    PLAY_BASE,
    Vector,
    add_cards,
    turn_id,
)
from ramino.games.actions import ATTACH, MELD, SWAP, Action
from ramino.games.scala40.observation import Observation
from ramino.games.scala40.scoring import penalty_value
from ramino.rules.options import RuleSet

SLOT_FEATURES = 6
SLOTS_AT = 352
OBS_SIZE = SLOTS_AT + MAX_PLAYS * SLOT_FEATURES
PLAYS = (MELD, ATTACH, SWAP)


def action_ids(legal: Sequence[Action], owed: Sequence[int] = ()) -> dict[int, Action]:
    """The id of every legal action that has one (the table above); ``owed``: the cards the
    turn still owes (``Observation.must_use``), whose plays come first."""
    out: dict[int, Action] = {}
    plays = [a for a in legal if a.kind in PLAYS]
    if owed:
        plays.sort(key=lambda a: not any(c in owed for c in a.cards))  # stable
    for a in legal:
        if (fixed := turn_id(a)) is not None:
            out[fixed] = a
    for k, a in enumerate(plays[:MAX_PLAYS]):
        out[PLAY_BASE + k] = a
    return out


def encode(observation: Observation, legal: Sequence[Action], rules: RuleSet) -> Vector:
    """The observation vector of the table above (``legal`` is empty when not on turn)."""
    v = np.zeros(OBS_SIZE, dtype=np.float32)
    seat = observation.seat
    players = observation.players
    add_cards(v, 0, observation.hand)
    add_cards(v, 53, observation.pile)
    if observation.pile:
        v[106 + observation.pile[-1]] = 1.0
    for m in observation.melds:
        add_cards(v, 159 if m.seat == seat else 212, m.meld.cards)
    for k in range(players):
        other = (seat + k) % players
        v[265 + k] = observation.hand_sizes[other] / 13.0
        v[271 + k] = float(observation.opened[other])
        v[277 + k] = observation.penalties[other] / 101.0
    v[283] = observation.stock_size / 108.0
    v[284 if observation.phase == "draw" else 285] = 1.0
    v[286] = observation.opening_points / 40.0
    add_cards(v, 287, observation.must_use)
    v[340] = players / MAX_SEATS
    v[341] = float(observation.turn < players)
    for i, a in action_ids(legal, observation.must_use).items():
        if i < PLAY_BASE:
            continue
        slot = SLOTS_AT + (i - PLAY_BASE) * SLOT_FEATURES
        v[slot + PLAYS.index(a.kind)] = 1.0
        out = sum(penalty_value(c, rules) for c in a.cards)
        back = 1 if a.kind == SWAP else 0  # a swap takes the jolly into the hand
        v[slot + 3] = len(a.cards) / 14.0
        v[slot + 4] = (out - back * penalty_value(JOKER, rules)) / 100.0
        v[slot + 5] = (len(observation.hand) - len(a.cards) + back) / 14.0
    return v


__all__ = ["ACTIONS", "CARD_TYPES", "MAX_PLAYS", "MAX_SEATS", "OBS_SIZE", "PLAY_BASE",
           "action_ids", "encode"]
