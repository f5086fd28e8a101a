"""The public history in both games' observations: every action in order, a draw without its
card, a pick with exactly the cards that lay face up, the same for every seat, and carried
into a resampled state; the server's frames leave it out."""

from __future__ import annotations

import random

import pytest

from ramino.cards import parse_card
from ramino.games.actions import DISCARD, DRAW, PICK, Action
from ramino.games.burraco.state import BurracoState
from ramino.games.public_history import PublicEvent
from ramino.games.resample import resample
from ramino.games.scala40.state import Scala40State
from ramino.games.state import new_hand
from ramino.rules import preset
from ramino.server.views import public_view, seat_view

PRESETS = ["fibur", "buraco-fechado", "fisca"]


def prefer_picks(legal: list[Action], rng: random.Random) -> Action:
    """Random play that takes the pile whenever it may, so that picks are many."""
    picks = [a for a in legal if a.kind == PICK]
    return picks[0] if picks else rng.choice(legal)


@pytest.mark.parametrize("name", PRESETS)
def test_every_action_is_in_the_history_as_the_table_saw_it(name: str) -> None:
    rules = preset(name)
    rng = random.Random(name)
    for seed in range(3):
        state = new_hand(rules, seed=seed)
        played: list[tuple[int, Action, tuple[int, ...]]] = []
        while not state.is_over:
            seat = state.current
            before = state.observation((seat + 1) % state.players)  # another seat's view
            action = prefer_picks(state.legal_actions(), rng)
            state.apply(action)
            # What the others saw go into the hand: Scala 40 takes the top card only; a
            # closed Burraco pile shows its top only (§4.1).
            if action.kind != PICK:
                seen: tuple[int, ...] = ()
            elif isinstance(state, Scala40State):
                seen = before.pile[-1:]
            else:
                seen = before.pile[-1:] if name == "buraco-fechado" else before.pile
            played.append((seat, action, seen))
        history = state.observation(0).history
        assert len(history) == len(played) == len(state.history())
        for event, (seat, action, seen) in zip(history, played, strict=True):
            assert event.seat == seat and event.action.kind == action.kind
            if action.kind == DRAW:
                assert event.action == Action(DRAW)  # never the card drawn
            elif action.kind == PICK:
                assert event.taken == seen and event.action == Action(PICK)
            else:
                assert event.action == action and event.taken == ()
        assert any(e.action.kind == PICK for e in history)
        assert any(e.action.kind == DISCARD for e in history)
        # The same for every seat: nothing in it is one seat's own.
        assert all(state.observation(s).history is history for s in range(state.players))


@pytest.mark.parametrize("name", PRESETS)
def test_a_resampled_state_keeps_the_history(name: str) -> None:
    rules = preset(name)
    rng = random.Random(7)
    state = new_hand(rules, seed=4)
    for _ in range(30):
        state.apply(prefer_picks(state.legal_actions(), rng))
    seat = state.current
    twin = resample(state.observation(seat), rng, rules)
    assert twin.observation(seat) == state.observation(seat)
    assert len(twin.observation(seat).history) == 30
    twin.apply(twin.legal_actions()[0])
    assert len(twin.observation(seat).history) == 31


def test_as_dict_gives_the_history_and_can_leave_it_out() -> None:
    state = new_hand(preset("fibur"), seed=2)
    seat = state.current
    state.apply(Action(DRAW))
    view = state.observation(seat).as_dict()
    assert view["history"] == [{"seat": seat, "action": "draw"}]
    assert "history" not in state.observation(seat).as_dict(history=False)
    taken = (parse_card("As"), parse_card("7h"))
    assert PublicEvent(1, Action(PICK), taken).as_dict() == {
        "seat": 1, "action": "pick", "taken": ["As", "7h"]}


def test_server_frames_leave_the_history_out() -> None:
    state = new_hand(preset("fibur"), seed=2)
    assert isinstance(state, BurracoState)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    assert "history" not in public_view(state)
    assert all("history" not in seat_view(state, s) for s in range(state.players))


def test_a_clone_shares_the_past_and_extends_its_own() -> None:
    state = new_hand(preset("fisca"), seed=3)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert len(state.public_history) == 5 and len(clone.public_history) == 6
    assert clone.public_history[:5] == state.public_history
