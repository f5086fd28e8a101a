"""The Burraco PettingZoo environment at 2, 3, 4 and 6 players: PettingZoo's own API test,
masks that match the engine, zero-sum rewards that are the score, and an observation that
states the table round the seat and hides the other hands."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from ramino.env.aec import env
from ramino.env.encoding import ACTIONS, OBS_SIZE, action_ids, encode
from ramino.games.burraco.state import BurracoState
from ramino.games.resample import resample

SIZES = [("fibur", 2), ("fibur", 3), ("fibur", 4), ("fibur", 6), ("buraco-aberto", 4)]


@pytest.mark.parametrize(("preset", "players"), SIZES)
def test_pettingzoo_api_test(preset: str, players: int) -> None:
    api_test(env(preset, players=players), num_cycles=300)


def play_out(preset: str, players: int, seed: int) -> tuple[BurracoState, dict[str, float],
                                                           int]:
    """A seeded hand played by random agents under the mask, checking every mask against the
    engine; the finished state, each agent's final reward and the number of steps."""
    e = env(preset, players=players)
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = float(reward)
            e.step(None)
            continue
        state = e.state_
        assert state is not None
        mask = obs["action_mask"]
        assert obs["observation"].shape == (OBS_SIZE,) and mask.shape == (ACTIONS,)
        assert set(np.flatnonzero(mask)) == set(action_ids(state.legal_actions()))
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    state = e.state_
    assert state is not None and state.is_over
    return state, final, steps


@pytest.mark.parametrize(("preset", "players"), SIZES)
@pytest.mark.parametrize("seed", [4, 9])
def test_masks_match_the_engine_and_rewards_are_the_score(preset: str, players: int,
                                                          seed: int) -> None:
    state, final, steps = play_out(preset, players, seed)
    assert steps > 20
    result = state.result()
    assert result is not None
    assert sum(final.values()) == pytest.approx(0.0, abs=1e-9)
    for seat in range(players):
        # A side's score at 2, 4 and 6; a seat's own at 3 (the pair split, §5.2).
        unit = seat if players == 3 else state.sides[seat]
        others = [s for u, s in enumerate(result.scores) if u != unit]
        expected = (result.scores[unit] - sum(others) / len(others)) / 100.0
        assert final[f"player_{seat}"] == pytest.approx(expected)
    if players == 4:
        diff = (result.scores[0] - result.scores[1]) / 100.0
        assert final == {"player_0": diff, "player_1": -diff, "player_2": diff,
                         "player_3": -diff}


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_observation_reads_the_table_round_the_seat(players: int) -> None:
    e = env(players=players)
    e.reset(seed=5)
    state = e.state_
    assert state is not None
    for seat in range(players):
        vector = e.observe(f"player_{seat}")["observation"]
        observation = state.observation(seat)
        assert vector[:53].sum() == pytest.approx(len(observation.hand) / 2)
        assert vector[530] == pytest.approx(len(observation.hand) / 30)  # the own seat first
        assert vector[530 + players:536].tolist() == [0.0] * (6 - players)  # absent seats
        own_side = [float(state.sides[(seat + k) % players] == state.sides[seat])
                    for k in range(players)]
        assert vector[536:536 + players].tolist() == own_side
        assert vector[549] == pytest.approx(players / 6)
    if players in (4, 6):  # the partner sits across the table
        vector = e.observe("player_0")["observation"]
        assert vector[536 + players // 2] == 1.0 and vector[537] == 0.0


def test_three_players_mark_the_pair_once_the_18_is_taken() -> None:
    """At three players everyone is alone until a pozzetto is taken; the pair then reads as
    the own side in the pair's observations and not in the solo's."""
    e = env(players=3)
    for seed in range(1, 40):
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        state = e.state_
        assert state is not None
        while not state.is_over and len(set(state.sides)) == 3:
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        if state.is_over:
            continue
        solo = next(s for s in range(3) if state.sides.count(state.sides[s]) == 1)
        for seat in range(3):
            flags = e.observe(f"player_{seat}")["observation"][536:539]
            assert flags.sum() == (1.0 if seat == solo else 2.0), (seed, seat)
        return
    pytest.fail("no seed took the 18 before the hand ended")


def test_the_observation_hides_the_other_hands() -> None:
    """The same seat's vector from a state whose hidden cards are dealt again is the same:
    only what the seat may see is encoded."""
    e = env(players=4)
    e.reset(seed=12)
    state = e.state_
    assert state is not None
    rng = np.random.default_rng(2)
    for _ in range(30):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    seat = state.current
    legal = state.legal_actions()
    mine = encode(state.observation(seat), legal, e.rules)
    other = resample(state.observation(seat), random.Random(3), e.rules)
    assert other.hands != state.hands
    assert np.array_equal(mine, encode(other.observation(seat), other.legal_actions(), e.rules))


def test_bad_settings_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="Scala 40"):
        env("fisca")
    with pytest.raises(Exception, match="players"):
        env(players=5)
    e = env()
    with pytest.raises(RuntimeError, match="reset"):
        e.observe("player_0")
