"""A 100-pair, 5-turno tournament whose every smazzata is played by bots on the Burraco engine,
reproducible from the stored records.

This is the one tournament test that imports the game engine (``ramino.games.burraco.state``) and
its ``ramino-record/1`` writer and replayer: the tournament package itself needs only hand
scores, through :class:`ramino.tournament.simulation.HandPlayer`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ramino.games.actions import ATTACH, DRAW, MELD, TIMEOUT, Action
from ramino.games.burraco.state import BurracoState
from ramino.records.burraco.replay import replay
from ramino.records.burraco.writer import record_of
from ramino.records.io import dump_document, load_document
from ramino.tournament import store
from ramino.tournament.model import Format, Settings
from ramino.tournament.simulation import simulate
from ramino.tournament.tournament import Tournament

from .conftest import fixed_clock

#: Turns before the round clock runs out; the engine then plays one more full round (T-37).
CLOCK_TURNS = 60
PLAN = [Format.MITCHELL] * 3 + [Format.DANESE_MODIFICATO] * 2


class BotTable:
    """Four bots at a table: each lays the largest meld or attachment it can, draws from the
    stock and discards at random from an RNG seeded by the deal; the director calls time after
    CLOCK_TURNS turns. Every smazzata's ``ramino-record/1`` document is kept, by deal seed.
    Team 0 (seats 0 and 2) sits N-S."""

    def __init__(self) -> None:
        self.records: dict[int, str] = {}

    def __call__(self, deal_seed: int) -> tuple[int, int]:
        rng = random.Random(deal_seed ^ 0x5EED)
        state = BurracoState.new_hand(seed=deal_seed)
        while not state.is_over:
            if state.phase == "draw" and state.turn >= CLOCK_TURNS and state.timeout_left < 0:
                state.apply(Action(TIMEOUT))
                continue
            legal = state.legal_actions()
            table = [a for a in legal if a.kind in (MELD, ATTACH)]
            if table:
                action = max(table, key=lambda a: (len(a.cards), rng.random()))
            elif state.phase == "draw":
                action = Action(DRAW)
            else:
                action = rng.choice(legal)
            state.apply(action)
        result = state.result()
        assert result is not None
        self.records[deal_seed] = dump_document(record_of(state, meta={"deal_seed": deal_seed}))
        return result.scores[0], result.scores[1]


def replayed_scores(record_text: str) -> tuple[int, int]:
    """N-S and E-W scores of a stored hand record, by replaying it on the engine."""
    report = replay(load_document(record_text))
    assert report.ok, report.problems
    result = report.hands[0].result
    assert result is not None
    return result.scores[0], result.scores[1]


def new_tournament() -> Tournament:
    settings = Settings(name="Simulazione", deals_per_round=3, plan=list(PLAN), seed=2026,
                        mitchell_step=3)
    t = Tournament.new(settings, clock=fixed_clock)
    for i in range(100):
        t.register(f"Coppia {i + 1}", (f"N{i + 1}", f"S{i + 1}"))
    return t


def test_hundred_pairs_five_turni_reproducible_from_the_records(tmp_path: Path) -> None:
    bots = BotTable()
    t = new_tournament()
    simulate(t, bots)
    document = store.dumps(t)
    # Store the tournament document and every hand record, as a club server would.
    (tmp_path / "tournament.json").write_text(document)
    (tmp_path / "hands.jsonl").write_text("\n".join(
        json.dumps({"deal_seed": seed, "record": text}) for seed, text in bots.records.items()
    ))

    rows = t.standings()
    assert len(t.rounds) == 5
    assert all(len(rnd.tables) == 50 and not rnd.byes for rnd in t.rounds)
    assert len(bots.records) == 5 * 50 * 3
    assert sum(row.vp for row in rows) == 20 * 50 * 5
    assert sum(row.mp for row in rows) == 0
    assert len({row.vp for row in rows}) > 10  # the bots' scores really spread the field

    # From the stored files alone: replay every hand record on the engine, then seat and
    # score the tournament again with those replayed scores.
    stored = store.load(tmp_path / "tournament.json", clock=fixed_clock)
    records = {
        entry["deal_seed"]: entry["record"]
        for entry in map(json.loads, (tmp_path / "hands.jsonl").read_text().splitlines())
    }

    def from_records(deal_seed: int) -> tuple[int, int]:
        return replayed_scores(records[deal_seed])

    rebuilt = Tournament.new(stored.settings, clock=fixed_clock)
    for entrant in stored.entrants:
        rebuilt.register(entrant.name, entrant.members)
    simulate(rebuilt, from_records)
    assert store.dumps(rebuilt) == document
    assert [(r.entrant, r.vp, r.mp) for r in rebuilt.standings()] == [
        (r.entrant, r.vp, r.mp) for r in rows
    ]
