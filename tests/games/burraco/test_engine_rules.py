"""The Burraco hand, rule by rule: §2.1–§2.10 and the worked cases §9.4–§9.5.

Each test names the section (and case) it checks.  Positions are built with
``tests.helpers.position``; the team of seats 0 and 2 is team 0."""

from __future__ import annotations

import pytest

from ramino.cards import pack, to_counts
from ramino.errors import IllegalActionError, NotSupportedError, RulesError
from ramino.games.actions import parse_action
from ramino.games.burraco.deal import deal_from_order
from ramino.games.burraco.state import BurracoState
from ramino.games.deal import Deal
from ramino.rules import make_rules, preset
from tests.helpers import cards, position

FIBUR = preset("fibur")


def refused(state: BurracoState, text: str, rule: str) -> IllegalActionError:
    before = state.fingerprint()
    with pytest.raises(IllegalActionError) as info:
        state.play(text)
    assert info.value.rule == rule, info.value
    assert "RULES.md §" in str(info.value)
    assert state.fingerprint() == before, "a refused action must leave the state unchanged"
    return info.value


def legal_strings(state: BurracoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# --- §2.2 deal ----------------------------------------------------------------------------------


def test_deal_shape_and_fibur_order() -> None:
    """§2.2 item 6 / §1.6: 11 each from the dealer's left, 22 alternately into the pozzetti,
    the upcard, a stock of 41."""
    order = pack(2)
    deal = deal_from_order(order, FIBUR)
    assert [len(h) for h in deal.hands] == [11, 11, 11, 11]
    assert deal.hands[0][:2] == (order[0], order[4])
    assert deal.pozzetti[0][:2] == (order[44], order[46])
    assert deal.pozzetti[1][:2] == (order[45], order[47])
    assert deal.upcard == order[66]
    assert len(deal.stock) == 41 and deal.stock[0] == order[67]


def test_seeded_deals_are_reproducible_and_different() -> None:
    a = BurracoState.new_hand(FIBUR, seed=7)
    b = BurracoState.new_hand(FIBUR, seed=7)
    c = BurracoState.new_hand(FIBUR, seed=8)
    assert a.fingerprint() == b.fingerprint()
    assert a.fingerprint() != c.fingerprint()


def test_explicit_deal_is_checked_against_the_pack() -> None:
    deal = BurracoState.new_hand(FIBUR, seed=1).deal
    broken = Deal(deal.hands, deal.pozzetti, deal.upcard, (*deal.stock[:-1], 52))
    with pytest.raises(RulesError, match=r"missing .*extra JK"):
        BurracoState.new_hand(FIBUR, deal=broken)


def test_upcard_is_kept_even_if_wild() -> None:
    """§2.2 item 4: the upcard is never replaced."""
    order = pack(2)
    order[66], order[52] = order[52], order[66]  # a jolly as the upcard
    deal = deal_from_order(order, FIBUR)
    state = BurracoState.new_hand(FIBUR, deal=deal)
    assert deal.upcard == 52 and state.pile == [52]


# --- §2.3 the turn --------------------------------------------------------------------------------


def test_turn_structure() -> None:
    """§2.3: draw or pick first; meld/attach; a discard ends the turn."""
    state = BurracoState.new_hand(FIBUR, seed=3)
    assert legal_strings(state) == {"draw", "pick"}
    refused(state, "discard " + str(state.observation(0).as_dict()["hand"][0]), "draw-first")
    state.play("draw")
    refused(state, "draw", "draw-once")
    refused(state, "pick", "draw-once")
    hand = state.observation(0).hand
    state.apply(parse_action(f"discard {state.observation(0).as_dict()['hand'][0]}"))
    assert state.current == 1 and state.phase == "draw"
    assert len(state.observation(0).hand) == len(hand) - 1


def test_pick_takes_the_whole_pile() -> None:
    """§2.3 step 1: the entire pile, never part of it; the picked cards become public."""
    state = position(["5h 6h 7h Kc", "Qd", "Qs", "Qh"], pile="9c 9d 3s", phase="draw")
    state.play("pick")
    assert state.pile == [] and state.sizes[0] == 7
    assert sorted(state.observation(1).known_cards[0]) == sorted(cards("9c 9d 3s"))
    state.play("discard 3s")
    assert sorted(state.observation(1).known_cards[0]) == sorted(cards("9c 9d"))


def test_t30_single_card_pile() -> None:
    """T-30 (§2.3): a lone 7♥ taken may not be re-discarded unless the other was held."""
    state = position(["7s 8s Kc", "Qd", "Qs", "Qh"], pile="7h", phase="draw")
    state.play("pick")
    refused(state, "discard 7h", "single-card-pile")
    assert "discard 7h" not in legal_strings(state)
    state.play("discard Kc")
    held = position(["7h 8s Kc", "Qd", "Qs", "Qh"], pile="7h", phase="draw")
    held.play("pick")
    held.play("discard 7h")
    jolly = position(["JK 8s Kc", "Qd", "Qs", "Qh"], pile="JK", phase="draw")
    jolly.play("pick")
    jolly.play("discard JK")


@pytest.mark.parametrize(("policy", "may"), [("FORBIDDEN", False), ("ALLOWED", True)])
def test_single_card_pile_options(policy: str, may: bool) -> None:
    rules = make_rules("fibur", {"single_card_pile_rediscard": policy})
    state = position(["7h 8s Kc", "Qd", "Qs", "Qh"], pile="7h", phase="draw", rules=rules)
    state.play("pick")
    assert ("discard 7h" in legal_strings(state)) is may



def test_pozzetto_copy_of_a_single_card_pile_may_be_discarded() -> None:
    """§2.3 with §2.7: the lone 7♥ taken may not be re-discarded, but a pozzetto taken con lo
    scarto joins the hand after that draw, and its 7♥ is another, equivalent card.  Found by
    the arena: a hand melded down to the two 7♥ had no legal move at all."""
    pozzetto = "7h 8s 9s Ts Jd Jd Jc 4c 5c 6c Kd"
    state = position([pozzetto, "Qd", "Qs", "Qh"], pile="7h", phase="draw",
                     taken=(True, False))
    state.hands[0] = [0] * len(state.hands[0])
    state.sizes[0] = 0
    state.pending[0] = tuple(cards(pozzetto))
    state.play("pick")
    assert state.sizes[0] == 12
    assert "discard 7h" in legal_strings(state)
    for meld in ("meld 8s 9s Ts", "meld Jd Jd Jc", "meld 4c 5c 6c"):
        state.play(meld)
    assert sorted(state.observation(0).hand) == sorted(cards("7h 7h Kd"))
    state.play("discard Kd")  # leaves the two 7h, and a discard still exists next turn
    assert state.current == 1


def test_a_play_may_not_leave_only_the_card_that_cannot_be_discarded() -> None:
    """§2.3 (house option FORBIDDEN): holding a 7♥ and taking the lone 7♥, the player may
    not meld down to the two 7♥: neither may be discarded, so the turn could not end."""
    rules = make_rules("fibur", {"single_card_pile_rediscard": "FORBIDDEN"})
    state = position(["7h 8s 9s Ts", "Qd", "Qs", "Qh"], pile="7h", phase="draw", rules=rules)
    state.play("pick")
    assert "meld 8s 9s Ts" not in legal_strings(state)
    refused(state, "meld 8s 9s Ts", "single-card-pile")
    assert "discard 8s" in legal_strings(state)
    state.play("discard 8s")


def test_pickup_forbidden_with_one_card() -> None:
    rules = make_rules("fibur", {"pickup_forbidden_with_one_card": True})
    state = position(["Kc", "Qd", "Qs", "Qh"], pile="7h 9c", phase="draw", rules=rules)
    assert legal_strings(state) == {"draw"}
    refused(state, "pick", "pickup-forbidden-with-one-card")


def test_attach_only_to_own_side() -> None:
    """§2.3 step 2: lay off on own-team melds (the partner's included), never the opponents'."""
    state = position(["9h Ts 4c 5c", "Qd", "Qs", "Qh"], melds=[(1, "6h 7h 8h"), (0, "Js Qs Ks")])
    refused(state, "attach 1 9h", "own-melds-only")
    state.play("attach 2 Ts")
    assert str(state.melds[1]) == "Ts Js Qs Ks"


def test_t35_one_group_per_rank_but_many_sequences() -> None:
    """T-35 (§2.4): a second group of jacks is refused; a second spade sequence is fine."""
    state = position(["Jh Jd Jc 3s 4s 5s Kc Kc", "Qd", "Qs", "Qh"],
                     melds=[(0, "Js Js Jh"), (0, "8s 9s Ts")])
    refused(state, "meld Jh Jd Jc", "one-group-per-rank")
    state.play("attach 1 Jh Jd Jc")
    state.play("meld 3s 4s 5s")
    rules = make_rules("fibur", {"multiple_sequences_same_suit": False})
    other = position(["3s 4s 5s Kc Kc", "Qd", "Qs", "Qh"], melds=[(0, "8s 9s Ts")], rules=rules)
    refused(other, "meld 3s 4s 5s", "one-sequence-per-suit")


def test_refusal_names_the_rule() -> None:
    state = position(["2h 2c 5s 6s Kc", "Qd", "Qs", "Qh"])
    error = refused(state, "meld 2h 2c 5s 6s", "one-wild")
    assert "§2.5" in str(error)
    refused(state, "meld 5s 6s Kc", "meld-shape")
    refused(state, "meld 5s 6s 7s", "card-in-hand")
    refused(state, "attach 4 5s", "meld-exists")


def test_wild_discard_allowed_when_not_closing() -> None:
    """§2.3 step 3 / §8 item 21: a wild may be discarded at any time but as a closing."""
    state = position(["JK 5s Kc", "Qd", "Qs", "Qh"])
    state.play("discard JK")


# --- §2.7 pozzetto --------------------------------------------------------------------------------


def test_t25_pozzetto_al_volo() -> None:
    """T-25: melding every card takes the pozzetto at once; the turn goes on and ends with a
    discard."""
    state = position(["5h 6h 7h", "Qd Qd", "Qs", "Qh"], stock_size=30)
    pozzetto = state.pozzetti[0]
    assert pozzetto is not None
    state.play("meld 5h 6h 7h")
    assert state.taken == [True, False]
    assert sorted(state.observation(0).hand) == sorted(pozzetto)
    assert state.phase == "play" and state.current == 0


def test_t25_al_volo_then_close_in_the_same_turn() -> None:
    state = position(["5h 6h 7h", "Qd Qd", "Qs", "Qh"], melds=[(0, "Ks Ks Kh Kh Kd Kd Kc")])
    pozzetto = state.pozzetti[0]
    assert pozzetto is not None
    state.play("meld 5h 6h 7h")
    assert state.sizes[0] == 11


def test_pozzetto_al_volo_option() -> None:
    rules = make_rules("fibur", {"pozzetto_al_volo_allowed": False})
    state = position(["5h 6h 7h Kc", "Qd", "Qs", "Qh"], rules=rules)
    state.play("meld 5h 6h 7h")  # one card left: fine, it will be discarded con lo scarto
    other = position(["5h 6h 7h", "Qd", "Qs", "Qh"], rules=rules)
    refused(other, "meld 5h 6h 7h", "pozzetto-al-volo-allowed")


def test_t24_pozzetto_con_lo_scarto_with_a_wild() -> None:
    """T-24: down to a jolly, discard it: the pozzetto is taken, playable from the next turn."""
    state = position(["5h 6h 7h JK", "Qd Qd", "Qs Qs", "Qh Qh"], stock_size=30)
    pozzetto = state.pozzetti[0]
    assert pozzetto is not None
    state.play("meld 5h 6h 7h")
    state.play("discard JK")
    assert state.taken == [True, False] and state.sizes[0] == 0
    assert state.observation(0).pending_pozzetto_sizes == (11, 0, 0, 0)
    assert state.observation(0).hand == ()
    for seat in (1, 2, 3):
        state.play("draw")
        state.play(f"discard {state.observation(seat).as_dict()['hand'][0]}")
    top = state.stock[-1]
    state.play("draw")
    assert sorted(state.observation(0).hand) == sorted([*pozzetto, top])


def test_pozzetto_con_scarto_playable_immediately_option() -> None:
    rules = make_rules("fibur", {"pozzetto_con_scarto_playable": "IMMEDIATELY"})
    state = position(["5h 6h 7h JK", "Qd Qd", "Qs", "Qh"], rules=rules, stock_size=30)
    state.play("meld 5h 6h 7h")
    state.play("discard JK")
    assert state.sizes[0] == 11


def test_t40_pozzetto_requires_burraco_option() -> None:
    """T-40 (§5.3, applied to four players): without a burraco the hand may not be emptied."""
    rules = make_rules("fibur", {"pozzetto_requires_burraco": True})
    state = position(["5h 6h 7h Kc", "Qd", "Qs", "Qh"], rules=rules)
    refused(state, "meld 5h 6h 7h", "pozzetto-requires-burraco")


# --- §2.8 closing -------------------------------------------------------------------------------


BURRACO = "Ks Ks Kh Kh Kd Kd Kc"


def test_t26_close_with_a_natural_discard_only() -> None:
    """T-26: with 7♦ and 2♣ left, lay off the 2♣ and discard 7♦ to close; never the reverse."""
    state = position(["7d 2c", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4d 5d 6d")],
                     taken=(True, False))
    refused(state, "attach 2 7d", "closing-discard-not-wild")
    assert "attach 2 7d" not in legal_strings(state)
    assert legal_strings(state) >= {"attach 2 2c=3d", "attach 1 2c", "discard 7d"}
    state.play("attach 2 2c")
    assert legal_strings(state) == {"discard 7d"}
    state.play("discard 7d")
    result = state.result()
    assert result is not None and result.end == "closed" and result.closed_by == 0
    assert result.breakdown[0].closing == 100


def test_closing_discard_may_be_wild_option() -> None:
    rules = make_rules("fibur", {"closing_discard_may_be_wild": True})
    state = position(["2c", "Qd", "Qs", "Qh"], melds=[(0, BURRACO)], taken=(True, False),
                     rules=rules)
    state.play("discard 2c")
    assert state.end == "closed"


def test_t27_stuck_hand_without_burraco() -> None:
    """T-27: pozzetto taken, no burraco: keep at least one card after discarding."""
    state = position(["7d 9c", "Qd", "Qs", "Qh"], melds=[(0, "4d 5d 6d")], taken=(True, False))
    refused(state, "attach 1 7d", "closing-needs-burraco")
    state.play("discard 9c")
    state2 = position(["7d", "Qd", "Qs", "Qh"], taken=(True, False), phase="play")
    refused(state2, "discard 7d", "closing-needs-burraco")
    assert state2.legal_actions() == []


def test_t28_no_close_by_melding_everything() -> None:
    """T-28: pozzetto and burraco, but laying everything off with no discard is no close."""
    state = position(["7s 8s", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4s 5s 6s")],
                     taken=(True, False))
    refused(state, "attach 2 7s 8s", "closing-requires-discard")


def test_international_code_needs_a_clean_burraco() -> None:
    """§2.8 / preset international: a burraco pulito is needed to close."""
    rules = preset("international")
    dirty = "Ks Ks Kh Kh Kd Kd JK"
    state = position(["7d", "Qd", "Qs", "Qh"], melds=[(0, dirty)], taken=(True, False),
                     rules=rules)
    refused(state, "discard 7d", "closing-needs-burraco")
    fibur = position(["7d", "Qd", "Qs", "Qh"], melds=[(0, dirty)], taken=(True, False))
    fibur.play("discard 7d")
    assert fibur.end == "closed"


# --- §2.9 end without a close ---------------------------------------------------------------------


def test_stock_exhaustion_last_two_unplayable() -> None:
    """§2.9a: drawing the third-to-last card, the player finishes his turn and his discard ends
    the hand with no closing bonus."""
    state = position(["5h 9c", "Qd", "Qs", "Qh"], phase="draw", stock_size=3)
    state.play("draw")
    assert len(state.stock) == 2 and not state.is_over
    state.play("discard 9c")
    result = state.result()
    assert result is not None and result.end == "stock"
    assert all(s.closing == 0 for s in result.breakdown)


def test_stock_exhaustion_close_still_scores_the_bonus() -> None:
    """§2.9a: if the discard after drawing the third-to-last card is a valid close, it scores
    as a normal close with the bonus."""
    state = position(["7d 9c", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4d 5d 6d")],
                     taken=(True, False), phase="draw", stock="8d Kc Qc")
    state.play("draw")
    state.play("attach 2 7d 8d")
    state.play("discard 9c")
    result = state.result()
    assert result is not None and result.end == "closed" and result.breakdown[0].closing == 100


def test_stallo_auto_detection() -> None:
    """§2.9b, ``AUTO_N_ROUNDS(1)``: a round in which everyone only swaps a one-card pile ends
    the hand with no bonus."""
    rules = make_rules("fibur", {"stallo_detection": "AUTO_N_ROUNDS(1)"})
    state = position(["5h 6h", "5d 6d", "5s 6s", "5c 6c"], pile="Kc", phase="draw",
                     rules=rules, stock_size=20)
    for _ in range(4):
        assert not state.is_over
        state.play("pick")
        discard = next(a for a in state.legal_actions() if a.kind == "discard")
        state.apply(discard)
    assert state.end == "stallo"


def test_stallo_called_by_the_arbiter() -> None:
    state = BurracoState.new_hand(FIBUR, seed=4)
    state.play("stallo")
    result = state.result()
    assert result is not None and result.end == "stallo"


def test_t37_timeout_plays_one_full_round() -> None:
    """T-37: time out before the player in turn has drawn: a full round, then the end."""
    state = BurracoState.new_hand(FIBUR, seed=5)
    state.play("timeout")
    refused(state, "timeout", "timeout-once")
    for seat in range(4):
        assert not state.is_over and state.current == seat
        state.play("draw")
        state.play(f"discard {state.observation(seat).as_dict()['hand'][0]}")
    result = state.result()
    assert result is not None and result.end == "timeout"


# --- §2.10 scoring ------------------------------------------------------------------------------


def test_t32_scoring() -> None:
    """T-32 (§2.10): A closes with 420 on the table, one burraco pulito, the partner left with
    K♠ 7♦: 420 + 200 + 100 − 15 = 705.  B: 180 on the table, no burraco, pozzetto not taken,
    85 in hand: 180 − 85 − 100 = −5."""
    a_melds = [(0, "As As Ad Ad Ac Ac Ah"), (0, "Kh Kh Kd Kd Kc Ks"),
               (0, "Qh Qh Qd Qd Qc Qc"), (0, "Jh Jh Jd Jd Jc Js"), (0, "Th Th Td Td Tc Ts"),
               (0, "9s 9s 9c 9h 9d"), (0, "3s 4s 5s 6s 7s")]
    b_melds = [(1, "8d 8d 8h 8h 8c 8s"), (1, "Tc Ts JK"), (1, "3c 4c 5c 6c 7c 8c"),
               (1, "4d 5d 6d 7d"), (1, "3h 4h 5h")]
    hands = ["5h", "Jc Js 9h 9d", "Ks 7d", "Kc Qs Qs 3d 3h 4h"]
    state = position(hands, melds=a_melds + b_melds, taken=(True, False))
    table = [sum(state._values[c] for c in m.cards)
             for t, m in zip(state.meld_side, state.melds, strict=True) if t == 1]
    assert sum(table) == 180
    state.play("discard 5h")
    result = state.result()
    assert result is not None and result.end == "closed"
    a, b = result.breakdown
    assert (a.table, a.burraco, a.closing, a.hand, a.pozzetto) == (420, 200, 100, -15, 0)
    assert (b.table, b.burraco, b.closing, b.hand, b.pozzetto) == (180, 0, 0, -85, -100)
    assert result.scores == (705, -5)


def test_t33_no_penalty_when_neither_took() -> None:
    """T-33: neither side took its pozzetto: nobody pays −100 (house option: both pay)."""
    for penalty, expected in ((False, 0), (True, -100)):
        rules = make_rules("fibur", {"pozzetto_penalty_if_neither_took": penalty})
        state = position(["5h 9c", "Qd", "Qs", "Qh"], phase="draw", stock_size=3, rules=rules)
        state.play("draw")
        state.play("discard 9c")
        result = state.result()
        assert result is not None
        assert [s.pozzetto for s in result.breakdown] == [expected, expected]


def test_unplayed_pozzetto_counts_in_hand() -> None:
    """§2.7: a pozzetto taken con lo scarto with the hand's last discard is never played and
    counts as cards in hand (no −100: it was taken); the option turns that off."""
    for counts in (True, False):
        rules = make_rules("fibur", {"unplayed_pozzetto_counts_in_hand": counts})
        state = position(["5h 6h 7h", "Qd", "Qs", "Qh"], phase="draw", stock="8d Kc Qc",
                         rules=rules)
        pozzetto = state.pozzetti[0]
        assert pozzetto is not None
        state.play("draw")
        state.play("meld 5h 6h 7h")
        state.play("discard 8d")
        result = state.result()
        assert result is not None and result.end == "stock"
        worth = sum(state._values[c] for c in pozzetto)
        assert result.breakdown[0].hand == -10 - (worth if counts else 0)  # partner's Qs
        assert result.breakdown[0].pozzetto == 0 and result.breakdown[1].pozzetto == -100


def test_pozzetto_not_taken_penalty_value() -> None:
    rules = make_rules("fibur", {"pozzetto_not_taken_penalty": 150, "closing_bonus": 50})
    state = position(["7d", "Qd", "Qs", "Qh"], melds=[(0, BURRACO)], taken=(True, False),
                     rules=rules)
    state.play("discard 7d")
    result = state.result()
    assert result is not None
    assert result.breakdown[0].closing == 50 and result.breakdown[1].pozzetto == -150


# --- rules as data ------------------------------------------------------------------------------


def test_unsupported_options_are_refused_not_ignored() -> None:
    for option, value in (("players", 5), ("pozzetto_sizes", [11, 11, 11])):
        with pytest.raises(NotSupportedError, match=option):
            make_rules("fibur", {option: value})


def test_unknown_options_and_values_are_named() -> None:
    with pytest.raises(RulesError, match="unknown option 'semipulito'"):
        make_rules("fibur", {"semipulito": False})
    with pytest.raises(RulesError, match="semipulito_enabled"):
        make_rules("fibur", {"semipulito_enabled": "perhaps"})
    with pytest.raises(RulesError, match="unknown preset"):
        make_rules("nope")


def test_values_are_case_insensitive() -> None:
    rules = make_rules("FIBUR", {"wild_reposition_policy": "free_end_slides",
                                 "stallo_detection": "auto_n_rounds(2)"})
    assert rules.wild_reposition_policy.value == "FREE_END_SLIDES"
    assert str(rules.stallo_detection) == "AUTO_N_ROUNDS(2)"
    assert rules.overrides() == {"wild_reposition_policy": "FREE_END_SLIDES",
                                 "stallo_detection": "AUTO_N_ROUNDS(2)"}


def test_card_values_option_changes_scores() -> None:
    rules = make_rules("fibur", {"card_values": {"JK": 50}})
    assert rules.card_value_table()[52] == 50


# --- observation --------------------------------------------------------------------------------


def test_observation_shows_only_what_the_seat_may_know() -> None:
    state = BurracoState.new_hand(FIBUR, seed=11)
    obs = state.observation(2)
    assert obs.hand == tuple(sorted(state.deal.hands[2]))
    assert obs.hand_sizes == (11, 11, 11, 11)
    assert obs.pozzetti_left == (11, 11) and obs.stock_size == 41
    assert obs.pile == (state.deal.upcard,)
    text = str(obs.as_dict())
    assert "stock" in text
    assert to_counts(obs.hand) == to_counts(state.deal.hands[2])
