"""The documented encoding of a Burraco seat's observation and actions for learning agents.

Pure numpy over ``Observation`` (§2; the honesty contract holds: only what the seat
may see is encoded).  Card vectors have 53 entries, one per card type (``ramino.cards``:
suit·13 + rank, 52 the jolly), each a count divided by 2 (every card exists twice, §1.1).

Actions (``ACTIONS`` = 119 ids; the mask marks the legal ones):

====================  ======================================================================
id                    action
====================  ======================================================================
0                     ``draw`` from the tallone (§2.3 step 1)
1                     ``pick`` the whole scarto
2 + c (c = 0..52)     ``discard`` card type c (step 3)
55 + k (k = 0..63)    the k-th ``meld``/``attach`` in the engine's ``legal_actions()`` order
====================  ======================================================================

Melds are not enumerated as fixed ids (with two decks and wilds that table would be huge):
the option slots are described in the observation instead.  A turn rarely offers more than
64 meld/attach options; any beyond the 64th are not offered, and a discard is always legal in
the play phase, so the agent can always act.

Observation (``OBS_SIZE`` = 872 floats, the same layout at 2, 3, 4 and 6 players; "round the
table" starts from the own seat, or from the next one where it says so, and a seat beyond the
table's size reads zero):

==========  ====  =================================================================
offset      size  content
==========  ====  =================================================================
0           53    own hand
53          53    the scarto (all of it, §2.3)
106         53    the scarto's top card (one-hot)
159         53    own side's melds on the table
212         53    the other sides' melds
265         265   cards known in each other hand (taken with the pile), 5 × 53 round the
                  table from the next seat
530         6     hand sizes / 30, round the table from the own seat
536         6     1 for each seat on the own side (the own seat included), round the
                  table from the own seat: the partner at 4 and 6, the pair at 3 (§5)
542         1     tallone size / 108
543         1     own side took a pozzetto
544         1     another side took one
545         1     pozzetti left / 3
546         2     phase one-hot: draw, play
548         1     forbidden discard exists (a one-card pile was taken, §2.3)
549         1     players / 6
550         2     reserved (zero)
552         320   per option slot k (64 × 5): is attach, cards / 14, points / 300,
                  burraco bonus gained / 200 (negative when a wild dirties a
                  burraco), hand size left / 30
==========  ====  =================================================================
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

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
from ramino.games.actions import ATTACH, MELD, Action
from ramino.games.burraco.melds import burraco_bonus, burraco_type, resolve_attach, resolve_new_meld
from ramino.games.burraco.state import Observation
from ramino.rules.options import RuleSet

SLOT_FEATURES = 5
SLOTS_AT = 552
OBS_SIZE = SLOTS_AT + MAX_PLAYS * SLOT_FEATURES


def action_ids(legal: Sequence[Action]) -> dict[int, Action]:
    """The id of every legal action that has one (see the table above)."""
    out: dict[int, Action] = {}
    plays = 0
    for a in legal:
        if (fixed := turn_id(a)) is not None:
            out[fixed] = a
        elif a.kind in (MELD, ATTACH) and plays < MAX_PLAYS:
            out[PLAY_BASE + plays] = a
            plays += 1
    return out


def action_mask(legal: Sequence[Action]) -> npt.NDArray[np.int8]:
    mask = np.zeros(ACTIONS, dtype=np.int8)
    for i in action_ids(legal):
        mask[i] = 1
    return mask


def encode(observation: Observation, legal: Sequence[Action], rules: RuleSet) -> Vector:
    """The observation vector of the table above (``legal`` is empty when not on turn)."""
    v = np.zeros(OBS_SIZE, dtype=np.float32)
    seat = observation.seat
    players = observation.players
    team = observation.sides[seat]
    add_cards(v, 0, observation.hand)
    add_cards(v, 53, observation.pile)
    if observation.pile:
        v[106 + observation.pile[-1]] = 1.0
    for m in observation.melds:
        add_cards(v, 159 if m.side == team else 212, m.meld.cards)
    for k in range(1, players):
        add_cards(v, 265 + 53 * (k - 1), observation.known_cards[(seat + k) % players])
    for k in range(players):
        other = (seat + k) % players
        v[530 + k] = observation.hand_sizes[other] / 30.0
        v[536 + k] = float(observation.sides[other] == team)
    v[542] = observation.stock_size / 108.0
    taken = observation.pozzetto_taken
    v[543] = float(taken[team])
    v[544] = float(any(t for side, t in enumerate(taken) if side != team))
    v[545] = len(observation.pozzetti_left) / 3.0
    v[546 if observation.phase == "draw" else 547] = 1.0
    v[548] = float(observation.forbidden_discard is not None)
    v[549] = players / MAX_SEATS
    values = rules.card_value_table()
    melds = {m.number: m.meld for m in observation.melds}
    for i, a in action_ids(legal).items():
        if i < PLAY_BASE:
            continue
        slot = SLOTS_AT + (i - PLAY_BASE) * SLOT_FEATURES
        old = melds.get(a.meld) if a.kind == ATTACH else None
        if a.kind == ATTACH and old is not None:
            new = resolve_attach(old, a.cards, rules, a.annotations)
        else:
            new = resolve_new_meld(a.cards, rules, a.annotations)
        before = 0 if old is None else burraco_bonus(burraco_type(old, rules), rules)
        after = 0 if new is None else burraco_bonus(burraco_type(new, rules), rules)
        v[slot] = float(a.kind == ATTACH)
        v[slot + 1] = len(a.cards) / 14.0
        v[slot + 2] = sum(values[c] for c in a.cards) / 300.0
        v[slot + 3] = (after - before) / 200.0
        v[slot + 4] = (len(observation.hand) - len(a.cards)) / 30.0
    return v


__all__ = ["ACTIONS", "CARD_TYPES", "MAX_PLAYS", "MAX_SEATS", "OBS_SIZE", "PLAY_BASE",
           "action_ids", "encode"]
