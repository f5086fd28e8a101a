"""What a finished hand was for one seat, as the challenges read it.

The server derives a :class:`HandFacts` from the hand it played itself (the engine's final
state and result, which the hand's record replays to), for each registered player's seat; a
client never says what it did.  :class:`MatchFacts` is added when the hand ends the match.
"""

from __future__ import annotations

from dataclasses import dataclass

# The server's bot levels, weakest first (ramino.bots.registry.OPPONENTS).
BOT_STRENGTH = ("random", "easy", "greedy", "expert", "search")


@dataclass(frozen=True)
class MatchFacts:
    """The match a hand ended, from the player's side."""

    hands: int  # hands played in the match
    won: bool  # the player's side finished first, alone
    bots_only: bool  # every opponent was a bot
    bot_level: str  # the table's bot level

    def against(self, level: str) -> bool:
        """Every opponent a bot of ``level`` or stronger."""
        return (self.bots_only and self.bot_level in BOT_STRENGTH
                and BOT_STRENGTH.index(self.bot_level) >= BOT_STRENGTH.index(level))


@dataclass(frozen=True)
class HandFacts:
    """One seat's finished hand."""

    game: str  # burraco | buraco | scala40
    won: bool  # the seat's side won the hand (Scala 40: its side closed it)
    closed: bool  # the seat itself closed the hand (§2.9, §6.4)
    points: int  # the side's score of the hand (Scala 40: the seat's penalty points)
    burrachi: tuple[str, ...] = ()  # the side's burrachi by type (§2.6, §4.3)
    opened: bool = True  # Scala 40: the seat opened (§6.3) before the hand ended
    in_hand: bool = False  # Scala 40: the seat closed in hand (chiusura in mano, §6.4)
    match: MatchFacts | None = None  # the match, when this hand ended it
