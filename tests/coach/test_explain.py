"""The coach's reasons are true facts of crafted positions, in both games (§2, §6)."""

from __future__ import annotations

import random

import pytest

from ramino.cards import parse_card
from ramino.coach.explain import explain
from ramino.coach.reason import Reason
from ramino.games.actions import ATTACH, DISCARD, MELD, PICK, Action
from ramino.games.resample import resample
from ramino.games.state import new_hand
from ramino.rules import preset
from ramino.rules.options import build_ruleset
from tests.coach.positions import scala40_position
from tests.helpers import cards, position

FIBUR = preset("fibur")
OTHERS = ["Kc Kd 4s", "Qc Qd 4h", "Jc Jd 4d"]
#: The verbs a reason starts with: it says what the move does.
VERBS = {"closes", "discards", "empties", "takes", "draws", "lays", "opens", "completes",
         "adds"}


def only(legal: list[Action], kind: str, text: str) -> Action:
    wanted = sorted(cards(text))
    return next(a for a in legal if a.kind == kind and sorted(a.cards) == wanted)


def test_an_attach_that_makes_a_burraco_says_which_and_where() -> None:
    state = position(["9h 5c 6d", *OTHERS], [(0, "3h 4h 5h 6h 7h 8h")])
    reason = explain(state.observation(0), only(state.legal_actions(), ATTACH, "9h"), FIBUR)
    assert reason.key == "completes a burraco {kind} in {suit} with {cards}"
    assert reason.params == {"kind": "pulito", "suit": "♥", "cards": "9♥", "meld": "1",
                             "count": "7"}
    assert reason.text() == "completes a burraco pulito in ♥ with 9♥"


def test_a_lay_off_one_card_short_of_a_burraco_says_so() -> None:
    state = position(["8h 5c 6d", *OTHERS], [(0, "3h 4h 5h 6h 7h")])
    reason = explain(state.observation(0), only(state.legal_actions(), ATTACH, "8h"), FIBUR)
    assert reason.text() == "lays off 8♥ on meld 1: one card short of a burraco"


def test_taking_a_pile_the_opponents_need() -> None:
    # The pile holds two cards for side 1's run of spades and nothing for seat 0.
    state = position(["Kh 5c 9d", *OTHERS], [(1, "5s 6s 7s")], pile="8s Qh 4s",
                     phase="draw")
    reason = explain(state.observation(0), Action(PICK), FIBUR)
    assert reason.text() == "takes the pile of 3 cards: it holds 2 cards your opponents need"


def test_taking_a_pile_with_cards_for_your_melds() -> None:
    state = position(["Kh 5c 9d", *OTHERS], [(0, "5s 6s 7s")], pile="8s Qh", phase="draw")
    reason = explain(state.observation(0), Action(PICK), FIBUR)
    assert reason.params == {"size": "2", "count": "1"}


def test_a_safe_scarto_is_one_no_opposing_meld_takes() -> None:
    state = position(["Kh 5c 9d", *OTHERS], [(1, "5s 6s 7s")])
    legal = state.legal_actions()
    safe = explain(state.observation(0), only(legal, DISCARD, "Kh"), FIBUR)
    assert safe.text() == "discards K♥: no meld of your opponents takes it"
    # 8s would extend side 1's run: not safe, and the reason does not say it is.
    risky = position(["Kh 5c 8s", *OTHERS], [(1, "5s 6s 7s")])
    reason = explain(risky.observation(0), only(risky.legal_actions(), DISCARD, "8s"), FIBUR)
    assert "opponents" not in reason.key


def test_the_last_card_discarded_takes_the_pozzetto() -> None:
    state = position(["Kh", *OTHERS], [(0, "5s 6s 7s")])
    reason = explain(state.observation(0), Action(DISCARD, (parse_card("Kh"),)), FIBUR)
    assert reason.key == "discards the last card and takes the pozzetto (con lo scarto)"


def test_emptying_the_hand_with_a_meld_takes_the_pozzetto_al_volo() -> None:
    state = position(["4d 5d 6d", *OTHERS], [(0, "5s 6s 7s")])
    reason = explain(state.observation(0), only(state.legal_actions(), MELD, "4d 5d 6d"),
                     FIBUR)
    assert reason.key == "empties the hand and takes the pozzetto al volo"


