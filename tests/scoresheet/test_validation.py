"""Counts the rules cannot give are refused, naming the field, the rule and a stable code;
malformed sheets are refused by field path.  Nothing is added when a hand is refused."""

from __future__ import annotations

from typing import Any

import pytest

from ramino.rules import make_rules, preset
from ramino.scoresheet import (
    BurracoHand,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SheetError,
    SideCount,
)

FOUR = ["Anna", "Bruno", "Carla", "Dario"]


def refusal(rules_name: str, sides: tuple[SideCount, ...], options: dict[str, Any] | None = None,
            end: str | None = None) -> SheetError:
    sheet = Sheet.new(make_rules(rules_name, options or {}), FOUR)
    with pytest.raises(SheetError) as refused:
        sheet.add_hand(BurracoHand(sides, end))
    assert sheet.hands == []
    return refused.value


def ok(melded: int = 100, **kw: Any) -> SideCount:
    return SideCount(kw.pop("burrachi", {}), melded, kw.pop("in_hand", 10),
                     kw.pop("taken", True), kw.pop("closed", False), kw.pop("unplayed", 0))


@pytest.mark.parametrize(("sides", "options", "end", "path", "code", "words"), [
    ((ok(100, burrachi={"pulito": 3}), ok()), {}, None, "hands[0].sides[0].burrachi.pulito",
     "burrachi-points", "3 pulito burrachi need at least 7 cards each"),
    ((ok(), ok(80, burrachi={"sporco": 1, "pulito": 1})), {}, None,
     "hands[0].sides[1].burrachi.sporco", "burrachi-points", "at least 85, but melded is 80"),
    ((ok(burrachi={"reale": 1}, melded=200), ok()), {}, None,
     "hands[0].sides[0].burrachi.reale", "burraco-type", "fibur has no burraco 'reale'"),
    ((ok(103), ok()), {}, None, "hands[0].sides[0].melded", "point-step",
     "103 is not a multiple of 5"),
    ((ok(), ok(in_hand=12)), {}, None, "hands[0].sides[1].in_hand", "point-step", "§1.3"),
    ((ok(burrachi={"pulito": 1}, closed=True), ok(burrachi={"sporco": 1}, closed=True)), {},
     None, "hands[0].sides[1].closed", "two-closers", "sides 0 and 1 both closed"),
    ((ok(burrachi={"pulito": 1}, closed=True, taken=False), ok()), {}, None,
     "hands[0].sides[0].closed", "close-without-pozzetto", "§2.8 item 1"),
    ((ok(closed=True), ok()), {}, None, "hands[0].sides[0].closed", "close-without-burraco",
     "§2.8 item 2"),
    ((ok(burrachi={"sporco": 1}, closed=True), ok()), {"closing_burraco_requirement": "CLEAN"},
     None, "hands[0].sides[0].closed", "close-without-clean", "clean burraco"),
    ((ok(unplayed=50, taken=False), ok()), {}, None, "hands[0].sides[0].unplayed_pozzetto",
     "unplayed-not-taken", "§2.7"),
    ((ok(700, in_hand=200), ok(200, in_hand=100)), {}, None, "hands[0].sides", "pack-points",
     "more than the whole pack holds (1080"),
    ((ok(), ok()), {}, "closed", "hands[0].end", "end-closed", "no side (player) closed"),
    ((ok(burrachi={"pulito": 1}, closed=True), ok()), {}, "stallo", "hands[0].end",
     "end-not-closed", "ended by stallo"),
])
def test_burraco_refusals_name_the_field(sides: tuple[SideCount, ...], options: dict[str, Any],
                                         end: str | None, path: str, code: str,
                                         words: str) -> None:
    error = refusal("fibur", sides, options, end)
    assert (error.path, error.code) == (path, code)
    assert words in error.reason
    assert str(error).startswith(f"{path}: ")


def test_a_pozzetto_taken_before_a_burraco_where_the_rules_forbid_it() -> None:
    sheet = Sheet.new(make_rules("fibur", {"players": 6, "pozzetto_requires_burraco": True}),
                      [f"P{i}" for i in range(6)])
    with pytest.raises(SheetError) as refused:
        sheet.add_hand(BurracoHand((ok(), ok(taken=False), ok(taken=False))))
    assert refused.value.code == "pozzetto-without-burraco"
    assert refused.value.path == "hands[0].sides[0].pozzetto_taken"


def test_a_buraco_side_may_close_without_a_morto_when_the_mortos_became_stock() -> None:
    """§4.2: with POZZETTO_BECOMES_STOCK a side that found no morto left may close."""
    sheet = Sheet.new(preset("buraco-fechado"), FOUR)
    sheet.add_hand(BurracoHand((ok(burrachi={"sporco": 1}, closed=True, taken=False),
                                ok(taken=True))))
    assert sheet.results()[0].scores == (100 + 100 + 100 - 10 - 100, 90)


