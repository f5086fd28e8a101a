"""The table manager: one writer per table, every command serialised, every change versioned.

Each :class:`Table` owns an ``asyncio.Lock``; an action (from a person, a bot or a bot-API
client) is checked by the engine, committed to the store, and only then applied to the live
state and broadcast — so a crash can lose a broadcast but never an accepted action.  The table
version is the number of actions of the hand; a client must send the version it saw (stale
submissions are refused).  Each receiver gets only its own ``observation(seat)`` or the public
view (:mod:`ramino.server.views`).  On start every stored table is rebuilt by replaying its
deal and actions through the engine.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson
from pydantic import BaseModel

from ramino.bots import Bot
from ramino.errors import IllegalActionError, NotationError, RaminoError
from ramino.games.actions import Action
from ramino.games.scala40.deal import seat_sides
from ramino.records.document import write_deal
from ramino.rules import RuleSet, make_rules
from ramino.rules.options import Reentry
from ramino.server.accounts import Award
from ramino.server.bots import (
    choose_or_stand_in,
    default_level,
    make_bot,
    stand_in,
    stand_in_seed,
)
from ramino.server.clock import Clock
from ramino.server.fairness import commitment_of
from ramino.server.fanout import LocalFanout
from ramino.server.games import EngineState, SeatMap, TableGame, game_of
from ramino.server.lobby import nudge_text
from ramino.server.matches import (
    MIN_RATED_HANDS,
    MatchPlan,
    MatchState,
    fresh_match,
    rebuild,
    starting_side,
)
from ramino.server.protocol import (
    MAX_NAME_CHARS,
    Act,
    ChatLine,
    ErrorInfo,
    Join,
    Nudge,
    ProtocolError,
    ResultInfo,
    Welcome,
)
from ramino.server.ratings import rate_places
from ramino.server.refusal_texts import refusal_message
from ramino.server.store import (
    PendingAction,
    StaleVersionError,
    Store,
    StoredHand,
    StoredSeat,
    StoredTable,
    TournamentLink,
)
from ramino.server.writer import GroupWriter

log = logging.getLogger("ramino.server")

OUTBOX_LIMIT = 256  # frames queued for one slow client before it is disconnected
CHAT_HISTORY = 50
FAST_PACE = 5  # a "fast" table's bots wait this many times less between moves
IDLE_MS = 90_000  # a casual table's player idle this long on their turn is nudged …
NUDGE_MS = 30_000  # … and a bot plays the turn this long after the nudge


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Client:
    """One connection's outbox: the table puts frames in, the connection's sender sends them."""

    def __init__(self, name: str, seat: int | None, lang: str = "en") -> None:
        self.name = name
        self.seat = seat
        self.lang = lang  # the language refusals are explained in
        self.muted: set[int] = set()
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX_LIMIT)
        self.overflowed = False

    def send(self, message: BaseModel) -> None:
        self.push(message.model_dump_json())

    def push(self, frame: str) -> None:
        """Queue an encoded frame (a broadcast encodes each distinct view once)."""
        if self.overflowed:
            return
        try:
            self.outbox.put_nowait(frame)
        except asyncio.QueueFull:
            # A client that does not read cannot hold the table up: it is cut off and will
            # resync in full when it reconnects.
            self.overflowed = True
            with contextlib.suppress(asyncio.QueueEmpty):
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)


@dataclass
class Table:
    id: str
    name: str
    rules: RuleSet
    preset: str
    options: dict[str, Any]
    private: bool
    invite_hash: str | None
    bot_level: str
    seats: list[StoredSeat]
    hand: StoredHand
    state: EngineState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    rng: random.Random | None = None
    bot_task: asyncio.Task[None] | None = None
    chat: list[ChatLine] = field(default_factory=list)
    clock: Clock | None = None
    grace_ms: int = 60000
    clock_ms: int | None = None  # each hand's time bank (None: no clock)
    increment_ms: int = 0
    match_hands: int = 1
    spectator_delay: int = 0  # actions the spectators' view runs behind the table
    voided: bool = False  # ended early by agreement: the hand does not count
    end_votes: set[int] = field(default_factory=set)  # seats that agree to end it so
    match_target: int | None = None  # a match to this score instead of a number of hands
    match: MatchState = field(default_factory=MatchState)
    standin: set[int] = field(default_factory=set)  # absent players a bot plays for
    standin_turn: int | None = None  # the seat out of time whose turn a bot is finishing
    absent_since: dict[int, float] = field(default_factory=dict)
    turn_started: float = field(default_factory=time.monotonic)
    in_play: tuple[bool, ...] = ()  # the seats dealt in to this hand (Scala 40: not out)
    # A tournament turno: exactly ``match_hands`` hands and nobody eliminated (a Scala 40
    # turno's smazzate are scored by their penalty points, §6.6, not played out).
    fixed_hands: bool = False
    # A duplicate turno: the prepared deal of each hand (the same at every table of the turno)
    # and the hands whose deal is revealed, each once every table of the turno has played it.
    prepared: list[dict[str, Any]] | None = None
    revealed: set[int] = field(default_factory=set)
    # A tournament turno's round clock: when it ends (seconds since the epoch), and whether
    # time has been called at this table since (§2.9c): no hand is dealt after it.
    round_ends: float | None = None
    time_called: bool = False
    # When this process saw the hand end (monotonic seconds): a tournament table deals its
    # next smazzata itself a pause after that (also after a restart, from the restart).
    ended_at: float | None = None
    pace: str = "normal"  # the bots': "normal" (the manager's delay) or "fast"
    last_move: float = field(default_factory=time.monotonic)  # the table's latest action
    nudged: float | None = None  # the idle stretch (its start) whose player was nudged
    # The seating last computed and what it was computed from (asked for several times for
    # every frame; it changes only with the hand).
    _seating: tuple[tuple[RuleSet, int, tuple[bool, ...]], SeatMap] | None = field(
        default=None, repr=False, compare=False)

    @property
    def waiting(self) -> bool:
        """A waiting room: the first hand is not started while a seat is open.  Nobody plays,
        no clock runs and nobody sees a card until every seat is taken or filled with bots."""
        return (self.hand.hand_no == 0 and not self.hand.actions
                and any(s.kind == "open" for s in self.seats))

    def casual(self) -> bool:
        """Not a tournament table: an idle player is nudged, then a bot plays their turn."""
        return self.round_ends is None and not self.fixed_hands

    def hidden(self, hand_no: int) -> bool:
        """Whether the deal of this hand must stay hidden (salt, deal, record, replay)."""
        return self.prepared is not None and hand_no not in self.revealed

    def watchable(self) -> bool:
        """A duplicate turno's table is watched only once every deal of it is revealed: a
        spectator would see the cards melded at a table ahead of the others."""
        return self.prepared is None or len(self.revealed) >= len(self.prepared)

    @property
    def game(self) -> TableGame:
        return game_of(self.rules)

    @property
    def seating(self) -> SeatMap:
        """Table seats <-> engine seats for this hand (the dealer rotates, §2.2; a
        Scala 40 player out of the match is skipped)."""
        key = (self.rules, self.hand.dealer, self.in_play)
        cached = self._seating
        if (cached is None or cached[0][0] is not key[0] or cached[0][1] != key[1]
                or cached[0][2] != key[2]):
            self._seating = cached = (key, self.game.seating(
                self.rules, self.hand.dealer, self.in_play or (True,) * self.rules.players))
        return cached[1]

    @property
    def finished(self) -> bool:
        """Over by the rules, or ended early by the players' agreement."""
        return self.state.is_over or self.voided

    @property
    def plan(self) -> MatchPlan:
        return table_plan(self.rules, self.match_hands, self.match_target,
                          self.fixed_hands)

    def match_ends(self, scores: list[list[int]]) -> bool:
        """Whether the match is over once the current hand has ended with these scores."""
        return self.plan.over(scores, self.hand.hand_no - self.match.start + 1,
                              starting_side(self.match.start, self.rules.players),
                              self.match.reentries)

    def match_over(self) -> bool:
        return self.finished and (self.time_called or self.match_ends(self.match.scores))

    def match_info(self) -> dict[str, Any]:
        limit = self.plan.elimination
        fixed = self.match_target is None and limit is None
        info: dict[str, Any] = {
            "hands": self.match_hands if fixed else None, "target": self.match_target,
            "hand": self.hand.hand_no - self.match.start + 1,
            "totals": self.match.totals, "over": self.match_over(),
            "rated": self.game.rated and (not fixed or self.match_hands >= MIN_RATED_HANDS),
            # The score sheet (each counted hand's scores by side) and whether a rematch may
            # follow (not at a tournament table: its turno has exactly its hands).
            "sheet": self.match.scores, "rematch": not self.fixed_hands}
        now = self.match.standing()
        if now is not None:
            # Scala 40: totals and who is out by side (a seat, or a pair or team, §6.7), who
            # may re-enter now (§6.5), and who is left when it is over.
            over = info["over"]
            between = self.state.is_over and not self.voided and not over
            info.update(limit=limit, out=list(now.eliminated),
                        opening=self.rules.opening_threshold,
                        winner=now.winner if over else None,
                        sides=list(seat_sides(self.rules)), reentered=list(now.reentered),
                        can_reenter=[between and can for can in now.can_reenter])
        return info

    def reentry_open(self, side: int) -> bool:
        """Whether ``side`` may re-enter the match before the next hand (§6.5 reentry)."""
        now = self.match.standing()
        return (now is not None and self.state.is_over and not self.voided
                and not self.match_over() and now.can_reenter[side])

    def match_sides(self) -> list[list[int | None]]:
        """Account ids per side as the game rates them (None: a guest or a bot)."""
        return self.game.rating_sides(self.rules, [st.account_id if st.kind == "human"
                                                   else None for st in self.seats])

    def current_seat(self) -> int:
        """The table seat whose turn it is."""
        return self.seating.table(self.state.current)

    @property
    def version(self) -> int:
        # The stored actions of the hand, kept in step with the state by ``_commit`` (cheaper
        # than rebuilding the engine's history list on every frame).
        return len(self.hand.actions)

    def bot_plays(self, seat: int) -> bool:
        """Whether a bot plays this seat's turn now (a bot seat, or a stand-in)."""
        return (self.seats[seat].kind == "bot" or seat in self.standin
                or self.standin_turn == seat)

    def standins(self) -> list[int]:
        out = set(self.standin)
        if self.standin_turn is not None:
            out.add(self.standin_turn)
        return sorted(out)

    def seat_infos(self) -> list[dict[str, Any]]:
        """Each seat as ``protocol.SeatInfo`` fields (plain values: they are encoded at once)."""
        present = {c.seat for c in self.clients}
        return [{"seat": i, "kind": s.kind, "name": s.name,
                 "connected": s.kind == "bot" or i in present}
                for i, s in enumerate(self.seats)]

    def bot_for(self, seat: int) -> Bot:
        if seat not in self.bots:
            seed = (self.rng or secrets.SystemRandom()).randrange(2**32)
            self.bots[seat] = make_bot(self.bot_level, seed, self.state.rules)
        return self.bots[seat]

    def _shared(self, event: dict[str, Any] | None) -> dict[str, Any]:
        """The fields of an update that are the same for every receiver (computed once), as
        plain JSON values."""
        state = self.state
        result = self._result()
        return {"type": "update", "table": self.id, "game": self.rules.game,
                "version": self.version, "hand_no": self.hand.hand_no,
                "event": event, "marks": self.game.marks(state),
                "seats": self.seat_infos(),
                "clocks": None if self.clock is None else self.clock.snapshot(),
                "standin": self.standins(), "commitment": self.hand.commitment,
                "dealer": self.hand.dealer, "match": self.match_info(),
                "voided": self.voided, "end_votes": sorted(self.end_votes),
                "waiting": self.waiting, "preset": self.preset,
                "result": None if result is None else result.model_dump(mode="json")}

    def _result(self) -> ResultInfo | None:
        result = self.game.result_info(self.state, self.hand.salt, self.hand.deal, self.seating)
        if result is not None and self.hidden(self.hand.hand_no):
            # The salt opens the commitment and the deal shows every hidden card: both wait
            # until the last table of the duplicate turno has played this deal.
            return result.model_copy(update={"salt": None, "deal": None, "hands": None})
        return result

    def _delayed(self, shared: dict[str, Any]) -> tuple[EngineState, dict[str, Any]]:
        """The hand as spectators may see it: ``spectator_delay`` actions behind while it is
        played (so that nobody watching can relay it live to a player), all of it at the end."""
        state = self.state
        if self.spectator_delay == 0 or self.finished:
            return state, shared
        seen = max(0, self.version - self.spectator_delay)
        past = self.game.restart(state)
        for action in state.history()[:seen]:
            past.apply(action)
        event = None
        if seen:
            seat, text = self.hand.actions[seen - 1]
            event = {"seat": seat, "action": text, "version": seen}
        return past, {**shared, "version": seen, "event": event,
                      "marks": self.game.marks(past), "clocks": None}

    def _frame(self, seat: int | None, shared: dict[str, Any],
               encoded: bytes | None = None) -> str:
        """The encoded update for a seat (None: a spectator): its own view and legal actions
        before the shared fields (``encoded``: those fields already encoded, by a broadcast)."""
        state = self.state
        if seat is None and self.spectator_delay and not self.finished:
            state, shared = self._delayed(shared)
            encoded = None
        seating = self.seating
        game = self.game
        view = (game.public_view(state, seating) if seat is None or self.waiting
                else game.seat_view(state, seat, seating))
        legal: list[str] = []
        if (seat is not None and seat == seating.table(state.current) and not self.finished
                and not self.bot_plays(seat) and not self.waiting):
            legal = [str(a) for a in state.legal_actions()]
        # One JSON object (the fields of ``protocol.Update``): the receiver's own part, then
        # the shared fields, which a broadcast encodes once for all its receivers.
        tail = encoded if encoded is not None else orjson.dumps(shared)
        return b"".join((b'{"view":', orjson.dumps(view), b',"legal":', orjson.dumps(legal),
                         b",", tail[1:])).decode()

    def update_for(self, client: Client, event: dict[str, Any] | None) -> str:
        return self._frame(client.seat, self._shared(event))

    def broadcast(self, event: dict[str, Any] | None) -> None:
        """Send every client its update: each distinct view is built and encoded once."""
        shared = self._shared(event)
        encoded = orjson.dumps(shared)
        frames: dict[int | None, str] = {}
        for client in list(self.clients):
            frame = frames.get(client.seat)
            if frame is None:
                frame = frames[client.seat] = self._frame(client.seat, shared, encoded)
            client.push(frame)

    def lobby_entry(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "preset": self.preset,
                "game": self.rules.game, "waiting": self.waiting, "pace": self.pace,
                "seats": self.seat_infos(),
                "version": self.version, "over": self.finished,
                "spectators": sum(1 for c in self.clients if c.seat is None)}

    def record(self) -> dict[str, Any]:
        """The hand's record: record seats are engine seats (the first player is seat 0)."""
        seating = self.seating
        players = [self.seats[seating.table(e)].name or f"Posto {seating.table(e)}"
                   for e in range(self.state.players)]
        meta: dict[str, Any] = {"table": self.id, "hand": self.hand.hand_no,
                                "first_table_seat": seating.first,
                                "commitment": self.hand.commitment, "salt": self.hand.salt}
        result = self.game.result_info(self.state, self.hand.salt, self.hand.deal, seating)
        if self.fixed_hands and result is not None and len(result.scores) == 2:
            # A tournament turno's smazzata, as the director copies it: by pair, N-S (table
            # side 0) first, whatever seat the record's own seat order starts from.
            meta["scores_by_pair"] = {"N-S": result.scores[0], "E-W": result.scores[1]}
        return self.game.record(self.state, players, meta, seating)


