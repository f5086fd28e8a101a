"""What the others' play says about their hands (``ramino.bots.burraco.evidence``), and the search's
worlds that agree with it."""

from __future__ import annotations

import random

import pytest

from ramino.bots.burraco.evidence import HandEvidence, passed_piles
from ramino.bots.burraco.expert import ExpertBot
from ramino.bots.burraco.greedy import GreedyBot
from ramino.bots.burraco.search import SearchBot
from ramino.games.actions import DRAW, PICK
from ramino.games.burraco.state import BurracoState
from ramino.games.resample import resample
from ramino.rules import preset
from ramino.rules.options import DiscardPickup
from tests.helpers import at_turn, cards, hands_of, position

RULES = preset("fibur")


@pytest.mark.parametrize("bot", [ExpertBot, GreedyBot])
def test_passed_piles_are_what_each_seat_let_pass_at_its_last_draw(bot: type) -> None:
    """Read off the open pile alone, the passes equal the scarto each seat saw when it last
    drew from the tallone, as long as nobody has taken the pile since (§2.3)."""
    compared = 0
    for deal in range(1, 7):
        state = BurracoState.new_hand(RULES, seed=deal)
        bots = [bot(seat, RULES) for seat in range(4)]
        saw: list[tuple[int, ...]] = [() for _ in range(4)]
        while not state.is_over:
            seat = state.current
            seen = state.observation(seat)
            passed = passed_piles(seen, RULES)
            assert passed[seat] == ()
            for other in range(4):
                if other != seat:
                    assert passed[other] == saw[other], (deal, state.turn, other)
                    compared += bool(saw[other])
            action = bots[seat].choose(seen, state.legal_actions())
            if action.kind == DRAW:
                saw[seat] = tuple(state.pile)
            elif action.kind == PICK:
                saw = [() for _ in range(4)]
            state.apply(action)
    assert compared > 300


#: Hidden hands of five for seats 1-3: the expert lets usable piles pass with two cards or
#: fewer, so the passes of smaller hands are no evidence.
OTHERS = ["Jc Jd 5s 8d Ac", "Js Qd 5c 8s Ad", "Jh Qc 5d 8c As"]


def test_no_passes_when_the_pile_is_closed_or_only_its_top_is_taken() -> None:
    state = position(["Ah 4s", "", "", ""], pile="3c 4h 7d 9s", phase="draw")
    seen = at_turn(state.observation(0), 12)
    assert passed_piles(seen, RULES)[3] == tuple(cards("3c 4h 7d"))
    top_only = RULES.with_options(discard_pickup=DiscardPickup.TOP_CARD)
    assert passed_piles(seen, top_only) == [(), (), (), ()]


def test_a_guess_that_could_have_used_a_passed_card_conflicts() -> None:
    # Seat 0 to draw after turn 12: seat 3 drew while the scarto was Kd 7h (9c is its own
    # discard), seat 2 while it was Kd, seat 1 has not drawn since the pile was last taken.
    state = position(["Ah 4s", *OTHERS], pile="Kd 7h 9c", phase="draw")
    seen = at_turn(state.observation(0), 12)
    evidence = HandEvidence(seen, RULES, mode=1)
    assert evidence.conflicts(hands_of("", "6h 8h", "", "3s 5d")) == 0  # seat 1 never saw 7h
    assert evidence.conflicts(hands_of("", "", "", "6h 8h Qs")) == 1  # 6h 7h 8h
    assert evidence.conflicts(hands_of("", "", "Kc Ks", "")) == 1  # Kd Kc Ks
    assert evidence.conflicts(hands_of("", "", "Kc Ks", "Kh Kc 6h 8h")) == 3
    assert evidence.conflicts(hands_of("", "", "Kc 2s", "")) == 1  # Kd Kc and a pinella


def test_a_pass_the_public_cards_explain_is_not_evidence() -> None:
    # Seat 3 let Kd 2c pass: every ladder bot takes a wild, so that pass says nothing of its
    # hand (seat 2's pass of Kd alone still does).  And 7h fits seat 3's side's own meld.
    wild = position(["Ah 4s", *OTHERS], pile="Kd 2c 9c", phase="draw")
    checks = HandEvidence(at_turn(wild.observation(0), 12), RULES, mode=1).checks
    assert [(seat, c) for seat, c, _ in checks] == [(2, cards("Kd"))]
    fits = position(["Ah 4s", *OTHERS], [(1, "4h 5h 6h")], pile="7h Qs 9c", phase="draw")
    evidence = HandEvidence(at_turn(fits.observation(0), 12), RULES, mode=1)
    assert [(seat, c) for seat, c, _ in evidence.checks] == [(2, cards("7h")), (3, cards("Qs"))]


