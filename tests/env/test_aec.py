"""The PettingZoo environment: PettingZoo's own API test, masks that match the engine, and
scores that reach the agents."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import api_test  # type: ignore[import-untyped]

from ramino.env.aec import env
from ramino.env.encoding import ACTIONS, OBS_SIZE, action_ids


def test_pettingzoo_api_test() -> None:
    api_test(env(), num_cycles=300)


def test_masks_match_the_engine_and_rewards_are_the_score() -> None:
    e = env()
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    steps = 0
    final: dict[str, float] = {}
    for agent in e.agent_iter(max_iter=5000):
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = float(reward)
            e.step(None)
            continue
        state = e.state_
        assert state is not None
        ids = action_ids(state.legal_actions())
        mask = obs["action_mask"]
        assert obs["observation"].shape == (OBS_SIZE,) and mask.shape == (ACTIONS,)
        assert set(np.flatnonzero(mask)) == set(ids)
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    state = e.state_
    assert state is not None and state.is_over and steps > 20
    result = state.result()
    assert result is not None
    diff = (result.scores[0] - result.scores[1]) / 100.0
    assert final == {"player_0": diff, "player_1": -diff, "player_2": diff,
                     "player_3": -diff}