# Quick play: each game's preset, and a relaxed clock (a casual table).
QUICK_PRESETS = {"burraco": "fibur", "buraco": "buraco-aberto", "scala40": "fisca"}
QUICK_CLOCK_MS = 1_200_000
QUICK_INCREMENT_MS = 15_000


def table_plan(rules: RuleSet, hands: int, target: int | None,
               fixed_hands: bool = False) -> MatchPlan:
    """The table's match; ``fixed_hands``: a tournament turno, exactly ``hands`` hands and
    nobody eliminated."""
    return MatchPlan(hands, target, None if fixed_hands else game_of(rules).elimination(rules))


def new_hand(rules: RuleSet, hand_no: int, dealer: int, rng: random.Random | None = None,
             in_play: tuple[bool, ...] | None = None, totals: Sequence[int] = (),
             prepared: dict[str, Any] | None = None) -> tuple[StoredHand, EngineState]:
    """A fresh deal and its commitment (hash of deal and salt).  Shuffled with ``secrets``
    unless a seeded ``rng`` is given (tests and reproducible demos only), or the ``prepared``
    deal of a duplicate turno.  ``in_play``: the seats dealt in (default all), ``totals``: the
    match's penalty totals (Scala 40)."""
    game = game_of(rules)
    seating = game.seating(rules, dealer, in_play or (True,) * rules.players)
    if prepared is not None:
        deal = game.read_deal(rules, prepared, seating)
    else:
        deal = game.deal(rules, seating, rng or secrets.SystemRandom())
    deal_json = write_deal(deal)
    salt = secrets.token_hex(16)
    hand = StoredHand(hand_no, dealer, deal_json, salt, commitment_of(deal_json, salt), [], None)
    return hand, game.start(rules, deal, seating, totals or (0,) * rules.players)


