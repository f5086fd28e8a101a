"""The Scala 40 worked cases of §9.9 (and T-09's Scala 40 part, §9.1) and the §6.7
option positions, replayed as record fixtures through ``ramino replay`` (docs/record.md §5).

The fixtures are written by ``tests/fixtures/scala40/make_fixtures.py`` (never by hand); each
``meta`` cites its case and section and states the answer: exit 0, or exit 1 naming the rule.
A hand that ends carries a ``result`` the generator computed by plain arithmetic on the Scala 40
card values (§1.3), which the replay must reproduce.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ramino.cards import JOKER, parse_card
from ramino.cli import app
from ramino.records.scala40 import record as scala40_record

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "scala40"
FILES = sorted(FIXTURES.glob("*.json"))
REQUIRED = ("T-09", "T-43", "T-44", "T-45", "T-48", "T-49", "T-50", "T-53", "T-54", "T-55")


def _document(path: Path) -> dict[str, Any]:
    document = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_every_required_case_has_a_fixture() -> None:
    names = {f.stem for f in FILES}
    missing = [case for case in REQUIRED
               if not any(n == case or (n.startswith(case) and n[len(case)].isalpha())
                          for n in names)]
    assert not missing


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_fixture_replays_as_expected(path: Path) -> None:
    document = _document(path)
    meta = document["meta"]
    assert meta["case"] == path.stem and meta["section"].startswith("RULES.md §")
    expect = meta["expect"]
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == expect["exit"], (meta["case"], result.output)
    report = json.loads(result.stdout)
    if expect["exit"] == 1:
        problems = report["problems"]
        assert [p["rule"] for p in problems] == [expect["rule"]], problems
        # The refused action is the last one written in the record.
        assert problems[0]["action"] == document["turns"][-1][-1]
        assert problems[0]["section"].startswith("§6")
    else:
        assert "problems" not in report
        if "result" in document:
            assert report == document["result"]
    replayed = scala40_record.replay(document)
    state = replayed.hands[0].state
    if "end" in expect:
        assert state.end == expect["end"]
    if "chiusura_in_mano" in expect:
        assert state.chiusura_in_mano is expect["chiusura_in_mano"]
    if expect.get("top_not_jolly"):
        # T-53: the jolly went back into the tallone, another card was turned.
        assert document["deal"]["upcard"] == "JK"
        assert state.pile[-1] != JOKER and JOKER in state.stock
    if expect.get("top_jolly"):
        assert state.pile == [JOKER]
    if "dealer_14" in expect:
        # §6.1 DEALER_14: no upcard, 14 cards to the dealer, whose discard opens the record.
        assert "upcard" not in document["deal"]
        assert [len(h) for h in document["deal"]["hands"]] == [13, 13, 13, 14]
        assert document["turns"][0] == [f"discard {expect['dealer_14']}"]
        assert state.pile[0] == parse_card(expect["dealer_14"])
    if "opened" in expect:
        assert [s for s in range(state.players) if state.opened[s]] == expect["opened"]
    if expect.get("reshuffled"):
        # T-54: 55 cards in the tallone after the deal; after the 55th draw the pozzo but its
        # top card became the new tallone, and the 60 turns drew 5 of it.
        assert state.shuffles == 1 and len(state.stock) == 50 and len(state.pile) == 6


def test_a_wrong_recorded_result_is_reported() -> None:
    document = _document(FIXTURES / "T-45b.json")
    document["result"]["scores"][1] += 1
    report = scala40_record.replay(document)
    assert [p.rule for p in report.problems] == ["result-differs"]


def test_fixtures_are_what_the_generator_writes() -> None:
    spec = importlib.util.spec_from_file_location("make_fixtures",
                                                  FIXTURES / "make_fixtures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    built = {case.name: case.build() for case in module.cases()}
    built["T-54"] = module.stock_case()
    assert sorted(built) == sorted(f.stem for f in FILES)
    for name, document in built.items():
        assert json.loads(json.dumps(document)) == _document(FIXTURES / f"{name}.json"), name
