"""Meld validity, wild placement and repositioning, classification and points.

§2.4 (valid melds), §2.5 (jolly and pinelle), §2.6 (burraco types), §1.3 (points),
and the worked cases §9.1–§9.3 (T-01 … T-20)."""

from __future__ import annotations

import pytest

from ramino.cards import parse_annotated_card
from ramino.games.burraco.melds import (
    GROUP,
    PULITO,
    REALE,
    SEMIPULITO,
    SEQUENCE,
    SPORCO,
    SUPER,
    Meld,
    attach_options,
    burraco_bonus,
    burraco_type,
    cards_points,
    new_meld_options,
    resolve_attach,
    resolve_new_meld,
    returned_to_hand,
)
from ramino.rules import RuleSet, make_rules, preset
from tests.helpers import cards, table_meld

FIBUR = preset("fibur")
VALUES = FIBUR.card_value_table()


def meld(text: str, rules: RuleSet = FIBUR) -> Meld | None:
    parsed = [parse_annotated_card(t) for t in text.split()]
    notes = [(c, t) for c, t in parsed if t is not None]
    return resolve_new_meld([c for c, _ in parsed], rules, notes)


def shown(m: Meld | None) -> str:
    assert m is not None
    return str(m)


# --- §9.1 wilds and natural 2s ------------------------------------------------------------------


def test_t01_natural_two_and_jolly_goes_high() -> None:
    """T-01 (§2.5 items 2, 6): 2♠ natural, the jolly is the only wild and goes to 4♠."""
    m = meld("As 2s 3s JK")
    assert shown(m) == "As 2s 3s JK=4s"
    assert m is not None and cards_points(m.cards, VALUES) == 70


def test_t02_offsuit_pinella_is_the_wild() -> None:
    assert shown(meld("As 2s 3s 2h")) == "As 2s 3s 2h=4s"  # T-02


def test_t04_two_offsuit_pinelle_are_two_wilds() -> None:
    assert meld("2h 2c 5s 6s") is None  # T-04 (§2.5 item 1)


def test_t08_group_of_twos_is_all_wild() -> None:
    assert meld("2s 2h 2d") is None  # T-08 (§2.4)


def test_t09_group_repeats_suits_in_burraco() -> None:
    m = meld("7h 7h 7c")  # T-09 (§2.4): identical copies may sit in one group
    assert m is not None and m.kind == GROUP


def test_group_with_distinct_suits_option() -> None:
    rules = make_rules("fibur", {"group_allows_repeated_suits": False})
    assert meld("7h 7h 7c", rules) is None
    assert meld("7h 7d 7c", rules) is not None


def test_t10_pinella_in_group() -> None:
    assert shown(meld("5h 5d 2s")) == "5h 5d 2s=5"  # T-10


@pytest.mark.parametrize("text", ["JK JK 5s", "JK 2c 9d", "JK 2c 9d 9s"])
def test_t11_two_active_wilds(text: str) -> None:
    assert meld(text) is None  # T-11 (§2.5 item 1)


def test_natural_two_allows_one_more_wild_even_the_twin() -> None:
    """§2.5 item 2: with the natural 2 in place, one further wild — even the twin 2."""
    assert shown(meld("2s 2s 3s 4s")) == "2s=As 2s 3s 4s"


def test_natural_two_exemption_off_makes_every_two_wild() -> None:
    rules = make_rules("fibur", {"natural_two_exemption": False})
    assert shown(meld("2s 3s 4s", rules)) == "2s=2s 3s 4s"
    assert meld("As 2s 3s JK", rules) is None


@pytest.mark.parametrize("text", ["Ks As 2s 3s", "Qs Ks As 2s 3s", "5s 6s 8s", "5s 6s 7h",
                                  "5s 6s", "5s JK", "As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"])
def test_illegal_sequences(text: str) -> None:
    """§1.2 / §2.4: no wrap, consecutive, one suit, three cards, ace low or high never both."""
    assert meld(text) is None


def test_ace_low_or_high() -> None:
    assert shown(meld("As 2s 3s")) == "As 2s 3s"
    assert shown(meld("Qs Ks As")) == "Qs Ks As"


def test_fourteen_card_sequence_with_wild_beyond_the_end() -> None:
    """§2.4: 13 naturals + 1 wild = 14 cards; the wild stands beyond the complete run."""
    m = meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks JK")
    assert m is not None and len(m.cards) == 14
    assert meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks JK 2h") is None


def test_max_sequence_cards_option() -> None:
    rules = make_rules("fibur", {"max_sequence_cards": 13})
    assert meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks JK", rules) is None


