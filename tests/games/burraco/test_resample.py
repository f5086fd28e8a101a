"""resample(): a guess at the hidden cards that the seat cannot tell from the truth."""

from __future__ import annotations

import random

import pytest

from ramino.cards import pack, to_counts
from ramino.games.burraco.resample import hidden_slots, place_hidden, resample, unseen_cards
from ramino.games.burraco.state import BurracoState
from ramino.rules import RuleSet, make_rules, preset

FIBUR = preset("fibur")
PACK = to_counts(pack(2))


def all_cards(state: BurracoState) -> list[int]:
    counts = [0] * 53
    for hand in state.hands:
        for c, n in enumerate(hand):
            counts[c] += n
    loose = list(state.stock) + list(state.pile)
    for p in state.pozzetti:
        loose.extend(p or ())
    for p in state.pending:
        loose.extend(p or ())
    for m in state.melds:
        loose.extend(m.cards)
    for c in loose:
        counts[c] += 1
    return counts


def positions(seed: int, every: int = 5) -> list[BurracoState]:
    """Snapshots of a random-play hand (melds, pile picks and pozzetti all occur)."""
    rng = random.Random(seed)
    state = BurracoState.new_hand(FIBUR, seed=seed)
    out = []
    step = 0
    while not state.is_over:
        if step % every == 0:
            out.append(state.clone())
        actions = state.legal_actions()
        melds = [a for a in actions if a.kind in ("meld", "attach")]
        # Prefer melding so that hands shrink and pozzetti get taken.
        state.apply(rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(actions))
        step += 1
    return out


@pytest.mark.parametrize("seed", range(6))
def test_guess_matches_the_observation_and_conserves_the_pack(seed: int) -> None:
    for state in positions(seed):
        for seat in range(4):
            seen = state.observation(seat)
            guess = resample(seen, random.Random(seed), FIBUR)
            assert guess.observation(seat) == seen
            assert all_cards(guess) == PACK
            assert guess.legal_actions() == state.legal_actions() or seat != state.current


def test_known_cards_stay_in_their_hand() -> None:
    found = 0
    for seed in range(6):
        for state in positions(seed, every=3):
            for seat in range(4):
                seen = state.observation(seat)
                guess = resample(seen, random.Random(1), FIBUR)
                for other, known in enumerate(seen.known_cards):
                    held = guess.hands[other]
                    assert all(held[c] >= known.count(c) for c in set(known))
                    found += len(known)
    assert found > 0  # the positions do contain cards taken with the pile


def test_same_rng_same_guess_other_rng_other_guess() -> None:
    state = positions(3)[4]
    seen = state.observation(1)
    a = resample(seen, random.Random(7), FIBUR)
    b = resample(seen, random.Random(7), FIBUR)
    c = resample(seen, random.Random(8), FIBUR)
    assert a.fingerprint() == b.fingerprint()
    assert a.fingerprint() != c.fingerprint()


def test_hidden_cards_really_are_redealt() -> None:
    """The guess keeps the own hand and changes the others (the control for the tests above)."""
    state = BurracoState.new_hand(FIBUR, seed=11)
    guess = resample(state.observation(0), random.Random(0), FIBUR)
    assert guess.hands[0] == state.hands[0]
    assert any(guess.hands[s] != state.hands[s] for s in (1, 2, 3))
    assert guess.stock != state.stock


def test_unseen_cards_count_every_card_twice() -> None:
    state = BurracoState.new_hand(FIBUR, seed=4)
    seen = state.observation(2)
    hidden = unseen_cards(seen, FIBUR)
    assert len(hidden) == 108 - 11 - 1
    for c in set(seen.hand):
        assert hidden.count(c) == PACK[c] - seen.hand.count(c) - seen.pile.count(c)


def test_an_impossible_observation_is_refused() -> None:
    state = BurracoState.new_hand(FIBUR, seed=4)
    seen = state.observation(0)
    card = seen.hand[0]
    bad = seen.__class__(**{**{f: getattr(seen, f) for f in seen.__dataclass_fields__},
                            "pile": (card, card, card)})
    with pytest.raises(ValueError, match="more copies"):
        resample(bad, random.Random(0), FIBUR)


def test_finished_hand_has_nothing_to_guess() -> None:
    state = positions(2, every=1)[-1]
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="over"):
        resample(state.observation(0), random.Random(0), FIBUR)


OTHER_RULES = [
    make_rules("fibur", {"players": 3}),
    make_rules("fibur", {"players": 6}),
    make_rules("buraco-fechado", {"wild_may_return_to_hand": True,
                                  "pickup_requires_top_card_use": True}),
    make_rules("buraco-stbl", {"team_can_take_both_mortos": True, "players": 6,
                               "jokers_in_deck": False}),
]


@pytest.mark.parametrize("rules", OTHER_RULES, ids=["3p", "6p", "closed-pile", "no-jokers"])
def test_guess_holds_under_other_presets(rules: RuleSet) -> None:
    """Sides that change (3 players, §5.2), a closed pile whose lower cards are hidden (§4.1),
    a pack without jokers: the guess still matches the observation and keeps the pack."""
    rng = random.Random(3)
    state = BurracoState.new_hand(rules, seed=3)
    pack_counts = to_counts(rules.full_pack())
    step = 0
    while not state.is_over and step < 300:
        if step % 6 == 0:
            for seat in range(rules.players):
                seen = state.observation(seat)
                guess = resample(seen, random.Random(step), rules)
                assert guess.observation(seat) == seen
                assert all_cards(guess) == pack_counts
        actions = state.legal_actions()
        melds = [a for a in actions if a.kind in ("meld", "attach")]
        state.apply(rng.choice(melds) if melds and rng.random() < 0.8 else rng.choice(actions))
        step += 1


def test_hidden_slots_name_the_positions_each_hand_is_dealt_from() -> None:
    """``place_hidden`` deals each other seat the hidden cards at its ``hidden_slots`` (plus
    the cards it publicly holds): the reading's chain swaps cards by those positions."""
    for deal in range(1, 4):
        state = BurracoState.new_hand(FIBUR, seed=deal)
        rng = random.Random(deal)
        for _ in range(40 * deal):
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
        seen = state.observation(state.current)
        hidden = unseen_cards(seen, FIBUR)
        rng.shuffle(hidden)
        world = place_hidden(seen, hidden, FIBUR)
        for seat, positions in hidden_slots(seen).items():
            expected = to_counts([hidden[i] for i in positions] + list(seen.known_cards[seat]))
            assert world.hands[seat] == expected
