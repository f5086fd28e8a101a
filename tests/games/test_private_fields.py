"""Each game's ``private_fields(state, seat)`` is exactly the part of ``observation(seat)`` that
differs from seat to seat: the server builds the public fields of a position once and adds each
seat's part from there, so every seat must still receive exactly its own observation."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ramino.errors import RaminoError
from ramino.games.burraco import observation as burraco_observation
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40 import observation as scala40_observation
from ramino.games.state import AnyState, new_hand
from ramino.rules import make_rules, preset, preset_names


def private_of(state: AnyState, seat: int) -> tuple[dict[str, Any], tuple[str, ...]]:
    if isinstance(state, BurracoState):
        return (burraco_observation.private_fields(state, seat),
                burraco_observation.PRIVATE_FIELDS)
    return scala40_observation.private_fields(state, seat), scala40_observation.PRIVATE_FIELDS


def check_position(state: AnyState) -> None:
    public: dict[str, Any] | None = None
    for seat in range(state.players):
        seen = state.observation(seat).as_dict()
        private, names = private_of(state, seat)
        assert private == {name: seen[name] for name in ("seat", *names)}
        rest = {k: v for k, v in seen.items() if k not in private}
        if public is None:
            public = rest
        assert rest == public, "a field outside PRIVATE_FIELDS differs between seats"


def player_counts(name: str) -> list[int]:
    counts = []
    for players in (2, 3, 4, 5, 6):
        try:
            make_rules(name, {"players": players})
        except RaminoError:  # a count the preset does not allow
            continue
        counts.append(players)
    return counts


@pytest.mark.parametrize("name", preset_names())
def test_private_fields_are_what_sets_one_seats_observation_apart(name: str) -> None:
    for players in player_counts(name):
        for seed in range(3):
            state = new_hand(make_rules(name, {"players": players}), seed=seed)
            rng = random.Random(seed)
            while True:
                check_position(state)
                if state.is_over:
                    break
                state.apply_move(rng.choice(state.legal_actions()))


def test_a_seat_outside_the_table_is_refused() -> None:
    state = new_hand(preset("fibur"), seed=1)
    assert isinstance(state, BurracoState)
    with pytest.raises(ValueError, match="no seat 4"):
        burraco_observation.private_fields(state, 4)
