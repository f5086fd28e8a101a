"""A PettingZoo AEC environment for 4-player Burraco, for researchers.

One agent per seat (``player_0`` … ``player_3``; partners 0–2 and 1–3, §2.1); each
step is one atomic action chosen by id (``ramino.env.encoding``) under the action mask.  The
hand ends as the engine says (closing, tallone, §2.8–§2.9); every agent then receives its
side's score minus the other side's, divided by 100 (§2.10).  ``reset(seed=…)`` deals a
seeded hand, so an experiment is reproducible.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ramino.env.encoding import ACTIONS, OBS_SIZE, action_ids, action_mask, encode
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from ramino.rules.options import RuleSet


class BurracoEnv(AECEnv):  # type: ignore[misc]
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "name": "ramino_burraco_v0",
                                          "is_parallelizable": False}

    def __init__(self, preset_name: str = "fibur", render_mode: str | None = None) -> None:
        super().__init__()
        self.rules: RuleSet = preset(preset_name)
        if self.rules.game != "burraco" or self.rules.players != 4:
            raise ValueError("the environment plays 4-player Burraco presets")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(4)]
        self.agents = self.possible_agents[:]
        # Unbounded below: a burraco's bonus can fall (a wild dirties a pulito), see encoding.
        box = spaces.Box(low=-np.inf, high=np.inf, shape=(OBS_SIZE,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self.state_: BurracoState | None = None
        self._seed = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed = seed
        else:
            self._seed += 1
        self.state_ = BurracoState.new_hand(self.rules, seed=self._seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current]

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._state()
        seat = self._seat(agent)
        legal = state.legal_actions() if seat == state.current and not state.is_over else []
        return {"observation": encode(state.observation(seat), legal, self.rules),
                "action_mask": action_mask(legal)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        ids = action_ids(state.legal_actions())
        if action is None or int(action) not in ids:
            raise ValueError(f"action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        state.apply(ids[int(action)])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            result = state.result()
            assert result is not None
            for a in self.agents:
                team = self._seat(a) % 2
                self.rewards[a] = (result.scores[team] - result.scores[1 - team]) / 100.0
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self._state()
        return str(state.observation(state.current).as_dict(history=False))

    def close(self) -> None:
        pass

    def _state(self) -> BurracoState:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_


def env(preset_name: str = "fibur", render_mode: str | None = None) -> BurracoEnv:
    return BurracoEnv(preset_name, render_mode)
