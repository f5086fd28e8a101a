"""The §6.7 Scala 40 options once refused as not implemented: partnerships (§6.1, scoring and
elimination per side), ``initial_discard=DEALER_14`` (§6.1), ``opening_counts_only_new_melds``
and ``jolly_swap_requires_opened`` (§6.3 items 2 and 4), and ``reentry`` (§6.5).  Each test
shows a position where the option's value changes the outcome; the hand-level cases are also
record fixtures (``tests/fixtures/scala40/opt-*.json``) replayed by ``ramino replay``."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ramino.cards import JOKER, parse_cards
from ramino.cli import app
from ramino.errors import IllegalActionError, RulesError
from ramino.games.deal import NO_UPCARD
from ramino.games.phases import PHASE_DRAW, PHASE_PLAY
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.match import Match, standing
from ramino.games.scala40.state import Scala40State
from ramino.records.scala40 import record as scala40_record
from ramino.rules import RuleSet, make_rules

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scala40"


def _random_match(rules: RuleSet, seed: int, *, rejoin: bool) -> Match:
    """A match of random legal play; a side that may re-enter does so if ``rejoin``."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    while not match.over:
        if rejoin:
            for side, may in enumerate(match.standing().can_reenter):
                if may:
                    match.reenter(side)
        _play_out(match.next_hand(), rng)
    return match


def _play_out(state: Scala40State, rng: random.Random) -> Scala40State:
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


# --- partnerships (§6.1, §6.7) --------------------------------------------------------------


def test_partners_alternate_round_the_table() -> None:
    """§6.1: pairs with 4 players, two teams of 3 with 6; sides take turns (docs/record.md §2)."""
    assert seat_sides(make_rules("fisca")) == (0, 1, 2, 3)
    assert seat_sides(make_rules("fisca", {"partnerships": "PAIRS_2V2"})) == (0, 1, 0, 1)
    assert seat_sides(make_rules("fisca", {"players": 6, "partnerships": "TEAMS_3V3"})) == (
        0, 1, 0, 1, 0, 1)


def test_a_hand_is_scored_per_side_the_closers_side_paying_nothing() -> None:
    """The same closed hand: each for himself every seat but the closer pays its hand; in
    pairs the closer's partner pays nothing and the other pair pays both its hands."""
    scores = {}
    for value in ("NONE", "PAIRS_2V2"):
        rules = make_rules("fisca", {"partnerships": value})
        result = _play_out(Scala40State.new_hand(rules, seed=5), random.Random(5)).result()
        assert result is not None and result.closed_by is not None
        scores[value] = result
    alone, pairs = scores["NONE"], scores["PAIRS_2V2"]
    assert alone.seat_scores == pairs.seat_scores and alone.scores == alone.seat_scores
    closer = pairs.closed_by
    assert closer is not None
    assert pairs.scores[closer % 2] == 0
    assert pairs.scores[1 - closer % 2] == sum(
        p for s, p in enumerate(pairs.seat_scores) if s % 2 != closer % 2)
    assert alone.scores[(closer + 2) % 4] > 0  # the partner's hand, paid each for himself


def test_partners_hands_stay_hidden() -> None:
    """Observations share the table, never a partner's hand (§6.1: the hands are secret)."""
    rules = make_rules("fisca", {"partnerships": "PAIRS_2V2"})
    state = Scala40State.new_hand(rules, seed=8)
    seen = state.observation(0)
    assert seen.sides == (0, 1, 0, 1)
    shown = json.dumps(seen.as_dict())
    assert seen.hand == tuple(state.hand_of(0)) and seen.hand_sizes[2] == 13
    twin = state.clone()
    twin.hands[2], twin.hands[1] = twin.hands[1], twin.hands[2]
    assert json.dumps(twin.observation(0).as_dict()) == shown


def test_a_partnership_match_eliminates_a_side_on_its_shared_total() -> None:
    """§6.5 with sides: 60 + 45 = 105 puts pair {1, 3} out at 101; each seat for itself the
    same points per seat put nobody out."""
    pairs = make_rules("fisca", {"partnerships": "PAIRS_2V2"})
    seats = (0, 1, 2, 3)
    after = standing(pairs, [(seats, (0, 60)), (seats, (0, 45))])
    assert after.totals == (0, 105) and after.eliminated == (False, True)
    assert after.over and after.winner == 0
    alone = standing(make_rules("fisca"), [(seats, (0, 30, 0, 30)), (seats, (0, 20, 0, 25))])
    assert alone.totals == (0, 50, 0, 55) and not any(alone.eliminated) and not alone.over


