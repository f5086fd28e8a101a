"""docs/scoresheet.md stays true: its Python example runs and its refusals are the ones the
score keeper gives."""

from __future__ import annotations

import re
from pathlib import Path

from ramino.rules import make_rules, preset
from ramino.scoresheet import (
    BurracoHand,
    PlayerCount,
    Scala40Hand,
    Sheet,
    SheetError,
    SideCount,
)

DOC = (Path(__file__).resolve().parents[2] / "docs" / "scoresheet.md").read_text(
    encoding="utf-8")


def test_the_python_example_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC, flags=re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/scoresheet.md", "exec"), {})  # the document's own code


def message(hand: BurracoHand | Scala40Hand, rules: str = "fibur", before: int = 0) -> str:
    sheet = Sheet.new(preset(rules), ["A", "B", "C", "D"])
    for _ in range(before):
        sheet.add_hand(BurracoHand((SideCount({}, 0, 0, True), SideCount({}, 0, 0, True)))
                       if rules == "fibur" else Scala40Hand((PlayerCount(0, True, True),
                                                             PlayerCount(1), PlayerCount(1),
                                                             PlayerCount(1))))
    try:
        sheet.add_hand(hand)
    except SheetError as exc:
        return str(exc)
    raise AssertionError("not refused")


def test_the_refusals_shown_are_the_score_keepers() -> None:
    shown = " ".join(DOC.split("## Refusals")[1].split("```")[1].split())
    pulito = message(BurracoHand((SideCount({}, 0, 0, True),
                                  SideCount({"pulito": 3}, 100, 0, True))), before=2)
    closers = message(BurracoHand((SideCount({"pulito": 1}, 100, 0, True, True),
                                   SideCount({"pulito": 1}, 100, 0, True, True))))
    pozzetto = message(BurracoHand((SideCount({"pulito": 1}, 100, 0, False, True),
                                    SideCount({}, 0, 0, True))))
    unopened = message(Scala40Hand((PlayerCount(0, True, True), PlayerCount(20, False),
                                    PlayerCount(1), PlayerCount(1))), "fisca", before=3)
    for line in (pulito, closers, pozzetto, unopened):
        assert line in shown, line


def test_the_three_player_refusal_shown_is_the_score_keepers() -> None:
    shown = " ".join(DOC.split("## Refusals")[1].split("```")[1].split())
    sheet = Sheet.new(make_rules("fibur", {"players": 3}), ["A", "B", "C"])
    sheet.add_hand(BurracoHand((SideCount({"pulito": 2}, 500, 0, True, True), SideCount()),
                               solo=0))
    for _ in range(3):
        sheet.add_hand(BurracoHand((SideCount(), SideCount(), SideCount())))
    try:
        sheet.add_hand(BurracoHand((SideCount({}, 0, 0, True), SideCount()), solo=1))
    except SheetError as exc:
        assert str(exc) in shown, str(exc)
    else:
        raise AssertionError("not refused")
