"""The table store: SQLAlchemy 2 over SQLite (default) or PostgreSQL (``DATABASE_URL``).

What is stored is exactly what is needed to rebuild every table after a crash: the table's
settings and seats, each hand's deal (with the commit-reveal salt) and every accepted action in
order.  A table's state is never stored; it is replayed through the engine (docs/record.md §5), so
the engine stays the only authority.  ``(table_id, hand_no, seq)`` is the primary key of an
action: two writers racing on one table cannot both store action number ``seq`` (optimistic
concurrency; the loser is told by :class:`StaleVersionError`).

The schema is created and upgraded by the Alembic migrations shipped in
``ramino/server/migrations`` (never by ``create_all``), so a deployed database follows the code.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ramino.server.accounts import Award
from ramino.server.levels import level_of
from ramino.server.schema_base import Base
from ramino.server.standing import write_award

MIGRATIONS = Path(__file__).parent / "migrations"


class StaleVersionError(Exception):
    """Another writer stored this action number first: the caller's view of the table is old."""


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(16))
    preset: Mapped[str] = mapped_column(String(32))
    options: Mapped[str] = mapped_column(Text)  # JSON object of option overrides
    private: Mapped[bool] = mapped_column(Boolean)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    bot_level: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    clock_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: no clock
    increment_ms: Mapped[int] = mapped_column(Integer, default=0)
    grace_ms: Mapped[int] = mapped_column(Integer, default=60000)
    match_hands: Mapped[int] = mapped_column(Integer, default=1)
    spectator_delay: Mapped[int] = mapped_column(Integer, default=0)  # actions behind
    match_target: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pace: Mapped[str] = mapped_column(String(8), default="normal")  # the bots': normal | fast
    hints: Mapped[bool] = mapped_column(Boolean, default=True)  # the coach's hints offered


class SeatRow(Base):
    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))  # open | human | bot
    name: Mapped[str] = mapped_column(String(40))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)


class AccountRow(Base):
    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24), unique=True)
    pw_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    xp: Mapped[int] = mapped_column(Integer, default=0)
    hands: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    burrachi: Mapped[int] = mapped_column(Integer, default=0)
    abandons: Mapped[int] = mapped_column(Integer, default=0)


class RatingRow(Base):
    """An account's skill rating in one game (OpenSkill mu and sigma; matches rated)."""

    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(16), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rated: Mapped[int] = mapped_column(Integer)


class SessionRow(Base):
    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class HandRow(Base):
    __tablename__ = "hands"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    hand_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(Text)  # docs/record.md §4 "deal", engine seats
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # Scala 40: the sides that re-entered the match after this hand (JSON list; §6.5).
    reentries: Mapped[str | None] = mapped_column(Text, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    hand_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1, 2, 3 … = table version
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    clock_ms: Mapped[int | None] = mapped_column(Integer, nullable=True)  # acting seat's bank
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)  # played for an absent player
    # ... or for one whose time bank was empty (present, but out of time for this turn).
    out_of_time: Mapped[bool] = mapped_column(Boolean, default=False)


class TournamentLinkRow(Base):
    """A table that plays one table of a tournament's turno (docs/tournament.md): where its
    result goes, the pairs' join codes for the director's desk, and whether it was sent."""

    __tablename__ = "tournament_links"
    __table_args__ = (UniqueConstraint("tournament", "round_no", "table_no"),)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    tournament: Mapped[str] = mapped_column(String(500))  # the tournament file
    round_no: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    ns_code: Mapped[str] = mapped_column(String(64))
    ew_code: Mapped[str] = mapped_column(String(64))
    submitted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True),
                                                              nullable=True)
    # When the turno's round clock ends (§2.9c): time is called at the table then.
    ends_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class TournamentDealRow(Base):
    """A prepared deal of a duplicate turno: every table of the turno deals its smazzata
    ``hand_no`` from it.  Never sent to anyone: a table reveals it with its hand's salt."""

    __tablename__ = "tournament_deals"
    tournament: Mapped[str] = mapped_column(String(500), primary_key=True)
    round_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    hand_no: Mapped[int] = mapped_column(Integer, primary_key=True)
    deal: Mapped[str] = mapped_column(Text)