@pytest.mark.parametrize(("players", "value"), [(4, "PAIRS_2V2"), (6, "TEAMS_3V3")])
def test_a_partnership_match_is_a_record(players: int, value: str) -> None:
    """Every seat plays every hand until a side is out; the match record replays to the same
    standing through ``ramino replay``."""
    rules = make_rules("fisca", {"players": players, "partnerships": value})
    match = _random_match(rules, 3, rejoin=False)
    final = match.standing()
    assert final.over and final.winner is not None and len(final.totals) == 2
    assert all(seats == tuple(range(players)) for seats in match.seats)
    totals = [0, 0]
    for state in match.states:
        result = state.result()
        assert result is not None
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
    assert tuple(totals) == final.totals
    assert final.totals[1 - final.winner] >= rules.elimination_limit
    document = json.loads(json.dumps(scala40_record.match_record_of(match)))
    out = CliRunner().invoke(app, ["replay", "--json", "-"], input=json.dumps(document))
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["match"] == final.as_json()


# --- initial_discard (§6.1) -------------------------------------------------------------------


def test_dealer_14_the_dealer_discards_first_and_that_is_no_turn_of_the_round() -> None:
    """DEALER_14: no upcard; the dealer holds 14 cards and only discards; then the seat at his
    left draws.  The first round (T-50) still needs a turn of every seat after it."""
    rules = make_rules("fisca", {"initial_discard": "DEALER_14"})
    state = Scala40State.new_hand(rules, seed=12)
    assert state.deal.upcard == NO_UPCARD and state.pile == []
    assert state.sizes == [13, 13, 13, 14] and state.current == 3 and state.phase == PHASE_PLAY
    assert {a.kind for a in state.legal_actions()} == {"discard"}
    with pytest.raises(IllegalActionError) as info:
        state.play("draw")
    assert (info.value.rule, info.value.section) == ("dealer-14-discard", "§6.1")
    card = state.hand_of(3)[0]
    state.apply(state.legal_actions()[0])
    assert state.pile == [card] and state.sizes[3] == 13
    assert state.current == 0 and state.phase == PHASE_DRAW and state.turn == 0
    upcard = Scala40State.new_hand(make_rules("fisca"), seed=12)
    assert len(upcard.pile) == 1 and upcard.current == 0 and upcard.phase == PHASE_DRAW


def test_dealer_14_deals_and_records_refuse_an_upcard() -> None:
    rules = make_rules("fisca", {"initial_discard": "DEALER_14"})
    state = Scala40State.new_hand(rules, seed=4, dealer=1)
    assert state.sizes == [13, 14, 13, 13] and state.current == 1
    document = json.loads(json.dumps(scala40_record.record_of(state)))
    assert "upcard" not in document["deal"] and scala40_record.replay(document).ok
    document["deal"]["upcard"] = document["deal"]["stock"].pop()
    out = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(document))
    assert out.exit_code == 2 and "deal.upcard" in out.output
    with pytest.raises(RulesError, match="hand 3 has 13 cards, not 14"):
        Scala40State.new_hand(rules, deal=Scala40State.new_hand(make_rules("fisca"),
                                                                seed=4).deal)


# --- opening_counts_only_new_melds (§6.3 item 2) ---------------------------------------------


def _opened_table(options: dict[str, object]) -> Scala40State:
    """Seat 0 has opened with K♠ K♦ K♣ and 9♠ 10♠ J♠; seat 1 holds J♥ J♦ J♣ Q♠ and
    nothing else that melds (the fixture opt-opening_counts_only_new_melds-*)."""
    document = json.loads((FIXTURES / "opt-opening_counts_only_new_melds-false.json").read_text())
    rules = make_rules("fisca", options)
    state = Scala40State.new_hand(rules, deal=scala40_record.replay(document).hands[0].state.deal)
    for text in ("draw", "meld Ks Kd Kc", "meld 9s Ts Js", "discard 5c", "draw"):
        state.play(text)
    return state


def test_only_new_melds_count_toward_the_apertura_by_default() -> None:
    """§6.3 item 2 (C): J♥ J♦ J♣ make 30; laying Q♠ off on 9♠ 10♠ J♠ would add 10 but does
    not count, and a player not yet opened may not lay off at all."""
    state = _opened_table({})
    listed = {str(a) for a in state.legal_actions()}
    assert "meld Jd Jh Jc" not in listed and not any(a.startswith("attach") for a in listed)
    with pytest.raises(IllegalActionError) as info:
        state.play("attach 2 Qs")
    assert info.value.rule == "lay-off-before-opening"


def test_lay_offs_count_when_opening_counts_only_new_melds_is_false() -> None:
    """§6.7 false: the lay-off's 10 points count; lay-off and meld go down in either order."""
    for order in (("attach 2 Qs", "meld Jh Jd Jc"), ("meld Jh Jd Jc", "attach 2 Qs")):
        state = _opened_table({"opening_counts_only_new_melds": False})
        state.play(order[0])
        assert not state.opened[1] and state.turn_points in (10, 30)
        assert not any(a.kind == "discard" for a in state.legal_actions())  # 40 not yet met
        state.play(order[1])
        assert state.opened[1] and state.turn_points == 40
        state.play("discard 2c")
        assert state.current == 2


