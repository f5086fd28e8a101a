"""What the score keeper's pages need from the core (:mod:`ramino.scoresheet`): the score
tables of every setup the page offers, and a published sheet read, re-scored and laid out for
the read-only page.

A *setup* is a preset and the options the page lets a person choose (how many play; at Scala
40 the pairs or teams, the elimination limit and the re-entry, §6.5, §6.7).  The page never
applies an option itself: it picks the setup's table, which the engine computed with the
option in force (:func:`ramino.scoresheet.score_table`).
"""

from __future__ import annotations

import functools
import json
from itertools import product
from typing import Any, Final

from ramino.errors import RaminoError
from ramino.rules import make_rules
from ramino.scoresheet import Sheet, score_table

#: Burraco and Buraco at the score keeper: two sides of one or two players, three pairs, or
#: three players (Burraco only, §5.2: the sheet refuses three-player Buraco, which RULES.md
#: does not have).
BURRACO_PLAYERS: Final = (4, 2, 3, 6)
SCALA40_PLAYERS: Final = (2, 3, 4, 5, 6)
SCALA40_LIMITS: Final = (101, 201)
SCALA40_TEAMS: Final = {4: "PAIRS_2V2", 6: "TEAMS_3V3"}
REENTRY: Final = "ONCE_AT_HIGHEST_REMAINING"


def setup_key(options: dict[str, Any]) -> str:
    """The key a page finds a setup by: its options as compact JSON, keys sorted (the page
    writes its choice the same way)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


def _choices(preset: str) -> list[dict[str, Any]]:
    rules = make_rules(preset)
    default = rules.players
    found: list[dict[str, Any]] = []
    if rules.game != "scala40":
        for players in BURRACO_PLAYERS:
            found.append({} if players == default else {"players": players})
        return found
    for players, limit, reentry in product(SCALA40_PLAYERS, SCALA40_LIMITS, (False, True)):
        for teams in (None, SCALA40_TEAMS.get(players)):
            options: dict[str, Any] = {}
            if players != default:
                options["players"] = players
            if teams is not None:
                options["partnerships"] = teams
            if limit != rules.elimination_limit:
                options["elimination_limit"] = limit
            if reentry:
                options["reentry"] = REENTRY
            if options not in found:
                found.append(options)
    return found


@functools.cache
def setups(presets: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Each preset's setups: ``{preset: {key: score table}}`` (every table the page may
    need, offline too).  A setup the engine or the sheet refuses is left out."""
    out: dict[str, dict[str, Any]] = {}
    for preset in presets:
        tables: dict[str, Any] = {}
        for options in _choices(preset):
            try:
                rules = make_rules(preset, options)
                Sheet.new(rules, [f"{i + 1}" for i in range(rules.players)])
            except (RaminoError, ValueError):
                continue
            tables[setup_key(options)] = score_table(rules)
        if tables:
            out[preset] = tables
    return out


def columns(hand: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """A Burraco hand's breakdown by side for the page: each column's ``names``, whether it
    is a three-player hand's ``solo`` or ``pair`` (§5.2), its parts, total and what each of
    its players scores."""
    cols = hand["columns"]
    paired = len(cols) == 2 and any(len(col["sides"]) == 2 for col in cols)
    return [{**col, "names": [names[side] for side in col["sides"]],
             "kind": ("pair" if len(col["sides"]) == 2 else "solo") if paired else None}
            for col in cols]


def published_view(sheet: Sheet) -> dict[str, Any]:
    """The read-only page's context: the sides' names, one row per hand (each side's score,
    ``None`` for a side not dealt in, the totals after it and, at Burraco, its breakdown by
    side), and how the match stands —
    all computed by the core from the stored counts."""
    view = sheet.view()
    names = [side["name"] for side in view["sides"]]
    rows = []
    for hand in view["hands"]:
        scores: list[int | None] = [None] * len(names)
        for side, score in zip(hand["sides"], hand["scores"], strict=True):
            scores[side] = score
        rows.append({"number": hand["number"], "dealer": sheet.players[hand["dealer"]],
                     "scores": scores, "totals": hand["totals"],
                     "columns": None if sheet.is_scala40 else columns(hand, names)})
    standing = view["standing"]
    winner = standing.get("winner")
    return {"preset": sheet.rules.preset, "game": sheet.game, "sides": names, "rows": rows,
            "totals": standing["totals"], "over": standing["over"],
            "winner": None if winner is None else names[winner],
            "target": standing.get("target"), "limit": standing.get("limit"),
            "eliminated": standing.get("eliminated") or [False] * len(names),
            "extra_hand": standing.get("extra_hand", False)}
