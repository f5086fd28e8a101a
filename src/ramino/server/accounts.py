"""Accounts and standing: argon2 password hashes, sessions, experience points and statistics.

Guests play with no sign-up (a seat key is all they need).  A registered player has a name and
an argon2 password hash, signs in for a session (a random token; only its hash is stored), and
earns the experience points of [S004] (§0): +16 for each hand played, +26 for a win,
+1 for each burraco of their side, and nothing for a hand they abandoned (a bot was standing in
for them, absent, when it ended).  The points are stored in the same transaction as the action
that ended the hand, so a crash can neither lose nor double them.
"""

from __future__ import annotations

import functools
import re
import secrets
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ramino.games.burraco.state import Result
from ramino.server.challenges import HandFacts, Step

XP_PLAY = 16
XP_WIN = 26
XP_BURRACO = 1
SESSION_COOKIE = "ramino_session"
SESSION_DAYS = 30
BOT_TOKEN_DAYS = 365  # a bot program's key to its account (the bot API)
# A bot token opens the bot API (``"auth"`` in a join) and nothing else: never a session, so
# it cannot sign in to the pages or mint more tokens.  Session tokens never carry the prefix.
BOT_TOKEN_PREFIX = "bot_"
NAME = re.compile(r"^[A-Za-z0-9À-ÿ_.-]{3,24}$")

_hasher = PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(pw_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(pw_hash, password)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def dummy_hash() -> str:
    """A hash no password matches, verified against when the name is unknown: a wrong name
    costs the same argon2 time as a wrong password, so timing does not tell names apart."""
    return _hasher.hash(secrets.token_urlsafe(32))


def new_session_token() -> str:
    """A random session token, never one that reads as a bot token."""
    while True:
        token = secrets.token_urlsafe(32)
        if not token.startswith(BOT_TOKEN_PREFIX):
            return token


def new_bot_token() -> str:
    return BOT_TOKEN_PREFIX + secrets.token_urlsafe(32)


def is_bot_token(token: str) -> bool:
    return token.startswith(BOT_TOKEN_PREFIX)


def check_new_account(name: str, password: str) -> str | None:
    """Why this name or password cannot make an account, or None."""
    if not NAME.match(name):
        return "a name is 3–24 letters, digits, '.', '-' or '_'"
    if not 8 <= len(password) <= 128:
        return "a password is 8–128 characters"
    return None


@dataclass(frozen=True)
class Award:
    """What one hand adds to one account's standing."""

    account_id: int
    xp: int
    win: bool
    burrachi: int
    abandoned: bool
    # What the hand was for the player (None: abandoned), for the statistics per game and the
    # challenges; ``steps`` are the challenges it counts for (added once the date is known).
    facts: HandFacts | None = None
    seat: int = -1  # the table seat
    steps: tuple[Step, ...] = ()


def hand_awards(result: Result, team_of: tuple[int, ...],
                accounts: dict[int, int], abandoned: set[int],
                game: str = "burraco") -> list[Award]:
    """The awards of a finished hand: ``accounts`` maps seat -> account id (guests and bots
    have none); ``abandoned`` are the seats a bot was standing in for at the end.  Seats
    are engine seats here; the caller puts table seats in ``Award.seat``."""
    awards = []
    best = max(result.scores)
    sole_best = result.scores.count(best) == 1
    for seat, account in sorted(accounts.items()):
        team = team_of[seat]
        burrachi = len(result.breakdown[team].burrachi)
        win = sole_best and result.scores[team] == best
        if seat in abandoned:
            awards.append(Award(account, 0, False, 0, True, seat=seat))
        else:
            xp = XP_PLAY + (XP_WIN if win else 0) + XP_BURRACO * burrachi
            facts = HandFacts(game, win, result.closed_by == seat, result.scores[team],
                              result.breakdown[team].burrachi)
            awards.append(Award(account, xp, win, burrachi, False, facts, seat))
    return awards
