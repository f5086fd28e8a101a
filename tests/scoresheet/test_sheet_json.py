"""Sheets round-trip: through their stored JSON, and through the ``ramino-record/1`` match
document of hand results; a results document whose result differs from its counts, or whose
dealers or seats are wrong, is refused naming the field.  ``score_table`` holds the engine's
numbers, and the arithmetic its documentation gives, done with those numbers alone, scores
every hand as the engine does."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ramino.errors import RecordError
from ramino.rules import RuleSet, make_rules, preset
from ramino.scoresheet import (
    BurracoHand,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SheetError,
    SideCount,
    is_results_document,
    read_sheet_record,
    score_table,
    sheet_record,
)
from ramino.scoresheet.limits import burraco_types

Rules = list[tuple[str, dict[str, Any]]]
BURRACO: Rules = [
           ("fibur", {}), ("house", {}), ("international", {}), ("buraco-fechado", {}),
           ("buraco-aberto", {"no_clean_canastra_melds_negative": True}),
           ("fibur", {"players": 2}), ("fibur", {"players": 6}),
           ("fibur", {"stock_exhaustion": "VOID_HAND", "match_mode": "FIXED_HANDS_VP(3)"}),
           ("buraco-fechado", {"canastra_real_points": 500, "canastra_as_a_as_points": 1000,
                               "ace_both_ends_in_sequence": True,
                               "team_can_take_both_mortos": True})]
SCALA40: Rules = [
           ("fisca", {}), ("fisca", {"players": 3, "reentry": "ONCE_AT_HIGHEST_REMAINING"}),
           ("fisca", {"players": 2, "elimination_limit": 201}),
           ("fisca", {"chiusura_in_mano_multiplier": 2, "unopened_flat_penalty": 100}),
           ("fisca", {"players": 6, "partnerships": "TEAMS_3V3"})]
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]

points = st.integers(0, 80).map(lambda n: n * 5)


@st.composite
def burraco_hand(draw: st.DrawFn, rules: RuleSet) -> BurracoHand:
    sides = max((0, 1, 0, 1) if rules.players == 4 else
                (0, 1, 2, 0, 1, 2) if rules.players == 6 else (0, 1)) + 1
    names = [t.name for t in burraco_types(rules)]
    closer = draw(st.sampled_from([None, *range(sides)]))
    counts = []
    for s in range(sides):
        burrachi = {n: c for n in names if (c := draw(st.integers(0, 2)))}
        counts.append(SideCount(burrachi, draw(points), draw(points), draw(st.booleans()),
                                closer == s, draw(st.sampled_from([0, 0, 0, 55]))))
    end = draw(st.sampled_from([None, None, "stallo", "timeout", "stock"]))
    return BurracoHand(tuple(counts), None if closer is not None else end)


@st.composite
def scala40_hand(draw: st.DrawFn, in_play: list[bool]) -> Scala40Hand:
    seats = [s for s, p in enumerate(in_play) if p]
    closer = draw(st.sampled_from([None, *seats]))
    players: list[PlayerCount | None] = []
    for s, p in enumerate(in_play):
        if not p:
            players.append(None)
        elif s == closer:
            players.append(PlayerCount(0, True, True))
        else:
            opened = draw(st.booleans())
            held = draw(st.integers(31, 120) if not opened else st.integers(0, 90))
            players.append(PlayerCount(held, opened, False))
    return Scala40Hand(tuple(players), closer is not None and draw(st.booleans()))


@st.composite
def sheets(draw: st.DrawFn) -> Sheet:
    """A sheet of up to 12 hands, each drawn and kept when the rules accept it."""
    scala = draw(st.booleans())
    rules = make_rules(*draw(st.sampled_from(SCALA40 if scala else BURRACO)))
    target = None if scala else draw(st.sampled_from([None, 505, 1505]))
    sheet = Sheet.new(rules, NAMES[:rules.players], target=target,
                      dealer=draw(st.sampled_from([None, 0, 1])))
    for _ in range(draw(st.integers(0, 12))):
        if sheet.over:
            break
        if scala:
            for side, can in enumerate(sheet.view()["standing"]["can_reenter"]):
                if can and draw(st.booleans()):
                    sheet.reenter(side)
        hand = (draw(scala40_hand(sheet.in_play())) if scala else draw(burraco_hand(rules)))
        with contextlib.suppress(SheetError):
            sheet.add_hand(hand)
    return sheet


@settings(max_examples=200, deadline=None)
@given(sheet=sheets())
def test_sheets_round_trip_through_json_and_the_record(sheet: Sheet) -> None:
    stored = json.loads(json.dumps(sheet.as_dict()))
    again = Sheet.from_dict(stored)
    assert again.as_dict() == sheet.as_dict()
    assert again.view() == sheet.view()
    if not sheet.hands:
        return
    record = json.loads(json.dumps(sheet_record(sheet)))
    assert is_results_document(record)
    back = read_sheet_record(record)
    assert back.as_dict() == sheet.as_dict()
    assert back.view() == sheet.view()
    assert sheet_record(back) == record


def four_hands() -> dict[str, Any]:
    sheet = Sheet.new(preset("fibur"), NAMES[:4], dealer=1)
    for _ in range(2):
        sheet.add_hand(BurracoHand((SideCount({"pulito": 1}, 300, 0, True, True),
                                    SideCount({}, 40, 30, False, False))))
    return sheet_record(sheet, meta={"event": "Circolo, martedì"})


def test_the_record_of_a_sheet_is_the_documented_shape() -> None:
    record = four_hands()
    assert record["format"] == "ramino-record/1" and record["match"] == {"target": 2005}
    assert [h["dealer"] for h in record["hands"]] == [1, 2]
    first = record["hands"][0]
    assert list(first) == ["dealer", "counts", "result"]
    assert first["result"] == {"end": "closed", "scores": [600, -90], "breakdown": [
        {"table": 300, "burraco": 200, "closing": 100, "hand": 0, "pozzetto": 0},
        {"table": 40, "burraco": 0, "closing": 0, "hand": -30, "pozzetto": -100}]}
    assert record["meta"] == {"event": "Circolo, martedì"}


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda d: d["hands"][1]["result"].update(scores=[600, -80]), "hands[1].result.scores",
     "recorded [600, -80], computed [600, -90]"),
    (lambda d: d["hands"][0]["result"]["breakdown"][1].update(pozzetto=0),
     "hands[0].result.breakdown[1].pozzetto", "recorded 0, computed -100"),
    (lambda d: d["hands"][0]["result"].update(end="stock"), "hands[0].result.end",
     "the counts say 'closed'"),
    (lambda d: d["hands"][1].update(dealer=1), "hands[1].dealer", "passes to seat 2"),
    (lambda d: d["hands"][0]["counts"]["sides"][1].update(closed=True),
     "hands[0].counts.sides[1].closed", "only after taking its pozzetto"),
    (lambda d: d["hands"][0].update(deal={}), "hands[0].deal", "unknown field"),
    (lambda d: d.update(game="scala40"), "rules.preset", "is for burraco"),
    (lambda d: d.update(match={"target": 505}), "hands[1].counts", "match was over"),
])
def test_a_results_record_that_disagrees_is_refused(change: Any, path: str,
                                                    words: str) -> None:
    record = four_hands()
    change(record)
    with pytest.raises(RecordError) as refused:
        read_sheet_record(record)
    assert refused.value.path == path, str(refused.value)
    assert words in refused.value.reason


def test_a_scala40_results_record_lists_the_seats_dealt_in() -> None:
    rules = make_rules("fisca", {"players": 3})
    sheet = Sheet.new(rules, NAMES[:3])
    sheet.add_hand(Scala40Hand((PlayerCount(0, True, True), PlayerCount(120),
                                PlayerCount(40))))
    sheet.add_hand(Scala40Hand((PlayerCount(0, True, True), None, PlayerCount(25))))
    record = sheet_record(sheet)
    assert record["match"] == {}
    assert record["hands"][1]["seats"] == [0, 2]
    assert record["hands"][1]["result"] == {"end": "closed", "scores": [0, 25]}
    del record["hands"][1]["seats"]
    with pytest.raises(RecordError) as refused:
        read_sheet_record(record)
    assert refused.value.path == "hands[1].seats"


# --- score_table: the numbers and the documented arithmetic -----------------------------------


def table_score(table: dict[str, Any], hand: dict[str, Any]) -> list[int]:
    """The arithmetic ``ramino.scoresheet.table`` documents, done with the table's numbers
    only (what the page's evaluator does)."""
    if table["game"] == "scala40":
        rule = table["scala40"]
        players = hand["players"]
        in_mano = hand["chiusura_in_mano"] and any(p and p["closed"] for p in players)
        costs: list[tuple[int, int]] = []
        closer_side = None
        for seat, p in enumerate(players):
            if p is None:
                continue
            side = next(i for i, seats in enumerate(table["sides"]) if seat in seats)
            if p["closed"]:
                closer_side = side
                cost = 0
            elif not p["opened"] and rule["unopened_flat_penalty"] > 0:
                cost = rule["unopened_flat_penalty"]
            else:
                cost = p["in_hand"] * (rule["chiusura_in_mano_multiplier"] if in_mano else 1)
            costs.append((side, cost))
        if rule["partnerships"] == "NONE":
            return [c for _, c in costs]
        by_side = [0] * len(table["sides"])
        for side, cost in costs:
            if side != closer_side:
                by_side[side] += cost
        return by_side
    rule = table["burraco"]
    types = {t["name"]: t for t in rule["types"]}
    sides = hand["sides"]
    end = hand.get("end") or ("closed" if any(s["closed"] for s in sides) else "stock")
    anyone = any(s["pozzetto_taken"] for s in sides)
    out = []
    for s in sides:
        if rule["void_on_stock"] and end == "stock":
            out.append(0)
            continue
        clean = any(types[n]["clean"] for n in s["burrachi"])
        table_part = -s["melded"] if rule["melds_negative_without_clean"] and not clean \
            else s["melded"]
        bonus = sum(c * types[n]["bonus"] for n, c in s["burrachi"].items())
        closing = rule["closing_bonus"] if end == "closed" and s["closed"] else 0
        unplayed = s.get("unplayed_pozzetto", 0) if rule["unplayed_pozzetto_counts_in_hand"] \
            else 0
        penalty = -rule["pozzetto_penalty"] if not s["pozzetto_taken"] and (
            anyone or rule["pozzetto_penalty_if_neither_took"]) else 0
        out.append(table_part + bonus + closing - (s["in_hand"] + unplayed) + penalty)
    return out


@settings(max_examples=200, deadline=None)
@given(sheet=sheets())
def test_the_score_table_arithmetic_scores_as_the_engine(sheet: Sheet) -> None:
    table = json.loads(json.dumps(score_table(sheet.rules, sheet.match)))
    for hand, result in zip(sheet.as_dict()["hands"], sheet.results(), strict=True):
        assert table_score(table, hand) == list(result.scores)


def test_the_score_table_holds_the_engines_numbers() -> None:
    fibur = score_table(preset("fibur"))
    assert fibur["sides"] == [[0, 2], [1, 3]]
    assert [(t["name"], t["bonus"]) for t in fibur["burraco"]["types"]] == [
        ("pulito", 200), ("semipulito", 150), ("sporco", 100)]
    assert fibur["burraco"]["closing_bonus"] == fibur["burraco"]["pozzetto_penalty"] == 100
    assert fibur["burraco"]["match"] == {"mode": "TARGET", "value": 2005,
                                         "tie_break": "HIGHER_TOTAL_THEN_EXTRA_HAND"}
    assert fibur["burraco"]["point_step"] == 5 and fibur["burraco"]["pack_points"] == 1080
    assert score_table(preset("buraco-stbl"))["burraco"]["match"]["value"] == 3000
    assert score_table(preset("buraco-stbl"))["burraco"]["closing_needs_pozzetto"] is False
    assert [t["name"] for t in score_table(preset("house"))["burraco"]["types"]] == [
        "pulito", "sporco"]
    fisca = score_table(make_rules("fisca", {"elimination_limit": 201}))
    assert fisca["burraco"] is None
    assert fisca["scala40"]["elimination_limit"] == 201
    assert (fisca["scala40"]["unopened_min"], fisca["scala40"]["hand_max"]) == (31, 198)
