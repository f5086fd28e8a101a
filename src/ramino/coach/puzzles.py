"""Puzzles: the positions of a reviewed hand where one move was clearly best.

A decision of a review (``ramino.coach.review``) becomes a puzzle when the search found a move
clearly better than the one played, and better than every other move it weighed:

- the played move was a mistake by the review's own measure: ``best != played`` and the
  paired ``z`` of ``best`` over it beyond the search's ``margin`` (``Decision.mistake``), worth
  at least ``MIN_REGRET`` points;
- ``best`` beats **every** candidate the search weighed there by more than that ``margin`` in
  standard errors of the paired differences (the candidates valued again in the same worlds,
  the review's seed and budget: ``clearly_best``), so one answer is right and the others are
  not a matter of the judge's noise.

A :class:`Puzzle` keeps the hand's record cut just before the decision, and the seat: the
engine replays it (``ramino.coach.moments``) into the position, and the solver is shown only
``observation(seat)``.  ``Puzzle.check(text)`` parses the answer and plays it on a copy of the
position with the engine: a malformed or illegal answer is refused with the engine's own error
(its rule and section), never counted wrong.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from ramino.coach.judge import Valuation, candidates, judge, value
from ramino.coach.moments import Moment, moments, recorded_hand
from ramino.coach.reason import Reason
from ramino.coach.review import Decision, Review
from ramino.errors import IllegalActionError, NotationError
from ramino.games import burraco, scala40
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.state import Scala40State

#: A puzzle's answer must be worth at least this many points over the move played.
MIN_REGRET = 5.0

FORMAT = "ramino-puzzles/1"

RIGHT = "right"
WRONG = "wrong"
REFUSED = "refused"


@dataclass(frozen=True)
class Verdict:
    """The check of an answer: ``status`` is ``right``, ``wrong`` or ``refused`` (malformed or
    illegal: ``message`` is the engine's error, ``rule`` and ``section`` its rule for an
    illegal move); ``action`` the answer in record notation once parsed."""

    status: str
    action: str | None = None
    message: str | None = None
    rule: str | None = None
    section: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"status": self.status, "action": self.action, "message": self.message,
                "rule": self.rule, "section": self.section}


@dataclass(frozen=True)
class Puzzle:
    """The position before action ``number`` of the hand in ``record`` (cut there), seen by
    ``seat``; ``answer`` the search's clearly best move (record notation), ``played`` the move
    the seat played, ``regret`` its cost in points, ``z`` and ``margin`` the review's measure,
    ``reason`` why the answer is right."""

    id: str
    game: str
    seat: int
    number: int
    record: dict[str, Any]
    answer: str
    played: str
    regret: float
    z: float
    margin: float
    reason: Reason

    def state(self) -> BurracoState | Scala40State:
        """The position, replayed by the engine from the cut record."""
        hand = recorded_hand(self.record)
        state = hand.start.clone()
        for _, action in hand.steps:
            state.apply(action)
        return state

    def observation(self) -> burraco.Observation | scala40.Observation:
        """What the solver sees: ``observation`` of the seat in turn, the puzzle's seat."""
        state = self.state()
        return state.observation(state.current)

    def check(self, text: str) -> Verdict:
        """Play ``text`` on a copy of the position: ``right`` when it is the answer (or leaves
        the same position as the answer), ``wrong`` for another legal move, ``refused`` with
        the engine's error when it is malformed or illegal."""
        state = self.state()
        seat = state.current
        answer = state.clone()
        expected = answer.play(self.answer)
        try:
            action = state.play_move(text)
        except IllegalActionError as error:
            return Verdict(REFUSED, None, error.reason, error.rule, error.section)
        except NotationError as error:
            return Verdict(REFUSED, None, str(error))
        # The same move written another way (a meld's cards in another order) leaves the
        # same position: it is the answer too.
        same = action == expected or (state.observation(seat).as_dict(history=False)
                                      == answer.observation(seat).as_dict(history=False))
        return Verdict(RIGHT if same else WRONG, str(action))

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "game": self.game, "seat": self.seat, "number": self.number,
                "record": self.record, "answer": self.answer, "played": self.played,
                "regret": round(self.regret, 1), "z": round(self.z, 2),
                "margin": self.margin,
                "reason": {"key": self.reason.key, "params": dict(self.reason.params)}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Puzzle:
        reason = data["reason"]
        return cls(str(data["id"]), str(data["game"]), int(data["seat"]), int(data["number"]),
                   dict(data["record"]), str(data["answer"]), str(data["played"]),
                   float(data["regret"]), float(data["z"]), float(data["margin"]),
                   Reason(str(reason["key"]), {str(k): str(v)
                                               for k, v in reason["params"].items()}))


def promising(decision: Decision) -> bool:
    """The review's own measure says the played move was clearly worse than ``best``."""
    return decision.mistake and decision.regret >= MIN_REGRET


def clearly_best(valuation: Valuation) -> bool:
    """The search's choice beats every other candidate by more than its margin (standard
    errors of the paired differences)."""
    choice = valuation.choice
    return valuation.worlds > 1 and all(
        valuation.z(i) > valuation.margin
        for i in range(len(valuation.options)) if i != choice)


def cut_before(record: dict[str, Any], path: str) -> dict[str, Any]:
    """The record's hand stopped just before the action at ``path`` (``turns[t][a]``)."""
    turn, action = (int(part) for part in path.split("turns[", 1)[1].rstrip("]").split("]["))
    cut = {k: v for k, v in record.items() if k != "result"}
    turns = list(record["turns"][:turn])
    if action:
        turns.append(list(record["turns"][turn][:action]))
    cut["turns"] = turns
    return cut


def puzzles_from_review(record: dict[str, Any], review: Review, *,
                        prefix: str) -> list[Puzzle]:
    """The puzzles of ``review`` (of hand 0 of a single-hand ``record``): its decisions that
    are ``promising`` and where the answer is ``clearly_best``; ids are ``prefix-number``."""
    hand = recorded_hand(record, review.hand)
    rules = hand.start.rules
    at = {m.number: m for m in moments(hand)}
    found: list[Puzzle] = []
    for decision in review.decisions:
        if not promising(decision):
            continue
        moment: Moment = at[decision.number]
        search = judge(rules, review.seed, review.seconds)
        valuation = value(search, moment.observation,
                          candidates(search, moment.observation, moment.legal,
                                     also=moment.played))
        if str(valuation.options[valuation.choice]) != decision.best:
            continue
        if not clearly_best(valuation):
            continue
        found.append(Puzzle(f"{prefix}-{decision.number}", review.game, decision.seat,
                            decision.number, cut_before(record, decision.path), decision.best,
                            decision.played, decision.regret, decision.z, decision.margin,
                            decision.reason))
    return found


def read_puzzles(document: dict[str, Any]) -> dict[str, Puzzle]:
    """The puzzles of a ``ramino-puzzles/1`` document by id, in the document's order."""
    if document.get("format") != FORMAT:
        raise ValueError(f"format: expected {FORMAT!r}, got {document.get('format')!r}")
    return {p.id: p for p in map(Puzzle.from_json, document["puzzles"])}


@functools.cache
def shipped() -> dict[str, Puzzle]:
    """The puzzle set shipped with the package (``puzzles.json``, ``scripts/make_puzzles.py``)."""
    text = resources.files("ramino.coach").joinpath("puzzles.json").read_text("utf-8")
    return read_puzzles(json.loads(text))


__all__ = ["FORMAT", "MIN_REGRET", "Puzzle", "Verdict", "clearly_best", "cut_before",
           "promising", "puzzles_from_review", "read_puzzles", "shipped"]
