"""The oracle: the search bot given the true state instead of guesses (measurement only).

It sees every hand and the pozzetti, and with ``tallone=1`` (the default) the order of the
tallone too, so it bounds what search over hidden cards could reach; the ladder reports how
much of the expert-to-oracle gap the search bot closes.  With ``tallone=0`` the
stock and the untaken pozzetti are shuffled in each world (a player who saw every hand but
not the future draws: the fairer bound).  It is never offered as an opponent
(``registry.MEASUREMENT_ONLY``) and the arena's honesty replay skips it by design.
"""

from __future__ import annotations

import random

from ramino.bots.burraco.search import SearchBot
from ramino.games.burraco.state import BurracoState, Observation
from ramino.rules.options import RuleSet


class OracleBot(SearchBot):
    _state: BurracoState | None = None

    def __init__(self, seed: int = 0, rules: RuleSet | None = None, *, tallone: float = 1,
                 **settings: float) -> None:
        # It sees the cards under a closed pile's top: its worlds value that pick too.
        settings.setdefault("hidden_pile", 1)
        super().__init__(seed, rules, **settings)
        self.tallone = bool(tallone)

    def see(self, state: BurracoState) -> None:
        """Told the true state before each choice (``ramino.bots.protocol.SeesState``)."""
        self._state = state

    def world(self, observation: Observation, rng: random.Random) -> BurracoState:
        if self._state is None:
            raise RuntimeError("the oracle must be shown the state (see) before choosing")
        world = self._state.clone()
        if not self.tallone:
            redeal_future(world, rng)
        return world


def redeal_future(world: BurracoState, rng: random.Random, hands: tuple[int, ...] = ()) -> None:
    """Deal ``world``'s stock and untaken pozzetti again (the future draws nobody knows), and
    with them the hidden part of the hands of the seats in ``hands`` (not the cards they took
    with the pile): a measurement device's partial knowledge (scripts/decision_regret.py)."""
    loose = list(world.stock)
    for p in world.pozzetti:
        loose.extend(p or ())
    for seat in hands:
        for card, count in enumerate(world.hands[seat]):
            loose.extend([card] * (count - world.known[seat][card]))
    rng.shuffle(loose)
    for seat in hands:
        hidden = world.sizes[seat] - sum(world.known[seat])
        redealt = list(world.known[seat])
        for card in loose[:hidden]:
            redealt[card] += 1
        del loose[:hidden]
        world.hands[seat] = redealt
    world.stock = loose[:len(world.stock)]
    rest = loose[len(world.stock):]
    slots: list[tuple[int, ...] | None] = []
    for p in world.pozzetti:
        if p is None:
            slots.append(None)
        else:
            slots.append(tuple(rest[:len(p)]))
            rest = rest[len(p):]
    world.pozzetti = slots
