"""``legal_actions()`` is exact: compared with brute force over every sub-multiset of the hand.

For positions reached by seeded random play (hands up to ten cards), every sub-multiset of the
hand is tried as a new meld and as an attachment to every own-side meld, and every card as a
discard, through ``apply`` on a clone.  The results accepted by ``apply`` must be exactly the
results of the listed legal actions (§2.3–§2.8, issue: "enumerating the melds a hand can
form must be exact").  Annotated variants are tried too where the rules let the player place a
wild (``PLAYER_CHOICE``)."""

from __future__ import annotations

import itertools
import random

import pytest

from ramino.cards import JOKER, RANKS, WildTarget, from_counts
from ramino.errors import IllegalActionError
from ramino.games.actions import ATTACH, DISCARD, MELD, Action
from ramino.games.burraco.melds import Meld
from ramino.games.burraco.state import BurracoState
from ramino.rules import RuleSet, make_rules

Outcome = tuple[str, int, tuple[int, ...], str]


def _outcome(state: BurracoState, action: Action) -> Outcome | None:
    trial = state.clone()
    try:
        trial.apply(action)
    except IllegalActionError:
        return None
    table = " | ".join(str(m) for m in trial.melds)
    return (action.kind, action.meld, tuple(sorted(action.cards)), table)


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


def _annotation_variants(subset: tuple[int, ...], rules: RuleSet) -> list[tuple[Action, ...]]:
    if rules.free_wild_default_position.value != "PLAYER_CHOICE":
        return [()]
    wilds = sorted({c for c in subset if c == JOKER or c % 13 == 1})
    variants: list[tuple[Action, ...]] = [()]
    for w in wilds:
        for rank in range(len(RANKS)):
            for suit in range(4):
                variants.append((Action(MELD, subset, 0, ((w, WildTarget(rank, suit)),)),))
    return variants


def brute_force(state: BurracoState) -> set[Outcome]:
    seat = state.current
    hand = from_counts(state.hands[seat])
    team = state.sides[seat]
    own = [i + 1 for i, t in enumerate(state.meld_side) if t == team]
    found: set[Outcome] = set()
    for subset in _sub_multisets(hand):
        for variant in _annotation_variants(subset, state.rules):
            notes = variant[0].annotations if variant else ()
            candidates = [Action(ATTACH, subset, number, notes) for number in own]
            if len(subset) >= 3:
                candidates.append(Action(MELD, subset, 0, notes))
            for action in candidates:
                outcome = _outcome(state, action)
                if outcome is not None:
                    found.add(outcome)
    for card in set(hand):
        outcome = _outcome(state, Action(DISCARD, (card,)))
        if outcome is not None:
            found.add(outcome)
    return found


def listed(state: BurracoState) -> set[Outcome]:
    out: set[Outcome] = set()
    for action in state.legal_actions():
        outcome = _outcome(state, action)
        assert outcome is not None, f"listed but refused: {action}"
        out.add(outcome)
    return out


def positions(rules: RuleSet, seed: int, wanted: int, max_hand: int) -> list[BurracoState]:
    """Play-phase positions from seeded random play that prefers melding (so tables fill up)."""
    rng = random.Random(seed)
    found: list[BurracoState] = []
    hand_seed = seed * 1000
    while len(found) < wanted:
        state = BurracoState.new_hand(rules, seed=hand_seed)
        hand_seed += 1
        while not state.is_over and len(found) < wanted:
            actions = state.legal_actions()
            if state.phase == "play" and state.sizes[state.current] <= max_hand and (
                    rng.random() < 0.25):
                found.append(state.clone())
            table = [a for a in actions if a.kind in (MELD, ATTACH)]
            pool = table if table and rng.random() < 0.7 else actions
            state.apply(rng.choice(pool))
    return found


RULESETS = {
    "fibur": make_rules("fibur"),
    "slides": make_rules("fibur", {"wild_reposition_policy": "FREE_END_SLIDES"}),
    "flexible": make_rules("fibur", {"wild_reposition_policy": "FULLY_FLEXIBLE"}),
    "no-transition": make_rules("fibur", {"pinella_natural_to_wild_transition": False}),
    "international": make_rules("international"),
    "wild-returns": make_rules("buraco-fechado", {"wild_may_return_to_hand": True,
                                                  "pickup_requires_top_card_use": True}),
    "opening-50": make_rules("fibur", {"min_first_meld_points": 50}),
    "house-extras": make_rules("house", {"allow_group_of_twos": True,
                                         "ace_both_ends_in_sequence": True,
                                         "closing_requires_discard": False}),
}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_legal_actions_match_brute_force(name: str) -> None:
    rules = RULESETS[name]
    for state in positions(rules, seed=len(name), wanted=12, max_hand=10):
        assert listed(state) == brute_force(state)