class ChatRow(Base):
    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    text: Mapped[str] = mapped_column(String(400))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True)
class PendingAction:
    """An accepted action on its way to the database (with the hand's result if it ended it)."""

    table_id: str
    hand_no: int
    seq: int
    seat: int
    text: str
    result: dict[str, Any] | None = None
    clock_ms: int | None = None
    by_bot: bool = False
    awards: tuple[Award, ...] = ()  # when it ended the hand: each account's XP and statistics
    game: str = "burraco"
    ratings: tuple[tuple[int, float, float], ...] = ()  # when it ended a rated match
    out_of_time: bool = False  # a bot played it because the player's time bank was empty


class NameTakenError(Exception):
    """An account with this name exists already."""


@dataclass
class StoredSeat:
    kind: str
    name: str
    token_hash: str | None
    account_id: int | None = None


@dataclass
class StoredHand:
    hand_no: int
    dealer: int
    deal: dict[str, Any]
    salt: str
    commitment: str
    actions: list[tuple[int, str]]  # (seat, text) in order
    result: dict[str, Any] | None
    clocks: dict[int, int] = field(default_factory=dict)  # seat -> bank after its last action
    reentries: list[int] = field(default_factory=list)  # sides back in the match after it


@dataclass
class TournamentLink:
    """The tournament table a server table plays (see :class:`TournamentLinkRow`)."""

    tournament: str
    round_no: int
    table_no: int
    ns_code: str
    ew_code: str
    submitted: bool = False
    ends_at: float | None = None  # the round clock's end (seconds since the epoch)


@dataclass
class StoredTable:
    id: str
    name: str
    game: str
    preset: str
    options: dict[str, Any]
    private: bool
    invite_hash: str | None
    bot_level: str
    seats: list[StoredSeat]
    hands: list[StoredHand] = field(default_factory=list)
    clock_ms: int | None = None
    increment_ms: int = 0
    grace_ms: int = 60000
    match_hands: int = 1
    spectator_delay: int = 0
    match_target: int | None = None
    tournament: TournamentLink | None = None
    pace: str = "normal"  # how fast the bots play: "normal" (about a second a move) or "fast"
    hints: bool = True  # the coach's hints offered (never at a tournament or rated table)
    # A duplicate turno's prepared deals (by hand number), which this table deals in turn.
    prepared: list[dict[str, Any]] | None = None


def database_url(db: str | Path | None) -> str:
    """A SQLAlchemy URL from ``--db``: a URL is taken as it is, anything else is a SQLite path."""
    if db is None:
        return "sqlite:///ramino-server.db"
    text = str(db)
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL lets readers run beside the one writer; synchronous=FULL makes a commit survive even
    # a power cut, not only a killed process.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class RowWriter:
    """Rows of one table written as one multi-row INSERT on the driver's own connection.

    The table server's group commit writes a batch of actions from a worker thread while the
    event loop keeps the interpreter busy.  Every call into the database driver gives up the
    interpreter's lock and must then win it back from the event loop, and every line of
    Python run on the way costs the same contest: a SQLAlchemy ``executemany`` (a driver step
    a row, a compiled statement looked up, the connection's events) cost the worker threads
    several times the CPU of the write itself under load (``bench/load.py``, per-thread CPU).
    Here a batch is one statement with a row of placeholders per row (its text made once per
    batch size), the values converted by the dialect's own type processors, so what is stored
    is what SQLAlchemy would have stored."""

    def __init__(self, engine: Engine, table: Any) -> None:
        self.engine = engine
        dialect = engine.dialect
        self.columns = [c.key for c in table.columns]
        self.processors = [c.type.dialect_impl(dialect).bind_processor(dialect)
                           for c in table.columns]
        mark = "?" if dialect.paramstyle == "qmark" else "%s"
        self.head = (f"INSERT INTO {table.name} ({', '.join(self.columns)}) VALUES ")
        self.row = "(" + ", ".join([mark] * len(self.columns)) + ")"
        self.statements: dict[int, str] = {}
        self.integrity_error: type[Exception] = dialect.loaded_dbapi.IntegrityError

    def write(self, rows: list[dict[str, Any]]) -> None:
        """Insert ``rows`` (column -> value) in one transaction: all or none."""
        sql = self.statements.get(len(rows))
        if sql is None:
            sql = self.statements[len(rows)] = self.head + ", ".join([self.row] * len(rows))
        values = [value if process is None else process(value)
                  for row in rows
                  for value, process in zip([row[c] for c in self.columns], self.processors,
                                            strict=True)]
        connection = self.engine.raw_connection()
        try:
            cursor = connection.cursor()
            try:
                cursor.execute(sql, values)
            finally:
                cursor.close()
            connection.commit()
        except BaseException:
            connection.rollback()
            raise
        finally:
            connection.close()  # back to the pool


