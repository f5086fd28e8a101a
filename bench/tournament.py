"""Tournament bench: seating and standings for 1,000 pairs (the goal: under one second).

Prints ``name: value`` lines, each the median of several runs, in milliseconds:

* ``seat_1000_pairs_<format>_ms``: seating one turno (standings for the seeding included) for
  the first turno of Mitchell and for a later turno of Danese modificato and Swiss, after four
  turni of results;
* ``standings_1000_pairs_ms``: the standings after five turni (2,500 matches);
* ``json_roundtrip_1000_pairs_ms``: writing and reading the whole tournament document.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from ramino.tournament import store
from ramino.tournament.model import Format, Settings
from ramino.tournament.tournament import Tournament

PAIRS = 1000
RUNS = 5


def build(plan: list[Format], played: int, seed: int = 1) -> Tournament:
    t = Tournament.new(Settings(name="bench", plan=plan), clock=lambda: "2026-11-29T20:00:00")
    for i in range(PAIRS):
        t.register(f"Pair {i + 1}")
    rng = random.Random(seed)
    for _ in range(played):
        rnd = t.seat_next()
        for table in rnd.tables:
            t.director_result(
                rnd.number, table.number,
                [rng.randrange(0, 300) * 5 for _ in range(3)],
                [rng.randrange(0, 300) * 5 for _ in range(3)],
            )
    return t


def median_ms(setup: Callable[[], Tournament], action: Callable[[Tournament], object]) -> float:
    times = []
    for _ in range(RUNS):
        t = setup()
        start = time.perf_counter()
        action(t)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    mitchell = build([Format.MITCHELL] * 5, 0)
    danish = build([Format.DANESE_MODIFICATO] * 6, 4)
    swiss = build([Format.SWISS] * 6, 4)
    done = build([Format.DANESE_MODIFICATO] * 5, 5)
    doc = store.dumps(done)

    def fresh(t: Tournament) -> Callable[[], Tournament]:
        return lambda: store.loads(store.dumps(t))

    figures = {
        "seat_1000_pairs_mitchell_ms": median_ms(fresh(mitchell), Tournament.seat_next),
        "seat_1000_pairs_danese_modificato_ms": median_ms(fresh(danish), Tournament.seat_next),
        "seat_1000_pairs_swiss_ms": median_ms(fresh(swiss), Tournament.seat_next),
        "standings_1000_pairs_ms": median_ms(lambda: done, Tournament.standings),
        "json_roundtrip_1000_pairs_ms": median_ms(lambda: done, lambda t: store.loads(doc)),
    }
    figures["seat_1000_pairs_ms"] = max(
        v for k, v in figures.items() if k.startswith("seat_1000_pairs_")
    )
    for name, value in figures.items():
        print(f"{name}: {value:.1f}")


if __name__ == "__main__":
    main()
