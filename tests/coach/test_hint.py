"""Hints: the search's move from the seat's own observation, the same whatever the hidden cards,
with the cards and the meld to highlight, in both games."""

from __future__ import annotations

import random

import pytest

from ramino.bots.burraco.search import SearchBot
from ramino.bots.registry import make_bot
from ramino.bots.scala40.search import SearchBot as Scala40Search
from ramino.coach import hint
from ramino.coach.explain import explain
from ramino.coach.hint import cards_used
from ramino.coach.judge import Search, steps_for
from ramino.games.actions import ATTACH, DRAW, PICK, Action
from ramino.games.resample import resample
from ramino.games.state import AnyState, new_hand
from ramino.rules import preset
from tests.coach.positions import scala40_position
from tests.helpers import cards, position

SECONDS = 0.07  # a few worlds a decision: enough for the search to weigh its candidates


def decisions(preset_name: str, deal: int, count: int) -> list[AnyState]:
    """The first ``count`` positions of a hand (the expert playing on) with a choice to make."""
    rules = preset(preset_name)
    state = new_hand(rules, seed=deal)
    found: list[AnyState] = []
    expert = make_bot("expert", 1, rules)
    while not state.is_over and len(found) < count:
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        state.apply(expert.choose(state.observation(state.current), legal))
    return found


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_a_hint_is_the_same_when_the_hidden_cards_are_dealt_again(preset_name: str) -> None:
    rules = preset(preset_name)
    rng = random.Random(7)
    for state in decisions(preset_name, 31, 6):
        seat = state.current
        seen = state.observation(seat)
        twin = resample(seen, rng, rules)
        assert twin.hands != state.hands  # the other hands really are dealt again
        real = hint(seen, state.legal_actions(), rules, seed=5, seconds=SECONDS)
        guess = hint(twin.observation(seat), twin.legal_actions(), rules, seed=5,
                     seconds=SECONDS)
        assert (real.action, real.reason, real.cards, real.meld) == (
            guess.action, guess.reason, guess.cards, guess.meld)


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_a_hint_is_the_search_bots_move_on_the_same_budget(preset_name: str) -> None:
    rules = preset(preset_name)
    kind = Scala40Search if rules.game == "scala40" else SearchBot
    for state in decisions(preset_name, 32, 5):
        seen = state.observation(state.current)
        legal = state.legal_actions()
        given = hint(seen, legal, rules, seed=9, seconds=SECONDS)
        bot: Search = kind(9, rules, steps=steps_for(SECONDS))
        assert given.action == bot.choose(seen, legal)
        assert given.action in legal and given.text == str(given.action)
        assert given.reason == explain(seen, given.action, rules)
        assert given.seconds > 0


def test_a_pick_lights_up_what_it_takes_and_an_attach_its_meld() -> None:
    rules = preset("fibur")
    others = ["Kc Kd 4s", "Qc Qd 4h", "Jc Jd 4d"]
    drawing = position(["9d 5c 6d", *others], [(0, "3h 4h 5h 6h 7h 8h")], pile="Kh 9h",
                       phase="draw")
    seen = drawing.observation(0)
    assert cards_used(seen, Action(PICK)) == seen.pile == tuple(cards("Kh 9h"))
    assert cards_used(seen, Action(DRAW)) == ()
    pozzo = scala40_position("Kh 5d 9c 9d 3c", pozzo="8h 9s", phase="draw")
    assert cards_used(pozzo.observation(0), Action(PICK)) == tuple(cards("9s"))
    playing = position(["9h 5c 6d", *others], [(1, "Ts Js Qs"), (0, "3h 4h 5h 6h 7h 8h")])
    given = hint(playing.observation(0), playing.legal_actions(), rules, seed=1,
                 seconds=SECONDS)
    # Making the burraco is the expert's play (not searched): the attach on meld 2.
    assert given.action.kind == ATTACH and given.action.meld == 2
    assert given.meld == 1 and given.cards == given.action.cards
    assert given.reason.key == "completes a burraco {kind} in {suit} with {cards}"
    data = given.as_json()
    assert data["action"] == given.text and data["cards"] == ["9h"] and data["meld"] == 1
    assert data["reason"]["text"] == "completes a burraco pulito in ♥ with 9♥"
    assert hash(given) == hash(given)  # a value: usable as a key


def test_a_hint_refuses_a_seat_with_nothing_to_play_and_a_budget_of_nothing() -> None:
    rules = preset("fibur")
    state = new_hand(rules, seed=1)
    waiting = (state.current + 1) % state.players
    with pytest.raises(ValueError, match="no legal action"):
        hint(state.observation(waiting), [], rules, seed=0)
    with pytest.raises(ValueError, match="seconds must be positive"):
        hint(state.observation(state.current), state.legal_actions(), rules, seed=0,
             seconds=0)


def test_a_buraco_hint_with_a_closed_lixo_lights_up_only_the_top_card() -> None:
    # Buraco fechado: only the lixo's top card is seen (§4.1); a pick lights up what is seen.
    rules = preset("buraco-fechado")
    state = new_hand(rules, seed=5)
    expert = make_bot("expert", 2, rules)
    hints = 0
    while not state.is_over and hints < 4:
        seen = state.observation(state.current)
        legal = state.legal_actions()
        if len(legal) > 1:
            given = hint(seen, legal, rules, seed=3, seconds=SECONDS)
            assert given.action in legal and len(seen.pile) <= 1
            if given.action.kind == PICK:
                assert given.cards == seen.pile
            hints += 1
        state.apply(expert.choose(seen, legal))
    assert hints == 4
