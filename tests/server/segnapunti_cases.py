"""Seeded counts for the score keeper's tests: random hands of every setup the page offers
(valid or not, as people mistype them) and whole sheets played to their end with the core.

Each generator takes a ``random.Random``: the cases are the same on every run.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ramino.rules import make_rules
from ramino.scoresheet import Sheet, SheetError, read_hand
from ramino.server.routes.lobby import table_presets
from ramino.server.scorekeeper import setups

Case = dict[str, Any]


def all_setups() -> list[tuple[str, str, dict[str, Any]]]:
    """(preset, key, score table) of every setup the page offers."""
    return [(preset, key, table) for preset, tables in setups(tuple(table_presets())).items()
            for key, table in tables.items()]


def rules_of(preset: str, key: str) -> Any:
    return make_rules(preset, json.loads(key))


def burraco_side(rng: random.Random, table: dict[str, Any], *, closer: bool = False,
                 messy: bool = True) -> dict[str, Any]:
    b = table["burraco"]
    burrachi = {t["name"]: rng.choice((0, 0, 0, 1, 1, 2)) for t in b["types"]}
    if closer and not any(burrachi[t["name"]] for t in b["types"] if t["clean"]):
        burrachi[b["types"][0]["name"]] = 1  # the first type is the pulito
    need = sum(burrachi[t["name"]] * t["min_points"] for t in b["types"])
    step = b["point_step"]
    melded = need + step * rng.randint(0, 30)
    if messy and rng.random() < 0.15:
        melded = step * rng.randint(0, 40)  # maybe fewer points than the burrachi hold
    side: dict[str, Any] = {
        "burrachi": {k: v for k, v in burrachi.items() if v or rng.random() < 0.2},
        "melded": melded, "in_hand": step * rng.randint(0, 20),
        "pozzetto_taken": closer or rng.random() < 0.7, "closed": closer}
    if messy:
        roll = rng.random()
        if roll < 0.04:
            side["in_hand"] += 2  # not a multiple of the step
        elif roll < 0.06:
            side["melded"] = -side["melded"] - 5  # a shape error
        elif roll < 0.07:
            side["in_hand"] = 12.5
        elif roll < 0.10:
            side["unplayed_pozzetto"] = step * rng.randint(0, 10)
        elif roll < 0.25:
            side["closed"] = True
        elif roll < 0.30:
            side["pozzetto_taken"] = False
        elif roll < 0.33:
            side["melded"] = b["pack_points"] - step * rng.randint(0, 4)  # more than a pack
    return side


def burraco_hand(rng: random.Random, table: dict[str, Any], *, messy: bool = True,
                 may_pair: bool = True) -> dict[str, Any]:
    """Three players (§5.2): while the hand ``may_pair`` mostly a solo (who took the 18) and
    two counts, else three counts; ``messy`` also gives a solo where none may be."""
    sides = len(table["sides"])
    hand: dict[str, Any] = {}
    if table["players"] == 3:
        solo = (may_pair and rng.random() < 0.7) or (messy and rng.random() < 0.05)
        if solo:
            hand["solo"] = rng.randrange(3)
            sides = 2
    closer = rng.randrange(sides) if rng.random() < 0.75 else None
    hand["sides"] = [burraco_side(rng, table, closer=s == closer, messy=messy)
                     for s in range(sides)]
    if table["players"] == 3:
        if "solo" in hand and rng.random() < 0.85:
            hand["sides"][0]["pozzetto_taken"] = True  # the solo took the 18
        elif may_pair and "solo" not in hand and rng.random() < 0.8:
            for side in hand["sides"]:  # nobody took the 18: nobody took a pozzetto
                side["pozzetto_taken"] = side["closed"] = False
    if messy and rng.random() < 0.05:
        hand["end"] = rng.choice(table["ends"])
    return hand


def scala40_hand(rng: random.Random, table: dict[str, Any], in_play: list[bool] | None = None,
                 *, messy: bool = True) -> dict[str, Any]:
    r = table["scala40"]
    seats = table["players"]
    playing = in_play or [True] * seats
    dealt = [s for s in range(seats) if playing[s]]
    closer = rng.choice(dealt) if rng.random() < 0.9 else None
    players: list[dict[str, Any] | None] = []
    for seat in range(seats):
        if not playing[seat]:
            players.append(None)
            continue
        if seat == closer:
            players.append({"in_hand": 0, "opened": True, "closed": True})
            continue
        opened = rng.random() < 0.8
        points = (rng.randint(0, 80) if opened
                  else rng.randint(r["unopened_min"], min(r["hand_max"], 120)))
        player = {"in_hand": points, "opened": opened, "closed": False}
        if messy:
            roll = rng.random()
            if roll < 0.05:
                player["in_hand"] = rng.randint(0, 260)
            elif roll < 0.08:
                player["closed"] = True
            elif roll < 0.10:
                player["in_hand"] = -3
        players.append(player)
    hand: dict[str, Any] = {"players": players,
                            "chiusura_in_mano": closer is not None and rng.random() < 0.15}
    if messy and rng.random() < 0.05:
        hand["chiusura_in_mano"] = True
    return hand


def random_totals(rng: random.Random, table: dict[str, Any]) -> list[int]:
    """The match's totals before a hand: three players, half the time past the switch."""
    three = (table["burraco"] or {}).get("three_players")
    if not three or rng.random() < 0.5:
        return [0] * len(table["sides"])
    totals = [rng.randint(-200, 990) for _ in table["sides"]]
    totals[rng.randrange(3)] = three["switch_threshold"] + rng.randint(0, 300)
    return totals