def test_legal_actions_match_brute_force_with_player_choice() -> None:
    rules = make_rules("fibur", {"free_wild_default_position": "PLAYER_CHOICE"})
    for state in positions(rules, seed=99, wanted=4, max_hand=7):
        assert listed(state) == brute_force(state)


def rich_positions(rules: RuleSet, seed: int, wanted: int) -> list[BurracoState]:
    """Positions built to stress wilds: a hand drawn from two suits plus the wilds, and own-side
    melds of those suits, some holding a wild at an end or inside."""
    from ramino.cards import pack, to_counts
    from ramino.games.burraco.melds import meld_from_cards

    rng = random.Random(seed)
    out: list[BurracoState] = []
    while len(out) < wanted:
        suits = rng.sample(range(4), 2)
        available = to_counts(pack(2))
        melds: list[tuple[int, Meld]] = []
        for _ in range(rng.randint(1, 3)):
            suit = rng.choice(suits)
            low = rng.randint(0, 9)
            length = rng.randint(3, 6)
            chosen = [suit * 13 + (p % 13) for p in range(low, min(14, low + length))]
            if rng.random() < 0.5:
                chosen[rng.randrange(len(chosen))] = rng.choice([JOKER, 1, 14, 27, 40])
            if any(available[c] <= 0 for c in chosen) or len(set(chosen)) < len(chosen):
                continue
            meld = meld_from_cards(chosen, rules)
            if meld is None or any(m.kind == 0 and m.suit == meld.suit and m.low == meld.low
                                   for _, m in melds):
                continue
            for c in chosen:
                available[c] -= 1
            melds.append((0, meld))
        pool = [c for c in range(53) for _ in range(available[c])
                if c == JOKER or c % 13 == 1 or c // 13 in suits]
        rng.shuffle(pool)
        hand = pool[:rng.randint(5, 9)]
        for c in hand:
            available[c] -= 1
        others = [c for c in range(53) for _ in range(available[c])]
        rng.shuffle(others)
        hands = [hand, others[:5], others[5:10], others[10:15]]
        rest = others[15:]
        state = BurracoState.from_position(
            rules, hands=hands, pozzetti=[rest[:11], rest[11:22]], taken=[False, False],
            stock=rest[22:], pile=[], melds=melds, current=0, phase="play")
        out.append(state)
    return out


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_legal_actions_match_brute_force_on_wild_heavy_positions(name: str) -> None:
    rules = RULESETS[name]
    for state in rich_positions(rules, seed=len(name) + 7, wanted=30):
        assert listed(state) == brute_force(state)


def test_wild_heavy_positions_with_player_choice() -> None:
    rules = make_rules("fibur", {"free_wild_default_position": "PLAYER_CHOICE",
                                 "wild_reposition_policy": "FREE_END_SLIDES"})
    for state in rich_positions(rules, seed=5, wanted=3):
        assert listed(state) == brute_force(state)


def test_attachments_renumbered_from_another_table_number_match_a_fresh_generation() -> None:
    """The memo serves a meld and hand already seen at another table number by renumbering
    the known actions (movegen._attach_miss); the result must be what generating afresh at
    that number gives, for sequences with and without a wild and for groups."""
    from ramino.cards import parse_cards, to_counts
    from ramino.games.burraco import movegen
    from ramino.games.burraco.melds import new_meld_options

    rules = make_rules("fibur")
    tables = ["5H 6H 7H", "5H 6H JK", "9S 9D 9C", "9S 9D 2C"]
    hand = list(to_counts(parse_cards("4H 8H 8H 2S JK 9H 9S 3C KD")))
    wilds = movegen.wild_key(hand)
    for text in tables:
        meld = new_meld_options(tuple(parse_cards(text)), rules)[0]
        shared: movegen.Memo = {}
        first = movegen.attachments(meld, 1, hand, rules, wilds, shared)
        assert first.actions, text
        for number in (2, 7):
            renumbered = movegen.attachments(meld, number, hand, rules, wilds, shared)
            fresh = movegen.attachments(meld, number, hand, rules, wilds, {})
            assert renumbered.actions == fresh.actions, (text, number)
            assert renumbered.melds == fresh.melds, (text, number)
            assert renumbered.most_cards == fresh.most_cards
            assert all(action.meld == number for action in renumbered.actions)
