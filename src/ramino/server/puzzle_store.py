"""The puzzles a signed-in player has solved (``/puzzles``): one row per account and puzzle,
written when the server itself found the answer right, so that an account carries its marks
from one browser to the next.  A guest's marks stay in the browser (``static/solved.js``).

The table lives beside the table server's own (:class:`ramino.server.schema_base.Base`, revision
0016), in the same database.
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import DateTime, ForeignKey, String, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ramino.server.schema_base import Base
from ramino.server.store import Store


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class SolvedPuzzleRow(Base):
    __tablename__ = "solved_puzzles"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    puzzle_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    solved_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


def mark_solved(store: Store, account_id: int, puzzle_id: str) -> None:
    """Note that the account solved the puzzle (again is no change: the first time stands)."""
    try:
        with Session(store.engine) as session, session.begin():
            if session.get(SolvedPuzzleRow, (account_id, puzzle_id)) is None:
                session.add(SolvedPuzzleRow(account_id=account_id, puzzle_id=puzzle_id))
    except IntegrityError:
        pass  # solved at the same moment in another tab or process: that row stands


def solved_puzzles(store: Store, account_id: int) -> list[str]:
    """The ids of the puzzles the account has solved, in the order it solved them."""
    with Session(store.engine) as session:
        return list(session.scalars(
            select(SolvedPuzzleRow.puzzle_id).where(SolvedPuzzleRow.account_id == account_id)
            .order_by(SolvedPuzzleRow.solved_at, SolvedPuzzleRow.puzzle_id)))