def random_hand(rng: random.Random, table: dict[str, Any], totals: list[int] | None = None
                ) -> dict[str, Any]:
    if table["game"] == "scala40":
        return scala40_hand(rng, table)
    three = table["burraco"].get("three_players")
    may_pair = bool(three) and not any(t >= three["switch_threshold"] for t in totals or [])
    return burraco_hand(rng, table, may_pair=may_pair)


def core_verdict(preset: str, key: str, hand: dict[str, Any],
                 totals: list[int] | None = None) -> dict[str, Any]:
    """What the Python core makes of one hand's counts after the match's ``totals``: the
    first problem (path, code and, past the shape checks, the numbers its sentence needs) and,
    unless the counts are malformed, the score."""
    from ramino.games.burraco.match import hand_rules
    from ramino.scoresheet import check_burraco, check_scala40, score_burraco, score_scala40
    from ramino.scoresheet.entries import BurracoHand

    rules = rules_of(preset, key)
    if rules.game != "scala40":
        rules = hand_rules(rules, totals or [0] * rules.players)
    try:
        entry = read_hand(rules, hand, "hand")
    except SheetError as exc:
        return {"problem": {"path": exc.path, "code": exc.code}, "result": None}
    problem = None
    try:
        if isinstance(entry, BurracoHand):
            check_burraco(rules, entry, "hand")
        else:
            check_scala40(rules, entry, "hand")
    except SheetError as exc:
        problem = {"path": exc.path, "code": exc.code, "params": exc.params}
    score = (score_burraco(rules, entry) if isinstance(entry, BurracoHand)
             else score_scala40(rules, entry))
    return {"problem": problem, "result": score.as_dict()}


def played_sheet(rng: random.Random, preset: str, key: str, table: dict[str, Any],
                 max_hands: int = 40) -> Sheet:
    """A sheet of valid hands played until the match ends (or ``max_hands``); at Scala 40 with
    a re-entry, a side that may come back does so half the time."""
    rules = rules_of(preset, key)
    names = [f"P{i + 1}" for i in range(rules.players)]
    target = None
    if table["burraco"] is not None and rng.random() < 0.3:
        target = rng.choice((505, 1005, 1505))
    sheet = Sheet.new(rules, names, target=target,
                      dealer=rng.randrange(rules.players) if rng.random() < 0.3 else None)
    while len(sheet.hands) < max_hands and not sheet.over:
        view = sheet.view()["standing"]
        for side, may in enumerate(view.get("can_reenter", [])):
            if may and rng.random() < 0.5:
                sheet.reenter(side)
        for _ in range(200):
            if table["game"] == "scala40":
                hand = scala40_hand(rng, table, sheet.in_play(), messy=False)
            else:
                hand = burraco_hand(rng, table, messy=False,
                                    may_pair=sheet.solo_allowed())
            try:
                sheet.add_hand(read_hand(rules, hand, "hand"))
                break
            except SheetError:
                continue
        else:
            raise AssertionError(f"no valid hand found for {preset} {key}")
    return sheet
