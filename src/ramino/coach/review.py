"""A review of one seat's play in a recorded hand: every decision scored by the search.

``review_hand(record, seat, seconds=..., seed=...)`` walks a ``ramino-record/1`` hand
(``ramino.coach.moments``) and, at every action of ``seat`` that had a choice, asks the search
what it would play from that seat's observation at that moment (``ramino.coach.judge``): the
moves it weighs and the move played are played out in the same worlds sampled from the
observation, so the verdict never reads the true hidden cards and does not change when they
are dealt again.  A decision's regret is the points the search expects the played move to lose
against its own choice; ``z`` says how many standard errors of the paired differences that is
(the search itself overturns the expert only beyond its ``margin``, 1.5 for Burraco and 2 for
Scala 40, so a regret under the margin is within the judge's noise).  ``seconds`` is the work
budget of each decision.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ramino.coach.explain import explain
from ramino.coach.judge import Search, candidates, judge, value
from ramino.coach.moments import Moment, moments, recorded_hand
from ramino.coach.reason import N_, Reason
from ramino.errors import RecordError
from ramino.rules.options import RuleSet


@dataclass(frozen=True)
class Decision:
    """One decision of the seat: action ``number`` (1-based over the hand's actions) at
    ``path`` in the record, the move ``played`` and the search's ``best`` (record notation),
    the ``regret`` in points (0: the search plays the same or expects no better), its ``z``
    (standard errors), the search's ``margin``, the ``worlds`` sampled, and ``reason``: why
    the better move (or the played one, when it is the best)."""

    number: int
    path: str
    seat: int
    played: str
    best: str
    regret: float
    z: float
    margin: float
    worlds: int
    reason: Reason

    @property
    def mistake(self) -> bool:
        """The search prefers another move by more than its own margin."""
        return self.played != self.best and self.z > self.margin

    def verdict(self) -> Reason:
        """The decision in a sentence: the better move and what it was worth, or agreement."""
        if self.played == self.best:
            return Reason(N_("{played}: the search plays it too"), {"played": self.played})
        if self.regret == 0:
            # The search keeps its own choice, but the move played did as well in its worlds.
            return Reason(N_("{played}: worth as much as the search's {best}"),
                          {"played": self.played, "best": self.best})
        return Reason(N_("{best} rather than {played}: about {regret} points better"),
                      {"best": self.best, "played": self.played,
                       "regret": str(round(self.regret))})

    def as_json(self) -> dict[str, Any]:
        return {"number": self.number, "path": self.path, "seat": self.seat,
                "played": self.played, "best": self.best, "regret": round(self.regret, 1),
                "z": _finite(self.z), "margin": self.margin, "worlds": self.worlds,
                "mistake": self.mistake, "reason": self.reason.as_json(),
                "verdict": self.verdict().as_json()}


@dataclass(frozen=True)
class Review:
    """Every decision of ``seat`` in hand ``hand`` of the record, in order."""

    game: str
    seat: int
    hand: int
    seconds: float
    seed: int
    decisions: tuple[Decision, ...]

    @property
    def regret(self) -> float:
        return sum(d.regret for d in self.decisions)

    @property
    def costliest(self) -> tuple[Decision, ...]:
        """The three decisions that cost the most (those with a regret), costliest first."""
        costly = sorted((d for d in self.decisions if d.regret > 0),
                        key=lambda d: (-d.regret, d.number))
        return tuple(costly[:3])

    def as_json(self) -> dict[str, Any]:
        """The JSON shape documented in docs/coach.md."""
        return {"format": "ramino-review/1", "game": self.game, "seat": self.seat,
                "hand": self.hand, "seconds": self.seconds, "seed": self.seed,
                "regret": round(self.regret, 1),
                "decisions": [d.as_json() for d in self.decisions],
                "costliest": [d.number for d in self.costliest]}


def review_hand(record: dict[str, Any], seat: int, *, seconds: float, seed: int,
                hand: int = 0) -> Review:
    """Score every decision of ``seat`` in hand ``hand`` (0-based) of ``record`` against the
    search, ``seconds`` of work a decision.  :class:`RecordError` for a malformed record or
    a seat not at the table."""
    recorded = recorded_hand(record, hand)
    if not isinstance(seat, int) or seat not in recorded.seats:
        raise RecordError("seat", f"no seat {seat} in this hand: the seats are "
                          f"{', '.join(map(str, recorded.seats))}")
    rules = recorded.start.rules
    search = judge(rules, seed, seconds)
    decisions = [decide(search, moment, rules) for moment in moments(recorded)
                 if moment.seat == seat and len(moment.legal) > 1]
    return Review(recorded.game, seat, hand, seconds, seed, tuple(decisions))


def decide(search: Search, moment: Moment, rules: RuleSet) -> Decision:
    """The search's verdict on one moment, from the observation alone: its candidates and the
    move played, valued in the same worlds sampled from what the seat saw."""
    options = candidates(search, moment.observation, moment.legal, also=moment.played)
    valuation = value(search, moment.observation, options)
    played = options.index(moment.played)
    best = valuation.options[valuation.choice]
    return Decision(moment.number, moment.path, moment.seat, str(moment.played), str(best),
                    valuation.regret(played), valuation.z(played), search.margin,
                    valuation.worlds, explain(moment.observation, best, rules))


def _finite(x: float) -> float | None:
    return round(x, 2) if math.isfinite(x) else None


__all__ = ["Decision", "Review", "decide", "review_hand"]