def test_closing_names_the_bonus() -> None:
    # Side 0 has its pozzetto and a burraco: the last card's scarto closes (§2.8).
    state = position(["Kh", *OTHERS], [(0, "3h 4h 5h 6h 7h 8h 9h")], taken=(True, False))
    reason = explain(state.observation(0), Action(DISCARD, (parse_card("Kh"),)), FIBUR)
    assert reason.text() == "closes the hand: the chiusura is worth 100 points"


def test_a_reason_is_the_same_whatever_the_hidden_cards() -> None:
    state = position(["9h 5c 6d", *OTHERS], [(0, "3h 4h 5h 6h 7h 8h"), (1, "Ts Js Qs")],
                     pile="Ks 2c", phase="draw")
    seen = state.observation(0)
    for seed in range(3):
        twin = resample(seen, random.Random(seed), FIBUR).observation(0)
        for action in state.legal_actions():
            assert explain(twin, action, FIBUR) == explain(seen, action, FIBUR)


def test_scala40_opening_counts_its_points() -> None:
    state = scala40_position("Kh Kd Ks Kc 5d 9h 3c")
    legal = state.legal_actions()
    reason = explain(state.observation(0), only(legal, MELD, "Kh Kd Ks Kc"), state.rules)
    assert reason.text() == "opens with 40 points: K♠ K♥ K♦ K♣"
    # Two groups of 30 make the apertura: the first is on the way to it (§6.3).
    two = scala40_position("Kh Kd Ks Qh Qd Qs 3c")
    short = explain(two.observation(0), only(two.legal_actions(), MELD, "Kh Kd Ks"),
                    two.rules)
    assert short.params == {"cards": "K♠ K♥ K♦", "points": "30", "threshold": "40"}


def test_scala40_scarto_no_meld_takes_and_one_that_fits() -> None:
    state = scala40_position("Kh 5d 9h 3c", [(1, "6d 7d 8d")],
                             opened=(True, True, False, False))
    legal = state.legal_actions()
    assert explain(state.observation(0), only(legal, DISCARD, "Kh"), state.rules).text() == (
        "discards K♥: no meld on the table takes it")
    # FISCA forbids a scarto the table takes (§6.7); where it is allowed, the reason is
    # the penalty it saves.
    rules = build_ruleset(preset("fisca"), {"discard_attach_ban": "NEVER"})
    free = scala40_position("Kh 5d 9h 3c", [(1, "6d 7d 8d")], opened=(True, True, False, False),
                            rules=rules)
    fits = explain(free.observation(0), only(free.legal_actions(), DISCARD, "5d"), rules)
    assert fits.text() == "discards 5♦, 5 penalty points less in hand"


def test_scala40_pick_takes_the_pozzo_card() -> None:
    state = scala40_position("Kh 5d 9c 9d 3c", pozzo="9s", phase="draw",
                             opened=(True, False, False, False))
    reason = explain(state.observation(0), Action(PICK), state.rules)
    assert reason.text() == "takes 9♠ from the pozzo to meld it this turn"


def test_reason_text_translates_the_key_then_fills_it() -> None:
    reason = Reason("discards {card}", {"card": "K♥"})
    assert reason.text({"discards {card}": "scarta {card}"}.__getitem__) == "scarta K♥"
    assert reason.as_json() == {"key": "discards {card}", "params": {"card": "K♥"},
                                "text": "discards K♥"}


@pytest.mark.parametrize(("preset_name", "players"), [("fibur", 4), ("fibur", 3),
                                                      ("buraco-fechado", 4), ("fisca", 4),
                                                      ("fisca", 2)])
def test_every_legal_move_of_a_random_hand_has_a_reason(preset_name: str, players: int
                                                        ) -> None:
    rules = build_ruleset(preset(preset_name), {"players": players})
    state = new_hand(rules, seed=players)
    rng = random.Random(players)
    keys = set()
    while not state.is_over:
        seen = state.observation(state.current)
        legal = state.legal_actions()
        for action in rng.sample(legal, min(4, len(legal))):
            reason = explain(seen, action, rules)
            text = reason.text()
            assert "{" not in text and text.split()[0] in VERBS, text
            keys.add(reason.key)
        state.apply(rng.choice(legal))
    assert len(keys) >= 5
