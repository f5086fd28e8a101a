"""Reading and writing ``ramino-record/1`` (docs/record.md §1–4): round trips, replay identity, and
malformed input refused with the field path (docs/record.md §5, exit status 2)."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from ramino.errors import RecordError
from ramino.games.burraco.state import BurracoState
from ramino.records import (
    dump_document,
    load_document,
    position_of,
    read_record,
    record_of,
    replay,
    write_record,
)
from ramino.records.burraco.writer import recorded_result
from ramino.rules import make_rules, preset
from tests.records_helpers import hand_document, played_hand

SEEDS = range(24)


@pytest.mark.parametrize("seed", SEEDS)
def test_write_read_write_is_identical(seed: int) -> None:
    doc = hand_document(seed)
    again = write_record(read_record(load_document(dump_document(doc))))
    assert again == doc
    assert dump_document(again) == dump_document(doc)


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_of_a_record_gives_the_identical_hand(seed: int) -> None:
    state = played_hand(seed)
    report = replay(hand_document(seed))
    assert report.exit_code == 0, [p.message for p in report.problems]
    (played,) = report.hands
    assert played.state.history() == state.history()
    result = state.result()
    assert result is not None
    assert played.result == recorded_result(result)
    assert played.position() == position_of(state)


def test_writer_annotates_every_active_wild_in_a_sequence() -> None:
    """docs/record.md §1: a writer always annotates an active wild in a sequence.  Every meld or
    attach that puts an active wild *from the hand* into a sequence carries ``=`` (a natural 2
    already on the table turning wild, §2.5 item 5, is not among the action's cards)."""
    checked = 0
    for seed in SEEDS:
        doc = hand_document(seed)
        state = BurracoState.new_hand(preset("fibur"), deal=read_record(doc).hands[0].deal)
        for turn in doc["turns"]:
            for text in ([turn] if isinstance(turn, str) else turn):
                before = list(state.melds)
                action = state.play(text)
                if action.kind == "meld":
                    old_cards: tuple[int, ...] = ()
                    new = state.melds[-1]
                elif action.kind == "attach":
                    old_cards, new = before[action.meld - 1].cards, state.melds[action.meld - 1]
                else:
                    continue
                if not new.is_sequence or new.wild < 0:
                    continue
                wild = new.cards[new.wild]
                if new.cards.count(wild) > old_cards.count(wild):
                    assert "=" in text, text
                    checked += 1
    assert checked > 0


def test_a_record_that_stops_mid_hand_reports_the_position_reached() -> None:
    state = played_hand(3, stop_after=57)
    doc = json.loads(json.dumps(record_of(state)))
    assert "result" not in doc
    report = replay(doc)
    assert report.exit_code == 0
    assert report.hands[0].result is None
    assert report.result_json()["end"] is None
    assert report.hands[0].position() == position_of(state)


@pytest.mark.parametrize("seed", range(12))
def test_a_position_record_continues_to_the_same_result(seed: int) -> None:
    """A position taken mid-hand plus the remaining actions scores like the whole hand."""
    whole = played_hand(seed)
    cut = random.Random(seed).randrange(1, len(whole.history()))
    middle = played_hand(seed, stop_after=cut)
    position = position_of(middle)
    resumed = position.state(middle.rules)
    for action in whole.history()[cut:]:
        resumed.apply(action)
    doc = json.loads(json.dumps(record_of(resumed, position=position)))
    assert write_record(read_record(doc)) == doc
    report = replay(doc)
    assert report.exit_code == 0
    result = whole.result()
    assert result is not None
    assert report.result_json()["scores"] == list(result.scores)


def test_dealer_names_the_first_player_and_the_scores_follow_the_seats() -> None:
    """docs/record.md §2: the first player is the seat after the dealer; seats and sides are the
    table's in the engine and in the record alike."""
    state = played_hand(5, dealer=0)
    doc = json.loads(json.dumps(record_of(state)))
    assert doc["dealer"] == 0
    assert read_record(doc).hands[0].deal == state.deal
    result = state.result()
    assert result is not None
    report = replay(doc)
    assert report.exit_code == 0
    assert report.result_json()["scores"] == list(result.scores)
    # Turns carry no seat: the second turn is record seat 2's when seat 1 plays first.
    doc.pop("result")
    doc["turns"][1] = ["meld As 2s 3s", "discard 3c"]
    (problem,) = replay(doc).problems
    assert (problem.turn, problem.seat) == (2, 2)


def test_an_illegal_action_names_turn_seat_action_and_rule() -> None:
    doc = hand_document(2)
    doc.pop("result")
    doc["turns"][1] = ["MELD As 2s 3s", "discard 3c"]
    report = replay(doc)
    assert report.exit_code == 1
    (problem,) = report.problems
    assert (problem.turn, problem.seat, problem.action) == (2, 1, "MELD As 2s 3s")
    assert problem.path == "turns[1][0]"
    assert problem.rule == "draw-first" and problem.section == "§2.3"
    assert problem.message.startswith("turn 2 (turns[1][0]), seat 1: 'MELD As 2s 3s' is "
                                      "illegal: ")
    assert problem.message.endswith("(rule draw-first, RULES.md §2.3)")


def test_a_differing_result_is_reported_field_by_field() -> None:
    doc = hand_document(4)
    doc["result"]["scores"][1] += 5
    doc["result"]["breakdown"][1]["table"] += 5
    report = replay(doc)
    (problem,) = report.problems
    assert problem.kind == "result" and problem.rule == "result-differs"
    assert "breakdown[1].table" in problem.message and "scores recorded" in problem.message


def test_a_result_for_an_unfinished_hand_is_refused() -> None:
    doc = hand_document(4)
    doc["turns"] = doc["turns"][:10]
    (problem,) = replay(doc).problems
    assert problem.rule == "hand-not-over"


def test_rules_values_are_case_insensitive_and_written_canonically() -> None:
    doc = hand_document(1)
    doc["rules"] = {"preset": "FIBUR", "options": {"semipulito_enabled": "False",
                                                   "semipulito_group_rule": "exactly_8"}}
    record = read_record(doc)
    assert record.rules == make_rules("fibur", {"semipulito_enabled": False,
                                                "semipulito_group_rule": "EXACTLY_8"})
    assert write_record(record)["rules"] == {
        "preset": "fibur",
        "options": {"semipulito_enabled": False, "semipulito_group_rule": "EXACTLY_8"}}


def test_meta_is_kept_verbatim() -> None:
    doc = hand_document(1)
    doc["meta"] = {"event": "Circolo Roma", "nested": [1, {"x": None}], "seed": 17}
    assert write_record(read_record(doc))["meta"] == doc["meta"]


Mutation = Callable[[dict[str, Any]], None]


def _set(path: list[Any], value: Any) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return mutate


def _delete(path: list[Any]) -> Mutation:
    def mutate(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return mutate


def _swap_stock_card(doc: dict[str, Any]) -> None:
    doc["deal"]["stock"][0] = "JK" if doc["deal"]["stock"][0] != "JK" else "As"


MALFORMED: list[tuple[str, Mutation, str]] = [
    ("no format", _delete(["format"]), "format: missing"),
    ("other format", _set(["format"], "ramino-record/2"), "format:"),
    ("unknown game", _set(["game"], "poker"), "game:"),
    ("unsupported game", _set(["game"], "scala40"), "game: 'scala40'"),
    ("unknown preset", _set(["rules", "preset"], "casa"), "rules.preset: unknown preset 'casa'"),
    ("bad option value", _set(["rules", "options"], {"semipulito_enabled": "maybe"}),
     "rules.options.semipulito_enabled: option semipulito_enabled: bad value 'maybe'"),
    ("unknown option", _set(["rules", "options"], {"burraco_reale": True}),
     "rules.options.burraco_reale: unknown field"),
    ("unsupported option", _set(["rules", "options"], {"players": 5}),
     "rules.options.players: players=5 is not yet supported"),
    ("bad card", _set(["deal", "hands", 2, 5], "Zz"), "deal.hands[2][5]: bad card 'Zz'"),
    ("number as card", _set(["deal", "hands", 2, 5], 7), "deal.hands[2][5]: expected a string"),
    ("short hand", lambda d: d["deal"]["hands"][2].pop(), "deal.hands[2]: expected 11 entries"),
    ("pack", _swap_stock_card, "deal: not the 108-card pack: missing "),
    ("annotated deal card", _set(["deal", "upcard"], "JK=7h"), "deal.upcard:"),
    ("bad action", _set(["turns", 3, 1], "meld"), "turns[3][1]: 'meld' needs cards"),
    ("unknown verb", _set(["turns", 3, 0], "steal"), "turns[3][0]: unknown action 'steal'"),
    ("bare non-event", _set(["turns", 3], "draw"), "turns[3]: 'draw': a bare string"),
    ("after discard", _set(["turns", 3], ["draw", "discard 3c", "draw"]), "turns[3][2]:"),
    ("unfinished turn", _set(["turns", 3], ["draw"]), "turns[3]: this turn does not end"),
    ("event in a turn", _set(["turns", 3], ["stallo"]), "turns[3][0]: 'stallo': an arbiter"),
    ("empty turn", _set(["turns", 3], []), "turns[3]: expected at least 1"),
    ("turns not a list", _set(["turns"], {"0": "draw"}), "turns: expected a list"),
    ("bad end", _set(["result", "end"], "won"), "result.end: 'won'"),
    ("one score", _set(["result", "scores"], [1]), "result.scores: expected 2 entries"),
    ("float score", _set(["result", "scores", 0], 1.5), "result.scores[0]: expected an integer"),
    ("breakdown key", _set(["result", "breakdown", 0, "bonus"], 0),
     "result.breakdown[0].bonus: unknown field"),
    ("breakdown sum", _set(["result", "breakdown", 0, "table"], 1),
     "result.breakdown[0]: the parts add up to"),
    ("deal and position", _set(["position"], {}), "deal: a hand needs exactly one"),
    ("dealer out of range", _set(["dealer"], 7), "dealer: 7 is out of range"),
    ("dealer boolean", _set(["dealer"], True), "dealer: expected an integer, got a boolean"),
    ("players", _set(["players"], ["Anna"]), "players: expected 4 entries"),
    ("unknown field", _set(["winner"], 0), "winner: unknown field"),
]


@pytest.mark.parametrize(("mutation", "expected"), [(m, e) for _, m, e in MALFORMED],
                         ids=[name for name, _, _ in MALFORMED])
def test_malformed_records_name_the_field(mutation: Mutation, expected: str) -> None:
    doc = copy.deepcopy(hand_document(0))
    mutation(doc)
    with pytest.raises(RecordError) as info:
        replay(doc)
    assert str(info.value).startswith(expected), str(info.value)


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(RecordError, match=r"not JSON: .* line 1"):
        load_document("{")
    with pytest.raises(RecordError, match="document: expected an object, got a list"):
        read_record([])


# --- positions --------------------------------------------------------------------------------


def _position_doc() -> dict[str, Any]:
    state = played_hand(8, stop_after=61)
    doc: dict[str, Any] = {"format": "ramino-record/1", "game": "burraco",
                           "rules": {"preset": "fibur"},
                           "position": position_of(state).as_json(), "turns": []}
    return json.loads(json.dumps(doc))  # type: ignore[no-any-return]


def test_position_round_trip_and_state() -> None:
    doc = _position_doc()
    record = read_record(doc)
    written = write_record(record)
    assert written["position"] == doc["position"]
    state = played_hand(8, stop_after=61)
    rebuilt = record.hands[0].position
    assert rebuilt is not None
    again = rebuilt.state(record.rules)
    assert again.legal_actions() == state.legal_actions()
    assert position_of(again) == position_of(state)


def test_a_forbidden_discard_already_melded_is_kept() -> None:
    """A one-card pile taken and melded in the same turn: the ban is written and read back."""
    doc = _position_doc()
    position = doc["position"]
    position["phase"] = "play"
    held = set(position["hands"][position["current"]])
    position["forbidden_discard"] = next(c for c in ("7h", "7s", "7d", "7c") if c not in held)
    assert write_record(read_record(doc))["position"] == position


def test_position_conservation_names_missing_and_extra_cards() -> None:
    doc = _position_doc()
    hand = doc["position"]["hands"][1]
    removed = hand[0]
    hand[0] = "JK" if removed != "JK" else "As"
    with pytest.raises(RecordError) as info:
        read_record(doc)
    assert info.value.path == "position"
    assert f"missing {removed}" in str(info.value) and "extra " in str(info.value)


def test_position_field_errors() -> None:
    doc = _position_doc()
    doc["position"]["melds"].append({"team": 0, "cards": ["2s", "2h", "2d"]})
    with pytest.raises(RecordError, match=r"^position\.melds\[\d+\]\.cards: '2s 2h 2d' is not a"):
        read_record(doc)
    doc = _position_doc()
    doc["position"]["phase"] = "discard"
    with pytest.raises(RecordError, match=r"^position\.phase: 'discard'"):
        read_record(doc)
    doc = _position_doc()
    doc["position"]["phase"] = "draw"
    doc["position"]["forbidden_discard"] = doc["position"]["hands"][0][0]
    with pytest.raises(RecordError, match=r"^position\.forbidden_discard: only a player"):
        read_record(doc)
    doc = _position_doc()
    doc["position"]["melds"] = [{"team": 2, "cards": ["7h", "8h", "9h"]}]
    with pytest.raises(RecordError, match=r"^position\.melds\[0\]\.team: 2 is out of range"):
        read_record(doc)
    doc = _position_doc()
    doc["position"]["pozzetto_taken"] = [True, True]
    with pytest.raises(RecordError, match=r"^position\.pozzetti: expected 0 entries"):
        read_record(doc)


def test_replay_stops_at_the_illegal_action() -> None:
    """The position reported is the one before the refused action (docs/record.md §5)."""
    doc = hand_document(6)
    doc.pop("result")
    doc["turns"] = [*doc["turns"][:4], ["draw", "attach 99 Ks", "discard 3c"],
                    ["draw", "discard 3c"]]
    report = replay(doc)
    (problem,) = report.problems
    assert (problem.turn, problem.seat, problem.rule) == (5, 0, "meld-exists")
    position = report.hands[0].position()
    assert (position.current, position.phase) == (0, "play")
    assert len(report.hands[0].state.history()) == sum(len(t) for t in doc["turns"][:4]) + 1


def test_arbiter_events_replay_and_are_written_as_bare_strings() -> None:
    """docs/record.md §3: "timeout" before a turn, then the final round of §2.9c (one full
    round when called before the player in turn has drawn, T-37); "stallo" ends the hand."""
    doc = hand_document(15)
    doc.pop("result")
    timed = copy.deepcopy(doc)
    timed["turns"] = [*doc["turns"][:8], "timeout", *doc["turns"][8:12]]
    report = replay(timed)
    assert report.exit_code == 0, [p.message for p in report.problems]
    played = report.hands[0]
    assert played.result is not None and played.result.end == "timeout"
    rewritten = record_of(played.state)
    assert rewritten["turns"] == timed["turns"]
    assert rewritten["result"]["end"] == "timeout"
    stalled = copy.deepcopy(doc)
    stalled["turns"] = [*doc["turns"][:5], "STALLO"]
    report = replay(stalled)
    assert report.hands[0].result is not None and report.hands[0].result.end == "stallo"
    assert record_of(report.hands[0].state)["turns"][-1] == "stallo"
    stalled["turns"].append(doc["turns"][5])
    (problem,) = replay(stalled).problems
    assert (problem.turn, problem.rule) == (7, "hand-over")