def test_the_passes_where_the_expert_lets_a_usable_pile_go_are_not_evidence() -> None:
    # With two cards the expert leaves a pile it can only attach from; with its pozzetto and
    # no burraco, a lone card (docs/bots.md, "How the expert decides").
    small = position(["Ah 4s", OTHERS[0], "Js Qd", OTHERS[2]], pile="Kd 7h 9c", phase="draw")
    checks = HandEvidence(at_turn(small.observation(0), 12), RULES, mode=1).checks
    assert [seat for seat, _, _ in checks] == [3]  # seat 2 passed Kd with two cards
    for taken, seats in (((False, False), [2, 3]), ((True, False), [3])):
        building = position(["Ah 4s", *OTHERS], pile="Kd 7h 9c", phase="draw", taken=taken)
        checks = HandEvidence(at_turn(building.observation(0), 12), RULES, mode=1).checks
        assert [seat for seat, _, _ in checks] == seats, taken


def test_a_hand_after_its_turn_holds_no_meld_it_could_have_laid() -> None:
    state = position(["Ah 4s", "", "", ""], [(1, "4h 5h 6h")], pile="Kd", phase="draw")
    seen = at_turn(state.observation(0), 12)
    evidence = HandEvidence(seen, RULES, mode=2)
    assert sorted(seat for seat, _ in evidence.held) == [1, 2, 3]
    assert evidence.conflicts(hands_of("", "9c Jc Kd", "3s 3d 8c", "7d 9d Qs")) == 0
    assert evidence.conflicts(hands_of("", "9c Tc Jc", "", "")) == 1  # a sequence
    assert evidence.conflicts(hands_of("", "", "3s 3d 3h", "")) == 1  # a group
    assert evidence.conflicts(hands_of("", "", "", "7h Qs")) == 1  # 7h fits 4h-6h
    # Wilds are kept for a burraco (the expert does): a pair and a pinella is no conflict.
    assert evidence.conflicts(hands_of("", "9c 9d 2s", "", "")) == 0
    # The side's melds bind only the seat that played last (seat 1's partner may have laid
    # 4h-6h after seat 1's turn).
    assert evidence.conflicts(hands_of("", "7h", "", "")) == 0
    # Early in the hand the seats that have not played yet hold the dealt hand.
    early = HandEvidence(at_turn(seen, 1), RULES, mode=2)
    assert [seat for seat, _ in early.held] == [3]


def test_the_true_hands_of_the_ladder_bots_rarely_conflict() -> None:
    """The inference fits the ladder's play: over expert self-play the true hands conflict
    at under 10% of the decisions, while most random guesses conflict somewhere."""
    true_conflicts = guess_conflicts = decisions = 0
    for deal in range(1, 5):
        state = BurracoState.new_hand(RULES, seed=deal)
        bots = [ExpertBot(seat, RULES) for seat in range(4)]
        rng = random.Random(deal)
        while not state.is_over:
            seen = state.observation(state.current)
            evidence = HandEvidence(seen, RULES)
            if state.turn >= 8:
                decisions += 1
                true_conflicts += evidence.conflicts(state.hands) > 0
                guess_conflicts += evidence.conflicts(resample(seen, rng, RULES).hands) > 0
            state.apply(bots[state.current].choose(seen, state.legal_actions()))
    assert decisions > 100
    assert true_conflicts < 0.1 * decisions
    assert guess_conflicts > 0.3 * decisions


def test_the_search_guesses_worlds_that_agree_with_the_evidence() -> None:
    state = BurracoState.new_hand(RULES, seed=7)
    bots = [ExpertBot(seat, RULES) for seat in range(4)]
    while state.turn < 16:
        state.apply(bots[state.current].choose(state.observation(state.current),
                                               state.legal_actions()))
    seen = state.observation(state.current)
    evidence = HandEvidence(seen, RULES)
    search = SearchBot(3, RULES, evidence=64)
    worlds = [search.world(seen, random.Random(n)) for n in range(20)]
    assert all(evidence.conflicts(w.hands) == 0 for w in worlds)
    again = SearchBot(3, RULES, evidence=64).world(seen, random.Random(5))
    assert again.fingerprint() == worlds[5].fingerprint()
    plain = [SearchBot(3, RULES, evidence=0).world(seen, random.Random(n)) for n in range(20)]
    assert any(evidence.conflicts(w.hands) for w in plain)