# --- jolly_swap_requires_opened (§6.3 item 4, T-48) ------------------------------------------


def test_a_swap_before_opening_when_the_option_is_false() -> None:
    """With true (FISCA) a player not yet opened may not swap; with false he may, and the
    jolly must still be used that turn (here: to open), or the swap is refused."""
    document = json.loads(
        (FIXTURES / "opt-jolly_swap_requires_opened-false.json").read_text())
    deal = scala40_record.replay(document).hands[0].state.deal
    turns = [t for turn in document["turns"][:4] for t in turn]
    for value, legal in ((True, False), (False, True)):
        rules = make_rules("fisca", {"jolly_swap_requires_opened": value})
        state = Scala40State.new_hand(rules, deal=deal)
        for text in [*turns, "draw"]:
            state.play(text)
        assert ("swap 1 6h" in {str(a) for a in state.legal_actions()}) is legal
    # The jolly must still be used that turn (FISCA).  Give K♠ K♦ 9♠ away for K♥ K♣ 9♥: then
    # the best meld with the jolly makes 30 and no other meld goes down, so no apertura can
    # take the jolly.  Keeping it in hand (the house option) makes the swap legal again.
    for must, legal in ((True, False), (False, True)):
        rules = make_rules("fisca", {"jolly_swap_requires_opened": False,
                                     "swapped_jolly_must_be_used_same_turn": must})
        state = Scala40State.new_hand(rules, deal=deal)
        for text in [*turns, "draw"]:
            state.play(text)
        hand = state.hands[0]
        for out, into in zip(parse_cards("Ks Kd 9s"), parse_cards("Kh Kc 9h"), strict=True):
            hand[out] -= 1
            hand[into] += 1
        state._invalidate()
        if legal:
            state.play("swap 1 6h")
            assert state.hands[0][JOKER] == 1 and not state.opened[0]
            state.play("discard 5s")
            continue
        with pytest.raises(IllegalActionError) as info:
            state.play("swap 1 6h")
        assert (info.value.rule, info.value.section) == ("swapped-jolly-must-be-used", "§6.3")


# --- reentry (§6.5) ---------------------------------------------------------------------------


def test_reentry_once_at_the_highest_total_in_play() -> None:
    """§6.5 ONCE_AT_HIGHEST_REMAINING: seat 2 out at 101 may re-enter at 50, the highest
    total still in play, while two players remain; never twice; by default never."""
    seats = (0, 1, 2)
    first = [(seats, (0, 50, 101))]
    rules = make_rules("fisca", {"players": 3, "reentry": "ONCE_AT_HIGHEST_REMAINING"})
    assert standing(rules, first).can_reenter == (False, False, True)
    assert standing(make_rules("fisca", {"players": 3}), first).can_reenter == (
        False, False, False)
    back = standing(rules, first, {1: [2]})
    assert back.totals == (0, 50, 50) and back.eliminated == (False, False, False)
    assert back.reentered == (False, False, True) and not back.over
    again = standing(rules, [*first, (seats, (10, 0, 60))], {1: [2]})
    assert again.eliminated == (False, False, True) and not any(again.can_reenter)
    assert not again.over  # out a second time: for good
    # Seat 1 out next leaves one player: no re-entry then, seat 0 has won.
    last = standing(rules, [*first, (seats, (10, 0, 60)), ((0, 1), (0, 60))], {1: [2]})
    assert last.over and last.winner == 0 and not any(last.can_reenter)
    # Once the hand after the elimination is dealt, the chance is gone.
    late = standing(rules, [*first, ((0, 1), (20, 0))])
    assert not any(late.can_reenter)


def test_a_match_with_reentry_is_a_record() -> None:
    """Random matches where every side that may re-enter does: the record carries each
    re-entry, replays to the same standing, and a re-entry where none is allowed is named."""
    rules = make_rules("fisca", {"players": 3, "reentry": "ONCE_AT_HIGHEST_REMAINING"})
    matches = [_random_match(rules, seed, rejoin=True) for seed in range(4)]
    match = next(m for m in matches if m.reentries)
    final = match.standing()
    assert final.over and any(final.reentered)
    document = json.loads(json.dumps(scala40_record.match_record_of(match)))
    assert any("reentries" in hand for hand in document["hands"])
    out = CliRunner().invoke(app, ["replay", "--json", "-"], input=json.dumps(document))
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["match"] == final.as_json()
    with pytest.raises(ValueError, match="may not re-enter"):
        match.reenter(0)
    broken = json.loads(json.dumps(document))
    broken["hands"][0]["reentries"] = [0]
    assert [p.rule for p in scala40_record.replay(broken).problems] == ["reentry"]
    plain = json.loads(json.dumps(document))
    plain["rules"]["options"]["reentry"] = "NONE"
    assert "reentry" in [p.rule for p in scala40_record.replay(plain).problems]
