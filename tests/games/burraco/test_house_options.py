"""House-rule options of §3: for each, a position where it changes the outcome.

The FIBUR default is checked side by side with the house value, so that each test fails if
the option were ignored."""

from __future__ import annotations

import pytest

from ramino.cards import pack, to_counts
from ramino.errors import IllegalActionError
from ramino.games.burraco.deal import deal_from_order
from ramino.games.burraco.state import BurracoState
from ramino.rules import make_rules, preset
from tests.helpers import cards, position

FIBUR = preset("fibur")
BURRACO = "Ks Ks Kh Kh Kd Kd Kc"


def legal(state: BurracoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def test_discard_pickup_top_card() -> None:
    """§3.2 ``discard_pickup``: TOP_CARD takes only the top card of the pile."""
    whole = position(["5h Kc", "Qd", "Qs", "Qh"], pile="9c 9d 3s", phase="draw")
    whole.play("pick")
    assert whole.sizes[0] == 5 and whole.pile == []
    rules = make_rules("fibur", {"discard_pickup": "TOP_CARD"})
    top = position(["5h Kc", "Qd", "Qs", "Qh"], pile="9c 9d 3s", phase="draw", rules=rules)
    top.play("pick")
    assert top.sizes[0] == 3 and top.pile == cards("9c 9d")
    assert "discard 3s" not in legal(top)  # the one card taken may not go straight back


@pytest.mark.parametrize("policy", ["BURY_AND_REDRAW", "RESHUFFLE"])
def test_upcard_is_wild(policy: str) -> None:
    """§3.1 ``upcard_is_wild``: FIBUR keeps a wild upcard; the house rules bury it (under the
    stock) or reshuffle, and turn a natural card instead."""
    order = pack(2)
    order[66], order[52] = order[52], order[66]  # a jolly where the upcard is dealt
    deal = deal_from_order(order, FIBUR)
    assert deal.upcard == 52
    assert BurracoState.new_hand(FIBUR, deal=deal).pile == [52]
    rules = make_rules("fibur", {"upcard_is_wild": policy})
    state = BurracoState.new_hand(rules, deal=deal)
    assert len(state.pile) == 1 and state.pile[0] != 52 and state.pile[0] % 13 != 1
    assert 52 in state.stock and len(state.stock) == 41
    if policy == "BURY_AND_REDRAW":
        assert state.stock[0] == 52  # at the bottom of the stock
    again = BurracoState.new_hand(rules, deal=deal)
    assert again.fingerprint() == state.fingerprint()  # a replay sees the same stock


def test_allow_group_of_twos() -> None:
    """§3.3 ``allow_group_of_twos``: with it the 2s of a group of 2s are natural."""
    fibur = position(["2s 2h 2d Kc", "Qd", "Qs", "Qh"])
    with pytest.raises(IllegalActionError):
        fibur.play("meld 2s 2h 2d")
    rules = make_rules("fibur", {"allow_group_of_twos": True})
    house = position(["2s 2h 2d Kc", "Qd", "Qs", "Qh"], rules=rules)
    house.play("meld 2s 2h 2d")
    assert str(house.melds[0]) == "2s 2h 2d"
    assert house.melds[0].wild < 0  # no active wild: it could become a burraco pulito


def test_ace_both_ends_in_sequence() -> None:
    """§3.3 / §1.2 ``ace_both_ends_in_sequence`` (Brazilian ás a ás): A…K-A, 14 naturals."""
    run = "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"
    fibur = position([run + " Kc", "Qd", "Qs", "Qh"])
    assert f"meld {run}" not in legal(fibur)
    rules = make_rules("fibur", {"ace_both_ends_in_sequence": True})
    house = position([run + " Kc", "Qd", "Qs", "Qh"], rules=rules)
    assert f"meld {run}" in legal(house)


def test_closing_requires_discard() -> None:
    """§3.6 ``closing_requires_discard``: FIBUR needs a final discard (T-28); the house rule
    lets the last card be melded or attached to close."""
    fibur = position(["7s 8s", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4s 5s 6s")],
                     taken=(True, False))
    assert "attach 2 7s 8s" not in legal(fibur)
    rules = make_rules("fibur", {"closing_requires_discard": False})
    house = position(["7s 8s", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4s 5s 6s")],
                     taken=(True, False), rules=rules)
    house.play("attach 2 7s 8s")
    result = house.result()
    assert result is not None and result.end == "closed" and result.breakdown[0].closing == 100


def test_closing_without_discard_allows_keeping_a_wild_to_attach() -> None:
    """With the house rule a last wild that can be attached is no longer a dead end."""
    rules = make_rules("fibur", {"closing_requires_discard": False})
    house = position(["7d 2c", "Qd", "Qs", "Qh"], melds=[(0, BURRACO), (0, "4d 5d 6d")],
                     taken=(True, False), rules=rules)
    house.play("attach 2 7d")
    house.play("attach 1 2c")
    assert house.end == "closed"


def exhausted(rules_options: dict[str, object]) -> BurracoState:
    """A hand whose stock (three cards) is drawn to the end with nothing melded."""
    rules = make_rules("fibur", rules_options)
    state = position(["5h 9c", "Qd Qd", "Qs Qs", "Qh Qh"], phase="draw", stock="8d Kc Qc",
                     pile="3c 4c", rules=rules)
    for _ in range(3):
        if state.is_over:
            break
        state.play("draw")
        state.apply(next(a for a in state.legal_actions() if a.kind == "discard"))
    return state


def test_stock_exhaustion_fibur_ends_with_two_cards_left() -> None:
    state = exhausted({})
    assert state.end == "stock" and len(state.stock) == 2
    result = state.result()
    assert result is not None and result.scores != (0, 0)


def test_stock_exhaustion_reshuffle_discards() -> None:
    """§3.7 RESHUFFLE_DISCARDS ([S002]): the pile turned over becomes the stock."""
    state = exhausted({"stock_exhaustion": "RESHUFFLE_DISCARDS"})
    assert not state.is_over and state.pile == []
    assert len(state.stock) == 5 and state.stock[-1] == cards("3c")[0]  # first discard on top


def test_stock_exhaustion_pozzetto_becomes_stock() -> None:
    """§3.7 POZZETTO_BECOMES_STOCK ([S004]): an untaken pozzetto becomes the stock and nobody
    ever takes it."""
    state = exhausted({"stock_exhaustion": "POZZETTO_BECOMES_STOCK"})
    assert not state.is_over and len(state.stock) == 11
    assert sum(p is not None for p in state.pozzetti) == 1
    assert state.taken == [False, False]


def test_stock_exhaustion_void_hand() -> None:
    """§3.7 VOID_HAND ([CPO]): the hand is void and scores nothing."""
    state = exhausted({"stock_exhaustion": "VOID_HAND"})
    result = state.result()
    assert result is not None and result.end == "stock" and result.scores == (0, 0)


def test_house_preset() -> None:
    """The common Italian home game: no semipulito, the free wild slides, and both sides pay
    the pozzetto penalty when neither took one (§3 "house" values)."""
    house = preset("house")
    assert not house.semipulito_enabled
    assert house.pozzetto_penalty_if_neither_took
    assert house.wild_reposition_policy.value == "FREE_END_SLIDES"
    assert to_counts(pack(house.decks)) == to_counts(pack(2))


def test_wild_may_return_to_hand() -> None:
    """§3.4 / T-15: FIBUR keeps a replaced jolly in the meld; the Brazilian house rule gives
    it back to the hand, in everyone's sight, to be used elsewhere."""
    fibur = position(["7c Kd", "Qd", "Qs", "Qh"], melds=[(0, "6c JK=7c 8c")])
    fibur.play("attach 1 7c")
    assert 52 in fibur.melds[0].cards and fibur.sizes[0] == 1
    rules = make_rules("buraco-fechado", {"wild_may_return_to_hand": True})
    house = position(["7c Kd", "Qd", "Qs", "Qh"], melds=[(0, "6c JK=7c 8c")], rules=rules)
    house.play("attach 1 7c")
    assert str(house.melds[0]) == "6c 7c 8c"
    assert sorted(house.hand_of(0)) == sorted(cards("Kd JK")) and house.sizes[0] == 2
    assert 52 in house.observation(1).known_cards[0]


def test_pickup_requires_top_card_use() -> None:
    """§3.2 / §4.5 ([S001], Brazilian fechado): the pile may be taken only to use its top card
    in the same turn, and no discard comes before that card is on the table."""
    rules = make_rules("fibur", {"pickup_requires_top_card_use": True})
    useless = position(["5h 6h Kc", "Qd", "Qs", "Qh"], pile="9c 3s", phase="draw", rules=rules)
    assert legal(useless) == {"draw"}
    with pytest.raises(IllegalActionError, match="pickup-requires-top-card-use"):
        useless.play("pick")
    fibur = position(["5h 6h Kc", "Qd", "Qs", "Qh"], pile="9c 3s", phase="draw")
    assert "pick" in legal(fibur)
    state = position(["5h 6h Kc", "Qd", "Qs", "Qh"], pile="9c 7h", phase="draw", rules=rules)
    state.play("pick")
    assert state.must_use == cards("7h")[0]
    assert not any(a.startswith("discard") for a in legal(state))
    with pytest.raises(IllegalActionError, match="pickup-requires-top-card-use"):
        state.play("discard Kc")
    state.play("meld 5h 6h 7h")
    assert state.must_use == -1 and "discard Kc" in legal(state)


def test_top_card_use_refuses_moves_that_strand_it() -> None:
    """An action that would leave the taken top card unusable is refused (no dead end)."""
    rules = make_rules("fibur", {"pickup_requires_top_card_use": True})
    state = position(["5h 6h 5d 5c Kc", "Qd", "Qs", "Qh"], pile="9c 7h", phase="draw",
                     rules=rules)
    state.play("pick")
    # The group of 5s takes the 5h that the only use of the 7h (5h 6h 7h) needs.
    assert "meld 5h 5d 5c" not in legal(state) and "meld 5h 6h 7h" in legal(state)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match="pickup-requires-top-card-use"):
        state.play("meld 5h 5d 5c")
    assert state.fingerprint() == before
    free = position(["5h 6h 5d 5c Kc", "Qd", "Qs", "Qh"], pile="9c 7h", phase="draw")
    free.play("pick")
    assert "meld 5h 5d 5c" in legal(free)


def test_min_first_meld_points() -> None:
    """§3.2 ``min_first_meld_points`` (S001's Italian tradition of 50, §8 item 6): a side's
    first melding turn must lay down at least that many points; FIBUR has no minimum."""
    fibur = position(["5h 6h 7h Kc Kd", "Qd", "Qs", "Qh"])
    assert "meld 5h 6h 7h" in legal(fibur)
    rules = make_rules("fibur", {"min_first_meld_points": 50})
    short = position(["5h 6h 7h Kc Kd", "Qd", "Qs", "Qh"], rules=rules)
    assert "meld 5h 6h 7h" not in legal(short)  # 15 points and nothing more to lay
    assert "discard Kc" in legal(short)  # not melding at all is fine
    with pytest.raises(IllegalActionError, match="min-first-meld-points"):
        short.play("meld 5h 6h 7h")
    enough = position(["5h 6h 7h 8h Qs Qh Qd 9c", "Qc", "Js", "Jh"], rules=rules)
    assert "meld 5h 6h 7h" in legal(enough)  # 15, then 8h (10) and Q Q Q (30): 55
    enough.play("meld Qs Qh Qd")
    assert not any(a.startswith("discard") for a in legal(enough))  # 30 < 50: go on
    with pytest.raises(IllegalActionError, match="min-first-meld-points"):
        enough.play("discard 9c")
    enough.play("meld 5h 6h 7h 8h")
    assert "discard 9c" in legal(enough)  # 55 laid


def test_jokers_in_deck() -> None:
    """§4.1 / §8 item 9: without the jokers the pack has 104 cards and only the 2s are wild."""
    rules = make_rules("buraco-aberto", {"jokers_in_deck": False})
    assert rules.pack_size == 104 and 52 not in rules.full_pack()
    state = BurracoState.new_hand(rules, seed=3)
    assert len(state.stock) == 104 - 44 - 22 - 1
    assert 52 not in state.deal.all_cards()
    assert preset("buraco-aberto").pack_size == 108
