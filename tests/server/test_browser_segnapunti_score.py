"""The score keeper's arithmetic in the browser against the Python core, in a real Chromium.

The page scores with ``static/segnapunti/score.js`` over the score tables the server sends;
this test runs that very module over thousands of seeded counts of every setup the page
offers (every preset, player count and Scala 40 variant) and over whole matches, and compares
each verdict with :mod:`ramino.scoresheet`: the first problem (its field path and code, and
past the shape checks the numbers its sentence needs), the hand's score and breakdown, the
running totals, the dealers and the end of the match.  Any difference fails the test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from ramino.server import create_app

from .conftest import live_server
from .segnapunti_cases import all_setups, core_verdict, played_sheet, random_hand, random_totals

pytestmark = pytest.mark.browser

HANDS_PER_SETUP = 60

RUN_IN_PAGE = """
async ({cases, sheets}) => {
  const score = await import("/static/segnapunti/score.js");
  const tables = await (await fetch("/api/segnapunti/tables")).json();
  const one = cases.map((c) => {
    const table = tables[c.preset][c.key];
    const found = score.checkHand(table, c.hand, "hand", c.totals);
    const malformed = found && found.code === "shape";
    const problem = found && (malformed ? { path: found.path, code: found.code }
      : { path: found.path, code: found.code, params: found.params });
    return { problem, result: malformed ? null : score.scoreHand(table, c.hand) };
  });
  const views = sheets.map((s) => score.sheetView(tables[s.preset][s.key], s.sheet));
  return { one, views };
}
"""

BURRACO_STANDING = ("totals", "hands", "over", "winner", "decided_by", "extra_hand", "target")
SCALA40_STANDING = ("totals", "eliminated", "hands", "over", "winner", "can_reenter",
                    "in_play", "limit")


def standing_of(core: dict[str, Any], game: str) -> dict[str, Any]:
    keys = SCALA40_STANDING if game == "scala40" else BURRACO_STANDING
    return {key: core[key] for key in keys}


def test_page_arithmetic_equals_the_core(tmp_path: Path, browser: Browser) -> None:
    rng = random.Random(20261202)
    cases: list[dict[str, Any]] = []
    sheets: list[tuple[dict[str, Any], Any]] = []
    for preset, key, table in all_setups():
        for _ in range(HANDS_PER_SETUP):
            totals = random_totals(rng, table)
            cases.append({"preset": preset, "key": key, "totals": totals,
                          "hand": random_hand(rng, table, totals)})
        for _ in range(2):
            sheet = played_sheet(rng, preset, key, table)
            sheets.append(({"preset": preset, "key": key, "sheet": sheet.as_dict()}, sheet))
    expected = [core_verdict(c["preset"], c["key"], c["hand"], c["totals"]) for c in cases]
    # Every kind of verdict is exercised: accepted counts and each common refusal.
    codes = {(e["problem"] or {}).get("code") for e in expected}
    assert {None, "shape", "burrachi-points", "point-step", "two-closers", "pack-points",
            "close-without-pozzetto", "close-without-burraco", "close-without-clean",
            "closer-in-hand", "unopened-in-hand", "in-hand-max", "solo-all-alone",
            "solo-without-pozzetto", "taken-without-solo"} <= codes, codes
    # Three players: hands with a solo (a pair's split), and all alone, are scored.
    splits = [e for e in expected if e["result"] and any(
        "split" in b for b in e["result"]["breakdown"])]
    assert splits and any(c["hand"].get("solo") is None and len(c["hand"]["sides"]) == 3
                          for c in cases)
    assert any(s.over for _, s in sheets) and any(s.reentries for _, s in sheets)
    assert any(s.rules.players == 3 and s.game == "burraco" and not s.solo_allowed()
               for _, s in sheets)  # a three-player sheet past the switch

    app = create_app(tmp_path / "tables.db", bot_delay=0.0)
    with live_server(app) as base:
        page = browser.new_page()
        try:
            page.goto(base + "/segnapunti")
            got = page.evaluate(RUN_IN_PAGE, {"cases": cases,
                                              "sheets": [s for s, _ in sheets]})
        finally:
            page.close()

    mismatches = [(c, e, g) for c, e, g in zip(cases, expected, got["one"], strict=True)
                  if e != g]
    assert not mismatches, json.dumps(mismatches[:3], indent=1)
    for (case, sheet), view in zip(sheets, got["views"], strict=True):
        core = sheet.view()
        where = f"{case['preset']} {case['key']}"
        assert view["hands"] == core["hands"], where
        assert view["next_dealer"] == core["next_dealer"], where
        assert standing_of(view["standing"], sheet.game) == standing_of(core["standing"],
                                                                         sheet.game), where
        if sheet.is_scala40:
            assert view["standing"]["reentered"] == core["standing"].get(
                "reentered", [False] * len(core["standing"]["totals"])), where
    assert len(cases) == HANDS_PER_SETUP * len(all_setups())
