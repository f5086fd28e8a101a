"""Burraco for 2, 3 and 6 players (§5, §1.6), and their records.

Seats and sides follow docs/record.md §2: 2 players each for himself; 6 players three pairs with
partners opposite ({0,3} {1,4} {2,5}); 3 players each for himself until the first to empty
his hand takes the 18-card pozzetto and plays alone while the other two become a pair."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from ramino.cards import pack, to_counts
from ramino.games.burraco.match import Match, MatchFormat
from ramino.games.burraco.state import BurracoState
from ramino.records import match_record_of, position_of, record_of, replay
from ramino.records.burraco.position import read_position
from ramino.rules import RuleSet, make_rules
from tests.helpers import cards, table_meld

TWO = make_rules("fibur", {"players": 2})
THREE = make_rules("fibur", {"players": 3})
THREE_ALL = make_rules("fibur", {"players": 3, "pozzetto_sizes": [11, 11, 11]})
SIX = make_rules("fibur", {"players": 6})


@pytest.mark.parametrize(("rules", "pozzetti", "stock"), [
    (TWO, [11, 11], 63), (THREE, [18, 11], 45), (THREE_ALL, [11, 11, 11], 41),
    (SIX, [11, 11, 11], 62)])
def test_deal_shape_follows_the_stock_table(rules: RuleSet, pozzetti: list[int],
                                            stock: int) -> None:
    """§1.6: hands of 11, the pozzetti of the player count, the upcard, the rest is stock."""
    state = BurracoState.new_hand(rules, seed=1)
    assert [len(h) for h in state.deal.hands] == [11] * rules.players
    assert [len(p) for p in state.deal.pozzetti] == pozzetti
    assert len(state.stock) == stock
    assert to_counts(state.deal.all_cards()) == to_counts(pack(rules.decks))


def test_six_players_use_three_decks_and_three_pairs() -> None:
    """§5.3: 162 cards; partners opposite; a group may hold all twelve copies of a rank."""
    assert SIX.decks == 3 and SIX.pack_size == 162 and SIX.max_group_naturals == 12
    state = BurracoState.new_hand(SIX, seed=2)
    assert state.sides == (0, 1, 2, 0, 1, 2)
    assert state.partner(1) == 4 and state.opponents(0) == (1, 2, 4, 5)
    group = table_meld("Ks Ks Ks Kh Kh Kh Kd Kd Kd Kc Kc Kc JK", SIX)
    assert len(group.cards) == 13


def test_changing_the_player_count_sets_its_pozzetti_unless_given() -> None:
    assert TWO.pozzetto_sizes == (11, 11) and THREE.pozzetto_sizes == (18, 11)
    assert make_rules("fibur", {"players": 6, "max_group_naturals": 9}).max_group_naturals == 9
    assert SIX.overrides() == {"players": 6, "pozzetto_sizes": [11, 11, 11],
                               "max_group_naturals": 12}


def test_two_players_score_per_seat_with_a_pozzetto_each() -> None:
    """§5.1: each player has a pozzetto; rules and scoring as with four."""
    state = BurracoState.new_hand(TWO, seed=3)
    assert state.sides == (0, 1) and state.partner(0) is None
    rng = random.Random(3)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result()
    assert result is not None and len(result.scores) == 2


def three_player_position(hands: list[str], **kwargs: object) -> BurracoState:
    rest = to_counts(pack(2))
    hand_cards = [cards(h) for h in hands]
    for h in hand_cards:
        for c in h:
            rest[c] -= 1
    others = [c for c in range(53) for _ in range(rest[c])]
    return BurracoState.from_position(
        THREE, hands=hand_cards, pozzetti=[others[:18], others[18:29]],
        taken=[False, False, False], stock=others[29:], pile=[], melds=[], current=0,
        phase="play")


def test_three_players_first_to_empty_goes_solo_and_the_others_pair_up() -> None:
    """§5.2: the first to empty his hand (here al volo) takes the 18 and plays alone; the
    other two unite their melds and share the 11."""
    state = three_player_position(["5h 6h 7h", "Qd Qd 4c 5c 6c", "Qs Qs"])
    eighteen = state.pozzetti[0]
    assert eighteen is not None and len(eighteen) == 18
    state.play("meld 5h 6h 7h")
    assert state.sizes[0] == 18 and state.taken[0]
    assert state.sides == (0, 1, 1)
    assert state.partner(1) == 2 and state.partner(0) is None
    assert state.observation(2).sides == (0, 1, 1)


def test_three_players_pair_melds_are_shared() -> None:
    state = three_player_position(["5h 6h 7h", "Qd Qd 4c 5c 6c", "Qs Qs 7c"])
    state.play("meld 5h 6h 7h")
    state.play(f"discard {state.observation(0).as_dict()['hand'][0]}")
    state.play("draw")
    state.play("meld 4c 5c 6c")
    discard = next(a for a in state.legal_actions() if a.kind == "discard")
    state.apply(discard)
    state.play("draw")
    assert "attach 2 7c" in {str(a) for a in state.legal_actions()}  # the partner's meld


def test_three_players_pair_score_is_halved_rounding_up() -> None:
    """§5.2: the solo keeps his total; the pair's total is split, halves rounded up."""
    rng = random.Random(0)
    checked = 0
    for seed in range(200):
        state = BurracoState.new_hand(THREE, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        result = state.result()
        assert result is not None and len(result.scores) == 3
        if state.sides == (0, 1, 2):
            assert result.scores == tuple(s.total for s in result.breakdown)
            continue
        checked += 1
        for seat in range(3):
            side = result.breakdown[seat]
            whole = side.total - side.split
            if state.partner(seat) is None:
                assert side.split == 0 and result.scores[seat] == whole
            else:
                assert result.scores[seat] == -((-whole) // 2)
    assert checked > 0


def test_three_players_all_against_all_never_pair_up() -> None:
    """§5.2, after the match's switch threshold: three pozzetti of 11, everyone alone."""
    rng = random.Random(5)
    for seed in range(60):
        state = BurracoState.new_hand(THREE_ALL, seed=seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            assert state.sides == (0, 1, 2)


def test_t40_six_players_pozzetto_requires_burraco() -> None:
    """T-40 (§5.3 variant): a pair without a burraco may not empty a hand."""
    rules = make_rules("fibur", {"players": 6, "pozzetto_requires_burraco": True})
    rest = to_counts(pack(3))
    hand = cards("5h 6h 7h")
    for c in hand:
        rest[c] -= 1
    others = [c for c in range(53) for _ in range(rest[c])]
    hands = [hand] + [others[i * 11:(i + 1) * 11] for i in range(5)]
    others = others[55:]
    state = BurracoState.from_position(
        rules, hands=hands, pozzetti=[others[:11], others[11:22], others[22:33]],
        taken=[False, False, False], stock=others[33:], pile=[], melds=[], current=0,
        phase="play")
    before = state.fingerprint()
    with pytest.raises(ValueError, match="pozzetto-requires-burraco"):
        state.play("meld 5h 6h 7h")
    assert state.fingerprint() == before


@pytest.mark.parametrize("rules", [TWO, THREE, THREE_ALL, SIX], ids=["2", "3", "3-all", "6"])
def test_records_replay_identically_for_every_player_count(rules: RuleSet) -> None:
    """Any hand the engine plays, with any dealer, is written and replayed to the identical
    result; positions taken up mid-hand read back to the same position (docs/record.md §4)."""
    rng = random.Random(rules.players)
    for seed in range(12):
        state = BurracoState.new_hand(rules, seed=seed, dealer=seed % rules.players)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            if not state.is_over and rng.random() < 0.05:
                document = json.loads(json.dumps(position_of(state).as_json()))
                again = read_position(document, rules).state(rules)
                # A position holds no history: what was seen (known cards, turn count, the
                # public history) aside, every seat sees the same position.
                for seat in range(rules.players):
                    mine = dataclasses.replace(state.observation(seat), known_cards=(), turn=0,
                                               history=())
                    theirs = dataclasses.replace(again.observation(seat), known_cards=(),
                                                 turn=0)
                    assert mine == theirs
        report = replay(json.loads(json.dumps(record_of(state))))
        assert report.exit_code == 0, [p.message for p in report.problems]
        (played,) = report.hands
        assert played.state.fingerprint() == state.fingerprint()


def play_three_player_match(rules: RuleSet, seed: int) -> Match:
    match = Match(rules)
    rng = random.Random(seed)
    hand_seed = seed * 100
    while not match.standing().over:
        state = match.new_hand(seed=hand_seed)
        hand_seed += 1
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        match.finish_hand()
    return match


def test_three_player_match_switches_to_three_pozzetti_and_replays() -> None:
    """§5.2: once a player reaches the threshold the hands use three pozzetti of 11 and all
    play alone; the match ends at its own target.  Thresholds lowered to keep the test short;
    the defaults are 1000 and 1505."""
    rules = make_rules("fibur", {"players": 3, "three_player_switch_threshold": 300,
                                 "three_player_target": 700})
    assert MatchFormat.from_rules(rules).mode.value == 700
    assert MatchFormat.from_rules(THREE).mode.value == 1505
    match = play_three_player_match(rules, seed=4)
    shapes = [tuple(len(p) for p in s.deal.pozzetti) for s in match.states]
    switched = next(i for i, shape in enumerate(shapes) if shape == (11, 11, 11))
    assert all(shape == (18, 11) for shape in shapes[:switched])
    assert all(shape == (11, 11, 11) for shape in shapes[switched:])
    before = [sum(s[seat] for s in match.scores[:switched]) for seat in range(3)]
    assert max(before) >= 300
    assert max(match.standing().totals) >= 700 and match.standing().over
    document = json.loads(json.dumps(match_record_of(match)))
    report = replay(document)
    assert report.exit_code == 0, [p.message for p in report.problems]
    # The same record under a threshold nobody reached: the switched deals are refused.
    document["rules"].setdefault("options", {})["three_player_switch_threshold"] = 90_000
    refused = replay(document)
    assert refused.exit_code == 1
    assert any(p.rule == "three-player-pozzetti" for p in refused.problems)
