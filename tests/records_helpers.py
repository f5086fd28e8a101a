"""Builders shared by the record, replay, match and CLI tests: seeded random-legal hands."""

from __future__ import annotations

import json
import random
from typing import Any

from ramino.games.burraco.state import BurracoState
from ramino.records import record_of
from ramino.rules import RuleSet, preset


def played_hand(seed: int, rules: RuleSet | None = None, *, stop_after: int | None = None,
                dealer: int | None = None) -> BurracoState:
    """A hand dealt from ``seed`` and played by uniformly random legal actions (seeded)."""
    state = BurracoState.new_hand(rules or preset("fibur"), seed=seed, dealer=dealer)
    rng = random.Random(seed * 7919 + 1)
    steps = 0
    while not state.is_over and (stop_after is None or steps < stop_after):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


def hand_document(seed: int, **kwargs: Any) -> dict[str, Any]:
    """The JSON document (round-tripped through text) of a seeded random hand."""
    state = played_hand(seed, **kwargs)
    doc = record_of(state, players=["Anna", "Bruno", "Carla", "Dario"],
                    meta={"seed": seed, "note": ["kept", {"verbatim": True}]})
    loaded: dict[str, Any] = json.loads(json.dumps(doc))
    return loaded
