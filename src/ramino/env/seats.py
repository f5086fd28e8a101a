"""What the PettingZoo environments share: one agent per seat, one atomic action a step chosen
by id under the action mask, and every agent's reward when the engine ends the hand.

A game's environment (``ramino.env.aec`` for Burraco, ``ramino.env.scala40`` for Scala 40)
gives the hand (:meth:`SeatEnv.new_state`), its encoding (:meth:`SeatEnv.encode`,
:meth:`SeatEnv.ids`) and the rewards of a finished hand (:meth:`SeatEnv.final_rewards`); the
AEC bookkeeping (agents, terminations, cumulative rewards, the dead step) is here once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ramino.games.actions import Action


class HandState(Protocol):
    """The engine's hand state as the environments use it (both games' states are one)."""

    @property
    def current(self) -> int: ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None: ...


class SeatEnv(AECEnv):  # type: ignore[misc]
    """An AEC environment over one engine hand; subclasses name the game's parts."""

    def __init__(self, players: int, obs_size: int, actions: int,
                 render_mode: str | None) -> None:
        super().__init__()
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(players)]
        self.agents = self.possible_agents[:]
        # Unbounded: a feature may fall below zero (a Burraco bonus lost, docs in encoding).
        box = spaces.Box(low=-np.inf, high=np.inf, shape=(obs_size,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.actions = actions
        self.state_: Any = None
        self._seed = 0

    # --- the game's parts -----------------------------------------------------------------

    def new_state(self, seed: int) -> HandState:
        raise NotImplementedError

    def encode(self, seat: int, legal: Sequence[Action]) -> npt.NDArray[np.float32]:
        """The observation vector of ``seat`` (``legal`` empty when it is not on turn)."""
        raise NotImplementedError

    def ids(self, legal: Sequence[Action]) -> dict[int, Action]:
        """The id of every legal action that has one."""
        raise NotImplementedError

    def final_rewards(self) -> list[float]:
        """Each seat's reward for the finished hand."""
        raise NotImplementedError

    # --- PettingZoo's AEC API -------------------------------------------------------------

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
        self.state_ = self.new_state(self._seed)
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
        mask = np.zeros(self.actions, dtype=np.int8)
        for i in self.ids(legal):
            mask[i] = 1
        return {"observation": self.encode(seat, legal), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        ids = self.ids(state.legal_actions())
        if action is None or int(action) not in ids:
            raise ValueError(f"action {action} is not legal now (see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        state.apply(ids[int(action)])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if state.is_over:
            for a, reward in zip(self.agents, self.final_rewards(), strict=True):
                self.rewards[a] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current]
        self._accumulate_rewards()

    def close(self) -> None:
        pass

    def _state(self) -> Any:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_


__all__ = ["HandState", "SeatEnv"]