@pytest.mark.parametrize(("players", "chiusura", "options", "path", "code", "words"), [
    ((PlayerCount(0, True, True), PlayerCount(0, True, True), PlayerCount(5), PlayerCount(5)),
     False, {}, "hands[0].players[1].closed", "two-closers", "players 0 and 1 both closed"),
    ((PlayerCount(7, True, True), PlayerCount(5), PlayerCount(5), PlayerCount(5)), False, {},
     "hands[0].players[0].in_hand", "closer-in-hand", "§6.4"),
    ((PlayerCount(0, True, True), PlayerCount(20, False), PlayerCount(5), PlayerCount(5)),
     False, {}, "hands[0].players[1].in_hand", "unopened-in-hand", "between 31 and 198"),
    ((PlayerCount(0, True, True), PlayerCount(199), PlayerCount(5), PlayerCount(5)), False, {},
     "hands[0].players[1].in_hand", "in-hand-max", "at most 198 points"),
    ((PlayerCount(0, True, True), PlayerCount(9), PlayerCount(5), PlayerCount(5)), True,
     {"chiusura_in_mano_allowed": False}, "hands[0].chiusura_in_mano", "in-mano-not-allowed",
     "chiusura_in_mano_allowed=false"),
    ((PlayerCount(3), PlayerCount(9), PlayerCount(5), PlayerCount(5)), True, {},
     "hands[0].chiusura_in_mano", "in-mano-without-close", "needs the player who closed"),
])
def test_scala40_refusals_name_the_field(players: tuple[PlayerCount, ...], chiusura: bool,
                                         options: dict[str, Any], path: str, code: str,
                                         words: str) -> None:
    sheet = Sheet.new(make_rules("fisca", options), FOUR)
    with pytest.raises(SheetError) as refused:
        sheet.add_hand(Scala40Hand(players, chiusura))
    assert (refused.value.path, refused.value.code) == (path, code)
    assert words in refused.value.reason


def good_sheet() -> dict[str, Any]:
    sheet = Sheet.new(preset("fibur"), FOUR)
    sheet.add_hand(BurracoHand((ok(burrachi={"pulito": 1}, closed=True), ok())))
    return sheet.as_dict()


@pytest.mark.parametrize(("change", "path", "words"), [
    (lambda d: d.update(format="ramino-record/1"), "format", "this reader knows"),
    (lambda d: d.update(players=["A", "B"]), "players", "expected 4 entries"),
    (lambda d: d["players"].__setitem__(2, " "), "players[2]", "a name of 1 to 60"),
    (lambda d: d.update(rules={"preset": "nope"}), "rules.preset", "unknown preset"),
    (lambda d: d.update(rules={"preset": "buraco-fechado", "options": {"players": 3}},
                        players=["A", "B", "C"]),
     "rules.options.players", "no three-player Buraco"),
    (lambda d: d["hands"][0].update(solo=1), "hands[0].solo", "only three-player Burraco"),
    (lambda d: d.update(extra=1), "extra", "unknown field"),
    (lambda d: d["hands"][0]["sides"][1].update(melded="ten"), "hands[0].sides[1].melded",
     "expected an integer"),
    (lambda d: d["hands"][0]["sides"][1].update(melded=-5), "hands[0].sides[1].melded",
     "out of range"),
    (lambda d: d["hands"][0]["sides"][0].update(closed="yes"), "hands[0].sides[0].closed",
     "expected true or false"),
    (lambda d: d["hands"][0]["sides"][0].update(burrachi=[1]), "hands[0].sides[0].burrachi",
     "expected an object"),
    (lambda d: d["hands"][0]["sides"][0]["burrachi"].update(pulito=True),
     "hands[0].sides[0].burrachi.pulito", "expected an integer"),
    (lambda d: d["hands"][0].update(sides=[]), "hands[0].sides", "expected 2 entries"),
    (lambda d: d["hands"][0].update(end="won"), "hands[0].end", "expected one of closed"),
    (lambda d: d.update(match={"target": 0}), "match.target", "out of range"),
    (lambda d: d.update(dealer=7), "dealer", "out of range"),
    (lambda d: d.update(reentries=[{"before": 0, "side": 1}]), "reentries[0]",
     "reentry=NONE"),
])
def test_a_malformed_sheet_names_the_field(change: Any, path: str, words: str) -> None:
    doc = good_sheet()
    change(doc)
    with pytest.raises(SheetError) as refused:
        Sheet.from_dict(doc)
    assert refused.value.path == path, str(refused.value)
    assert words in refused.value.reason


def test_a_scala40_sheet_takes_no_target() -> None:
    with pytest.raises(SheetError) as refused:
        Sheet.new(preset("fisca"), FOUR, target=101)
    assert "elimination_limit" in refused.value.reason
