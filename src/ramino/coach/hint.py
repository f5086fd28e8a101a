"""A hint: what the search would play from the seat's own observation, and why.

``hint(observation, legal_actions, rules, seed=..., seconds=...)`` asks the game's search bot
(``ramino.coach.judge``) for its move, given only what the seat sees: the observation and
its legal actions, never a state.  The same seed, observation and budget give the same hint
whatever the hidden cards are (the budget is counted in work, not read off a clock).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ramino.cards import card_str
from ramino.coach.explain import Seen, explain
from ramino.coach.judge import candidates, judge, value
from ramino.coach.reason import Reason
from ramino.games import burraco, scala40
from ramino.games.actions import ATTACH, PICK, SWAP, Action
from ramino.rules.options import RuleSet


@dataclass(frozen=True)
class Hint:
    """The move to play: ``action`` (one of the legal actions), ``text`` its record notation
    (``str(action)``, docs/record.md §3), ``cards`` the card ids it uses or takes (to light
    up), ``meld`` the index in ``observation.melds`` of the meld it goes on (None for none),
    ``reason`` why, and ``seconds`` the time spent thinking."""

    action: Action
    text: str
    cards: tuple[int, ...]
    meld: int | None
    reason: Reason
    seconds: float

    def as_json(self) -> dict[str, Any]:
        """``action`` in the record notation, ``cards`` as card tokens (docs/record.md §1),
        ``meld`` the index or null, ``reason`` as ``Reason.as_json``, ``seconds``."""
        return {"action": self.text, "cards": [card_str(c) for c in self.cards],
                "meld": self.meld, "reason": self.reason.as_json(),
                "seconds": round(self.seconds, 3)}


def cards_used(observation: Seen, action: Action) -> tuple[int, ...]:
    """The cards a move lays, discards or takes: a pick takes the pile (Burraco, §2.3: as far
    as the seat sees it) or the pozzo's top card (Scala 40, §6.3); a draw, a hidden card."""
    if action.kind == PICK:
        if isinstance(observation, burraco.Observation):
            return observation.pile
        return observation.pile[-1:]
    return action.cards


def meld_index(observation: Seen, action: Action) -> int | None:
    """The index in ``observation.melds`` of the meld an attach or a swap goes on."""
    if action.kind not in (ATTACH, SWAP):
        return None
    melds: Sequence[burraco.TableMeld | scala40.TableMeld] = observation.melds
    return next((i for i, m in enumerate(melds) if m.number == action.meld), None)


def hint(observation: Seen, legal_actions: Sequence[Action], rules: RuleSet, *, seed: int,
         seconds: float = 1.0) -> Hint:
    """The search's move for the seat of ``observation`` and its reason (Burraco, Buraco and
    Scala 40).  ``seconds`` is the budget of work (``ramino.coach.judge.steps_for``)."""
    if not legal_actions:
        raise ValueError(f"seat {observation.seat} has no legal action: not its turn")
    start = time.perf_counter()
    search = judge(rules, seed, seconds)
    valuation = value(search, observation, candidates(search, observation, legal_actions))
    action = valuation.options[valuation.choice]
    reason = explain(observation, action, rules)
    return Hint(action, str(action), cards_used(observation, action),
                meld_index(observation, action), reason, time.perf_counter() - start)


__all__ = ["Hint", "cards_used", "hint", "meld_index"]
