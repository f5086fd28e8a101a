"""``legal_actions()`` is exact for Scala 40: compared with brute force over every
sub-multiset of the hand (§6.2–§6.4).

For positions reached by seeded random play, every sub-multiset of the current hand is tried
as a new meld and as an attachment to every meld on the table (each jolly unannotated and
declared as every card it could plausibly stand for), every card as a swap on every meld and
as a discard, through ``apply`` on a clone.  The positions reached by the accepted actions must
be exactly those reached by the listed legal actions.  Small hands (``hand_size`` 7, opening
threshold 20) put the apertura look-ahead under the same check.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from ramino.cards import JOKER, WildTarget
from ramino.errors import IllegalActionError
from ramino.games.actions import ATTACH, DISCARD, MELD, SWAP, Action
from ramino.games.phases import PHASE_PLAY
from ramino.games.scala40 import movegen
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet, make_rules

Outcome = tuple[Any, ...]


def _outcome(state: Scala40State, action: Action) -> Outcome | None:
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalActionError:
        return None
    return trial.fingerprint()[:-1]


def _sub_multisets(hand: list[int]) -> list[tuple[int, ...]]:
    counts: dict[int, int] = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    types = sorted(counts)
    out = []
    for picks in itertools.product(*[range(counts[t] + 1) for t in types]):
        subset = tuple(t for t, k in zip(types, picks, strict=True) for _ in range(k))
        if subset:
            out.append(subset)
    return out


def _annotations(subset: tuple[int, ...], extra_ranks: set[int]
                 ) -> list[tuple[tuple[int, WildTarget], ...]]:
    """No annotation, and every card near the naturals (a jolly stands next to them, or for
    their rank in a group; anything farther is refused by the same code)."""
    if JOKER not in subset:
        return [()]
    ranks = {c % 13 for c in subset if c != JOKER} | extra_ranks
    near = {(r + d) % 13 for r in ranks for d in (-2, -1, 0, 1, 2)} | {0}
    return [()] + [((JOKER, WildTarget(r, s)),) for r in sorted(near) for s in range(4)]


def _positions(rules: RuleSet, seeds: range, max_hand: int) -> list[Scala40State]:
    found = []
    for seed in seeds:
        state = Scala40State.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            size = state.sizes[state.current]
            if state.phase == PHASE_PLAY and size <= max_hand and rng.random() < 0.3:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


def _check(state: Scala40State) -> int:
    listed = {_outcome(state, a) for a in state.legal_actions()}
    assert None not in listed
    accepted: set[Outcome | None] = set()
    hand = state.hand_of(state.current)
    for subset in _sub_multisets(hand):
        for notes in _annotations(subset, set()):
            accepted.add(_outcome(state, Action(MELD, subset, 0, notes)))
        for number, meld in enumerate(state.melds, start=1):
            ranks = {c % 13 for c in meld.represented()}
            for notes in _annotations(subset, ranks):
                accepted.add(_outcome(state, Action(ATTACH, subset, number, notes)))
    for card in set(hand):
        accepted.add(_outcome(state, Action(DISCARD, (card,))))
        for number in range(1, len(state.melds) + 1):
            accepted.add(_outcome(state, Action(SWAP, (card,), number)))
    accepted.discard(None)
    assert accepted == listed
    return len(listed)


@pytest.mark.parametrize(("options", "max_hand", "seeds"), [
    ({}, 7, range(0, 6)),
    ({"players": 2, "discard_attach_ban": "FISCA"}, 7, range(10, 14)),
    ({"hand_size": 7, "opening_threshold": 20}, 8, range(20, 26)),
    ({"hand_size": 7, "opening_threshold": 20, "opening_without_jolly": True,
      "no_close_first_round": False}, 8, range(30, 34)),
    ({"partnerships": "PAIRS_2V2", "lay_off_on_opponents": False,
      "initial_discard": "DEALER_14"}, 7, range(70, 74)),
])
def test_legal_actions_match_brute_force(options: dict[str, Any], max_hand: int,
                                         seeds: range) -> None:
    rules = make_rules("fisca", options)
    positions = _positions(rules, seeds, max_hand)[:14]
    assert positions
    checked = [_check(state) for state in positions]
    assert sum(checked) > len(checked)  # melds or attachments were listed, not only discards


def _unopened_positions(rules: RuleSet, seeds: range, max_hand: int) -> list[Scala40State]:
    """Positions where the player in turn has not opened and could use the table: a card of
    his fits a meld on it, or a jolly on it stands for a card he holds."""
    found = []
    for seed in seeds:
        state = Scala40State.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current
            hand = state.hands[seat]
            if (state.phase == PHASE_PLAY and not state.opened[seat]
                    and state.sizes[seat] <= max_hand
                    and (any(hand[c] for c in state._fitting())
                         or any(m.jolly >= 0 and hand[m.jolly] for m in state.melds))):
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("options", "kind"), [
    ({"opening_counts_only_new_melds": False}, ATTACH),
    ({"jolly_swap_requires_opened": False}, SWAP),
    ({"opening_counts_only_new_melds": False, "jolly_swap_requires_opened": False,
      "swapped_jolly_must_be_used_same_turn": False, "no_close_first_round": False}, SWAP),
])
def test_unopened_options_match_brute_force(options: dict[str, Any], kind: str) -> None:
    """§6.7 ``opening_counts_only_new_melds=false`` (lay-offs of the apertura's turn count) and
    ``jolly_swap_requires_opened=false`` (a swap before opening): exact too, on positions
    where the player not yet opened could use the table, and some of them list such actions."""
    rules = make_rules("fisca", {"hand_size": 7, "opening_threshold": 20, **options})
    positions = _unopened_positions(rules, range(80, 110), 8)[:12]
    assert positions
    for state in positions:
        _check(state)
    assert any(a.kind == kind for state in positions for a in state.legal_actions())


def test_the_quick_pick_answers_agree_with_the_search() -> None:
    """A pick refused without search (no neighbour, no fitting meld, no jolly in reach) is one
    the full look-ahead refuses too, and one accepted without search (a meld with two cards of
    the hand) is one it accepts: the shortcuts never change the answer."""
    rules = make_rules("fisca")
    shortcuts = 0
    accepted = 0
    for seed in range(40, 52):
        state = Scala40State.new_hand(rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current
            if state.phase == "draw" and state.opened[seat] and state.pile:
                top = state.pile[-1]
                if movegen.pick_hopeless(state, top):
                    shortcuts += 1
                    trial = state.clone()
                    trial._invalidate()
                    trial._do_pick()
                    assert not movegen.can_finish(trial, 5)
                if state.sizes[seat] >= 4 and movegen.pick_makes_meld(state, top):
                    accepted += 1
                    trial = state.clone()
                    trial._invalidate()
                    trial._do_pick()
                    assert movegen.can_finish(trial, 1)
            state.apply(rng.choice(state.legal_actions()))
    assert shortcuts > 0 and accepted > 0
