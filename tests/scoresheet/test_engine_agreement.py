"""One implementation: hands the engine plays, counted as players count them, score the same
through the score keeper as through the engine, and their true counts are never refused.

The bots play seeded hands under every preset and player count the score keeper keeps (and
options that change the scoring); the counts are read off the final position
(``tests/scoresheet/played.py``); the sheet must accept them and give exactly the engine's
``result()``: the scores and every part of the §2.10 breakdown, or §6.5's penalties.  Whole
matches agree too: the sheet's standing after each hand is the engine match's.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.games.burraco.match import Match as BurracoMatch
from ramino.games.scala40.match import Match as Scala40Match
from ramino.rules import make_rules
from ramino.scoresheet import BurracoHand, Sheet, SideCount, read_sheet_record, sheet_record
from tests.scoresheet.played import (
    burraco_counts,
    finish,
    play_burraco,
    play_scala40,
    scala40_counts,
)

BURRACO_RULES = [
    ("fibur", {}), ("international", {}), ("house", {}), ("buraco-aberto", {}),
    ("buraco-fechado", {}), ("buraco-stbl", {}), ("buraco-italiano", {}),
    ("fibur", {"players": 2}), ("fibur", {"players": 6}), ("house", {"players": 2}),
    ("fibur", {"players": 3}), ("house", {"players": 3}), ("international", {"players": 3}),
    ("fibur", {"players": 3, "pozzetto_sizes": [11, 11, 11]}),
    ("fibur", {"players": 3, "pozzetto_penalty_if_neither_took": True}),
    ("buraco-fechado", {"players": 6}),
    ("fibur", {"extra_burraco_types": ["REALE_13", "SUPER_8_GROUP"]}),
    ("buraco-fechado", {"canastra_real_points": 500, "canastra_as_a_as_points": 1000,
                        "ace_both_ends_in_sequence": True}),
    ("buraco-aberto", {"no_clean_canastra_melds_negative": True}),
    ("fibur", {"pozzetto_requires_burraco": True, "players": 6}),
    ("fibur", {"semipulito_group_rule": "EXACTLY_8",
               "semipulito_sequence_rule": "END_WILD_ANY"}),
    ("fibur", {"stock_exhaustion": "VOID_HAND", "closing_bonus": 50,
               "pozzetto_not_taken_penalty": 150, "unplayed_pozzetto_counts_in_hand": False}),
    ("fibur", {"card_values": {"JK": 50, "2": 10}, "burraco_values": {"sporco": 120}}),
]

SCALA40_RULES = [
    ("fisca", {}), ("fisca", {"players": 2}), ("fisca", {"players": 3}),
    ("fisca", {"players": 6}),
    ("fisca", {"chiusura_in_mano_multiplier": 2, "unopened_flat_penalty": 100}),
    ("fisca", {"ace_in_hand_value": 1, "jolly_in_hand_value": 50}),
    ("fisca", {"partnerships": "PAIRS_2V2"}),
    ("fisca", {"players": 6, "partnerships": "TEAMS_3V3", "unopened_flat_penalty": 100}),
    ("fisca", {"initial_discard": "DEALER_14", "opening_with_discard": True}),
]

NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]


@settings(max_examples=120, deadline=None)
@given(which=st.sampled_from(BURRACO_RULES), seed=st.integers(0, 10**6),
       bots=st.sampled_from(["greedy", "random", "mixed"]))
def test_burraco_hands_score_as_the_engine_scores(which: tuple[str, dict[str, object]],
                                                   seed: int, bots: str) -> None:
    rules = make_rules(*which)
    state = play_burraco(rules, seed, bots)
    result = state.result()
    assert result is not None
    if rules.players == 3 and len(rules.pozzetto_sizes) == 3:
        # Three pozzetti of 11: a sheet reaches such a hand after its switch (§5.2).
        sheet = Sheet.new(make_rules(which[0], {"players": 3,
                                                "three_player_switch_threshold": 100}),
                          NAMES[:3])
        sheet.add_hand(BurracoHand((SideCount(melded=200), SideCount(), SideCount())))
        assert not sheet.solo_allowed()
    else:
        sheet = Sheet.new(rules, NAMES[:rules.players])
    score = sheet.add_hand(burraco_counts(state))
    assert score.scores == result.scores
    assert score.end == result.end
    assert list(score.breakdown) == [part.as_dict() for part in result.breakdown]


@settings(max_examples=120, deadline=None)
@given(which=st.sampled_from(SCALA40_RULES), seed=st.integers(0, 10**6),
       bots=st.sampled_from(["greedy", "random", "mixed"]))
def test_scala40_hands_score_as_the_engine_scores(which: tuple[str, dict[str, object]],
                                                  seed: int, bots: str) -> None:
    rules = make_rules(*which)
    state = play_scala40(rules, seed, bots)
    result = state.result()
    assert result is not None
    sheet = Sheet.new(rules, NAMES[:rules.players])
    score = sheet.add_hand(scala40_counts(state))
    assert score.scores == result.scores
    assert score.end == result.end
    assert score.seat_scores == result.seat_scores


@settings(max_examples=15, deadline=None)
@given(which=st.sampled_from([("fibur", {"match_mode": "TARGET(1005)"}),
                              ("buraco-fechado", {"match_mode": "TARGET(1500)"}),
                              ("fibur", {"players": 2, "match_mode": "TARGET(505)"}),
                              ("house", {"match_mode": "FIXED_HANDS_VP(3)"}),
                              ("fibur", {"players": 3}), ("house", {"players": 3}),
                              ("fibur", {"players": 3, "three_player_target": 1005,
                                         "three_player_switch_threshold": 505})]),
       seed=st.integers(0, 10**5))
def test_a_burraco_match_kept_on_the_sheet_is_the_engines(
        which: tuple[str, dict[str, object]], seed: int) -> None:
    rules = make_rules(*which)
    match = BurracoMatch(rules)
    sheet = Sheet.new(rules, NAMES[:rules.players])
    hand = 0
    while not match.standing().over and hand < 30:
        state = match.new_hand(seed=seed * 100 + hand)
        finish(state, seed + hand)
        match.finish_hand()
        assert sheet.dealers()[-1] == state.dealer
        sheet.add_hand(burraco_counts(state))
        assert sheet.standing() == match.standing()
        hand += 1
    assert sheet.over == match.standing().over
    assert read_sheet_record(sheet_record(sheet)).as_dict() == sheet.as_dict()


@settings(max_examples=15, deadline=None)
@given(which=st.sampled_from([("fisca", {}), ("fisca", {"players": 3}),
                              ("fisca", {"reentry": "ONCE_AT_HIGHEST_REMAINING"}),
                              ("fisca", {"partnerships": "PAIRS_2V2",
                                         "elimination_limit": 201})]),
       seed=st.integers(0, 10**5), reenter=st.booleans())
def test_a_scala40_match_kept_on_the_sheet_is_the_engines(
        which: tuple[str, dict[str, object]], seed: int, reenter: bool) -> None:
    rules = make_rules(*which)
    match = Scala40Match(rules, seed=seed)
    sheet = Sheet.new(rules, NAMES[:rules.players])
    while not match.over and len(match.states) < 60:
        now = match.standing()
        for side, can in enumerate(now.can_reenter):
            if can and reenter:
                match.reenter(side)
                sheet.reenter(side)
        state = match.next_hand()
        assert sheet.dealers()[-1] == match.dealers[-1]
        finish(state, seed + len(match.states))
        sheet.add_hand(scala40_counts(state, match.seats[-1], rules.players))
        assert sheet.standing() == match.standing()
    assert sheet.over == match.over
    assert read_sheet_record(sheet_record(sheet)).as_dict() == sheet.as_dict()


def test_a_three_player_match_through_the_switch_is_the_engines() -> None:
    """Seeded: the match crosses ``three_player_switch_threshold`` (§5.2); the hands after it
    are all alone (three pozzetti of 11) on the sheet as in the engine, and the sheet's
    standing after every hand is the engine match's."""
    rules = make_rules("fibur", {"players": 3})
    match = BurracoMatch(rules)
    sheet = Sheet.new(rules, NAMES[:3])
    solos = switched = 0
    while not match.standing().over:
        assert sheet.solo_allowed() == (len(sheet.hand_rules().pozzetto_sizes) == 2)
        state = match.new_hand(seed=len(match.states))
        assert state.rules.pozzetto_sizes == sheet.hand_rules().pozzetto_sizes
        finish(state, len(match.states))
        match.finish_hand()
        hand = burraco_counts(state)
        solos += hand.solo is not None
        switched += not sheet.solo_allowed()
        sheet.add_hand(hand)
        assert sheet.standing() == match.standing()
    assert solos and switched
    assert sheet.view()["standing"]["target"] == 1505
    assert read_sheet_record(sheet_record(sheet)).as_dict() == sheet.as_dict()