def stored_hand(rules: RuleSet, plan: MatchPlan, hands: Sequence[StoredHand],
                index: int) -> tuple[tuple[bool, ...], EngineState]:
    """The seats dealt in to ``hands[index]`` and its state replayed.  Who was dealt in is not
    stored: it follows from the match before that hand (Scala 40 players out sit out)."""
    game = game_of(rules)
    results = [(h.hand_no, h.result) for h in hands[:index]]
    before = rebuild(plan, [*results, (hands[index].hand_no, None)], rules.players,
                     game.width(rules), reentries_by_hand(hands[:index]))
    in_play = game.in_play(rules, before)
    return in_play, replay_hand(rules, hands[index], in_play, before.totals)


def reentries_by_hand(hands: Sequence[StoredHand]) -> dict[int, list[int]]:
    """The sides that re-entered a Scala 40 match after each hand, by hand number."""
    return {h.hand_no: h.reentries for h in hands if h.reentries}


def replay_hand(rules: RuleSet, hand: StoredHand, in_play: tuple[bool, ...] | None = None,
                totals: Sequence[int] = ()) -> EngineState:
    """The live state of a stored hand: its deal, then every stored action through the engine."""
    game = game_of(rules)
    # The engine counts seats from the first player; ``hand.dealer`` is a table seat.
    seating = game.seating(rules, hand.dealer, in_play or (True,) * rules.players)
    state = game.start(rules, game.read_deal(rules, hand.deal, seating), seating,
                       totals or (0,) * rules.players)
    for _seat, text in hand.actions:
        state.play(text)
    return state


class TournamentHook(Protocol):
    """Where the hands of tables that play a tournament's turno go
    (:class:`ramino.server.tournaments.TournamentFeed`)."""

    def hand_ended(self, table: Table) -> None:
        """A hand of ``table`` has just ended and is stored; must return at once."""

    async def holds(self, table_id: str) -> bool:
        """Whether the table plays a tournament turno (no rematch there)."""


