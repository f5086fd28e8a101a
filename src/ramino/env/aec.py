"""A PettingZoo AEC environment for 4-player Burraco, for researchers.

One agent per seat (``player_0`` … ``player_3``; partners 0–2 and 1–3, §2.1); each
step is one atomic action chosen by id (``ramino.env.encoding``) under the action mask.  The
hand ends as the engine says (closing, tallone, §2.8–§2.9); every agent then receives its
side's score minus the other side's, divided by 100 (§2.10).  ``reset(seed=…)`` deals a
seeded hand, so an experiment is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ramino.env.encoding import ACTIONS, OBS_SIZE, action_ids, encode
from ramino.env.seats import SeatEnv
from ramino.games.actions import Action
from ramino.games.burraco.state import BurracoState
from ramino.rules import preset
from ramino.rules.options import RuleSet


class BurracoEnv(SeatEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "name": "ramino_burraco_v0",
                                          "is_parallelizable": False}

    def __init__(self, preset_name: str = "fibur", render_mode: str | None = None) -> None:
        self.rules: RuleSet = preset(preset_name)
        if self.rules.game != "burraco" or self.rules.players != 4:
            raise ValueError("the environment plays 4-player Burraco presets")
        super().__init__(4, OBS_SIZE, ACTIONS, render_mode)
        self.state_: BurracoState | None = None

    def new_state(self, seed: int) -> BurracoState:
        return BurracoState.new_hand(self.rules, seed=seed)

    def encode(self, seat: int, legal: Sequence[Action]) -> npt.NDArray[np.float32]:
        return encode(self._state().observation(seat), legal, self.rules)

    def ids(self, legal: Sequence[Action]) -> dict[int, Action]:
        return action_ids(legal)

    def final_rewards(self) -> list[float]:
        """Each seat's side's score minus the other side's, divided by 100 (§2.10)."""
        result = self._state().result()
        assert result is not None
        return [(result.scores[seat % 2] - result.scores[1 - seat % 2]) / 100.0
                for seat in range(4)]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self._state()
        return str(state.observation(state.current).as_dict(history=False))

    def _state(self) -> BurracoState:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_


def env(preset_name: str = "fibur", render_mode: str | None = None) -> BurracoEnv:
    return BurracoEnv(preset_name, render_mode)