def test_group_size_limit() -> None:
    """§2.4: a group holds at most 8 naturals + 1 wild (two decks)."""
    assert meld("7s 7s 7h 7h 7d 7d 7c 7c JK") is not None
    rules = make_rules("fibur", {"max_group_naturals": 7})
    assert meld("7s 7s 7h 7h 7d 7d 7c 7c", rules) is None


def test_free_wild_goes_low_by_default() -> None:
    """§2.5 item 6: a matta libera is placed at the lowest position."""
    assert shown(meld("5h 6h JK")) == "JK=4h 5h 6h"
    assert meld("5h 6h JK=7h") is None  # the annotation the rules do not allow
    rules = make_rules("fibur", {"free_wild_default_position": "PLAYER_CHOICE"})
    assert shown(meld("5h 6h JK=7h", rules)) == "5h 6h JK=7h"
    assert len(new_meld_options(cards("5h 6h JK"), rules)) == 2


def test_wild_in_sequence_min_cards() -> None:
    four = make_rules("fibur", {"wild_in_sequence_min_cards": "4"})
    never = make_rules("fibur", {"wild_in_sequence_min_cards": "NEVER"})
    assert meld("5h 6h JK", four) is None
    assert meld("5h 6h 7h JK", four) is not None
    assert meld("5h 6h 7h JK", never) is None
    assert meld("5h 5d JK", never) is not None  # groups are not sequences


# --- §9.2 wild repositioning ----------------------------------------------------------------------


def attach(meld_text: str, added: str, rules: RuleSet = FIBUR) -> str | None:
    result = resolve_attach(table_meld(meld_text, rules), cards(added), rules)
    return None if result is None else str(result)


def test_t07_pinella_returns_to_its_natural_place() -> None:
    assert attach("2s=3s 4s 5s", "3s") == "2s 3s 4s 5s"  # T-07 (§2.5 item 5)


def test_t12_enclosed_jolly_is_not_moved_by_a_far_card() -> None:
    """T-12: 6♣ J(7♣) 8♣ + 10♣ alone is illegal; + 7♣ and 10♣ together is legal."""
    for policy in ("FIBUR_STRICT", "FREE_END_SLIDES"):
        rules = make_rules("fibur", {"wild_reposition_policy": policy})
        assert attach("6c JK=7c 8c", "Tc", rules) is None
        assert attach("6c JK=7c 8c", "7c Tc", rules) == "6c 7c 8c JK=9c Tc"
    flexible = make_rules("fibur", {"wild_reposition_policy": "FULLY_FLEXIBLE"})
    assert attach("6c JK=7c 8c", "Tc", flexible) is None  # 6 8 10 + one wild: never a sequence


def test_fibur_strict_jolly_keeps_its_rank() -> None:
    """§2.5 item 7: Jolly(=4♦) 5♦ 6♦ 7♦ 8♦ + 10♦ illegal; + 9♦ legal; + 4♦ frees it (3♦)."""
    start = "JK=4d 5d 6d 7d 8d"
    assert attach(start, "Td") is None
    assert attach(start, "9d") == "JK=4d 5d 6d 7d 8d 9d"
    assert attach(start, "4d") == "JK=3d 4d 5d 6d 7d 8d"
    choice = make_rules("fibur", {"free_wild_default_position": "PLAYER_CHOICE"})
    results = {str(m) for m in attach_options(table_meld(start, choice), cards("4d"), choice)}
    assert results == {"JK=3d 4d 5d 6d 7d 8d", "4d 5d 6d 7d 8d JK=9d"}


def test_free_end_slides() -> None:
    """§2.5 item 7 (FREE_END_SLIDES, [EB-matte]): 2♣ 5♣ 6♣ + 8♣ gives 5 6 2(=7) 8."""
    slides = make_rules("fibur", {"wild_reposition_policy": "FREE_END_SLIDES"})
    assert attach("2c=4c 5c 6c", "8c", slides) == "5c 6c 2c=7c 8c"
    assert attach("2c=4c 5c 6c", "8c") is None  # FIBUR strict


def test_fully_flexible() -> None:
    flexible = make_rules("fibur", {"wild_reposition_policy": "FULLY_FLEXIBLE"})
    assert attach("5c JK=6c 7c", "6c 9c", flexible) == "5c 6c 7c JK=8c 9c"
    assert attach("JK=4d 5d 6d 7d 8d", "Td", flexible) == "5d 6d 7d 8d JK=9d Td"


def test_natural_two_turns_wild_when_needed() -> None:
    """§2.5 item 5, last bullet: a natural 2 may move to act as the wild."""
    assert attach("2s 3s 4s", "6s") == "3s 4s 2s=5s 6s"
    rules = make_rules("fibur", {"pinella_natural_to_wild_transition": False})
    assert attach("2s 3s 4s", "6s", rules) is None


