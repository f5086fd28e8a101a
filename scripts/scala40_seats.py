"""Where a Scala 40 bot's points come from against another, seat by seat on duplicate deals.

Each deal is played at both tables (``ramino.arena.duplicate``: A in the even seats, then in
the odd ones), so every seat's cards are played once by each bot.  Until somebody opens and
picks from the pozzo (§6.3 item 1: only an opened player may), every seat draws the same cards
at both tables, so the two plays of a seat are comparable.  For each seat the script pairs A's
play with B's on the same cards and sorts them by who opened (§6.3 item 2): both, A alone,
B alone, neither; it prints how many, what each bot paid there (§6.5) and what each group adds
to A's lead per seat.  With ``--list`` it also prints the seats where B opened sooner than A
(or A never did), with the cards each discarded before opening: the cases to study.

    PYTHONPATH=src python scripts/scala40_seats.py expert greedy --first-deal 1 --deals 150
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass, field

from ramino.arena.duplicate import arena_rules
from ramino.arena.play import bot_seed
from ramino.bots.registry import make_bot
from ramino.cards import card_str
from ramino.games.actions import DISCARD, DRAW, PICK
from ramino.games.scala40.state import Scala40State
from ramino.rules.options import RuleSet


@dataclass(slots=True)
class Seat:
    """One seat's hand at one table."""

    paid: int = 0
    draws: int = 0
    opened_at: int = -1                      # the own draw after which it opened, -1: never
    discards: list[int] = field(default_factory=list)   # before opening


def play(rules: RuleSet, deal: int, specs: tuple[str, ...]) -> list[Seat]:
    state = Scala40State.new_hand(rules, seed=deal)
    bots = [make_bot(spec, bot_seed(0, deal, s), rules) for s, spec in enumerate(specs)]
    seats = [Seat() for _ in specs]
    while not state.is_over:
        s = state.current
        action = bots[s].choose(state.observation(s), state.legal_actions())
        seat = seats[s]
        if action.kind in (DRAW, PICK):
            seat.draws += 1
        if action.kind == DISCARD and not state.opened[s]:
            seat.discards.append(action.cards[0])
        was = state.opened[s]
        state.apply(action)
        if not was and state.opened[s]:
            seat.opened_at = seat.draws
    result = state.result()
    assert result is not None
    for s, seat in enumerate(seats):
        seat.paid = result.scores[s]
    return seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--first-deal", type=int, default=1)
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    rules = arena_rules("fisca", args.players)
    n = rules.players
    pairs: list[tuple[int, int, Seat, Seat]] = []
    for deal in range(args.first_deal, args.first_deal + args.deals):
        first = play(rules, deal, tuple(args.a if s % 2 == 0 else args.b for s in range(n)))
        second = play(rules, deal, tuple(args.b if s % 2 == 0 else args.a for s in range(n)))
        for s in range(n):
            a, b = (first[s], second[s]) if s % 2 == 0 else (second[s], first[s])
            pairs.append((deal, s, a, b))
    total = len(pairs)
    print(f"{total} seats; A unopened {sum(a.opened_at < 0 for _, _, a, _ in pairs) / total:.1%}"
          f", B unopened {sum(b.opened_at < 0 for _, _, _, b in pairs) / total:.1%}; "
          f"A pays {statistics.fmean(a.paid for _, _, a, _ in pairs):.1f}, "
          f"B {statistics.fmean(b.paid for _, _, _, b in pairs):.1f} a seat")
    groups = {"both opened": (True, True), "A alone opened": (True, False),
              "B alone opened": (False, True), "neither opened": (False, False)}
    for name, (a_open, b_open) in groups.items():
        group = [(a, b) for _, _, a, b in pairs
                 if (a.opened_at >= 0) == a_open and (b.opened_at >= 0) == b_open]
        if not group:
            continue
        a_pays = statistics.fmean(a.paid for a, _ in group)
        b_pays = statistics.fmean(b.paid for _, b in group)
        print(f"{name:15s} {len(group):5d} seats  A pays {a_pays:5.1f}  B pays {b_pays:5.1f}"
              f"  adds {sum(b.paid - a.paid for a, b in group) / total:+.2f} a seat")
    if args.list:
        for deal, s, a, b in pairs:
            if b.opened_at >= 0 and (a.opened_at < 0 or a.opened_at > b.opened_at):
                print(f"deal {deal} seat {s}: A opened at draw {a.opened_at} of {a.draws}, "
                      f"B at {b.opened_at} of {b.draws}; paid {a.paid} / {b.paid}")
                print("   A discarded", " ".join(card_str(c) for c in a.discards))
                print("   B discarded", " ".join(card_str(c) for c in b.discards))


if __name__ == "__main__":
    main()