class TableManager:
    """Every live table of this process, created, loaded and played through one API."""

    def __init__(self, store: Store, *, bot_delay: float = 1.0, max_tables: int = 5000,
                 rng: random.Random | None = None, tick: float = 0.25,
                 fanout: LocalFanout | None = None,
                 wall: Callable[[], float] = time.time, idle_ms: int | None = IDLE_MS,
                 nudge_ms: int = NUDGE_MS) -> None:
        self.store = store
        self.wall = wall  # the wall clock of tournament round clocks (tests inject one)
        self.fanout = fanout or LocalFanout()
        self.rng = rng
        self.tick = tick
        self._ticker: asyncio.Task[None] | None = None
        self.writer = GroupWriter(store)
        self.bot_delay = bot_delay  # seconds between a bot's moves ("normal" pace)
        # A casual table's idle player: nudged after ``idle_ms`` (None: never), and a bot plays
        # the turn ``nudge_ms`` later.
        self.idle_ms = idle_ms
        self.nudge_ms = nudge_ms
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}
        self.tournament: TournamentHook | None = None
        # How long a tournament table shows a hand's result before dealing the next smazzata
        # itself (a player may deal it sooner with ``next``).
        self.deal_pause = 10.0

    # --- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every stored table at its last committed action and restart its bots."""
        self.writer.start()
        for table_id in await asyncio.to_thread(self.store.table_ids):
            stored = await asyncio.to_thread(self.store.load_table, table_id)
            if stored is None or not stored.hands:
                continue
            try:
                table = self._table_of(stored)
            except RaminoError as exc:
                log.error("table %s cannot be rebuilt: %s", table_id, exc)
                continue
            table.chat = [ChatLine(seat=s, name=n, text=t) for s, n, t in
                          await asyncio.to_thread(self.store.recent_chat, table_id, CHAT_HISTORY)]
            self.tables[table.id] = table
            now = time.monotonic()
            if table.finished:
                table.ended_at = now
            for seat, kind in enumerate(s.kind for s in table.seats):
                if kind == "human":
                    table.absent_since[seat] = now  # nobody is connected after a restart
            self._kick_bots(table)
        await self.fanout.start(self._remote_table, self._remote_chat)
        self._ticker = asyncio.create_task(self._tick_loop())

    async def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        await self.writer.stop()
        await self.fanout.stop()

    def _table_of(self, stored: StoredTable) -> Table:
        rules = make_rules(stored.preset, stored.options)
        game = game_of(rules)
        hand = stored.hands[-1]
        fixed = stored.tournament is not None
        plan = table_plan(rules, stored.match_hands, stored.match_target, fixed)
        in_play, state = stored_hand(rules, plan, stored.hands, len(stored.hands) - 1)
        clock = None
        if stored.clock_ms is not None:
            clock = Clock(rules.players, stored.clock_ms, stored.increment_ms)
            for seat, bank in hand.clocks.items():
                clock.bank[seat] = bank
            seating = game.seating(rules, hand.dealer, in_play)
            clock.start(None if state.is_over else seating.table(state.current))
        match = rebuild(plan, [(h.hand_no, h.result) for h in stored.hands], rules.players,
                        game.width(rules), reentries_by_hand(stored.hands))
        table = Table(stored.id, stored.name, rules, stored.preset, stored.options,
                     stored.private, stored.invite_hash, stored.bot_level, stored.seats, hand,
                     state, rng=self.rng, clock=clock, grace_ms=stored.grace_ms,
                     clock_ms=stored.clock_ms, increment_ms=stored.increment_ms,
                     match_hands=stored.match_hands, match_target=stored.match_target,
                     match=match, in_play=in_play, fixed_hands=fixed,
                     prepared=stored.prepared,
                     round_ends=None if stored.tournament is None else stored.tournament.ends_at,
                     spectator_delay=stored.spectator_delay, pace=stored.pace,
                     voided=bool(hand.result and hand.result.get("void")))
        if table.waiting and table.clock is not None:
            table.clock.start(None)  # no clock runs in a waiting room
        return table

    # --- lobby -------------------------------------------------------------------------------

    async def create(self, *, name: str, preset: str, options: dict[str, Any],
                     seats: Sequence[str], private: bool, bot_level: str | None,
                     clock_ms: int | None = None, increment_ms: int = 0,
                     grace_ms: int = 60000, match_hands: int = 1,
                     spectator_delay: int = 0,
                     match_target: int | None = None, pace: str = "normal",
                     reserved: Sequence[StoredSeat] | None = None,
                     tournament: TournamentLink | None = None,
                     prepared: list[dict[str, Any]] | None = None
                     ) -> tuple[Table, str | None]:
        """A new table with its first hand dealt; returns it and the invite code if private.
        ``RaminoError``/``ValueError`` with a readable message for bad settings.  A tournament
        table comes with its ``reserved`` seats (each held by a player's seat key), its
        ``tournament`` link and, in a duplicate turno, the ``prepared`` deal of each hand.
        A table with open seats waits for its players (:attr:`Table.waiting`)."""
        if len(self.tables) >= self.max_tables:
            raise ValueError("this server holds as many tables as it may; try again later")
        plain = make_rules(preset, {})
        if plain.game == "scala40" and "players" not in options and len(seats) != plain.players:
            # Scala 40 is played by 2 to 6 (§6.1): the seats say how many (before the
            # other options, which may depend on it: teams of three need six).
            options = {**options, "players": len(seats)}
        rules = make_rules(preset, options)
        if len(seats) != rules.players:
            raise ValueError(f"{len(seats)} seats for a {rules.players}-player game")
        game_of(rules).check(rules)
        if any(kind not in ("open", "bot") for kind in seats):
            raise ValueError("each seat is 'open' (for a person) or 'bot'")
        if pace not in ("normal", "fast"):
            raise ValueError("pace is 'normal' or 'fast'")
        bot_level = bot_level or default_level(rules.game)
        make_bot(bot_level, 0, rules)  # refuse an unknown level now, not at the bots' first turn
        invite = secrets.token_urlsafe(9) if private else None
        table_id = secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")
        dealer = rules.players - 1
        hand, state = new_hand(rules, 0, dealer, self.rng,
                               prepared=None if prepared is None else prepared[0])
        stored_seats = [StoredSeat(kind, f"Bot {i}" if kind == "bot" else "", None)
                        for i, kind in enumerate(seats)]
        if reserved is not None:
            stored_seats = list(reserved)
        stored = StoredTable(table_id, name or f"Tavolo {table_id}", rules.game, preset,
                             dict(options), private, None if invite is None else _hash(invite),
                             bot_level, stored_seats, [hand], clock_ms, increment_ms, grace_ms,
                             match_hands, spectator_delay, match_target, tournament, pace=pace)
        await asyncio.to_thread(self.store.create_table, stored)
        clock = None
        if clock_ms is not None:
            clock = Clock(rules.players, clock_ms, increment_ms)
            clock.start(game_of(rules).seating(rules, dealer,
                                               (True,) * rules.players).table(state.current))
        table = Table(table_id, stored.name, rules, preset, dict(options), private,
                      stored.invite_hash, bot_level, stored_seats, hand, state, rng=self.rng,
                      clock=clock, grace_ms=grace_ms, clock_ms=clock_ms,
                      increment_ms=increment_ms, match_hands=match_hands,
                      spectator_delay=spectator_delay, match_target=match_target,
                      match=fresh_match(table_plan(rules, match_hands, match_target,
                                                   tournament is not None),
                                        game_of(rules).width(rules)),
                      in_play=(True,) * rules.players, fixed_hands=tournament is not None,
                      prepared=prepared, pace=pace,
                      round_ends=None if tournament is None else tournament.ends_at)
        if table.waiting and clock is not None:
            clock.start(None)  # no clock runs for an empty seat: it starts with the hand
        for seat, held in enumerate(stored_seats):
            if held.kind == "human":  # reserved: absent until its player comes
                table.absent_since[seat] = time.monotonic()
        self.tables[table_id] = table
        self._kick_bots(table)
        return table, invite

    async def quick_play(self, game: str, name: str, account: tuple[int, str] | None,
                         pace: str = "normal") -> tuple[Table, str, str]:
        """A table of ``game`` dealt at once: the caller on seat 0 (kept for them by a seat key,
        returned), bots in every other seat — at Burraco and Buraco the partner opposite is a
        bot too.  A relaxed clock (:data:`QUICK_CLOCK_MS`); the game's strongest bots up to
        ``expert``.  Private (a table of one person is nobody else's business): returns the
        table, its invite code and the seat key."""
        preset = QUICK_PRESETS[game]
        rules = make_rules(preset, {})
        token = secrets.token_urlsafe(24)
        player = account[1] if account is not None else (" ".join(name.split())[:MAX_NAME_CHARS]
                                                          or "Giocatore 1")
        seats = ["open"] + ["bot"] * (rules.players - 1)
        reserved = [StoredSeat("human", player, _hash(token),
                               None if account is None else account[0])]
        reserved += [StoredSeat("bot", f"Bot {i}", None) for i in range(1, rules.players)]
        table, invite = await self.create(
            name="", preset=preset, options={}, seats=seats, private=True, bot_level=None,
            clock_ms=QUICK_CLOCK_MS, increment_ms=QUICK_INCREMENT_MS, pace=pace,
            reserved=reserved)
        assert invite is not None
        return table, invite, token

    def pace_of(self, table: Table) -> float:
        """Seconds between two moves of the table's bots."""
        return self.bot_delay / FAST_PACE if table.pace == "fast" else self.bot_delay

    def _begin(self, table: Table) -> None:
        """The waiting room is full (its lock held): the first hand starts now.  Every clock
        starts with a full bank, whenever its player sat down."""
        table.turn_started = table.last_move = time.monotonic()
        if table.clock_ms is not None:
            table.clock = Clock(table.rules.players, table.clock_ms, table.increment_ms)
            table.clock.start(table.current_seat())

    async def fill(self, table: Table, client: Client) -> None:
        """A waiting table: a bot of the table's level in every open seat, and the hand
        starts."""
        async with table.lock:
            await self._sync(table)
            if client.seat is None:
                raise ProtocolError("not-seated", "only a seated player fills the table")
            if not table.waiting:
                raise ProtocolError("not-waiting", "every seat is taken: the hand has started")
            for seat, held in enumerate(table.seats):
                if held.kind != "open":
                    continue
                bot = StoredSeat("bot", f"Bot {seat}", None)
                if await asyncio.to_thread(self.store.claim_seat, table.id, seat, bot):
                    table.seats[seat] = bot
            table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
            if not table.waiting:
                self._begin(table)
            table.broadcast(None)
            await self.fanout.publish_table(table.id)
            self._kick_bots(table)

    def lobby(self) -> list[dict[str, Any]]:
        return [t.lobby_entry() for t in self.tables.values() if not t.private]

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    async def get_or_load(self, table_id: str) -> Table | None:
        """A table of this process, or one another process created (shared database)."""
        table = self.tables.get(table_id)
        if table is not None or not self.fanout.shared:
            return table
        stored = await asyncio.to_thread(self.store.load_table, table_id)
        if stored is None or not stored.hands:
            return None
        if table_id not in self.tables:  # another join may have loaded it meanwhile
            loaded = self._table_of(stored)
            now = time.monotonic()
            for seat, kind in enumerate(s.kind for s in loaded.seats):
                if kind == "human":
                    loaded.absent_since[seat] = now
            self.tables[table_id] = loaded
            self._kick_bots(loaded)
        return self.tables[table_id]

    async def _sync(self, table: Table) -> bool:
        """Take in what other processes committed to this table (its lock held)."""
        if not self.fanout.shared:
            return False
        latest = await asyncio.to_thread(self.store.latest_hand_no, table.id)
        if latest is not None and latest > table.hand.hand_no:
            # Another process dealt the next hand: take the table up afresh.
            stored = await asyncio.to_thread(self.store.load_table, table.id)
            if stored is not None:
                fresh = self._table_of(stored)
                table.hand, table.state, table.clock = fresh.hand, fresh.state, fresh.clock
                table.voided, table.end_votes = fresh.voided, set()
                table.match, table.in_play = fresh.match, fresh.in_play
                table.seats = stored.seats
                table.standin_turn = None
                table.turn_started = time.monotonic()
                table.ended_at = time.monotonic() if table.finished else None
                return True
        rows = await asyncio.to_thread(self.store.actions_since, table.id,
                                       table.hand.hand_no, table.version)
        was_waiting = table.waiting
        table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
        if was_waiting and not table.waiting:
            self._begin(table)  # another process seated the last player
        for seq, seat, text, clock_ms in rows:
            if seq != table.version + 1:
                break
            before = table.current_seat()
            table.state.play(text)
            table.hand.actions.append((seat, text))
            table.last_move = time.monotonic()
            if table.state.is_over or table.current_seat() != before:
                if table.clock is not None:
                    table.clock.end_turn(None if table.state.is_over else table.current_seat())
                table.turn_started = time.monotonic()
            if table.clock is not None and clock_ms is not None:
                table.clock.bank[seat] = clock_ms
        if table.finished and table.ended_at is None:
            table.ended_at = time.monotonic()
        return bool(rows)

    async def _remote_table(self, table_id: str) -> None:
        """Another process committed to a table: send this process's clients their views."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            hand_no = table.hand.hand_no
            if (await self._sync(table) and table.hand.actions
                    and table.hand.hand_no == hand_no):
                seat, text = table.hand.actions[-1]
                table.broadcast({"seat": seat, "action": text, "version": table.version})
            else:
                table.broadcast(None)  # a seat changed hands
            self._kick_bots(table)

    async def _remote_chat(self, table_id: str, line: dict[str, Any]) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        chat = ChatLine.model_validate(line)
        async with table.lock:
            table.chat = [*table.chat[-(CHAT_HISTORY - 1):], chat]
            for other in table.clients:
                if chat.seat not in other.muted:
                    other.send(chat)

    def may_see(self, table: Table, invite: str | None) -> bool:
        if not table.private:
            return True
        if invite is None or table.invite_hash is None:
            return False
        return hmac.compare_digest(_hash(invite), table.invite_hash)

    # --- joining -----------------------------------------------------------------------------

    async def join(self, message: Join, account: tuple[int, str] | None = None
                   ) -> tuple[Table, Client, str | None]:
        """Seat (or take back a seat, or watch) and send the welcome and the table.
        ``account`` is the (id, name) signed in on this connection, if any: its seats come
        back to it from any device, and what it earns is recorded."""
        table = await self.get_or_load(message.table)
        if table is None:
            raise ProtocolError("no-table", f"there is no table {message.table!r}")
        if not self.may_see(table, message.invite):
            raise ProtocolError("invite-required",
                                "this table is private: join with its invite code")
        name = " ".join(message.name.split())[:MAX_NAME_CHARS]
        token: str | None = None
        async with table.lock:
            await self._sync(table)
            if message.spectate:
                if not table.watchable():
                    raise ProtocolError("duplicate-hidden", "a duplicate turno's table can be "
                                        "watched once every table has played every smazzata")
                seat: int | None = None
                name = name or "Spettatore"
            elif message.token is not None:
                wanted = _hash(message.token)
                matches = [i for i, s in enumerate(table.seats)
                           if s.token_hash is not None and hmac.compare_digest(s.token_hash,
                                                                               wanted)]
                if not matches:
                    raise ProtocolError("bad-token", "that seat key belongs to no seat here")
                seat = matches[0]
                name = table.seats[seat].name
                # Back from any device: the stand-in bot gives the seat back.
                table.standin.discard(seat)
                table.absent_since.pop(seat, None)
            elif message.seat is not None:
                seat = message.seat
                if seat >= len(table.seats):
                    raise ProtocolError("no-seat", f"this table has seats 0–"
                                        f"{len(table.seats) - 1}")
                held = table.seats[seat]
                if (account is not None and held.kind == "human"
                        and held.account_id == account[0]):
                    name = held.name  # the account's own seat, from another device
                    table.standin.discard(seat)
                    table.absent_since.pop(seat, None)
                    client = self._admit(table, name, seat, None, account)
                    await self.fanout.mark_present(table.id, {seat})
                    return table, client, None
                if held.kind != "open":
                    raise ProtocolError("seat-taken", f"seat {seat} is taken")
                token = secrets.token_urlsafe(24)
                name = account[1] if account is not None else name or f"Giocatore {seat}"
                taken = StoredSeat("human", name, _hash(token),
                                   None if account is None else account[0])
                if not await asyncio.to_thread(self.store.claim_seat, table.id, seat, taken):
                    table.seats = await asyncio.to_thread(self.store.seats_of, table.id)
                    raise ProtocolError("seat-taken", f"seat {seat} is taken")
                was_waiting = table.waiting
                table.seats[seat] = taken
                if was_waiting and not table.waiting:
                    self._begin(table)  # the last open seat: the hand starts
                await self.fanout.publish_table(table.id)
            else:
                raise ProtocolError("malformed", "join: give a seat, a seat key or spectate")
            client = self._admit(table, name, seat, token, account)
            self._kick_bots(table)
        if seat is not None:
            await self.fanout.mark_present(table.id, {seat})  # before any clock looks
        return table, client, token

    def _admit(self, table: Table, name: str, seat: int | None, token: str | None,
               account: tuple[int, str] | None) -> Client:
        """Welcome a client to the table (its lock held) and send everyone what changed."""
        client = Client(name, seat)
        client.send(Welcome(table=table.id, name=name, seat=seat, token=token,
                            account=None if account is None else account[1],
                            chat=[c.model_dump() for c in table.chat]))
        table.clients.add(client)
        if seat is None:
            client.push(table.update_for(client, None))
        else:
            table.broadcast(None)  # the newcomer's first update, the others' presence
        return client

    async def leave(self, table: Table, client: Client) -> None:
        async with table.lock:
            table.clients.discard(client)
            if client.seat is not None:
                if not any(c.seat == client.seat for c in table.clients):
                    table.absent_since[client.seat] = time.monotonic()
                table.broadcast(None)

    # --- playing -----------------------------------------------------------------------------

    async def act(self, table: Table, client: Client, message: Act) -> None:
        """Apply one action of the client's seat or raise ``ProtocolError`` /
        ``IllegalActionError``; nothing changes on a refusal."""
        async with table.lock:
            if await self._sync(table):
                seat, text = table.hand.actions[-1]
                table.broadcast({"seat": seat, "action": text, "version": table.version})
            if client.seat is None:
                raise ProtocolError("not-seated", "spectators cannot play")
            if table.waiting:
                raise ProtocolError("waiting", "the hand starts when every seat is taken or "
                                    "filled with bots")
            # The round clock may have ended: time is called before this player draws, and
            # the action chosen just before it still stands (it is the same turn).
            called = await self._round_clock(table)
            if table.finished:
                raise ProtocolError("hand-over", "the hand is over")
            # A stale submission first: the loser of a race hears that the table moved on.
            if message.version != table.version and not (
                    called and message.version == table.version - 1):
                raise ProtocolError("stale", f"you acted on version {message.version}; the "
                                    f"table is at version {table.version}")
            if table.current_seat() != client.seat:
                raise ProtocolError("not-your-turn",
                                    f"it is seat {table.current_seat()}'s turn, not yours "
                                    f"(seat {client.seat})")
            if table.bot_plays(client.seat):
                raise ProtocolError("bot-playing", "a bot is finishing this turn for you "
                                    "(your time ran out, or you were idle after a nudge); "
                                    "your next turn is yours")
            try:
                action = table.game.parse(message.action)
            except NotationError as exc:
                raise ProtocolError("notation", str(exc)) from None
            await self._commit(table, client.seat, action)

    async def _commit(self, table: Table, seat: int, action: Action,
                      by_bot: bool = False, out_of_time: bool = False,
                      arbiter: bool = False) -> None:
        """Engine check, then durable store, then the live state and the broadcast.  Only the
        server's own arbiter (``arbiter``: the round clock) may commit an arbiter event; a
        player's or a bot's action goes through the engine's player entry point."""
        after = table.state.clone()
        if arbiter:  # IllegalActionError: nothing stored, nothing changed
            after.apply(action)
        else:
            after.apply_move(action)
        seq = table.version + 1
        text = str(action)
        seating = table.seating
        game = table.game
        result = game.result_info(after, table.hand.salt, table.hand.deal, seating)
        turn_over = after.is_over or seating.table(after.current) != seat
        clock = table.clock
        bank = None
        if clock is not None:
            bank = clock.left(seat) + (clock.increment_ms if turn_over else 0)
        awards: tuple[Award, ...] = ()
        if after.is_over:
            accounts = {i: st.account_id for i, st in enumerate(table.seats)
                        if st.kind == "human" and st.account_id is not None}
            awards = tuple(game.awards(after, seating, accounts, set(table.standin)))
        scores = table.match.scores
        ratings: tuple[tuple[int, float, float], ...] = ()
        if result is not None:
            scores = [*scores, list(result.scores)]
            if (game.rated and table.match_ends(scores)
                    and len(scores) >= MIN_RATED_HANDS):
                sides = table.match_sides()
                ids = [a for side in sides for a in side if a is not None]
                if ids:
                    now = await asyncio.to_thread(self.store.ratings_of, ids,
                                                  table.rules.game)
                    places = game.places(table.plan, scores, table.match.reentries)
                    ratings = tuple((a, mu, sigma) for a, (mu, sigma)
                                    in rate_places(sides, places, now).items())
        try:
            await self.writer.append(PendingAction(
                table.id, table.hand.hand_no, seq, seat, text,
                None if result is None else result.model_dump(mode="json"), bank, by_bot,
                awards, table.rules.game, ratings, out_of_time))
        except StaleVersionError:
            # Another process stored this action number first: take its actions in, show
            # them, and let the sender choose again on the new version.
            if await self._sync(table):
                last_seat, last_text = table.hand.actions[-1]
                table.broadcast({"seat": last_seat, "action": last_text,
                                 "version": table.version})
            raise ProtocolError("stale", "the table moved on meanwhile; nothing of yours "
                                "was played") from None
        except Exception as exc:
            # Not stored means not accepted: the live table stays as it was.
            log.exception("table %s: action %d not stored", table.id, seq)
            raise ProtocolError("not-stored", "the action could not be stored; nothing "
                                "changed: try again") from exc
        table.state = after
        table.hand.actions.append((seat, text))
        table.last_move = time.monotonic()
        table.match.scores = scores
        if turn_over:
            if clock is not None and bank is not None:
                clock.end_turn(None if after.is_over else seating.table(after.current))
                clock.bank[seat] = bank  # exactly what was stored, so a restart agrees
            if table.standin_turn == seat:
                table.standin_turn = None
            table.turn_started = time.monotonic()
        table.broadcast({"seat": seat, "action": text, "version": seq})
        await self.fanout.publish_table(table.id)
        if result is not None:
            table.ended_at = time.monotonic()
            if self.tournament is not None:
                self.tournament.hand_ended(table)
        self._kick_bots(table)

    def _kick_bots(self, table: Table) -> None:
        idle = table.bot_task is None or table.bot_task.done()
        if (idle and not table.finished and not table.waiting
                and table.bot_plays(table.current_seat())):
            table.bot_task = asyncio.create_task(self._run_bots(table))

    async def _run_bots(self, table: Table) -> None:
        """Play the bots' turns one action at a time, each as its own serialised command."""
        while True:
            await asyncio.sleep(self.pace_of(table))
            if not await self.fanout.hold_lease(table.id):
                return  # another process runs this table's bots
            async with table.lock:
                if await self._sync(table):
                    last_seat, last_text = table.hand.actions[-1]
                    table.broadcast({"seat": last_seat, "action": last_text,
                                     "version": table.version})
                await self._round_clock(table)
                state = table.state
                if table.finished or not table.bot_plays(table.current_seat()):
                    return
                seat = table.current_seat()
                table.bot_for(seat)
                # A thinking bot must not stop the other tables: it thinks in a worker thread
                # (this table waits, its lock held, so the position cannot change meanwhile).
                # One that raises, or plays an illegal action, gives way to a stand-in.
                seed = stand_in_seed(table.id, seat, table.version)
                action = await asyncio.to_thread(
                    choose_or_stand_in, table.bots, seat,
                    state.observation(table.seating.engine(seat)), state.legal_actions(),
                    table.id, seed, table.rules)
                if action is None:
                    return
                try:
                    await self._commit(table, seat, action,
                                       by_bot=table.seats[seat].kind != "bot",
                                       out_of_time=(table.standin_turn == seat
                                                    and seat not in table.standin))
                except IllegalActionError as exc:
                    if not stand_in(table.bots, seat, exc, table.id, seed, table.rules):
                        return
                except ProtocolError as exc:
                    log.error("table %s: bot at seat %d failed: %s", table.id, seat, exc)
                    return

    async def next_hand(self, table: Table, client: Client, hand_no: int) -> None:
        """Deal the next hand at this table, the deal passing to the next seat."""
        async with table.lock:
            await self._sync(table)
            if client.seat is None:
                raise ProtocolError("not-seated", "only the players deal the next hand")
            if hand_no != table.hand.hand_no:
                raise ProtocolError("stale", f"hand {table.hand.hand_no} is already dealt")
            if not table.finished:
                raise ProtocolError("hand-not-over", "finish this hand first")
            await self._deal(table)

    async def deal_turno(self, table: Table) -> bool:
        """A tournament table whose hand ended ``deal_pause`` ago deals the turno's next
        smazzata itself (nobody has to press "next hand", also after a restart).  Returns
        whether it dealt."""
        if not (table.fixed_hands and table.finished and table.ended_at is not None
                and time.monotonic() - table.ended_at >= self.deal_pause):
            return False
        if table.match_over() or not await self.fanout.hold_lease(table.id):
            return False
        async with table.lock:
            await self._sync(table)
            if not table.finished or table.match_over():
                return False
            try:
                await self._deal(table)
            except ProtocolError as exc:
                if exc.code not in ("stale", "round-over"):
                    raise
                return False
            log.info("table %s: smazzata %d dealt by the server", table.id,
                     table.hand.hand_no + 1)
            return True

    async def _deal(self, table: Table) -> None:
        """Deal the next hand (the table's lock held, its hand over)."""
        await self._round_clock(table)  # the turno's time is up: no next smazzata
        players = table.rules.players
        game = table.game
        new_match = table.match_over()
        # A tournament table plays one match, its turno: a rematch there is refused, also
        # when the server runs without the tournament (its link is kept with the table).
        if new_match and (table.fixed_hands or (
                self.tournament is not None and await self.tournament.holds(table.id))):
            raise ProtocolError("round-over", "this table's tournament turno is over: no "
                                "rematch at a tournament table")
        reentries = None if new_match else await self._reentries(table)
        match = (fresh_match(table.plan, game.width(table.rules), table.hand.hand_no + 1)
                 if new_match else table.match)
        in_play = game.in_play(table.rules, match)
        number = table.hand.hand_no + 1
        prepared = None
        if table.prepared is not None:
            if number >= len(table.prepared):
                raise ProtocolError("round-over", "this table's tournament turno is over")
            prepared = table.prepared[number]
        hand, state = new_hand(table.rules, number,
                               game.next_dealer(table.hand.dealer, in_play), self.rng,
                               in_play, match.totals, prepared)
        try:
            await asyncio.to_thread(self.store.add_hand, table.id, hand, reentries)
        except StaleVersionError:
            await self._sync(table)
            table.broadcast(None)
            raise ProtocolError("stale", "the next hand was dealt meanwhile") from None
        if state.players != table.state.players:
            table.bots = {}  # a Scala 40 player went out: the bots learn the new table
        table.hand, table.state, table.in_play = hand, state, in_play
        table.voided = False
        table.ended_at = None
        table.end_votes = set()
        table.match = match  # a new match (a rematch), or the same one
        table.standin_turn = None
        table.turn_started = time.monotonic()
        if table.clock_ms is not None:
            table.clock = Clock(players, table.clock_ms, table.increment_ms)
            table.clock.start(table.current_seat())
        table.broadcast(None)
        await self.fanout.publish_table(table.id)
        self._kick_bots(table)

    async def _reentries(self, table: Table) -> list[int] | None:
        """Scala 40 under ``reentry`` (§6.5), between hands (the table's lock held): take in
        the re-entries noted after the hand that ended (by any process), and let a side of
        bots only re-enter whenever it may (it has nothing to lose).  The sides back in, or
        None when the rules have no re-entry."""
        match = table.match
        if match.scala40 is None or match.scala40.reentry is Reentry.NONE:
            return None
        if table.voided:
            return []  # nobody re-enters after a hand that did not count
        hand_no = table.hand.hand_no
        back = await asyncio.to_thread(self.store.reentries_of, table.id, hand_no)
        if back:
            match.reentries[len(match.scores)] = back
        sides = seat_sides(table.rules)
        for side in range(table.game.width(table.rules)):
            bots = all(table.seats[s].kind == "bot" for s, x in enumerate(sides) if x == side)
            if bots and side not in back and table.reentry_open(side):
                back = await asyncio.to_thread(self.store.add_reentry, table.id, hand_no, side)
                match.reentries[len(match.scores)] = back
        return back

    async def reenter(self, table: Table, client: Client) -> None:
        """The client's side re-enters the match before the next hand is dealt (Scala 40,
        ``reentry=ONCE_AT_HIGHEST_REMAINING``, §6.5): its total becomes the highest
        total still in play."""
        async with table.lock:
            await self._sync(table)
            if client.seat is None:
                raise ProtocolError("not-seated", "only a player re-enters")
            await self._reentries(table)
            side = seat_sides(table.rules)[client.seat] if table.match.scala40 else 0
            if not table.reentry_open(side):
                raise ProtocolError("no-reentry", "you may not re-enter now (reentry, RULES.md "
                                    "§6.5: under ONCE_AT_HIGHEST_REMAINING, once a match, "
                                    "right after your elimination, before the next hand is "
                                    "dealt, while two sides are still in play)")
            try:
                back = await asyncio.to_thread(self.store.add_reentry, table.id,
                                               table.hand.hand_no, side)
            except StaleVersionError:
                await self._sync(table)
                table.broadcast(None)
                raise ProtocolError("stale", "the next hand was dealt meanwhile") from None
            table.match.reentries[len(table.match.scores)] = back
            table.broadcast(None)
            await self.fanout.publish_table(table.id)

    async def vote_end(self, table: Table, client: Client, agree: bool) -> None:
        """Agree (or no longer agree) to end the hand now without counting it; when every
        player present agrees, the hand is void: no score, no experience, no rating."""
        async with table.lock:
            await self._sync(table)
            if client.seat is None:
                raise ProtocolError("not-seated", "only the players can end the hand")
            if table.finished:
                raise ProtocolError("hand-over", "the hand is over")
            if agree:
                table.end_votes.add(client.seat)
            else:
                table.end_votes.discard(client.seat)
            present = {i for i, s in enumerate(table.seats)
                       if s.kind == "human" and i not in table.standin}
            if agree and present <= table.end_votes:
                await asyncio.to_thread(self.store.void_hand, table.id, table.hand.hand_no)
                table.voided = True
                table.ended_at = time.monotonic()
                if table.clock is not None:
                    table.clock.end_turn(None)
            table.broadcast(None)
            await self.fanout.publish_table(table.id)
            if table.voided and self.tournament is not None:
                self.tournament.hand_ended(table)  # ended, though not counted

    # --- presence and time -----------------------------------------------------------------

    async def _tick_loop(self) -> None:
        marked = 0.0
        while True:
            await asyncio.sleep(self.tick)
            # Presence for the other processes once a second (it lives 3 s in Redis).
            mark = self.fanout.shared and time.monotonic() - marked >= 1.0
            if mark:
                marked = time.monotonic()
            for table in list(self.tables.values()):
                try:
                    if self.fanout.shared:
                        self._kick_bots(table)  # take over the bots of a process that died
                        here = {c.seat for c in table.clients if c.seat is not None}
                        if mark and here:
                            await self.fanout.mark_present(table.id, here)
                    await self.check_time(table)
                    await self.deal_turno(table)
                except Exception:  # one table's trouble must not stop every clock
                    log.exception("table %s: clock check failed", table.id)

    async def _round_clock(self, table: Table) -> bool:
        """A tournament table (its lock held) once the turno's round clock has ended: call
        time (§2.9c, T-37: before the player in turn draws; the final round is then
        played, and no hand is dealt after this one).  In the middle of a turn, time is called
        when the turn ends; a game without a time-out rule (Scala 40) plays the hand out.
        Returns whether the time-out was committed now (the table's version moved)."""
        if table.round_ends is None or table.time_called or self.wall() < table.round_ends:
            return False
        game, state = table.game, table.state
        if not table.finished and game.times_out(state):
            action = game.call_time(state)
            if action is None:
                return False  # a turn under way: time is called at its end
            await self._commit(table, table.current_seat(), action, arbiter=True)
            table.time_called = True
            return True
        table.time_called = True
        table.broadcast(None)  # the match is over once this hand is
        if table.finished and self.tournament is not None:
            self.tournament.hand_ended(table)  # the turno ends here: send what was played
        return False

    async def check_time(self, table: Table) -> None:
        """Call time at a tournament table whose round clock has ended; let a bot stand in for
        the player whose turn it is when its time bank is empty (for this turn) or when it
        has been away longer than the grace period (until it comes back, from any device,
        with its seat key)."""
        if (table.round_ends is not None and not table.time_called
                and self.wall() >= table.round_ends):
            async with table.lock:
                await self._round_clock(table)
        state = table.state
        if table.finished or table.waiting:
            return
        seat = table.current_seat()
        if table.seats[seat].kind != "human" or table.bot_plays(seat):
            return
        out_of_time = table.clock is not None and table.clock.left(seat) <= 0
        here = any(c.seat == seat for c in table.clients)
        if not out_of_time and here and await self._idle(table, seat):
            return
        if not out_of_time and (seat not in table.absent_since or here):
            return  # the usual case, settled without queueing for the table's lock
        now = time.monotonic()
        changed = False
        async with table.lock:
            if table.state is not state:
                return  # moved on meanwhile; the next tick looks again
            if table.clock is not None and table.clock.left(seat) <= 0:
                table.standin_turn = seat
                changed = True
            elif seat in table.absent_since and not any(c.seat == seat for c in table.clients):
                away = now - max(table.absent_since[seat], table.turn_started)
                if (away * 1000 >= table.grace_ms
                        and not await self.fanout.present_elsewhere(table.id, seat)):
                    table.standin.add(seat)
                    changed = True
            if changed:
                table.broadcast(None)
                self._kick_bots(table)

    async def _idle(self, table: Table, seat: int) -> bool:
        """A casual table's player, connected, who has not moved on their turn for
        ``idle_ms``: nudged once (a ``nudge`` to their connections), then, ``nudge_ms`` later,
        a bot plays the rest of that turn.  Whether the player is idle (then this rule has
        the turn in hand and nothing else is looked at)."""
        if self.idle_ms is None or not table.casual():
            return False
        since = max(table.turn_started, table.last_move)
        idle_ms = (time.monotonic() - since) * 1000
        if idle_ms < self.idle_ms:
            return False
        if table.nudged != since:
            table.nudged = since
            for client in table.clients:
                if client.seat == seat:
                    seconds = round(self.nudge_ms / 1000)
                    client.send(Nudge(seconds=seconds, message=nudge_text(client.lang, seconds)))
            return True
        if idle_ms < self.idle_ms + self.nudge_ms:
            return True
        state = table.state
        async with table.lock:
            if table.state is not state or table.bot_plays(seat):
                return True  # moved on meanwhile; the next tick looks again
            table.standin_turn = seat
            table.broadcast(None)
            self._kick_bots(table)
        return True

    # --- chat --------------------------------------------------------------------------------

    async def chat(self, table: Table, client: Client, text: str) -> None:
        if client.seat is None:
            raise ProtocolError("not-seated", "spectators watch; the chat is the players'")
        line = ChatLine(seat=client.seat, name=client.name, text=" ".join(text.split()))
        if not line.text:
            raise ProtocolError("malformed", "chat: empty message")
        async with table.lock:
            await asyncio.to_thread(self.store.add_chat, table.id, client.seat, client.name,
                                    line.text)
            table.chat = [*table.chat[-(CHAT_HISTORY - 1):], line]
            for other in table.clients:
                if client.seat not in other.muted:
                    other.send(line)
        await self.fanout.publish_chat(table.id, line.model_dump())


def error_of(exc: Exception, table: Table | None = None, lang: str = "en",
             written: str | None = None) -> ErrorInfo:
    """The error frame of a refusal, with the rule and docs/rules.md section when the engine
    refused, explained in ``lang`` with the words of ``table``'s game (``written``: the move
    as the player wrote it)."""
    if isinstance(exc, IllegalActionError):
        game = "burraco" if table is None else table.rules.game
        message = refusal_message(exc, game, lang, None if table is None else table.rules,
                                  written)
        return ErrorInfo(code="illegal", message=message, rule=exc.rule, section=exc.section,
                         detail=None if message == str(exc) else str(exc))
    if isinstance(exc, ProtocolError):
        return ErrorInfo(code=exc.code, message=exc.message)
    return ErrorInfo(code="error", message=str(exc))
