"""The random-legal bot (``ramino.bots``): seeded, always legal, and blind to the state."""

from __future__ import annotations

import inspect

import pytest

from ramino.bots import RandomBot
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules import preset


def _play(seed: int, bots_seed: int) -> BurracoState:
    state = BurracoState.new_hand(preset("fibur"), seed=seed)
    bots = [RandomBot(bots_seed * 4 + s) for s in range(4)]
    while not state.is_over:
        legal = state.legal_actions()
        action = bots[state.current].choose(state.observation(state.current), legal)
        assert action in legal
        state.apply(action)
    return state


@pytest.mark.parametrize("seed", range(4))
def test_bots_play_a_hand_to_the_end_with_legal_actions(seed: int) -> None:
    state = _play(seed, seed)
    assert state.result() is not None


def test_same_seeds_same_game_other_seeds_other_game() -> None:
    assert _play(1, 2).history() == _play(1, 2).history()
    assert _play(1, 2).history() != _play(1, 3).history()


def test_the_bot_sees_only_the_observation_and_the_legal_actions() -> None:
    """``choose`` takes an Observation, never the state: it cannot read hidden cards."""
    params = list(inspect.signature(RandomBot.choose).parameters)
    assert params == ["self", "observation", "legal_actions"]
    state = BurracoState.new_hand(preset("fibur"), seed=3)
    observation = state.observation(0)
    assert isinstance(observation, Observation)
    assert RandomBot(0).choose(observation, state.legal_actions()) in state.legal_actions()


def test_no_legal_action_is_an_error() -> None:
    state = BurracoState.new_hand(preset("fibur"), seed=3)
    with pytest.raises(ValueError, match="no legal action"):
        RandomBot(0).choose(state.observation(0), [])
