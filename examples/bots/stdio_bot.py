"""A ramino bot in its own process, speaking the line-JSON protocol (docs/bots.md, "Bring
your own bot").  It needs nothing but the Python standard library: any language that reads
and writes lines of JSON can do the same.

    ramino arena --bot cmd:"python examples/bots/stdio_bot.py" greedy --deals 20

Each line on stdin is a JSON object.  ``hello`` comes once (the bot's seed, the game, the
number of players); ``choose`` comes at each decision with the seat's ``observation`` and the
``legal`` actions in the record notation (docs/record.md §3).  The bot writes one line back:
one of the legal actions, exactly as given.

Its strategy is a simple one that works for Burraco, Buraco and Scala 40 alike:

- draw from the stock (never the pile);
- lay down whatever it can, the move that puts the most cards on the table first;
- discard the card that helps least: the fewest neighbours in the hand (same rank, or same
  suit within two ranks), the most points, never a wild card (a joker or a two) while it has
  another choice.
"""

from __future__ import annotations

import json
import sys
from typing import Any

RANKS = "A23456789TJQK"


def points(card: str) -> int:
    """A rough value of a card: what it costs to be caught holding it."""
    if card == "JK":
        return 30
    rank = card[0]
    if rank == "A":
        return 15
    return 10 if rank in "89TJQK" else 5


def is_wild(card: str) -> bool:
    return card == "JK" or card[0] == "2"


def neighbours(card: str, hand: list[str]) -> int:
    """How many other cards of ``hand`` could form a meld with ``card``."""
    if is_wild(card):
        return len(hand)
    rank, suit = RANKS.index(card[0]), card[1]
    count = 0
    for other in hand:
        if other == card or other == "JK":
            continue
        other_rank = RANKS.index(other[0])
        if other_rank == rank or (other[1] == suit and abs(other_rank - rank) <= 2):
            count += 1
    return count - 1 if hand.count(card) > 1 else count


def choose(observation: dict[str, Any], legal: list[str]) -> str:
    if "draw" in legal:
        return "draw"
    plays = [a for a in legal if a.startswith(("meld ", "attach "))]
    if plays:
        return max(plays, key=lambda a: (len(a.split()), -legal.index(a)))
    discards = [a for a in legal if a.startswith("discard ")]
    if discards:
        hand: list[str] = observation["hand"]

        def usefulness(action: str) -> tuple[bool, int, int]:
            card = action.split()[1].split("=")[0]
            return (is_wild(card), neighbours(card, hand), -points(card))

        return min(discards, key=usefulness)
    return legal[0]


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "choose":
            print(choose(message["observation"], message["legal"]), flush=True)


if __name__ == "__main__":
    main()
