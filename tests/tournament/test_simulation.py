"""A 100-pair, 5-turno tournament whose every smazzata is played by bots on the Burraco engine,
reproducible from the stored tournament document (issue 6, "What it must show").

This is the one tournament test that imports the game engine (``ramino.games.burraco``): the
tournament package itself needs only hand scores, through
:class:`ramino.tournament.simulation.HandPlayer`.
"""

from __future__ import annotations

import random
from functools import cache

from ramino.games.actions import ATTACH, DRAW, MELD, TIMEOUT, Action
from ramino.games.burraco import BurracoState
from ramino.tournament import store
from ramino.tournament.model import Format, Settings
from ramino.tournament.simulation import simulate
from ramino.tournament.tournament import Tournament

from .conftest import fixed_clock

#: Turns before the round clock runs out; the engine then plays one more full round (T-37).
CLOCK_TURNS = 60
PLAN = [Format.MITCHELL] * 3 + [Format.DANESE_MODIFICATO] * 2


@cache
def bot_hand(deal_seed: int) -> tuple[int, int]:
    """Four bots play the smazzata dealt from ``deal_seed``: each lays the largest meld or
    attachment it can, draws from the stock, and discards at random from a seeded RNG; the
    director calls time after CLOCK_TURNS turns. Team 0 (seats 0 and 2) sits N-S."""
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
    return result.scores[0], result.scores[1]


def new_tournament() -> Tournament:
    settings = Settings(name="Simulazione", deals_per_round=3, plan=list(PLAN), seed=2026,
                        mitchell_step=3)
    t = Tournament.new(settings, clock=fixed_clock)
    for i in range(100):
        t.register(f"Coppia {i + 1}", (f"N{i + 1}", f"S{i + 1}"))
    return t


def test_hundred_pairs_five_turni_reproducible_from_the_records() -> None:
    t = new_tournament()
    simulate(t, bot_hand)
    document = store.dumps(t)

    rows = t.standings()
    assert len(t.rounds) == 5
    assert all(len(rnd.tables) == 50 and not rnd.byes for rnd in t.rounds)
    assert sum(row.vp for row in rows) == 20 * 50 * 5
    assert sum(row.mp for row in rows) == 0
    assert rows[0].vp > rows[-1].vp
    assert len({row.vp for row in rows}) > 10  # the bots' scores really spread the field

    # 1. The stored document alone gives back the same standings.
    stored = store.loads(document, clock=fixed_clock)
    assert [(r.entrant, r.vp, r.mp) for r in stored.standings()] == [
        (r.entrant, r.vp, r.mp) for r in rows
    ]
    # 2. Every stored smazzata replays on the engine from its stored deal seed (fresh games,
    #    not the cache) to the stored scores.
    replayed = bot_hand.__wrapped__
    checked = 0
    for rnd in stored.rounds:
        for table in rnd.tables:
            assert table.ns_scores is not None and table.ew_scores is not None
            for d, seed in enumerate(table.deal_seeds):
                assert replayed(seed) == (table.ns_scores[d], table.ew_scores[d])
                checked += 1
    assert checked == 5 * 50 * 3
    # 3. Seating and scoring again from the same settings and entrants rebuilds the document.
    again = new_tournament()
    simulate(again, bot_hand)
    assert store.dumps(again) == document
