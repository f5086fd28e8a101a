"""Scala 40 ``position`` records (docs/record.md §4): a hand taken up in the middle, read, written
and replayed through ``ramino replay`` (§6; fields in docs/scala40.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from ramino.cards import card_str, pack, parse_cards
from ramino.cli import app
from ramino.games.actions import PICK
from ramino.games.phases import PHASE_DRAW, PHASE_PLAY
from ramino.games.scala40.state import Scala40State
from ramino.records.scala40 import position as scala40_position
from ramino.records.scala40 import record as scala40_record
from ramino.rules import make_rules
from tests.games.scala40.test_properties import RULESETS

FISCA = make_rules("fisca")


def _taken_up(seed: int, stop: Any) -> tuple[Scala40State, random.Random]:
    """Random play from a seeded deal until ``stop(state)``."""
    state = Scala40State.new_hand(FISCA, seed=seed)
    rng = random.Random(seed)
    while not stop(state):
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


def _same_play(a: Scala40State, b: Scala40State, rng: random.Random, steps: int) -> None:
    """Both states list the same actions and move alike (until the tallone runs out: the
    reshuffle of a taken-up hand draws from its own stream)."""
    for _ in range(steps):
        if a.is_over or not a.stock:
            break
        assert a.legal_actions() == b.legal_actions()
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.observation(a.current).hand == b.observation(b.current).hand


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_position_round_trips_and_plays_on_like_the_hand(seed: int) -> None:
    state, rng = _taken_up(seed, lambda s: s.turn >= 14 and s.phase == PHASE_DRAW)
    position = scala40_position.position_of(state)
    again = scala40_position.read_position(json.loads(json.dumps(position.as_json())), FISCA)
    assert again == position
    taken = again.state(FISCA)
    for field in ("hands", "sizes", "stock", "pile", "melds", "meld_seat", "opened",
                  "current", "phase", "turn"):
        assert getattr(taken, field) == getattr(state, field), field
    _same_play(state, taken, rng, 40)


def test_a_position_just_after_a_pick_keeps_the_picked_card_bound() -> None:
    """§6.3 item 1: the card picked from the pozzo must still be used, and not discarded."""
    state, _ = _taken_up(6, lambda s: bool(s.history()) and s.history()[-1].kind == PICK)
    position = scala40_position.position_of(state)
    assert position.phase == PHASE_PLAY and position.picked == state.picked
    taken = scala40_position.read_position(position.as_json(), FISCA).state(FISCA)
    assert taken.legal_actions() == state.legal_actions()
    assert taken.observation(taken.current).must_use == (state.picked,)


def test_a_position_mid_turn_is_not_written() -> None:
    state, _ = _taken_up(2, lambda s: s.phase == PHASE_PLAY and any(
        a.kind in ("meld", "attach") for a in s.legal_actions()))
    scala40_position.position_of(state)  # just after the draw: written
    state.apply(next(a for a in state.legal_actions() if a.kind in ("meld", "attach")))
    with pytest.raises(ValueError, match="just after the draw"):
        scala40_position.position_of(state)


def _t45_document(discard: str) -> dict[str, Any]:
    """T-45 as a puzzle: 4 players, 5♥ 6♥ 7♥ of seat 1 on the table; seat 0 has opened,
    drawn, and holds 8♥."""
    pool = pack(2)
    table = parse_cards("5h 6h 7h Ks Kd Kc 9s Ts Js")
    mine = parse_cards("8h 2c 4d")
    for c in table + mine:
        pool.remove(c)
    rng = random.Random(45)
    rng.shuffle(pool)
    hands = [[card_str(c) for c in mine], *[[card_str(pool.pop()) for _ in range(9)]
                                            for _ in range(3)]]
    return {"format": "ramino-record/1", "game": "scala40", "rules": {"preset": "fisca"},
            "position": {
                "hands": hands, "stock": [card_str(c) for c in pool[:-1]],
                "pile": [card_str(pool[-1])],
                "melds": [{"owner": 1, "cards": ["5h", "6h", "7h"]},
                          {"owner": 0, "cards": ["Ks", "Kd", "Kc"]},
                          {"owner": 0, "cards": ["9s", "Ts", "Js"]}],
                "opened": [True, True, False, False], "current": 0, "phase": "play"},
            "turns": [[f"discard {discard}"]]}


def test_t45_from_a_position_through_ramino_replay() -> None:
    """T-45 (§6.3 item 5): with 5♥ 6♥ 7♥ on the table 8♥ may not be discarded (4 players);
    2♣ may.  Exit 1 naming the rule, and exit 0."""
    runner = CliRunner()
    out = runner.invoke(app, ["replay", "--json", "-"], input=json.dumps(_t45_document("8h")))
    assert out.exit_code == 1, out.output
    assert [p["rule"] for p in json.loads(out.stdout)["problems"]] == ["discard-attach-ban"]
    out = runner.invoke(app, ["replay", "-"], input=json.dumps(_t45_document("2c")))
    assert out.exit_code == 0, out.output


def test_a_hand_played_on_from_a_position_is_a_record() -> None:
    state, rng = _taken_up(9, lambda s: s.turn >= 12 and s.phase == PHASE_DRAW)
    position = scala40_position.position_of(state)
    taken = position.state(FISCA)
    while not taken.is_over:
        taken.apply(rng.choice(taken.legal_actions()))
    document = json.loads(json.dumps(scala40_record.record_of(taken, position=position)))
    assert "position" in document and "deal" not in document and "result" in document
    report = scala40_record.replay(document)
    assert report.ok and report.hands[0].result == taken.result()
    with pytest.raises(ValueError, match="position"):
        scala40_record.record_of(taken)


@pytest.mark.parametrize(("change", "where"), [
    (lambda p: p["stock"].pop(), "position"),  # a card missing from the pack
    (lambda p: p["opened"].__setitem__(1, False), "position.melds[0].owner"),
    (lambda p: p["melds"][0].__setitem__("cards", ["5h", "6h", "8h"]),
     "position.melds[0].cards"),
    (lambda p: p.__setitem__("phase", "discard"), "position.phase"),
    (lambda p: p.__setitem__("picked", p["hands"][1][0]), "position.picked"),
])
def test_a_malformed_position_names_its_field(change: Any, where: str) -> None:
    document = _t45_document("2c")
    change(document["position"])
    out = CliRunner().invoke(app, ["replay", "-"], input=json.dumps(document))
    assert out.exit_code == 2 and where in out.output, out.output


def test_positions_round_trip_under_every_property_rule_set() -> None:
    """Every option mix of the property tests (partnerships, DEALER_14, lay-offs counting
    toward the apertura …): a position taken at a draw lists the same actions as the hand."""
    for index, rules in enumerate(RULESETS):
        state = Scala40State.new_hand(rules, seed=index)
        rng = random.Random(index)
        while not state.is_over and not (state.turn >= 2 * rules.players
                                         and state.phase == PHASE_DRAW):
            state.apply(rng.choice(state.legal_actions()))
        assert not state.is_over
        position = scala40_position.position_of(state)
        taken = scala40_position.read_position(json.loads(json.dumps(position.as_json())),
                                      rules).state(rules)
        assert taken.sides == state.sides and taken.opened == state.opened
        _same_play(state, taken, rng, 25)
