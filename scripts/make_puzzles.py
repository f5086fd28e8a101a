"""Make the shipped puzzle set (src/ramino/coach/puzzles.json): seeded hands of the expert
against the greedy bot, each reviewed by the coach from the expert's seats, and the decisions
where one move was clearly best kept as puzzles (``ramino.coach.puzzles``).

    PYTHONPATH=src python scripts/make_puzzles.py --burraco 12 --scala40 8 --seconds 0.15

Deterministic: the same options give the same file (deals, bot seeds and the review's seed are
fixed; the budget is counted in work, not read off a clock).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ramino.arena.play import play_hand
from ramino.coach import review_hand
from ramino.coach.puzzles import FORMAT, Puzzle, puzzles_from_review
from ramino.rules import preset

OUT = Path(__file__).resolve().parent.parent / "src" / "ramino" / "coach" / "puzzles.json"
SEATS = ("greedy", "expert", "greedy", "expert")  # Scala 40: the same four seats
MAX_DEALS = 40


def hand_puzzles(preset_name: str, deal: int, seconds: float) -> list[Puzzle]:
    record = play_hand(preset(preset_name), deal, SEATS, keep_record=True).record
    assert record is not None
    found: list[Puzzle] = []
    for seat in (0, 2):  # the greedy bot's seats: its mistakes make the puzzles
        review = review_hand(record, seat, seconds=seconds, seed=deal)
        found += puzzles_from_review(record, review, prefix=f"{preset_name}-{deal}-{seat}")
    return found


def collect(preset_name: str, wanted: int, seconds: float) -> list[Puzzle]:
    found: list[Puzzle] = []
    for deal in range(1, MAX_DEALS + 1):
        if len(found) >= wanted:
            break
        for puzzle in hand_puzzles(preset_name, deal, seconds)[:2]:  # at most 2 per hand
            if len(found) < wanted:
                found.append(puzzle)
        print(f"{preset_name} deal {deal}: {len(found)}/{wanted}", file=sys.stderr)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--burraco", type=int, default=12)
    parser.add_argument("--scala40", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=0.15)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    puzzles = (collect("fibur", args.burraco, args.seconds)
               + collect("fisca", args.scala40, args.seconds))
    document: dict[str, Any] = {"format": FORMAT, "seconds": args.seconds,
                                "puzzles": [p.as_json() for p in puzzles]}
    args.out.write_text(json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{len(puzzles)} puzzles in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
