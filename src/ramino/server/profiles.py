"""What a player's public profile shows, read from the store: level and progress, ratings per
game, hands, wins, burrachi by type and average points a hand per game, the last matches with
their hands (for their replays), the challenges on now with the player's progress, and the
challenges done.  Also each account's level, for the name plates at the tables and the lobby.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ramino.server.challenges import drawn, period_key
from ramino.server.levels import level_of, standing
from ramino.server.standing import BurracoKindRow, ChallengeRow, GameStatRow
from ramino.server.store import (
    AccountRow,
    HandRow,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
)

GAMES = ("burraco", "buraco", "scala40")
LAST_MATCHES = 10
CHALLENGES_DONE = 20


def levels_of(store: Store, account_ids: list[int]) -> dict[int, int]:
    """Each account's level."""
    if not account_ids:
        return {}
    with Session(store.engine) as session:
        rows = session.execute(select(AccountRow.id, AccountRow.xp)
                               .where(AccountRow.id.in_(account_ids))).all()
    return {r.id: level_of(r.xp) for r in rows}


def _when(value: dt.datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite gives naive datetimes back
        value = value.replace(tzinfo=dt.UTC)
    return value.isoformat(timespec="minutes")


def profile(store: Store, name: str, day: dt.date) -> dict[str, Any] | None:
    """The profile of the account called ``name`` (None: no such account); the challenges on
    are those of ``day``."""
    with Session(store.engine) as session:
        account = session.scalar(select(AccountRow).where(AccountRow.name == name))
        if account is None:
            return None
        me = account.id
        ratings = session.scalars(select(RatingRow).where(RatingRow.account_id == me)).all()
        stats = {r.game: r for r in session.scalars(
            select(GameStatRow).where(GameStatRow.account_id == me)).all()}
        kinds = session.scalars(select(BurracoKindRow).where(BurracoKindRow.account_id == me)
                                .order_by(BurracoKindRow.kind)).all()
        games = []
        for game in GAMES:
            row = stats.get(game)
            if row is None or not row.hands:
                continue
            games.append({"game": game, "hands": row.hands, "wins": row.wins,
                          "closes": row.closes,
                          "average": round(row.points / row.hands, 1),
                          "burrachi": {k.kind: k.count for k in kinds if k.game == game}})
        progress = {(r.challenge, r.period): r for r in session.scalars(
            select(ChallengeRow).where(ChallengeRow.account_id == me,
                                       ChallengeRow.period.in_(
                                           [period_key("daily", day),
                                            period_key("weekly", day)]))).all()}
        now = []
        for challenge in drawn(day):
            mine = progress.get((challenge.id, period_key(challenge.period, day)))
            now.append({"id": challenge.id, "period": challenge.period,
                        "title": challenge.title, "xp": challenge.xp,
                        "target": challenge.target, "count": 0 if mine is None else mine.count,
                        "done": mine is not None and mine.done_at is not None})
        done = session.scalars(select(ChallengeRow).where(ChallengeRow.account_id == me,
                                                          ChallengeRow.done_at.is_not(None))
                               .order_by(ChallengeRow.done_at.desc())
                               .limit(CHALLENGES_DONE)).all()
        out = {
            "name": account.name, "xp": account.xp, "hands": account.hands,
            "wins": account.wins, "burrachi": account.burrachi, "abandons": account.abandons,
            "since": _when(account.created_at),
            "ratings": {r.game: {"rating": round(r.mu - 3 * r.sigma, 2), "rated": r.rated}
                        for r in ratings},
            "games": games, "challenges": now,
            "done": [{"id": r.challenge, "period": r.period, "xp": r.xp,
                      "at": _when(r.done_at)} for r in done],
            "matches": _matches(session, me),
        }
    level = standing(account.xp)
    out["level"] = {"level": level.level, "floor": level.floor, "next": level.next,
                    "into": level.into, "needed": level.needed, "percent": level.percent}
    return out


def _matches(session: Session, account_id: int) -> list[dict[str, Any]]:
    """The last tables the account played at, newest first, with their finished hands."""
    rows = session.execute(
        select(TableRow, SeatRow.seat).join(SeatRow, SeatRow.table_id == TableRow.id)
        .where(SeatRow.account_id == account_id, SeatRow.kind == "human")
        .order_by(TableRow.created_at.desc(), TableRow.id).limit(LAST_MATCHES)).all()
    out = []
    for table, seat in rows:
        hands = session.execute(select(HandRow.hand_no, HandRow.result)
                                .where(HandRow.table_id == table.id,
                                       HandRow.result.is_not(None))
                                .order_by(HandRow.hand_no)).all()
        played = []
        for hand in hands:
            result = json.loads(hand.result)
            if result.get("void"):
                continue
            played.append({"hand": hand.hand_no, "scores": result.get("scores", [])})
        if not played:
            continue
        out.append({"table": table.id, "game": table.game, "preset": table.preset,
                    "private": table.private, "seat": seat, "at": _when(table.created_at),
                    "hands": played})
    return out
