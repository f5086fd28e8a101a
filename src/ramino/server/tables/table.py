"""One live table: its seats, its hand and match, its clients, and the frames each receiver
is sent (its own view or the public one, built and encoded once per view).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from ramino.bots import Bot
from ramino.games.scala40.deal import seat_sides
from ramino.games.state import GameState
from ramino.rules import RuleSet
from ramino.server.bots import make_bot, think_seconds
from ramino.server.clock import Clock
from ramino.server.games import SeatMap, TableGame, game_of
from ramino.server.matches import MIN_RATED_HANDS, MatchPlan, MatchState, starting_side
from ramino.server.protocol import ChatLine, ResultInfo
from ramino.server.store import StoredHand, StoredSeat
from ramino.server.tables.client import Client
from ramino.server.tables.hands import table_plan


def secret_hash(secret: str) -> str:
    """How an invite code or a seat key is kept: its SHA-256, compared in constant time."""
    return hashlib.sha256(secret.encode()).hexdigest()


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
    state: GameState
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
    # The coach's hints offered, as the table was created (ramino.server.hints: never at a
    # tournament table nor in a rated match, whatever this says).
    hints: bool = True
    # Whether this server runs a coach at all (``RAMINO_COACH_WORKERS=0``: none, and no table
    # offers what it cannot answer).
    coach: bool = True
    levels: dict[int, int] = field(default_factory=dict)  # account id -> level, as last read
    last_move: float = field(default_factory=time.monotonic)  # the table's latest action
    nudged: float | None = None  # the idle stretch (its start) whose player was nudged
    # The match part of the updates of the hand in play, and what it was built for.
    _match_info: tuple[tuple[int, int, int, bool], dict[str, Any]] | None = field(
        default=None, repr=False, compare=False)
    # Until when (monotonic) the tick may skip this table: nothing of its clocks, idle turns
    # or next smazzata can fall due before then unless it changes (a broadcast resets it).
    quiet_until: float = 0.0
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

    def hints_offered(self) -> bool:
        """Whether a player may ask the coach for a hint here: the server runs a coach, the
        table allows it, and it is neither a tournament table nor a rated match (the coach
        would play for them)."""
        return (self.coach and self.hints and self.casual()
                and not self.match_info()["rated"])

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
        """The match's part of an update.  While a hand is played it cannot change (scores,
        totals and re-entries move between hands, the round clock's call ends the hand's
        match), so it is built once a hand and kept, not once an action."""
        key = (id(self.match), self.hand.hand_no, len(self.match.scores), self.time_called)
        if not self.finished and self._match_info is not None and self._match_info[0] == key:
            return self._match_info[1]
        info = self._build_match_info()
        self._match_info = None if self.finished else (key, info)
        return info

    def _build_match_info(self) -> dict[str, Any]:
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
        # The stored actions of the hand, kept in step with the state by each commit (cheaper
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
        think = (think_seconds(self.bot_level, self.rules)
                 if any(s.kind == "bot" for s in self.seats) else None)
        return [{"seat": i, "kind": s.kind, "name": s.name,
                 "connected": s.kind == "bot" or i in present,
                 "level": (self.levels.get(s.account_id) if s.kind == "human"
                           and s.account_id is not None else None),
                 "bot_level": self.bot_level if s.kind == "bot" else None,
                 "think_seconds": think if s.kind == "bot" else None}
                for i, s in enumerate(self.seats)]

    def accounts(self) -> list[int]:
        """The accounts seated here (registered players)."""
        return [s.account_id for s in self.seats
                if s.kind == "human" and s.account_id is not None]

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
                "hints": self.hints_offered(),
                "result": None if result is None else result.model_dump(mode="json")}

    def _result(self) -> ResultInfo | None:
        result = self.game.result_info(self.state, self.hand.salt, self.hand.deal, self.seating)
        if result is not None and self.hidden(self.hand.hand_no):
            # The salt opens the commitment and the deal shows every hidden card: both wait
            # until the last table of the duplicate turno has played this deal.
            return result.model_copy(update={"salt": None, "deal": None, "hands": None})
        return result

    def _delayed(self, shared: dict[str, Any]) -> tuple[GameState, dict[str, Any]]:
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
               encoded: bytes | None = None, public: bytes | None = None) -> str:
        """The encoded update for a seat (None: a spectator): its own view and legal actions
        before the shared fields.  A broadcast passes what every receiver shares, encoded
        once: ``encoded`` the shared fields, ``public`` the public view without its ``seat``
        (:meth:`_public`).  A seat's view is that public view with the seat's own fields
        (``TableGame.private_view``) added, which is its observation."""
        state = self.state
        if seat is None and self.spectator_delay and not self.finished:
            state, shared = self._delayed(shared)
            encoded = public = None
        if public is None:
            public = self._public(state)
        if seat is None or self.waiting:
            own = b'{"seat":null'
        else:
            own = orjson.dumps(self.game.private_view(state, seat, self.seating))[:-1]
        legal: list[str] = []
        if (seat is not None and seat == self.seating.table(state.current)
                and not self.finished and not self.bot_plays(seat) and not self.waiting):
            legal = [str(a) for a in state.legal_actions()]
        tail = encoded if encoded is not None else orjson.dumps(shared)
        # One JSON object (the fields of ``protocol.Update``): the view, the legal actions,
        # then the shared fields.
        return b"".join((b'{"view":', own, b",", public[1:], b',"legal":',
                         orjson.dumps(legal), b",", tail[1:])).decode()

    def _public(self, state: GameState) -> bytes:
        """The public view of ``state`` encoded, less its ``seat`` (each frame puts its own)."""
        view = self.game.public_view(state, self.seating)
        del view["seat"]
        return orjson.dumps(view)

    def update_for(self, client: Client, event: dict[str, Any] | None) -> str:
        return self._frame(client.seat, self._shared(event))

    def broadcast(self, event: dict[str, Any] | None) -> None:
        """Send every client its update: what all receivers share (the shared fields and the
        public view) is built and encoded once, and each distinct view once."""
        self.quiet_until = 0.0  # the table changed: the tick looks at it again
        if not self.clients:
            return  # nobody will see this version: nothing to build
        shared = self._shared(event)
        encoded = orjson.dumps(shared)
        public = self._public(self.state)
        frames: dict[int | None, str] = {}
        for client in list(self.clients):
            frame = frames.get(client.seat)
            if frame is None:
                frame = frames[client.seat] = self._frame(client.seat, shared, encoded, public)
            client.push(frame)

    def begin(self) -> None:
        """The waiting room is full (the lock held): the first hand starts now.  Every clock
        starts with a full bank, whenever its player sat down."""
        self.turn_started = self.last_move = time.monotonic()
        if self.clock_ms is not None:
            self.clock = Clock(self.rules.players, self.clock_ms, self.increment_ms)
            self.clock.start(self.current_seat())

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
