"""Brazilian Buraco (§4) as options of the Burraco engine, and its presets.

The worked cases T-41 and T-42 (§9.8), the closed lixo (observations show only its top
card), the canastras real and ás a ás, the harsh no-clean-canastra rule and a side taking
both mortos."""

from __future__ import annotations

import random

import pytest

from ramino.errors import IllegalActionError
from ramino.games.burraco.melds import burraco_bonus, burraco_type
from ramino.games.burraco.state import BurracoState
from ramino.rules import make_rules, preset
from tests.helpers import cards, position, table_meld

BRAZILIAN = ["buraco-aberto", "buraco-fechado", "buraco-stbl", "buraco-italiano"]


def legal(state: BurracoState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize("name", BRAZILIAN)
def test_presets_are_brazilian(name: str) -> None:
    rules = preset(name)
    assert rules.game == "buraco"
    assert rules.turn_direction.value == "COUNTERCLOCKWISE"
    assert str(rules.match_mode) == "TARGET(3000)"
    assert rules.stock_exhaustion.value == "POZZETTO_BECOMES_STOCK"


def test_t41_aberto_has_no_groups() -> None:
    """T-41: in Buraco aberto K K K is illegal; sequences only."""
    rules = preset("buraco-aberto")
    state = position(["Ks Kh Kd 5h 6h 7h Qc", "Qd", "Qs", "Qh"], rules=rules)
    with pytest.raises(IllegalActionError):
        state.play("meld Ks Kh Kd")
    assert "meld 5h 6h 7h" in legal(state)
    assert not any(a.startswith("meld K") for a in legal(state))
    fechado = position(["Ks Kh Kd 5h 6h 7h Qc", "Qd", "Qs", "Qh"],
                       rules=preset("buraco-fechado"))
    assert "meld Ks Kh Kd" in legal(fechado)


def test_t42_canastra_real_and_as_a_as() -> None:
    """T-42: with ace_both_ends_in_sequence, A♦…K♦ A♦ clean is worth 1000 and A♦…K♦ 500;
    K-A-2 stays illegal."""
    rules = make_rules("buraco-fechado", {"ace_both_ends_in_sequence": True,
                                          "canastra_real_points": 500,
                                          "canastra_as_a_as_points": 1000})
    as_a_as = table_meld("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad", rules)
    real = table_meld("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd", rules)
    assert burraco_bonus(burraco_type(as_a_as, rules), rules) == 1000
    assert burraco_bonus(burraco_type(real, rules), rules) == 500
    plain = preset("buraco-fechado")
    assert burraco_bonus(burraco_type(table_meld("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd",
                                                 plain), plain), plain) == 200
    state = position(["Kd Ad 3c 3c", "Qd", "Qs", "Qh"], melds=[(0, "2d=Qd Kd Ad")],
                     rules=rules)
    assert "attach 1 3c" not in legal(state)


def test_closed_lixo_shows_only_its_top_card() -> None:
    """§4.1: with the lixo closed (fechado, STBL) an observation holds the top card and the
    pile's size only, and a pick reveals only that card to the others."""
    for name, visible in (("buraco-fechado", 1), ("buraco-italiano", 3)):
        state = position(["5h Kc", "Qd Qd", "Qs", "Qh"], pile="9c 9d 3s", phase="draw",
                         rules=preset(name))
        obs = state.observation(1)
        assert obs.pile_size == 3 and len(obs.pile) == visible and obs.pile[-1] == cards("3s")[0]
        state.play("pick")
        assert len(state.observation(1).known_cards[0]) == visible


def test_aberto_and_stbl_need_a_clean_canastra_to_close() -> None:
    dirty = "Ks Kh Kd Kc Ks Kh JK"
    for name, closes in (("buraco-fechado", True), ("buraco-stbl", False)):
        rules = preset(name)
        seq_dirty = "3h 4h 5h 6h 7h 8h JK=9h"
        state = position(["7d", "Qd", "Qs", "Qh"], melds=[(0, seq_dirty if not closes
                                                           else dirty)],
                         taken=(True, False), rules=rules)
        assert ("discard 7d" in legal(state)) is closes


def test_pique_no_pick_with_one_card() -> None:
    state = position(["Kc", "Qd", "Qs", "Qh"], pile="7h 9c", phase="draw",
                     rules=preset("buraco-aberto"))
    assert legal(state) == {"draw"}


def test_no_clean_canastra_melds_negative() -> None:
    """§4.4 harsh rule: a side without a clean canastra scores its melds negative."""
    for harsh in (False, True):
        rules = make_rules("buraco-fechado", {"no_clean_canastra_melds_negative": harsh})
        state = position(["7d", "Qd", "Qs", "Qh"], melds=[(0, "Ks Kh Kd Kc Ks Kh JK"),
                                                        (1, "4c 5c 6c")],
                         taken=(True, False), rules=rules)
        state.play("discard 7d")
        result = state.result()
        assert result is not None
        a, b = result.breakdown
        assert a.table == (-90 if harsh else 90) and b.table == (-15 if harsh else 15)


def test_team_can_take_both_mortos() -> None:
    """§4.2 [BR-CFG]: with the option a side that took its morto takes the other one when it
    empties its hand again, instead of closing."""
    for both in (False, True):
        rules = make_rules("buraco-fechado", {"team_can_take_both_mortos": both})
        state = position(["5h 6h 7h", "Qd", "Qs", "Qh"], melds=[(0, "Ks Kh Kd Kc Ks Kh Kd")],
                         taken=(True, False), rules=rules)
        if both:
            state.play("meld 5h 6h 7h")
            assert state.sizes[0] == 11 and state.taken == [True, False]
            assert all(p is None for p in state.pozzetti)
        else:
            with pytest.raises(IllegalActionError, match="closing-requires-discard"):
                state.play("meld 5h 6h 7h")


@pytest.mark.parametrize("name", BRAZILIAN)
def test_random_play_under_each_mode(name: str) -> None:
    rules = preset(name)
    rng = random.Random(len(name))
    for seed in range(25):
        state = BurracoState.new_hand(rules, seed=seed)
        steps = 0
        while not state.is_over and steps < 4000:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        assert state.is_over
        result = state.result()
        assert result is not None and len(result.scores) == 2
