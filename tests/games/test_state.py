"""The one game API: ``new_hand`` deals the game the rule set names, and both games' hands are
``GameState``s that a program can drive without knowing which game it plays."""

from __future__ import annotations

import random

import pytest

import ramino
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.games.state import GameState, new_hand
from ramino.rules import make_rules, preset, preset_names

PRESETS = preset_names()


def play_out(state: GameState, seed: int) -> int:
    """Random legal play to the end through the protocol alone; the number of actions."""
    rng = random.Random(seed)
    actions = 0
    while not state.is_over:
        assert state.to_move == state.current
        seat = state.current
        legal = state.legal_actions()
        assert legal, "a hand in play always has a legal action"
        action = rng.choice(legal)
        seen = state.observation(seat)
        assert seen.seat == seat and seen.phase == state.phase
        state.apply_move(action)
        actions += 1
    assert state.to_move is None
    return actions


@pytest.mark.parametrize("name", PRESETS)
def test_new_hand_deals_the_game_its_rules_name(name: str) -> None:
    rules = preset(name)
    state = new_hand(rules, seed=11)
    expected = Scala40State if rules.game == "scala40" else BurracoState
    assert type(state) is expected
    assert state.rules == rules and state.current == 0 and state.to_move == 0


@pytest.mark.parametrize("name", PRESETS)
def test_a_hand_plays_out_through_the_protocol(name: str) -> None:
    state = new_hand(preset(name), seed=5)
    copy = state.clone()
    actions = play_out(state, seed=9)
    assert state.result() is not None and state.end is not None
    assert len(state.history()) == actions
    # the copy taken at the deal was not touched, and replays to the same end
    assert copy.history() == [] and not copy.is_over
    for action in state.history():
        copy.apply(action)
    assert copy.fingerprint() == state.fingerprint()


def test_new_hand_from_an_explicit_deal_is_the_seeded_one() -> None:
    rules = make_rules("fisca", {"players": 3})
    seeded = new_hand(rules, seed=4, dealer=1)
    again = new_hand(rules, deal=seeded.deal, dealer=1)
    assert again.fingerprint() == seeded.fingerprint()
    assert again.current == 2  # the seat after the dealer


def test_new_hand_needs_a_seed_or_a_deal() -> None:
    with pytest.raises(ValueError, match="seed"):
        new_hand(preset("fibur"))


def test_a_refused_move_names_its_rule_and_changes_nothing() -> None:
    for name in ("fibur", "fisca", "buraco-aberto"):
        state = new_hand(preset(name), seed=3)
        before = state.fingerprint()
        with pytest.raises(ramino.IllegalActionError) as refused:
            state.play_move("discard 5h" if name != "fisca" else "attach 1 5h")
        assert refused.value.rule and refused.value.section.startswith("§")
        assert state.fingerprint() == before


def test_arbiter_events_are_not_a_players_move() -> None:
    state = new_hand(preset("fibur"), seed=3)
    with pytest.raises(ramino.IllegalActionError) as refused:
        state.play_move("stallo")
    assert refused.value.rule == "arbiter-only"


def test_import_ramino_is_what_a_bot_author_needs() -> None:
    for name in ("new_hand", "GameState", "AnyState", "BurracoState", "Scala40State", "RuleSet",
                 "preset", "make_rules", "Action", "parse_action", "Bot", "RandomBot",
                 "make_bot", "IllegalActionError", "__version__"):
        assert hasattr(ramino, name), name
    state = ramino.new_hand(ramino.preset("fisca"), seed=2)
    bot: ramino.Bot = ramino.make_bot("greedy", 1, state.rules)
    assert bot.choose(state.observation(0), state.legal_actions()) in state.legal_actions()
