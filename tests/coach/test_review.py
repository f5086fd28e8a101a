"""Reviews: every decision of a seat in a recorded hand scored by the search from that seat's
observation; the verdicts do not read the hidden cards; the expert's own play is mostly within
the search's margin; the JSON shape of docs/coach.md."""

from __future__ import annotations

import json
import random

import pytest

from ramino.coach import review_hand
from ramino.coach.judge import judge
from ramino.coach.moments import Moment, moments, recorded_hand
from ramino.coach.reason import Reason
from ramino.coach.review import Decision, decide
from ramino.errors import RecordError
from ramino.games.resample import resample
from ramino.games.scala40.match import Match
from ramino.games.scala40.state import Scala40State
from ramino.records.scala40 import record as scala40_record
from ramino.rules import preset
from ramino.rules.options import build_ruleset
from tests.coach.records import expert_hand

SECONDS = 0.07
CUT = {"fibur": 16, "fisca": 24}  # turns kept: a few decisions of each seat, a quick review


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_a_verdict_is_the_same_when_the_hidden_cards_are_dealt_again(preset_name: str
                                                                     ) -> None:
    hand = recorded_hand(expert_hand(preset_name, 41, CUT[preset_name]))
    rules = hand.start.rules
    rng = random.Random(3)
    checked = 0
    for moment in moments(hand):
        if moment.seat != 1 or len(moment.legal) < 2:
            continue
        world = resample(moment.observation, rng, rules)
        twin = Moment(moment.number, moment.path, moment.seat, world.observation(1),
                      tuple(world.legal_actions()), moment.played)
        assert decide(judge(rules, 4, SECONDS), moment, rules) == decide(
            judge(rules, 4, SECONDS), twin, rules)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_the_experts_own_play_is_mostly_within_the_search_margin(preset_name: str) -> None:
    review = review_hand(expert_hand(preset_name, 42, CUT[preset_name]), 0, seconds=SECONDS,
                         seed=1)
    assert len(review.decisions) >= 4
    mistakes = [d for d in review.decisions if d.mistake]
    assert len(mistakes) <= len(review.decisions) // 3, [d.as_json() for d in mistakes]
    agreed = [d for d in review.decisions if d.played == d.best]
    assert all(d.regret == 0 and d.z == 0 for d in agreed)
    assert len(agreed) * 2 > len(review.decisions)


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_a_review_as_json_lists_every_decision_and_the_costliest(preset_name: str) -> None:
    document = expert_hand(preset_name, 43, CUT[preset_name])
    review = review_hand(document, 2, seconds=SECONDS, seed=2)
    data = json.loads(json.dumps(review.as_json()))
    assert data["format"] == "ramino-review/1" and data["seat"] == 2 and data["hand"] == 0
    hand = recorded_hand(document)
    expected = [m.number for m in moments(hand) if m.seat == 2 and len(m.legal) > 1]
    assert [d["number"] for d in data["decisions"]] == expected
    for d in data["decisions"]:
        assert set(d) == {"number", "path", "seat", "played", "best", "regret", "z", "margin",
                          "worlds", "mistake", "reason", "verdict"}
        assert d["path"].startswith("turns[") and d["regret"] >= 0
        assert set(d["reason"]) == {"key", "params", "text"}
    regrets = {d["number"]: d["regret"] for d in data["decisions"]}
    costliest = data["costliest"]
    assert len(costliest) <= 3 and all(regrets[n] > 0 for n in costliest)
    assert [regrets[n] for n in costliest] == sorted((regrets[n] for n in costliest),
                                                     reverse=True)
    others = [r for n, r in regrets.items() if n not in costliest]
    assert not costliest or all(r <= regrets[costliest[-1]] for r in others)


@pytest.mark.parametrize("preset_name", ["fibur", "fisca"])
def test_a_random_players_costly_decisions_are_explained_by_the_better_move(
        preset_name: str) -> None:
    # Random legal play leaves points behind: the review finds them and names the better move.
    document = expert_hand(preset_name, 44, 10, bot="random")
    review = review_hand(document, 0, seconds=SECONDS, seed=3)
    assert review.costliest
    for d in review.costliest:
        assert d.best != d.played and d.regret > 0
        assert d.verdict().text().startswith(f"{d.best} rather than {d.played}: about ")
        assert d.reason.text()  # the better move's reason, filled in


def test_a_seat_not_at_the_table_and_a_malformed_record_are_refused() -> None:
    document = expert_hand("fisca", 41, 4)
    with pytest.raises(RecordError) as error:
        review_hand(document, 4, seconds=SECONDS, seed=0)
    assert error.value.path == "seat"
    with pytest.raises(RecordError) as error:
        review_hand(document, 0, seconds=SECONDS, seed=0, hand=1)
    assert error.value.path == "hand"
    broken = dict(document, turns=[["draw", "meld Kh Kh Kh"]])
    with pytest.raises(RecordError, match=r"turns\[0\]\[1\]"):
        review_hand(broken, 0, seconds=SECONDS, seed=0)
    with pytest.raises(RecordError, match="turns"):
        review_hand({k: v for k, v in document.items() if k != "turns"}, 0, seconds=SECONDS,
                    seed=0)


def test_a_match_hand_is_reviewed_with_the_match_so_far() -> None:
    # A Scala 40 match: the second hand starts from the first one's penalty points (§6.5),
    # and the decisions are named by their place in the match record.
    match = Match(build_ruleset(preset("fisca"), {"players": 2, "elimination_limit": 200}),
                  seed=3)
    rng = random.Random(3)
    while not match.over:
        state = match.next_hand()
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
    document = scala40_record.match_record_of(match)
    assert len(document["hands"]) >= 2
    document["hands"] = document["hands"][:2]
    document["hands"][1]["turns"] = document["hands"][1]["turns"][:8]
    del document["hands"][1]["result"]
    start = recorded_hand(document, 1).start
    assert isinstance(start, Scala40State) and any(start.penalties)
    review = review_hand(document, 0, seconds=SECONDS, seed=0, hand=1)
    assert review.hand == 1 and review.decisions
    assert all(d.path.startswith("hands[1].turns[") for d in review.decisions)


def test_a_verdict_says_agreement_an_equal_move_or_the_points_lost() -> None:
    def decision(played: str, best: str, regret: float, z: float) -> Decision:
        return Decision(5, "turns[1][1]", 0, played, best, regret, z, 1.5, 64,
                        Reason("discards {card}", {"card": "4♥"}))

    assert decision("discard 4h", "discard 4h", 0, 0).verdict().text() == (
        "discard 4h: the search plays it too")
    # The search keeps its own choice, the move played did as well: no points lost.
    same = decision("discard 4c", "discard 4h", 0, 0)
    assert same.verdict().text() == "discard 4c: worth as much as the search's discard 4h"
    assert not same.mistake
    costly = decision("discard 4c", "discard 4h", 41.7, 2.2)
    assert costly.verdict().text() == "discard 4h rather than discard 4c: about 42 points better"
    assert costly.mistake and not decision("discard 4c", "discard 4h", 41.7, 1.2).mistake
