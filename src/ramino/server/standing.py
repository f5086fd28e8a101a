"""A player's standing beyond the account row: statistics per game, burrachi by type, and the
challenges' progress, written in the transaction that stores the action ending a hand.

Each row is created empty if it is missing (insert-or-ignore, on SQLite and PostgreSQL alike)
and then counted up in place (``count = count + 1``), so two processes finishing hands at the
same moment add up instead of overwriting each other.  A challenge is paid by the one update
that marks it done (``done_at`` set where it was empty and the count has reached the target):
the database lets exactly one transaction do that, whatever the processes, so it is paid once;
and as it is the same transaction as the hand's, a crash neither loses nor doubles it.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from typing import Any

from sqlalchemy import DateTime, ForeignKey, Index, Integer, String, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, Session, mapped_column

from ramino.server.accounts import Award
from ramino.server.schema_base import Base


class GameStatRow(Base):
    """An account's hands in one game (burraco, buraco, scala40)."""

    __tablename__ = "game_stats"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    closes: Mapped[int] = mapped_column(Integer, default=0)
    points: Mapped[int] = mapped_column(Integer, default=0)  # Scala 40: penalty points


class BurracoKindRow(Base):
    """How many burrachi (canastras) of one type an account's side made in one game."""

    __tablename__ = "burraco_kinds"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)


class ChallengeRow(Base):
    """An account's progress in one challenge for one period (a day or an ISO week): the
    primary key makes it one row, so the challenge is paid at most once a period."""

    __tablename__ = "challenges"
    # The index revision 0014 creates, declared so that the models and the migrations agree.
    __table_args__ = (Index("challenges_done", "account_id", "done_at"),)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    challenge: Mapped[str] = mapped_column(String(40), primary_key=True)
    period: Mapped[str] = mapped_column(String(16), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    target: Mapped[int] = mapped_column(Integer)
    xp: Mapped[int] = mapped_column(Integer)  # paid when done
    done_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True),
                                                        nullable=True)


def insert_missing(session: Session, row: type[Base], values: dict[str, Any]) -> None:
    """Insert the row unless its primary key is there already (PostgreSQL waits for a
    concurrent insert of the same key to commit, then does nothing)."""
    dialect = session.get_bind().dialect.name
    maker = postgresql.insert if dialect == "postgresql" else sqlite.insert
    session.execute(maker(row).values(**values).on_conflict_do_nothing())


def write_award(session: Session, award: Award, game: str) -> int:
    """Add a finished hand to the account's statistics and challenges (the account's row is
    locked by the caller's update first); the challenge experience it pays now."""
    facts = award.facts
    if facts is None:
        return 0
    account = award.account_id
    key = {"account_id": account, "game": game}
    insert_missing(session, GameStatRow, {**key, "hands": 0, "wins": 0, "closes": 0,
                                          "points": 0})
    session.execute(update(GameStatRow).where(GameStatRow.account_id == account,
                                              GameStatRow.game == game)
                    .values(hands=GameStatRow.hands + 1,
                            wins=GameStatRow.wins + int(facts.won),
                            closes=GameStatRow.closes + int(facts.closed),
                            points=GameStatRow.points + facts.points))
    for kind, n in sorted(Counter(facts.burrachi).items()):
        insert_missing(session, BurracoKindRow, {**key, "kind": kind, "count": 0})
        session.execute(update(BurracoKindRow).where(
            BurracoKindRow.account_id == account, BurracoKindRow.game == game,
            BurracoKindRow.kind == kind).values(count=BurracoKindRow.count + n))
    paid = 0
    for step in sorted(award.steps, key=lambda s: (s.challenge, s.period)):
        insert_missing(session, ChallengeRow, {
            "account_id": account, "challenge": step.challenge, "period": step.period,
            "count": 0, "target": step.target, "xp": step.xp, "done_at": None})
        mine = (ChallengeRow.account_id == account, ChallengeRow.challenge == step.challenge,
                ChallengeRow.period == step.period, ChallengeRow.done_at.is_(None))
        session.execute(update(ChallengeRow).where(*mine)
                        .values(count=ChallengeRow.count + 1))
        done = session.execute(update(ChallengeRow)
                               .where(*mine, ChallengeRow.count >= ChallengeRow.target)
                               .values(done_at=dt.datetime.now(dt.UTC)))
        if getattr(done, "rowcount", 0) == 1:
            paid += step.xp
    return paid
