"""Properties of the engine over random legal play (hypothesis).

- Random legal play never raises and always ends (§2.9 guarantees the end).
- The 108 cards are conserved after every action (§1.1, §1.6).
- An illegal action never changes the state (a refused action leaves the state unchanged).
- Replaying a hand's actions on its deal gives the identical state and result.
- ``observation(seat)`` never depends on a card the seat cannot see: redealing every hidden
  card leaves it unchanged, while changing the seat's own hand does change it.
- ``clone()`` is independent of the original.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ramino.cards import NUM_TYPES, to_counts
from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import ATTACH, DISCARD, MELD, Action, parse_action
from ramino.games.burraco.state import BurracoState
from ramino.rules import RuleSet, make_rules, preset

FIBUR = preset("fibur")
RULESETS = [
    FIBUR,
    preset("international"),
    make_rules("fibur", {"wild_reposition_policy": "FREE_END_SLIDES",
                         "free_wild_default_position": "PLAYER_CHOICE"}),
    make_rules("fibur", {"wild_reposition_policy": "FULLY_FLEXIBLE",
                         "semipulito_enabled": False, "pozzetto_con_scarto_playable":
                         "IMMEDIATELY", "single_card_pile_rediscard": "ALLOWED"}),
    make_rules("fibur", {"pozzetto_requires_burraco": True, "pozzetto_al_volo_allowed": False,
                         "closing_discard_may_be_wild": True, "stallo_detection": "MUTUAL",
                         "pickup_forbidden_with_one_card": True}),
    make_rules("fibur", {"players": 2}),
    make_rules("fibur", {"players": 3}),
    make_rules("fibur", {"players": 3, "pozzetto_sizes": [11, 11, 11]}),
    make_rules("fibur", {"players": 6}),
    make_rules("fibur", {"players": 6, "pozzetto_requires_burraco": True}),
    make_rules("house", {"upcard_is_wild": "BURY_AND_REDRAW", "discard_pickup": "TOP_CARD",
                         "closing_requires_discard": False, "allow_group_of_twos": True}),
    make_rules("fibur", {"ace_both_ends_in_sequence": True, "upcard_is_wild": "RESHUFFLE",
                         "stock_exhaustion": "POZZETTO_BECOMES_STOCK"}),
    make_rules("fibur", {"stock_exhaustion": "VOID_HAND", "players": 2,
                         "min_first_meld_points": 50}),
    make_rules("buraco-fechado", {"wild_may_return_to_hand": True,
                                  "pickup_requires_top_card_use": True}),
    make_rules("buraco-stbl", {"team_can_take_both_mortos": True, "players": 6,
                               "jokers_in_deck": False}),
    make_rules("buraco-aberto", {"no_clean_canastra_melds_negative": True,
                                 "ace_both_ends_in_sequence": True,
                                 "canastra_real_points": 500, "canastra_as_a_as_points": 1000}),
]


def pack_of(state: BurracoState) -> list[int]:
    return to_counts(state.rules.full_pack())


def all_cards(state: BurracoState) -> list[int]:
    counts = [0] * NUM_TYPES
    for hand in state.hands:
        for c in range(NUM_TYPES):
            counts[c] += hand[c]
    extra: list[int] = list(state.stock) + list(state.pile)
    for p in state.pozzetti:
        extra.extend(p or ())
    for pending in state.pending:
        extra.extend(pending or ())
    for m in state.melds:
        extra.extend(m.cards)
    for c in extra:
        counts[c] += 1
    return counts


def play_random(state: BurracoState, rng: random.Random, check: bool = False) -> None:
    while not state.is_over:
        actions = state.legal_actions()
        assert actions, "a live position always has a legal action"
        state.apply(rng.choice(actions))
        if check:
            assert all_cards(state) == pack_of(state)
            assert sum(state.sizes) == sum(sum(h) for h in state.hands)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules_index=st.integers(0, len(RULESETS) - 1))
def test_random_play_conserves_cards_and_ends(seed: int, rules_index: int) -> None:
    state = BurracoState.new_hand(RULESETS[rules_index], seed=seed)
    assert all_cards(state) == pack_of(state)
    play_random(state, random.Random(seed), check=True)
    result = state.result()
    assert result is not None
    sides = {2: 2, 3: 3, 4: 2, 6: 3}[state.players]
    assert len(result.scores) == sides
    if state.players != 3:  # three players halve the pair's score (§5.2)
        assert all(score % 5 == 0 for score in result.scores)  # §1.3: multiples of 5


def test_thousands_of_random_hands() -> None:
    """Random legal play of 2,000 seeded hands, every rule variant, never raises and always
    ends; both a close and a stock exhaustion occur."""
    ends: dict[str, int] = {}
    for seed in range(2000):
        state = BurracoState.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
        play_random(state, random.Random(seed))
        result = state.result()
        assert result is not None
        ends[result.end] = ends.get(result.end, 0) + 1
    assert ends.get("closed", 0) > 0 and ends.get("stock", 0) > 0


def random_action(state: BurracoState, rng: random.Random) -> Action:
    """Any action shape at all, mostly illegal: random cards, meld numbers, kinds."""
    hand = state.hand_of(state.current)
    cards = [rng.randrange(53) for _ in range(rng.randint(1, 5))]
    if hand and rng.random() < 0.7:
        cards = [rng.choice(hand) for _ in range(rng.randint(1, 5))]
    kind = rng.choice([MELD, ATTACH, DISCARD, "draw", "pick", "stallo", "timeout"])
    if kind == DISCARD:
        cards = cards[:1]
    if kind in ("draw", "pick", "stallo", "timeout"):
        return Action(kind)
    return Action(kind, tuple(cards), rng.randint(0, len(state.melds) + 1))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    state = BurracoState.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
    while not state.is_over:
        legal = {str(a) for a in state.legal_actions()}
        for _ in range(5):
            action = random_action(state, rng)
            if str(action) in legal and action.kind in ("draw", "pick", DISCARD):
                continue
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
                # Arbiter events are not a player's choices, so legal_actions never lists them.
                assert (action.kind in ("stallo", "timeout") or str(action) in legal
                        or _same_as_listed(state, trial)), str(action)
        state.apply(rng.choice(state.legal_actions()))


def _same_as_listed(state: BurracoState, trial: BurracoState) -> bool:
    """An accepted unlisted spelling (e.g. cards in another order) reaches a listed result."""
    for action in state.legal_actions():
        other = state.clone()
        other.apply(action)
        if other.fingerprint()[:-1] == trial.fingerprint()[:-1]:
            return True
    return False


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_replaying_the_history_gives_the_same_hand(seed: int) -> None:
    state = BurracoState.new_hand(FIBUR, seed=seed)
    play_random(state, random.Random(seed))
    again = BurracoState.new_hand(FIBUR, deal=state.deal)
    for action in state.history():
        again.apply(parse_action(str(action)))
    assert again.fingerprint() == state.fingerprint()
    assert again.result() == state.result()


def redeal_hidden(state: BurracoState, seat: int, rng: random.Random) -> BurracoState:
    """A state that differs from ``state`` only in cards ``seat`` cannot see."""
    other = state.clone()
    hidden: list[int] = []
    unknown_sizes: dict[int, int] = {}
    for s in range(state.players):
        if s == seat:
            continue
        known = state.known[s]
        hand = other.hands[s]
        unknown = [c for c in range(NUM_TYPES) for _ in range(hand[c] - known[c])]
        unknown_sizes[s] = len(unknown)
        hidden.extend(unknown)
        for c in unknown:
            hand[c] -= 1
    pending_sizes = [0 if p is None else len(p) for p in other.pending]
    for p in other.pending:
        hidden.extend(p or ())
    pozzetto_sizes = [None if p is None else len(p) for p in other.pozzetti]
    for p in other.pozzetti:
        hidden.extend(p or ())
    stock_size = len(other.stock)
    hidden.extend(other.stock)
    closed_pile = state.rules.discard_pile_visibility.value == "TOP_ONLY"
    buried = len(other.pile) - 1 if closed_pile and other.pile else 0
    if buried:
        hidden.extend(other.pile[:buried])  # a closed lixo shows its top card only (§4.1)
    rng.shuffle(hidden)
    if buried:
        other.pile = hidden[:buried] + other.pile[buried:]
        hidden = hidden[buried:]
    for s, n in unknown_sizes.items():
        for c in hidden[:n]:
            other.hands[s][c] += 1
        hidden = hidden[n:]
    for s, n in enumerate(pending_sizes):
        if state.pending[s] is not None:
            other.pending[s] = tuple(hidden[:n])
            hidden = hidden[n:]
    for i, size in enumerate(pozzetto_sizes):
        if size is not None:
            other.pozzetti[i] = tuple(hidden[:size])
            hidden = hidden[size:]
    other.stock = hidden[:stock_size]
    assert len(hidden) == stock_size
    other._legal = None
    return other


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), seat=st.integers(0, 5))
def test_observation_hides_what_the_seat_cannot_see(seed: int, seat: int) -> None:
    rng = random.Random(seed)
    state = BurracoState.new_hand(RULESETS[seed % len(RULESETS)], seed=seed)
    seat %= state.players
    steps = 0
    while not state.is_over:
        if steps % 7 == 0:
            twin = redeal_hidden(state, seat, rng)
            assert all_cards(twin) == pack_of(state)
            assert twin.observation(seat) == state.observation(seat)
            assert twin.observation(seat).as_dict() == state.observation(seat).as_dict()
        state.apply(rng.choice(state.legal_actions()))
        steps += 1


def test_observation_does_show_the_own_hand() -> None:
    """The control for the test above: a change the seat can see changes its observation."""
    state = BurracoState.new_hand(FIBUR, seed=1)
    other = state.clone()
    mine = state.hand_of(0)[0]
    theirs = next(c for c in state.hand_of(1) if c != mine)
    other.hands[0][mine] -= 1
    other.hands[0][theirs] += 1
    other.hands[1][theirs] -= 1
    other.hands[1][mine] += 1
    assert other.observation(0) != state.observation(0)
    assert other.observation(2) == state.observation(2)


def test_clone_is_independent() -> None:
    state = BurracoState.new_hand(FIBUR, seed=2)
    snapshot = state.fingerprint()
    twin = state.clone()
    play_random(twin, random.Random(2))
    assert state.fingerprint() == snapshot
    assert twin.is_over and not state.is_over


def rules_for(index: int) -> RuleSet:
    return RULESETS[index]
