"""resample() for Scala 40: a guess at the hidden cards that the seat cannot tell from the
truth (the honesty contract; §6.1 for the pack, §6.3 for the turn's
obligations the guess must keep)."""

from __future__ import annotations

import random

import pytest

from ramino.cards import NUM_TYPES, pack, to_counts
from ramino.games.resample import resample
from ramino.games.scala40.resample import unseen_cards
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet, make_rules

PACK = to_counts(pack(2))
RULESETS: list[RuleSet] = [
    *(make_rules("fisca", {"players": n}) for n in (2, 4, 6)),
    # The FISCA variants: the apertura with the pozzo card, without the jolly.
    make_rules("fisca", {"opening_with_discard": True, "opening_without_jolly": True,
                         "players": 3}),
    make_rules("fisca", {"discard_attach_ban": "NEVER", "group_max_size": 3,
                         "identical_sequence_allowed": False,
                         "lay_off_after_opening_same_turn": False, "opening_threshold": 51}),
    # §6.1 and §6.7: pairs, the dealer's fourteenth card, lay-offs and swaps before opening.
    make_rules("fisca", {"partnerships": "PAIRS_2V2", "initial_discard": "DEALER_14"}),
    make_rules("fisca", {"opening_counts_only_new_melds": False,
                         "jolly_swap_requires_opened": False, "players": 3}),
]


def all_cards(state: Scala40State) -> list[int]:
    counts = [0] * NUM_TYPES
    for hand in state.hands:
        for c, n in enumerate(hand):
            counts[c] += n
    for c in [*state.stock, *state.pile, *(c for m in state.melds for c in m.cards)]:
        counts[c] += 1
    return counts


def positions(rules: RuleSet, seed: int, every: int = 3) -> list[Scala40State]:
    """Snapshots of a random-play hand that melds often (swaps and picks occur)."""
    rng = random.Random(seed)
    state = Scala40State.new_hand(rules, seed=seed)
    out = []
    step = 0
    while not state.is_over and step < 600:
        if step % every == 0:
            out.append(state.clone())
        actions = state.legal_actions()
        plays = [a for a in actions if a.kind in ("meld", "attach", "swap", "pick")]
        state.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(actions))
        step += 1
    return out


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.players}p")
def test_guess_matches_the_observation_and_the_legal_actions(rules: RuleSet) -> None:
    mid_turn = 0
    for seed in range(3):
        for state in positions(rules, seed):
            for seat in range(rules.players):
                seen = state.observation(seat)
                guess = resample(seen, random.Random(seed * 31 + seat), rules)
                assert guess.observation(seat) == seen
                assert all_cards(guess) == PACK
                if seat == state.current:
                    # The seat in turn gets exactly its own legal actions: obligations (the
                    # picked card, a swapped jolly, the apertura so far) are kept (§6.3).
                    assert guess.legal_actions() == state.legal_actions()
                    mid_turn += state.phase == "play" and bool(seen.must_use or
                                                                seen.opening_points)
    assert mid_turn >= 1


def test_hidden_cards_are_really_dealt_again() -> None:
    rules = RULESETS[1]
    state = positions(rules, 4)[5]
    seat = state.current
    guesses = [resample(state.observation(seat), random.Random(k), rules)
               for k in range(5)]
    others = {tuple(g.hands[(seat + 1) % 4]) for g in guesses}
    assert len(others) > 1
    assert all(g.hands[seat] == state.hands[seat] for g in guesses)


def test_card_counting_a_card_seen_twice_is_never_guessed() -> None:
    rules = RULESETS[1]
    for state in positions(rules, 2)[3:]:
        seen = state.observation(state.current)
        unseen = unseen_cards(seen)
        visible = to_counts([*seen.hand, *seen.pile,
                             *(c for m in seen.melds for c in m.meld.cards)])
        for c in range(NUM_TYPES):
            assert unseen.count(c) == PACK[c] - visible[c]


def test_a_finished_hand_has_nothing_to_guess() -> None:
    rules = RULESETS[0]
    state = positions(rules, 1, every=1)[-1]
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="over"):
        resample(state.observation(0), random.Random(0), rules)