class Store:
    """Synchronous store calls; the server runs them in a worker thread (``asyncio.to_thread``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self._engine_args = kwargs
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._action_rows = RowWriter(self.engine, ActionRow.__table__)
        self.migrate()

    def migrate(self) -> None:
        """Bring the schema to the newest migration (idempotent)."""
        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        # Its own engine, without the foreign-key pragma: SQLite alters a table by copying it,
        # and a table that others refer to could not be dropped and renamed with keys on.
        engine = create_engine(self.url, **self._engine_args)
        try:
            with engine.begin() as connection:
                cfg.attributes["connection"] = connection
                command.upgrade(cfg, "head")
        finally:
            engine.dispose()

    def close(self) -> None:
        self.engine.dispose()

    # --- writes -----------------------------------------------------------------------------

    def create_table(self, table: StoredTable) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=table.id, name=table.name, game=table.game,
                                 preset=table.preset, options=json.dumps(table.options),
                                 private=table.private, invite_hash=table.invite_hash,
                                 bot_level=table.bot_level, clock_ms=table.clock_ms,
                                 increment_ms=table.increment_ms, grace_ms=table.grace_ms,
                                 match_hands=table.match_hands,
                                 spectator_delay=table.spectator_delay,
                                 match_target=table.match_target, pace=table.pace,
                                 hints=table.hints))
            session.flush()
            for i, seat in enumerate(table.seats):
                session.add(SeatRow(table_id=table.id, seat=i, kind=seat.kind, name=seat.name,
                                    token_hash=seat.token_hash, account_id=seat.account_id))
            for hand in table.hands:
                session.add(_hand_row(table.id, hand))
            link = table.tournament
            if link is not None:
                session.add(TournamentLinkRow(
                    table_id=table.id, tournament=link.tournament, round_no=link.round_no,
                    table_no=link.table_no, ns_code=link.ns_code, ew_code=link.ew_code,
                    ends_at=None if link.ends_at is None else dt.datetime.fromtimestamp(
                        link.ends_at, dt.UTC)))

    def add_hand(self, table_id: str, hand: StoredHand,
                 reentries: list[int] | None = None) -> None:
        """Store the next hand; :class:`StaleVersionError` if that hand number exists (another
        process dealt it first) or, given the Scala 40 ``reentries`` the deal assumed after
        the previous hand, if those changed meanwhile (a side re-entered elsewhere)."""
        try:
            with Session(self.engine) as session, session.begin():
                if reentries is not None:
                    # The previous hand's row is the lock that add_reentry takes too.
                    before = session.get(HandRow, (table_id, hand.hand_no - 1),
                                         with_for_update=True)
                    if before is not None and json.loads(before.reentries or "[]") != reentries:
                        raise StaleVersionError(f"a side re-entered after hand "
                                                f"{hand.hand_no - 1} of table {table_id}")
                session.add(_hand_row(table_id, hand))
        except IntegrityError as exc:
            raise StaleVersionError(f"hand {hand.hand_no} of table {table_id} exists") from exc

    def void_hand(self, table_id: str, hand_no: int) -> None:
        """Mark a hand ended early by agreement (it does not count)."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(HandRow).where(HandRow.table_id == table_id,
                                                  HandRow.hand_no == hand_no,
                                                  HandRow.result.is_(None))
                            .values(result=json.dumps({"end": "agreed", "void": True})))

    def add_reentry(self, table_id: str, hand_no: int, side: int) -> list[int]:
        """Note that ``side`` re-entered the match after hand ``hand_no`` (Scala 40, §6.5);
        the sides that have, in order.  :class:`StaleVersionError` if the next hand is dealt
        already (too late: a side that lets the next hand be dealt stays out)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(HandRow, (table_id, hand_no), with_for_update=True)
            if row is None:
                raise KeyError(f"no hand {hand_no} at table {table_id}")
            if session.get(HandRow, (table_id, hand_no + 1)) is not None:
                raise StaleVersionError(f"hand {hand_no + 1} of table {table_id} is dealt")
            sides = sorted({*json.loads(row.reentries or "[]"), side})
            row.reentries = json.dumps(sides)
            return sides

    def reentries_of(self, table_id: str, hand_no: int) -> list[int]:
        """The sides that re-entered after hand ``hand_no`` (another process may have noted
        one)."""
        with Session(self.engine) as session:
            text = session.scalar(select(HandRow.reentries).where(
                HandRow.table_id == table_id, HandRow.hand_no == hand_no))
            return list(json.loads(text or "[]"))

    def latest_hand_no(self, table_id: str) -> int | None:
        with Session(self.engine) as session:
            return session.scalar(select(func.max(HandRow.hand_no))
                                  .where(HandRow.table_id == table_id))

    def set_seat(self, table_id: str, seat: int, stored: StoredSeat) -> None:
        with Session(self.engine) as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise KeyError(f"no seat {seat} at table {table_id}")
            row.kind = stored.kind
            row.name = stored.name
            row.token_hash = stored.token_hash
            row.account_id = stored.account_id

    def claim_seat(self, table_id: str, seat: int, stored: StoredSeat) -> bool:
        """Take an open seat; False if it was taken meanwhile (by another process)."""
        with Session(self.engine) as session, session.begin():
            done = session.execute(
                update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat,
                                      SeatRow.kind == "open")
                .values(kind=stored.kind, name=stored.name, token_hash=stored.token_hash,
                        account_id=stored.account_id))
            return bool(getattr(done, "rowcount", 0) == 1)

    def seats_of(self, table_id: str) -> list[StoredSeat]:
        with Session(self.engine) as session:
            rows = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                   .order_by(SeatRow.seat)).all()
            return [StoredSeat(r.kind, r.name, r.token_hash, r.account_id) for r in rows]

    def actions_since(self, table_id: str, hand_no: int,
                      after: int) -> list[tuple[int, int, str, int | None]]:
        """(seq, seat, text, clock_ms) of the actions after number ``after``, in order: what
        another process has committed since this one last looked."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.text, ActionRow.clock_ms)
                .where(ActionRow.table_id == table_id, ActionRow.hand_no == hand_no,
                       ActionRow.seq > after).order_by(ActionRow.seq)).all()
            return [(r.seq, r.seat, r.text, r.clock_ms) for r in rows]

    def append_action(self, table_id: str, hand_no: int, seq: int, seat: int, text: str,
                      result: dict[str, Any] | None = None, *, clock_ms: int | None = None,
                      by_bot: bool = False) -> None:
        """Store action number ``seq``; :class:`StaleVersionError` if that number is taken."""
        self.append_actions([PendingAction(table_id, hand_no, seq, seat, text, result,
                                           clock_ms, by_bot)])

    def append_actions(self, actions: list[PendingAction]) -> None:
        """Store actions (of any tables) in one transaction, each with its hand's result when it
        ended the hand: all or none; :class:`StaleVersionError` if an action number is taken."""
        rows = [{"table_id": a.table_id, "hand_no": a.hand_no, "seq": a.seq, "seat": a.seat,
                 "text": a.text, "clock_ms": a.clock_ms, "by_bot": a.by_bot,
                 "out_of_time": a.out_of_time, "created_at": _now()} for a in actions]
        try:
            if not any(a.result is not None or a.awards or a.ratings for a in actions):
                # Nearly every batch: plain rows (see RowWriter).
                self._action_rows.write(rows)
                return
            with Session(self.engine) as session, session.begin():
                session.execute(insert(ActionRow), rows)
                for a in actions:
                    if a.result is not None:
                        hand = session.get(HandRow, (a.table_id, a.hand_no))
                        if hand is not None:
                            hand.result = json.dumps(a.result)
                # Accounts in one order in every transaction: two processes ending hands
                # of the same players wait for each other instead of deadlocking.
                for game, award in sorted(((a.game, w) for a in actions for w in a.awards),
                                          key=lambda gw: gw[1].account_id):
                    # The account's row first: it also serialises its statistics and challenges.
                    session.execute(
                        update(AccountRow).where(AccountRow.id == award.account_id)
                        .values(xp=AccountRow.xp + award.xp, hands=AccountRow.hands + 1,
                                wins=AccountRow.wins + int(award.win),
                                burrachi=AccountRow.burrachi + award.burrachi,
                                abandons=AccountRow.abandons + int(award.abandoned)))
                    paid = write_award(session, award, game)
                    if paid:
                        session.execute(update(AccountRow)
                                        .where(AccountRow.id == award.account_id)
                                        .values(xp=AccountRow.xp + paid))
                for a in actions:
                    for account_id, mu, sigma in a.ratings:
                        rating = session.get(RatingRow, (account_id, a.game))
                        if rating is None:
                            session.add(RatingRow(account_id=account_id, game=a.game, mu=mu,
                                                  sigma=sigma, rated=1))
                        else:
                            rating.mu, rating.sigma = mu, sigma
                            rating.rated += 1
        except (IntegrityError, self._action_rows.integrity_error) as exc:
            where = ", ".join(f"{a.table_id}#{a.seq}" for a in actions)
            raise StaleVersionError(f"an action number is already stored ({where})") from exc

    def add_chat(self, table_id: str, seat: int | None, name: str, text: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(ChatRow(table_id=table_id, seat=seat, name=name, text=text))

    # --- reads ------------------------------------------------------------------------------

    def table_ids(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(TableRow.id).order_by(TableRow.created_at)))

    def load_table(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)
                                    .order_by(SeatRow.seat)).all()
            hands = session.scalars(select(HandRow).where(HandRow.table_id == table_id)
                                    .order_by(HandRow.hand_no)).all()
            out = StoredTable(row.id, row.name, row.game, row.preset, json.loads(row.options),
                              row.private, row.invite_hash, row.bot_level,
                              [StoredSeat(s.kind, s.name, s.token_hash, s.account_id)
                               for s in seats],
                              clock_ms=row.clock_ms, increment_ms=row.increment_ms,
                              grace_ms=row.grace_ms, match_hands=row.match_hands,
                              spectator_delay=row.spectator_delay,
                              match_target=row.match_target, pace=row.pace or "normal",
                              hints=bool(row.hints),
                              tournament=_link(session.get(TournamentLinkRow, table_id)))
            if out.tournament is not None:
                out.prepared = _prepared(session, out.tournament.tournament,
                                         out.tournament.round_no) or None
            for h in hands:
                actions = session.execute(
                    select(ActionRow.seat, ActionRow.text, ActionRow.clock_ms)
                    .where(ActionRow.table_id == table_id, ActionRow.hand_no == h.hand_no)
                    .order_by(ActionRow.seq)).all()
                clocks = {a.seat: a.clock_ms for a in actions if a.clock_ms is not None}
                out.hands.append(StoredHand(h.hand_no, h.dealer, json.loads(h.deal), h.salt,
                                            h.commitment, [(a.seat, a.text) for a in actions],
                                            None if h.result is None else json.loads(h.result),
                                            clocks, json.loads(h.reentries or "[]")))
            return out

    def tournament_links(self, tournament: str,
                         round_no: int | None = None) -> list[tuple[str, TournamentLink]]:
        """(table id, link) of the tables playing this tournament (one turno of it)."""
        query = select(TournamentLinkRow).where(TournamentLinkRow.tournament == tournament)
        if round_no is not None:
            query = query.where(TournamentLinkRow.round_no == round_no)
        with Session(self.engine) as session:
            rows = session.scalars(query.order_by(TournamentLinkRow.round_no,
                                                  TournamentLinkRow.table_no)).all()
            return [(r.table_id, _link_of(r)) for r in rows]

    def tournament_link(self, table_id: str) -> TournamentLink | None:
        with Session(self.engine) as session:
            return _link(session.get(TournamentLinkRow, table_id))

    def prepare_deals(self, tournament: str, round_no: int,
                      deals: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The turno's prepared deals: those stored already (a second opening, another
        process), else ``deals``, stored now."""
        with Session(self.engine) as session:
            stored = _prepared(session, tournament, round_no)
        if stored:
            return stored
        try:
            with Session(self.engine) as session, session.begin():
                for hand_no, deal in enumerate(deals):
                    session.add(TournamentDealRow(tournament=tournament, round_no=round_no,
                                                  hand_no=hand_no, deal=json.dumps(deal)))
        except IntegrityError:
            pass  # prepared meanwhile by another opening: those stand
        with Session(self.engine) as session:
            return _prepared(session, tournament, round_no)

    def finished_hands(self, table_ids: list[str]) -> dict[str, set[int]]:
        """The hands of these tables that have ended (by the rules, or void by agreement)."""
        out: dict[str, set[int]] = {table_id: set() for table_id in table_ids}
        with Session(self.engine) as session:
            rows = session.execute(select(HandRow.table_id, HandRow.hand_no).where(
                HandRow.table_id.in_(table_ids), HandRow.result.is_not(None))).all()
        for row in rows:
            out[row.table_id].add(row.hand_no)
        return out

    def mark_submitted(self, table_id: str) -> None:
        """The table's result has reached its tournament: never send it again."""
        with Session(self.engine) as session, session.begin():
            session.execute(update(TournamentLinkRow)
                            .where(TournamentLinkRow.table_id == table_id,
                                   TournamentLinkRow.submitted_at.is_(None))
                            .values(submitted_at=_now()))

    def bot_actions(self, table_id: str, hand_no: int, *,
                    out_of_time: bool | None = None) -> list[int]:
        """The numbers of the actions a bot played for an absent or timed-out player (only
        those for a player out of time, or only the others, with ``out_of_time``)."""
        query = select(ActionRow.seq).where(ActionRow.table_id == table_id,
                                            ActionRow.hand_no == hand_no,
                                            ActionRow.by_bot.is_(True))
        if out_of_time is not None:
            query = query.where(ActionRow.out_of_time.is_(out_of_time))
        with Session(self.engine) as session:
            return list(session.scalars(query.order_by(ActionRow.seq)))

    # --- accounts ---------------------------------------------------------------------------

    def create_account(self, name: str, pw_hash: str) -> int:
        try:
            with Session(self.engine) as session, session.begin():
                row = AccountRow(name=name, pw_hash=pw_hash)
                session.add(row)
                session.flush()
                return row.id
        except IntegrityError:
            raise NameTakenError(f"the name {name!r} is taken") from None

    def account_login(self, name: str) -> tuple[int, str] | None:
        """(id, password hash) of the account called ``name``."""
        with Session(self.engine) as session:
            row = session.execute(select(AccountRow.id, AccountRow.pw_hash)
                                  .where(AccountRow.name == name)).first()
            return None if row is None else (row.id, row.pw_hash)

    def create_session(self, token_hash: str, account_id: int, expires: dt.datetime) -> None:
        with Session(self.engine) as session, session.begin():
            session.add(SessionRow(token_hash=token_hash, account_id=account_id,
                                   expires_at=expires))

    def delete_session(self, token_hash: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def session_account(self, token_hash: str) -> tuple[int, str] | None:
        """(id, name) of the account signed in with this session, unless it has expired."""
        with Session(self.engine) as session:
            row = session.execute(
                select(AccountRow.id, AccountRow.name, SessionRow.expires_at)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.token_hash == token_hash)).first()
        if row is None:
            return None
        expires = row.expires_at
        if expires.tzinfo is None:  # SQLite gives naive datetimes back
            expires = expires.replace(tzinfo=dt.UTC)
        return None if expires < _now() else (row.id, row.name)

    def account_stats(self, account_id: int) -> dict[str, Any] | None:
        """The account's standing, with its rating in each game it has been rated in."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            if row is None:
                return None
            ratings = session.scalars(select(RatingRow)
                                      .where(RatingRow.account_id == account_id)).all()
            return {**_stats(row), "ratings": {r.game: _rating(r) for r in ratings}}

    def leaderboard(self, limit: int = 50, by: str = "xp",
                    game: str = "burraco") -> list[dict[str, Any]]:
        """The best accounts by experience points, or (``by="rating"``) by their conservative
        rating in ``game`` (those with at least one rated match there)."""
        with Session(self.engine) as session:
            if by != "rating":
                query = select(AccountRow).order_by(AccountRow.xp.desc(), AccountRow.name)
                return [_stats(r) for r in session.scalars(query.limit(limit))]
            rows = session.execute(
                select(AccountRow, RatingRow).join(RatingRow, RatingRow.account_id ==
                                                   AccountRow.id)
                .where(RatingRow.game == game, RatingRow.rated > 0)
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name)
                .limit(limit)).all()
            return [{**_stats(a), "game": game, **_rating(r)} for a, r in rows]

    def ratings_of(self, account_ids: list[int],
                   game: str = "burraco") -> dict[int, tuple[float, float]]:
        with Session(self.engine) as session:
            rows = session.scalars(select(RatingRow).where(
                RatingRow.account_id.in_(account_ids), RatingRow.game == game)).all()
            return {r.account_id: (r.mu, r.sigma) for r in rows}

    def recent_chat(self, table_id: str, limit: int = 50) -> list[tuple[int | None, str, str]]:
        with Session(self.engine) as session:
            rows = session.execute(select(ChatRow.seat, ChatRow.name, ChatRow.text)
                                   .where(ChatRow.table_id == table_id)
                                   .order_by(ChatRow.id.desc()).limit(limit)).all()
        return [(r.seat, r.name, r.text) for r in reversed(rows)]


def _stats(row: AccountRow) -> dict[str, Any]:
    return {"name": row.name, "xp": row.xp, "level": level_of(row.xp), "hands": row.hands,
            "wins": row.wins, "burrachi": row.burrachi, "abandons": row.abandons}


def _rating(row: RatingRow) -> dict[str, Any]:
    return {"rating": round(row.mu - 3 * row.sigma, 2), "mu": round(row.mu, 3),
            "sigma": round(row.sigma, 3), "rated": row.rated}


def _link(row: TournamentLinkRow | None) -> TournamentLink | None:
    return None if row is None else _link_of(row)


def _link_of(row: TournamentLinkRow) -> TournamentLink:
    ends = row.ends_at
    if ends is not None and ends.tzinfo is None:  # SQLite gives naive datetimes back
        ends = ends.replace(tzinfo=dt.UTC)
    return TournamentLink(row.tournament, row.round_no, row.table_no, row.ns_code, row.ew_code,
                          row.submitted_at is not None,
                          None if ends is None else ends.timestamp())


def _prepared(session: Session, tournament: str, round_no: int) -> list[dict[str, Any]]:
    rows = session.scalars(select(TournamentDealRow).where(
        TournamentDealRow.tournament == tournament, TournamentDealRow.round_no == round_no)
        .order_by(TournamentDealRow.hand_no)).all()
    return [json.loads(r.deal) for r in rows]


def _hand_row(table_id: str, hand: StoredHand) -> HandRow:
    return HandRow(table_id=table_id, hand_no=hand.hand_no, dealer=hand.dealer,
                   deal=json.dumps(hand.deal), salt=hand.salt, commitment=hand.commitment,
                   result=None if hand.result is None else json.dumps(hand.result),
                   reentries=json.dumps(hand.reentries) if hand.reentries else None)
