"""The honesty contract (issue 4): changing only cards a seat cannot see never changes a bot's
decision for a fixed bot seed; the oracle, which reads the true state, is the control."""

from __future__ import annotations

import random

import pytest

from ramino.bots.oracle import OracleBot
from ramino.bots.registry import make_bot
from ramino.games.burraco import BurracoState
from ramino.games.resample import resample
from ramino.rules import preset

FIBUR = preset("fibur")
HONEST = ["random", "greedy", "expert", "search:samples=2,candidates=2"]


def twin(state: BurracoState, seat: int, rng: random.Random) -> BurracoState:
    """The same position with every card ``seat`` cannot see dealt again."""
    other = resample(state.observation(seat), rng, FIBUR)
    assert other.observation(seat) == state.observation(seat)
    return other


@pytest.mark.parametrize("spec", HONEST)
def test_hidden_cards_never_change_a_decision(spec: str) -> None:
    rng = random.Random(spec)
    checked = changed_worlds = 0
    for deal in (1, 2):
        state = BurracoState.new_hand(FIBUR, seed=deal)
        seats = [make_bot("greedy", 10 + s, FIBUR) for s in range(4)]
        step = 0
        while not state.is_over and step < 160:
            seat = state.current
            if step % 9 == 0:
                choice = make_bot(spec, 77, FIBUR).choose(state.observation(seat),
                                                          state.legal_actions())
                other = twin(state, seat, rng)
                changed_worlds += other.hands[(seat + 1) % 4] != state.hands[(seat + 1) % 4]
                again = make_bot(spec, 77, FIBUR).choose(other.observation(seat),
                                                         other.legal_actions())
                assert again == choice, f"{spec} changed its mind at step {step} of deal {deal}"
                checked += 1
            state.apply(seats[seat].choose(state.observation(seat), state.legal_actions()))
            step += 1
    assert checked >= 10 and changed_worlds >= 5


def test_the_check_catches_a_bot_that_sees_the_state() -> None:
    """Control: the oracle reads the hidden cards, so the same check must catch it."""
    rng = random.Random(5)
    differences = 0
    for deal in range(3):
        state = BurracoState.new_hand(FIBUR, seed=deal)
        step = 0
        while not state.is_over and step < 200 and differences == 0:
            seat = state.current
            legal = state.legal_actions()
            if len(legal) > 1 and legal[0].kind != "draw":
                oracle = OracleBot(3, FIBUR, samples=2)
                oracle.see(state)
                choice = oracle.choose(state.observation(seat), legal)
                other = twin(state, seat, rng)
                oracle = OracleBot(3, FIBUR, samples=2)
                oracle.see(other)
                again = oracle.choose(other.observation(seat), other.legal_actions())
                differences += again != choice
            state.apply(make_bot("greedy", seat, FIBUR).choose(state.observation(seat), legal))
            step += 1
    assert differences > 0
