"""Properties of the Scala 40 engine over random legal play (hypothesis), 2 to 6 players and
the §6.7 options, as ``tests/games/burraco/test_properties.py`` does for Burraco:

- random legal play never raises, never leaves a live position without a legal action, and
  ends (a close, §6.4);
- the 108 cards are conserved after every action (§6.1; the pozzo reshuffle of §6.5 included);
- an illegal action never changes the state;
- replaying a hand's actions (in record notation) on its deal gives the identical hand;
- ``observation(seat)`` never depends on a card the seat cannot see (a partner's hand
  included: partnerships share nothing but the table, §6.1).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.cards import JOKER, NUM_TYPES, pack, to_counts
from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import ATTACH, DISCARD, MELD, SWAP, Action, parse_action
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet, make_rules

RULESETS: list[RuleSet] = [
    *(make_rules("fisca", {"players": n}) for n in (2, 3, 4, 5, 6)),
    make_rules("fisca", {"opening_with_discard": True, "chiusura_in_mano_multiplier": 2,
                         "unopened_flat_penalty": 100, "opening_without_jolly": True}),
    make_rules("fisca", {"players": 2, "discard_attach_ban": "S000_READING",
                         "swapped_jolly_must_be_used_same_turn": False,
                         "picked_discard_must_be_used_same_turn": False}),
    make_rules("fisca", {"players": 3, "discard_attach_ban": "ALWAYS", "upcard_jolly": "KEEP",
                         "no_close_first_round": False, "rediscard_picked_card": "FORBIDDEN"}),
    make_rules("fisca", {"discard_attach_ban": "NEVER", "group_max_size": 3,
                         "identical_sequence_allowed": False, "lay_off_on_opponents": False,
                         "lay_off_after_opening_same_turn": False,
                         "chiusura_in_mano_allowed": False, "opening_threshold": 51}),
    # §6.1 partnerships and the dealer's 14th card; §6.7 lay-offs counting toward the apertura
    # and jolly swaps before opening.
    make_rules("fisca", {"partnerships": "PAIRS_2V2", "lay_off_on_opponents": False,
                         "initial_discard": "DEALER_14"}),
    make_rules("fisca", {"players": 6, "partnerships": "TEAMS_3V3",
                         "opening_counts_only_new_melds": False}),
    make_rules("fisca", {"players": 3, "jolly_swap_requires_opened": False,
                         "opening_counts_only_new_melds": False, "initial_discard": "DEALER_14",
                         "opening_with_discard": True}),
]
PACK = to_counts(pack(2))


def all_cards(state: Scala40State) -> list[int]:
    counts = [0] * NUM_TYPES
    for hand in state.hands:
        for c in range(NUM_TYPES):
            counts[c] += hand[c]
    for c in [*state.stock, *state.pile, *(c for m in state.melds for c in m.cards)]:
        counts[c] += 1
    return counts


def play_random(state: Scala40State, rng: random.Random, check: bool = False) -> None:
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps < 50_000, "random play did not end"
        actions = state.legal_actions()
        assert actions, "a live position always has a legal action"
        state.apply(rng.choice(actions))
        if check:
            assert all_cards(state) == PACK
            assert state.sizes == [sum(h) for h in state.hands]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_index=st.integers(0, len(RULESETS) - 1))
def test_random_play_conserves_cards_and_ends(seed: int, rules_index: int) -> None:
    state = Scala40State.new_hand(RULESETS[rules_index], seed=seed)
    assert all_cards(state) == PACK
    play_random(state, random.Random(seed), check=True)
    result = state.result()
    assert result is not None and len(result.seat_scores) == state.players
    assert len(result.scores) == len(set(state.sides))
    if result.closed_by is not None:
        assert result.seat_scores[result.closed_by] == 0
        assert result.scores[state.sides[result.closed_by]] == 0


def test_many_random_hands_for_every_player_count() -> None:
    """200 seeded hands over every rule set: never raises, always ends, and both kinds of
    close occur (after opening, and chiusura in mano)."""
    kinds = set()
    reshuffled = 0
    for seed in range(200):
        state = Scala40State.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
        play_random(state, random.Random(seed))
        assert state.result() is not None
        kinds.add(state.chiusura_in_mano)
        reshuffled += state.shuffles > 0
    assert kinds == {False, True} and reshuffled > 0


def random_action(state: Scala40State, rng: random.Random) -> Action:
    """Any action shape at all, mostly illegal."""
    hand = state.hand_of(state.current)
    cards = [rng.randrange(53) for _ in range(rng.randint(1, 5))]
    if hand and rng.random() < 0.7:
        cards = [rng.choice(hand) for _ in range(rng.randint(1, 5))]
    kind = rng.choice([MELD, ATTACH, SWAP, DISCARD, "draw", "pick", "stallo"])
    if kind in (DISCARD, SWAP):
        cards = cards[:1]
    if kind in ("draw", "pick", "stallo"):
        return Action(kind)
    return Action(kind, tuple(cards), rng.randint(0, len(state.melds) + 1))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    state = Scala40State.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
    while not state.is_over:
        legal = set(state.legal_actions())
        for _ in range(3):
            action = random_action(state, rng)
            before = state.fingerprint()
            legal_before = list(state.legal_actions())
            try:
                trial = state.clone()
                trial.apply(action)
            except (IllegalActionError, NotationError):
                try:
                    state.apply(action)
                except (IllegalActionError, NotationError):
                    pass
                else:
                    raise AssertionError(f"{action} refused on a clone, accepted on the state")
                assert state.fingerprint() == before
                assert state.legal_actions() == legal_before
            else:
                assert action in legal or _same_as_listed(state, trial), str(action)
        state.apply(rng.choice(state.legal_actions()))


def _same_as_listed(state: Scala40State, trial: Scala40State) -> bool:
    """An accepted unlisted spelling (cards in another order, an undeclared jolly whose card is
    obvious) reaches the position of a listed action."""
    for action in state.legal_actions():
        other = state.clone()
        other.apply(action)
        if other.fingerprint()[:-1] == trial.fingerprint()[:-1]:
            return True
    return False


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_index=st.integers(0, len(RULESETS) - 1))
def test_replaying_the_history_gives_the_same_hand(seed: int, rules_index: int) -> None:
    rules = RULESETS[rules_index]
    state = Scala40State.new_hand(rules, seed=seed)
    play_random(state, random.Random(seed))
    again = Scala40State.new_hand(rules, deal=state.deal)
    for action in state.history():
        again.apply(parse_action(str(action), allow_swap=True))
    assert again.fingerprint() == state.fingerprint()
    assert again.result() == state.result()


def redeal_hidden(state: Scala40State, seat: int, rng: random.Random) -> Scala40State:
    """A state that differs from ``state`` only in cards ``seat`` cannot see: the other hands
    and the tallone."""
    other = state.clone()
    hidden: list[int] = list(other.stock)
    sizes = {}
    for s in range(state.players):
        if s == seat:
            continue
        cards = [c for c in range(NUM_TYPES) for _ in range(other.hands[s][c])]
        sizes[s] = len(cards)
        hidden.extend(cards)
        other.hands[s] = [0] * NUM_TYPES
    rng.shuffle(hidden)
    for s, n in sizes.items():
        for c in hidden[:n]:
            other.hands[s][c] += 1
        hidden = hidden[n:]
    other.stock = hidden
    other._legal = None
    return other


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 5))
def test_observation_hides_what_the_seat_cannot_see(seed: int, seat: int) -> None:
    rng = random.Random(seed)
    state = Scala40State.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
    seat %= state.players
    steps = 0
    while not state.is_over:
        if steps % 5 == 0:
            twin = redeal_hidden(state, seat, rng)
            assert all_cards(twin) == PACK
            assert twin.observation(seat) == state.observation(seat)
            assert twin.observation(seat).as_dict() == state.observation(seat).as_dict()
            own = state.clone()
            hand = own.hands[seat]
            card = next(c for c in range(NUM_TYPES) if hand[c])
            hand[card] -= 1
            hand[JOKER if card != JOKER else 0] += 1
            assert own.observation(seat) != state.observation(seat)
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_clone_is_independent() -> None:
    state = Scala40State.new_hand(RULESETS[3], seed=9)
    rng = random.Random(9)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    before = state.fingerprint()
    twin = state.clone()
    play_random(twin, rng)
    assert state.fingerprint() == before
