"""Puzzles from reviewed hands: the criterion (a mistake by the review's own z and margin, the
answer beating every candidate by the margin), the position rebuilt by the engine from the
cut record and shown from the solver's seat, and answers checked by the engine: right, wrong,
illegal and malformed (refused with the engine's rule, never counted wrong)."""

from __future__ import annotations

import dataclasses

import pytest

from ramino.coach import review_hand
from ramino.coach.judge import Valuation
from ramino.coach.puzzles import (
    MIN_REGRET,
    REFUSED,
    RIGHT,
    WRONG,
    Puzzle,
    clearly_best,
    cut_before,
    promising,
    puzzles_from_review,
    read_puzzles,
    shipped,
)
from ramino.coach.reason import Reason
from ramino.coach.review import Decision, Review
from ramino.games.actions import DISCARD, Action
from tests.coach.records import expert_hand


def decision(played: str, best: str, regret: float, z: float, margin: float = 1.5,
             number: int = 5) -> Decision:
    return Decision(number, "turns[1][0]", 1, played, best, regret, z, margin, 40,
                    Reason("draws from the tallone"))


def test_a_decision_is_promising_only_when_the_review_measures_a_clear_mistake() -> None:
    assert promising(decision("pick", "draw", regret=30.0, z=2.0))
    assert not promising(decision("draw", "draw", regret=0.0, z=0.0))  # the search agrees
    assert not promising(decision("pick", "draw", regret=30.0, z=1.4))  # within the noise
    assert not promising(decision("pick", "draw", regret=30.0, z=2.0, margin=2.5))
    assert not promising(decision("pick", "draw", regret=MIN_REGRET - 0.1, z=9.0))


def valuation(*rows: tuple[float, ...]) -> Valuation:
    options = tuple(Action(DISCARD, (i,)) for i in range(len(rows)))
    return Valuation(options, rows, 1.5)


def test_the_answer_must_beat_every_candidate_by_the_margin() -> None:
    clear = valuation((0.0, 1.0, 0.0, 1.0), (10.0, 13.0, 11.0, 12.0), (1.0, 3.0, 0.0, 2.0))
    assert clear.choice == 1 and clearly_best(clear)
    # The choice beats candidate 0 clearly, but candidates 1 and 2 are as good as each other.
    close = valuation((0.0, 1.0, 0.0, 1.0), (10.0, 13.0, 11.0, 12.0),
                      (10.0, 13.0, 12.0, 11.0))
    assert close.choice in (1, 2) and not clearly_best(close)
    assert not clearly_best(valuation((0.0,), (9.0,)))  # one world measures no noise


def test_cut_before_stops_the_hand_just_before_the_action() -> None:
    record = {"format": "ramino-record/1", "turns": [["draw", "discard 3c"], ["pick", "x", "y"]],
              "result": {"scores": [1, 2]}}
    assert cut_before(record, "turns[1][2]")["turns"] == [["draw", "discard 3c"], ["pick", "x"]]
    assert cut_before(record, "turns[1][0]")["turns"] == [["draw", "discard 3c"]]
    assert "result" not in cut_before(record, "turns[1][0]")


def test_a_crafted_review_makes_a_puzzle_only_of_its_clear_decisions() -> None:
    """A review of the greedy bot's seat whose decisions are re-judged with the review's seed:
    each puzzle found is a promising decision whose answer beats every candidate."""
    record = expert_hand("fisca", 8, bot="greedy")
    review = review_hand(record, 0, seconds=0.1, seed=8)
    found = puzzles_from_review(record, review, prefix="t")
    kept = {p.number for p in found}
    assert kept and kept <= {d.number for d in review.decisions if promising(d)}
    # A review with no promising decision makes no puzzle.
    calm = Review(review.game, 0, 0, review.seconds, review.seed,
                  tuple(d for d in review.decisions if not promising(d)))
    assert puzzles_from_review(record, calm, prefix="t") == []
    for puzzle in found:
        seen = puzzle.observation()
        assert seen.seat == seen.current == puzzle.seat
        assert puzzle.check(puzzle.answer).status == RIGHT


SHIPPED = list(shipped().values())


def test_the_shipped_set_has_both_games() -> None:
    games = [p.game for p in SHIPPED]
    assert games.count("burraco") >= 10 and games.count("scala40") >= 6
    assert read_puzzles({"format": "ramino-puzzles/1",
                         "puzzles": [p.as_json() for p in SHIPPED]}) == shipped()
    with pytest.raises(ValueError, match="format"):
        read_puzzles({"format": "other", "puzzles": []})


@pytest.mark.parametrize("puzzle", [SHIPPED[0], SHIPPED[-1]], ids=lambda p: p.id)
def test_answers_are_checked_by_the_engine(puzzle: Puzzle) -> None:
    seen = puzzle.observation()
    assert seen.seat == seen.current == puzzle.seat
    assert puzzle.check(puzzle.answer).status == RIGHT
    assert puzzle.check(f"  {puzzle.answer} ").status == RIGHT
    wrong = puzzle.check(puzzle.played)
    assert wrong.status == WRONG and wrong.action == puzzle.played
    # Illegal: a card the seat does not hold, laid before drawing or out of the hand.
    absent = next(t for t in ("meld 2c 3c 4c", "meld 5d 6d 7d", "meld 9s Ts Js")
                  if not set(t.split()[1:]) <= set(seen.as_dict()["hand"]))
    illegal = puzzle.check(absent)
    assert illegal.status == REFUSED and illegal.rule and illegal.section
    malformed = puzzle.check("discard")
    assert malformed.status == REFUSED and malformed.rule is None
    assert "discard" in (malformed.message or "")
    assert puzzle.check("fly 7h").status == REFUSED


def test_the_same_move_written_in_another_order_is_the_answer() -> None:
    """A meld's cards in another order leave the same position: right, not wrong."""
    puzzle = shipped()["fibur-1-0-50"]
    meld = next(a for a in puzzle.state().legal_actions()
                if a.kind == "meld" and len(a.cards) >= 3 and not a.annotations)
    as_answer = dataclasses.replace(puzzle, answer=str(meld))
    reversed_text = " ".join(["meld", *reversed(str(meld).split()[1:])])
    assert reversed_text != str(meld)
    assert as_answer.check(reversed_text).status == RIGHT
    assert as_answer.check(puzzle.answer).status == WRONG
