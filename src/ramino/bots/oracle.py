"""The oracle: the search bot given the true state instead of guesses (measurement only).

It sees every hand, the pozzetti and the order of the tallone, so it bounds what search over
hidden cards could reach; the ladder reports how much of the expert-to-oracle gap the search
bot closes (issue 4).  It is never offered as an opponent (``registry.MEASUREMENT_ONLY``) and
the arena's honesty replay skips it by design.
"""

from __future__ import annotations

import random

from ramino.bots.search import SearchBot
from ramino.games.burraco import BurracoState, Observation


class OracleBot(SearchBot):
    _state: BurracoState | None = None

    def see(self, state: BurracoState) -> None:
        """Told the true state before each choice (``ramino.bots.protocol.SeesState``)."""
        self._state = state

    def world(self, observation: Observation, rng: random.Random) -> BurracoState:
        if self._state is None:
            raise RuntimeError("the oracle must be shown the state (see) before choosing")
        return self._state.clone()