def test_t15_wild_returns_to_hand_with_the_brazilian_option() -> None:
    """T-15, second half: with ``wild_may_return_to_hand`` the replaced jolly leaves the meld
    (the engine gives it back to the hand)."""
    rules = make_rules("buraco-fechado", {"wild_may_return_to_hand": True})
    meld = table_meld("6c JK=7c 8c", rules)
    result = resolve_attach(meld, cards("7c"), rules)
    assert result is not None and str(result) == "6c 7c 8c"
    assert returned_to_hand(meld, result, cards("7c")) == [52]


def test_t15_wild_never_returns_to_hand() -> None:
    """T-15: a replaced jolly stays in the meld (the replaced wild moves, it is not freed to the
    hand): attaching its card grows the meld by one and keeps the jolly on the table."""
    result = resolve_attach(table_meld("6c JK=7c 8c"), cards("7c"), FIBUR)
    assert result is not None and 52 in result.cards and len(result.cards) == 4


def test_group_takes_naturals_and_one_wild() -> None:
    assert attach("Ks Kh Kd", "Kc JK") == "Ks Kh Kd Kc JK=K"
    assert attach("Ks Kh JK=K", "2c") is None
    assert attach("Ks Kh Kd", "Qc") is None


# --- §9.3 classification ------------------------------------------------------------------------


def kind_of(text: str, rules: RuleSet = FIBUR) -> str | None:
    return burraco_type(table_meld(text, rules), rules)


def test_t16_natural_two_keeps_it_pulito() -> None:
    assert kind_of("2s 3s 4s 5s 6s 7s 8s") == PULITO  # T-16


def test_t17_semipulito_and_its_points() -> None:
    text = "3h 4h 5h 6h 7h 8h 9h JK=Th"
    assert kind_of(text) == SEMIPULITO  # T-17
    assert cards_points(table_meld(text).cards, VALUES) == 75
    assert kind_of(text, make_rules("fibur", {"semipulito_enabled": False})) == SPORCO


def test_t18_wild_inside_is_sporco() -> None:
    assert kind_of("3h 4h 5h JK=6h 7h 8h 9h Th") == SPORCO  # T-18


def test_t19_end_wild_with_six_naturals_is_sporco() -> None:
    assert kind_of("4h 5h 6h 7h 8h 9h JK=Th") == SPORCO  # T-19
    any_end = make_rules("fibur", {"semipulito_sequence_rule": "END_WILD_ANY"})
    assert kind_of("4h 5h 6h 7h 8h 9h JK=Th", any_end) == SEMIPULITO


def test_t20_groups() -> None:
    assert kind_of("Ks Ks Kh Kh Kd Kd JK") == SPORCO
    assert kind_of("Ks Ks Kh Kh Kd Kd Kc JK") == SEMIPULITO
    nine = "Ks Ks Kh Kh Kd Kd Kc Kc JK"
    assert kind_of(nine) == SEMIPULITO
    assert kind_of(nine, make_rules("fibur", {"semipulito_group_rule": "EXACTLY_8"})) == SPORCO


def test_short_melds_are_not_burrachi() -> None:
    assert kind_of("3h 4h 5h 6h 7h 8h") is None


def test_extra_burraco_types() -> None:
    rules = make_rules("fibur", {"extra_burraco_types": ["REALE_13", "SUPER_8_GROUP"]})
    reale = table_meld("As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks", rules)
    assert burraco_type(reale, rules) == REALE and burraco_bonus(REALE, rules) == 300
    group = table_meld("Ks Ks Kh Kh Kd Kd Kc Kc", rules)
    assert burraco_type(group, rules) == SUPER and burraco_bonus(SUPER, rules) == 250
    assert burraco_type(reale, FIBUR) == PULITO


def test_burraco_values_option() -> None:
    rules = make_rules("fibur", {"burraco_values": {"pulito": 300}})
    assert burraco_bonus(PULITO, rules) == 300
    assert burraco_bonus(SPORCO, rules) == 100


def test_card_points_table() -> None:
    """§1.3: jolly 30, any 2 20, ace 15, 8..K 10, 3..7 5."""
    assert [VALUES[c] for c in cards("JK 2h As Ks 8d 7c 3s")] == [30, 20, 15, 10, 10, 5, 5]


def test_meld_kinds() -> None:
    m = meld("7h 8h 9h")
    assert m is not None and m.kind == SEQUENCE


def test_a_pinella_may_stand_below_a_high_run() -> None:
    """K A + a 2 is not a wrap: the 2 is a wild standing for the queen (§2.5 item 3)."""
    assert shown(meld("Ks As 2s")) == "2s=Qs Ks As"
