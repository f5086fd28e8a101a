"""A PettingZoo AEC environment for Burraco and Brazilian Buraco at 2, 3, 4 and 6 players, for
researchers.

One agent per seat (``player_0`` …; the sides as the engine seats them, §5: partners across
the table at 4 and 6, at 3 a pair once the 18 is taken); each step is one atomic action chosen
by id (``ramino.env.encoding``, one layout at every size) under the action mask.  The hand ends
as the engine says (closing, tallone, §2.8–§2.9); every agent then receives what it scored
minus the mean of what the others scored (its side and the other sides; at three players each
seat's own score, §5.2), divided by 100 (§2.10): the rewards add up to zero.
``reset(seed=…)`` deals a seeded hand, so an experiment is reproducible.
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
from ramino.rules import make_rules, preset
from ramino.rules.options import RuleSet


class BurracoEnv(SeatEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "name": "ramino_burraco_v1",
                                          "is_parallelizable": False}

    def __init__(self, preset_name: str = "fibur", render_mode: str | None = None,
                 players: int | None = None) -> None:
        base = preset(preset_name)
        if base.game not in ("burraco", "buraco"):
            raise ValueError(f"{preset_name!r} is not a Burraco or Buraco preset "
                             "(Scala 40: ramino.env.scala40)")
        self.rules: RuleSet = base if players is None else make_rules(
            preset_name, {"players": players})
        super().__init__(self.rules.players, OBS_SIZE, ACTIONS, render_mode)
        self.state_: BurracoState | None = None

    def new_state(self, seed: int) -> BurracoState:
        return BurracoState.new_hand(self.rules, seed=seed)

    def encode(self, seat: int, legal: Sequence[Action]) -> npt.NDArray[np.float32]:
        return encode(self._state().observation(seat), legal, self.rules)

    def ids(self, legal: Sequence[Action]) -> dict[int, Action]:
        return action_ids(legal)

    def final_rewards(self) -> list[float]:
        """What each seat scored minus the mean of the others' scores, divided by 100
        (§2.10): a side's score at 2, 4 and 6 players, the seat's own at 3 (§5.2)."""
        state = self._state()
        result = state.result()
        assert result is not None
        players = self.rules.players
        # The scores are per side (in side order), at three players per seat.
        units = list(range(3)) if players == 3 else [state.sides[s] for s in range(players)]
        rewards = []
        for seat in range(players):
            own = result.scores[units[seat]]
            others = [score for unit, score in enumerate(result.scores) if unit != units[seat]]
            rewards.append((own - sum(others) / len(others)) / 100.0)
        return rewards

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self._state()
        return str(state.observation(state.current).as_dict(history=False))

    def _state(self) -> BurracoState:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_


def env(preset_name: str = "fibur", render_mode: str | None = None,
        players: int | None = None) -> BurracoEnv:
    """The environment of ``preset_name`` (its own number of players unless ``players``
    says 2, 3, 4 or 6; the rules refuse another)."""
    return BurracoEnv(preset_name, render_mode, players)
