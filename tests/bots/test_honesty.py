"""The honesty contract: changing only cards a seat cannot see never changes a bot's
decision for a fixed bot seed; the oracle, which reads the true state, is the control."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ramino.bots.burraco.oracle import OracleBot
from ramino.bots.registry import make_bot
from ramino.games.burraco.state import BurracoState
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet, make_rules, preset

GameState = BurracoState | Scala40State

FIBUR = preset("fibur")
HONEST = ["random", "easy", "greedy", "expert", "search:samples=2,candidates=2,extra=2",
          "search:samples=2,candidates=2,extra=2,evidence=8",
          "search:samples=2,candidates=2,extra=2,reading=4",
          # The work budget stops the sampling on a count, never on the hidden cards' luck.
          "search:samples=3,candidates=2,extra=6,steps=150"]


def twin(state: BurracoState, seat: int, rng: random.Random) -> BurracoState:
    """The same position with every card ``seat`` cannot see dealt again."""
    other = resample(state.observation(seat), rng, FIBUR)
    assert other.observation(seat) == state.observation(seat)
    return other


def assert_honest(spec: str, rules: RuleSet, new_hand: Callable[[int], GameState], *,
                  every: int, limit: int) -> None:
    """At every ``every``-th decision of greedy play, a fresh copy of the bot decides on the
    real position and on a twin with every card the seat cannot see dealt again."""
    rng = random.Random(spec)
    checked = changed_worlds = 0
    players = rules.players
    for deal in (1, 2):
        state = new_hand(deal)
        seats = [make_bot("greedy", 10 + s, rules) for s in range(players)]
        step = 0
        while not state.is_over and step < limit:
            seat = state.current
            if step % every == 0:
                seen = state.observation(seat)
                choice = make_bot(spec, 77, rules).choose(seen, state.legal_actions())
                other = resample(seen, rng, rules)
                assert other.observation(seat) == seen
                nxt = (seat + 1) % players
                changed_worlds += other.hands[nxt] != state.hands[nxt]
                again = make_bot(spec, 77, rules).choose(other.observation(seat),
                                                         other.legal_actions())
                assert again == choice, f"{spec} changed its mind at step {step} of deal {deal}"
                checked += 1
            state.apply(seats[seat].choose(state.observation(seat), state.legal_actions()))
            step += 1
    assert checked >= 10 and changed_worlds >= 5


@pytest.mark.parametrize("spec", HONEST)
def test_hidden_cards_never_change_a_decision(spec: str) -> None:
    assert_honest(spec, FIBUR, lambda deal: BurracoState.new_hand(FIBUR, seed=deal),
                  every=9, limit=160)


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


HONEST_40 = ["random", "easy", "greedy", "expert"]


@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("spec", HONEST_40)
def test_scala40_hidden_cards_never_change_a_decision(spec: str, players: int) -> None:
    """§6: the other hands and the tallone are hidden; changing them never changes
    a Scala 40 bot's choice (the pozzo and the table are public)."""
    rules = make_rules("fisca", {"players": players})
    assert_honest(spec, rules, lambda deal: Scala40State.new_hand(rules, seed=deal),
                  every=5, limit=200)


def test_scala40_search_is_honest() -> None:
    rules = preset("fisca")
    assert_honest("search:samples=2,candidates=2,horizon=4", rules,
                  lambda deal: Scala40State.new_hand(rules, seed=deal), every=7, limit=160)


def test_the_check_catches_the_scala40_oracle() -> None:
    """Control: the Scala 40 oracle reads the hidden hands, so the same check must catch it."""
    from ramino.bots.scala40 import search as scala40_search

    rules = preset("fisca")
    rng = random.Random(5)
    differences = 0
    for deal in range(4):
        state = Scala40State.new_hand(rules, seed=deal)
        step = 0
        while not state.is_over and step < 200 and differences == 0:
            seat = state.current
            legal = state.legal_actions()
            if len(legal) > 1 and legal[0].kind != "draw":
                choices = []
                for world in (state, resample(state.observation(seat), rng, rules)):
                    oracle = scala40_search.OracleBot(3, rules, samples=3, horizon=4)
                    oracle.see(world)
                    choices.append(oracle.choose(world.observation(seat), world.legal_actions()))
                differences += choices[0] != choices[1]
            state.apply(make_bot("greedy", seat, rules).choose(state.observation(seat), legal))
            step += 1
    assert differences > 0
