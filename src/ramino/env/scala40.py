"""A PettingZoo AEC environment for Scala 40 (FISCA, §6), 2 to 6 players, for researchers.

One agent per seat (``player_0`` … ``player_N-1``); each step is one atomic action chosen by
id (``ramino.env.scala40_encoding``) under the action mask.  The hand ends as the engine
says (a close, a chiusura in mano, a stallo, §6.4–§6.5); every agent then receives the mean
penalty of the other sides minus its own side's, divided by 100: paying less than the table
is rewarded, and the rewards sum to zero.  Each seat is its own side unless the rules seat
partners (§6.1).  ``reset(seed=…)`` deals a seeded hand, so an experiment is reproducible.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from ramino.env.scala40_encoding import ACTIONS, OBS_SIZE, action_ids, encode
from ramino.env.seats import SeatEnv
from ramino.games.actions import Action
from ramino.games.scala40.state import Scala40State
from ramino.rules import build_ruleset, preset
from ramino.rules.options import RuleSet


class Scala40Env(SeatEnv):
    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"],
                                          "name": "ramino_scala40_v0",
                                          "is_parallelizable": False}

    def __init__(self, preset_name: str = "fisca", players: int | None = None,
                 render_mode: str | None = None) -> None:
        rules = preset(preset_name)
        if rules.game != "scala40":
            raise ValueError(f"preset {preset_name!r} is not Scala 40 (try fisca)")
        if players is not None:
            if not 2 <= players <= 6:
                raise ValueError(f"players={players}: Scala 40 is played by 2 to 6 (§6.1)")
            rules = build_ruleset(rules, {"players": players})
        self.rules: RuleSet = rules
        super().__init__(rules.players, OBS_SIZE, ACTIONS, render_mode)
        self.state_: Scala40State | None = None

    def new_state(self, seed: int) -> Scala40State:
        return Scala40State.new_hand(self.rules, seed=seed)

    def encode(self, seat: int, legal: Sequence[Action]) -> npt.NDArray[np.float32]:
        return encode(self._state().observation(seat), legal, self.rules)

    def ids(self, legal: Sequence[Action]) -> dict[int, Action]:
        state = self._state()
        return action_ids(legal, state.turn_obligations(state.current)[1] if legal else ())

    def final_rewards(self) -> list[float]:
        """(the other sides' mean penalty − the own side's) / 100, by seat (§6.5)."""
        state = self._state()
        result = state.result()
        assert result is not None
        scores = result.scores
        out = []
        for seat in range(state.players):
            own = state.sides[seat]
            others = [p for side, p in enumerate(scores) if side != own]
            out.append((sum(others) / len(others) - scores[own]) / 100.0)
        return out

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self._state()
        return str(state.observation(state.current).as_dict(history=False))

    def _state(self) -> Scala40State:
        if self.state_ is None:
            raise RuntimeError("call reset() first")
        return self.state_


def env(preset_name: str = "fisca", players: int | None = None,
        render_mode: str | None = None) -> Scala40Env:
    return Scala40Env(preset_name, players, render_mode)


__all__ = ["Scala40Env", "env"]
