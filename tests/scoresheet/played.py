"""Hands and matches played by the engine with bots, and the counts players would read off
them at the table (``ramino.scoresheet.counted``: exactly as people count — card points
melded per side, burrachi by type, card points left in hand, the pozzetto taken, who
closed)."""

from __future__ import annotations

from typing import Any

from ramino.bots.registry import make_bot
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State
from ramino.rules import RuleSet
from ramino.scoresheet.counted import burraco_counts, scala40_counts

__all__ = ["burraco_counts", "finish", "play_burraco", "play_scala40", "scala40_counts"]


# Far more than any hand takes (a Scala 40 stallo after ten quiet rounds of the tallone comes
# within a few thousand): a hand that never ends fails here rather than hanging the run.
MAX_ACTIONS = 50_000


def finish(state: BurracoState | Scala40State, seed: int, bots: str = "greedy") -> None:
    """Play ``state`` to its end with seeded bots (``mixed``: greedy and random seats)."""
    rules = state.rules
    players = [make_bot(bots if bots != "mixed" else ("greedy", "random")[i % 2],
                        seed * 10 + i, rules) for i in range(state.players)]
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            return
        seat = state.current
        observation: Any = state.observation(seat)
        state.apply(players[seat].choose(observation, state.legal_actions()))
    raise AssertionError(f"the hand (seed {seed}, {bots}) has not ended after {MAX_ACTIONS} "
                         "actions: the engine lets it run for ever")


def play_burraco(rules: RuleSet, seed: int, bots: str = "greedy") -> BurracoState:
    state = BurracoState.new_hand(rules, seed=seed)
    finish(state, seed, bots)
    return state


def play_scala40(rules: RuleSet, seed: int, bots: str = "greedy") -> Scala40State:
    state = Scala40State.new_hand(rules, seed=seed)
    finish(state, seed, bots)
    return state
