"""Tournament turni played on the server: the director opens a turno, the players sit with
their pair's links, and when a table's last smazzata ends its scores go to the tournament.

One :class:`TournamentFeed` serves the tournament file the server mounts (``ramino serve
--tournament FILE``). Opening a turno makes a table per tournament table (the tournament's
preset, a match of exactly its smazzate per turno, nobody eliminated), N-S on seats 0 and 2 and
E-W on 1 and 3 for Burraco and Scala 40 pairs (partners), N-S on seat 0 and E-W on 1 for Scala
40 singles (table sides are even and odd seats, :mod:`ramino.server.seating`), each seat held
for its player by a seat key; the link to the tournament table is stored with the server table,
so it outlives a restart. When a hand ends, :meth:`TournamentFeed.hand_ended` (called by the
table manager, which must not wait) starts a background submission: it reads the stored hands
and, if every smazzata of the turno ended by the rules (none ended early by agreement, none left
unplayed, nobody away when a smazzata ended), writes the per-smazzata scores into the tournament
as a result that counts at once (the engine scored it), naming the server table, its hand
records and any player a bot stood in for a while. An abandoned table (a bot finished a smazzata
for a player who had gone) is not counted: the trail says so and the director enters the result.
Each table has the turno's round clock: a time bank per player per smazzata from the turno's
minutes (:func:`round_bank_ms`) and, when the clock ends, time called by the table manager
(§2.9c); the smazzate played then count.
The tournament answers "already" to a result it holds, and the link is marked sent
afterwards, so a retry or a restart never counts a table twice.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy.exc import IntegrityError

from ramino.records.document import write_deal
from ramino.rules import make_rules
from ramino.server.bots import DEFAULT_LEVEL
from ramino.server.games import game_of
from ramino.server.protocol import MAX_NAME_CHARS
from ramino.server.store import StoredHand, StoredSeat, StoredTable, TournamentLink
from ramino.server.tables import Table, TableManager, secret_hash
from ramino.tournament import store as tournament_store
from ramino.tournament.model import Discipline, Settings
from ramino.tournament.model import Table as TournamentTable
from ramino.tournament.online import OnlineTable, SeatLink
from ramino.tournament.tournament import Tournament

log = logging.getLogger("ramino.server")

NS_SEATS = (0, 2)  # table side 0
EW_SEATS = (1, 3)  # table side 1


@dataclass(frozen=True)
class Layout:
    """How a tournament table sits at a server table: the rules options and the table seats
    of N-S and of E-W (a server table's sides are its even and odd seats)."""

    options: dict[str, Any]
    ns: tuple[int, ...]
    ew: tuple[int, ...]


def layout(settings: Settings) -> Layout:
    """The server table of the tournament's discipline and preset, or ``ValueError`` saying
    why the server cannot seat it."""
    discipline = settings.discipline
    try:
        rules = make_rules(settings.preset)
    except ValueError as exc:
        raise ValueError(f"preset {settings.preset}: {exc}") from None
    scala40 = discipline.lower_is_better
    if scala40 != (rules.game == "scala40"):
        raise ValueError(f"preset {settings.preset} plays {rules.game}; a {discipline.value} "
                         f"tournament needs a {'Scala 40' if scala40 else 'Burraco'} preset")
    if scala40:
        # Singles: one player against one (§6.1: 2 to 6 players, each for himself).  Pairs:
        # the two players of a pair are partners sitting opposite (§6.1 "pairs are possible
        # with 4 players", partnerships PAIRS_2V2: seats 0 and 2 against 1 and 3), and each
        # smazzata's penalty points are the pair's.
        pairs = discipline is Discipline.SCALA40_PAIRS
        options: dict[str, Any] = ({"players": 4, "partnerships": "PAIRS_2V2"} if pairs
                                   else {"players": 2})
        try:
            rules = make_rules(settings.preset, options)
            game_of(rules).check(rules)
        except ValueError as exc:
            where = "with pairs of partners" if pairs else "at a table of two"
            raise ValueError(f"preset {settings.preset} {where}: {exc}") from None
        return Layout(options, *((NS_SEATS, EW_SEATS) if pairs else ((0,), (1,))))
    if rules.players != 4:
        raise ValueError(f"preset {settings.preset} is for {rules.players} players; a "
                         "tournament table seats four")
    return Layout({}, NS_SEATS, EW_SEATS)


def seat_key(code: str, seat: int) -> str:
    """A player's seat key: the pair's code and the seat."""
    return f"{code}-{seat}"


def players(t: Tournament, side: tuple[int, ...], seats: int = 2) -> list[str]:
    """The players of a side on its ``seats`` seats: the pair's members (or the pair's name,
    numbered), the two partners of an individual turno, or a single player."""
    if len(side) == 2:
        return [t.entrant(e).name for e in side]
    entrant = t.entrant(side[0])
    if seats == 1:
        return [entrant.name]
    if len(entrant.members) == 2:
        return list(entrant.members)
    return [f"{entrant.name} 1", f"{entrant.name} 2"]


def round_bank_ms(minutes: int, deals: int, players: int) -> int:
    """Each player's time bank for one smazzata of a turno of ``minutes``: the turno shared
    equally among its smazzate and, in each, among the players at the table, so that a turno
    in which everyone used every bank lasts exactly its minutes (no increment)."""
    return minutes * 60_000 // (deals * players)


@dataclass(frozen=True)
class Played:
    """A server table's turno as stored: its hands, each scored smazzata's (N-S, E-W), the
    notes on turns a bot played (for absent players, or out of time) and the seats whose
    player had gone when a smazzata ended."""

    hands: list[StoredHand]
    scores: list[tuple[int, int]]
    absent: list[str]
    slow: list[str]
    gone: list[int]


def record_ids(table_id: str, hands: list[int]) -> str:
    """Hand records by id: TABLE/HAND (``GET /api/tables/TABLE/record?hand=HAND``)."""
    return ", ".join(f"{table_id}/{h}" for h in hands)


@dataclass(frozen=True)
class Submission:
    """What a server table's finished turno sends to the tournament: each smazzata's scores
    by side, the ``source`` the trail names (the server table, its hand records, the turns a
    bot played) and the players who had ``gone`` when a smazzata ended (then the table is
    abandoned: nothing counts and the director enters the result)."""

    table_id: str
    round_no: int
    table_no: int
    ns: list[int]
    ew: list[int]
    source: str
    gone: list[str]


def finished_turno(link: TournamentLink, stored: StoredTable,
                   now: float) -> list[StoredHand] | None:
    """The hands of the table's turno when it is over and each ended by the rules: all its
    smazzate, or those played when the round clock ended at ``now`` (§2.9c, T-37).
    None while it is played, and for a turno with a smazzata ended early by agreement (the
    director enters what was played)."""
    hands = [h for h in stored.hands if h.hand_no < stored.match_hands]
    cut = link.ends_at is not None and now >= link.ends_at
    if (len(hands) < stored.match_hands and not (cut and hands)) or any(
            h.result is None or h.result.get("void") for h in hands):
        return None
    return hands


def submission(table_id: str, link: TournamentLink, stored: StoredTable,
               hands: list[StoredHand], played: Played) -> Submission:
    """What a finished turno (``hands``, :func:`finished_turno`) sends, from what its stored
    hands say (``played``)."""
    source = (f"server table {table_id}, records "
              f"{record_ids(table_id, [h.hand_no for h in hands])}")
    if len(hands) < stored.match_hands:
        source += f"; time was up after {len(hands)} of {stored.match_hands} smazzate"
    if played.absent:
        source += "; a bot played for absent players in " + "; ".join(played.absent)
    if played.slow:
        source += "; a bot finished turns out of time in " + "; ".join(played.slow)
    return Submission(table_id, link.round_no, link.table_no,
                      ns=[score[0] for score in played.scores],
                      ew=[score[1] for score in played.scores], source=source,
                      gone=[stored.seats[seat].name or f"seat {seat}" for seat in played.gone])


class TournamentFeed:
    def __init__(self, manager: TableManager, path: Path, *,
                 bot_level: str = DEFAULT_LEVEL) -> None:
        self.manager = manager
        self.store = manager.store
        self.path = Path(path).resolve()
        self.key = str(self.path)
        self.bot_level = bot_level
        self._tasks: set[asyncio.Task[str | None]] = set()

    # --- life cycle --------------------------------------------------------------------------

    async def start(self) -> None:
        """Send what a stop or a crash left unsent (a finished turno is sent; others wait),
        and reveal the duplicate deals that every table has played."""
        links = await asyncio.to_thread(self.store.tournament_links, self.key)
        for table_id, link in links:
            if not link.submitted:
                self._spawn(table_id)
        duplicate = set()
        for table_id, link in links:
            table = self.manager.get(table_id)
            if table is not None and table.prepared is not None:
                duplicate.add(link.round_no)
        for round_no in sorted(duplicate):
            await self.reveal(round_no)

    async def stop(self) -> None:
        """Let the submissions under way finish (each is one short file write)."""
        await self.settled()

    async def settled(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # --- the table manager's hooks ------------------------------------------------------------

    def hand_ended(self, table: Table) -> None:
        if table.match_over():
            self._spawn(table.id)
        if table.prepared is not None:
            task = asyncio.create_task(self._reveal_for(table.id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def holds(self, table_id: str) -> bool:
        return await asyncio.to_thread(self.store.tournament_link, table_id) is not None

    def _spawn(self, table_id: str) -> None:
        task = asyncio.create_task(self._submit(table_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _submit(self, table_id: str) -> str | None:
        try:
            return await asyncio.to_thread(self.submit, table_id)
        except Exception:  # the table plays on; the director can enter the result by hand
            log.exception("table %s: the result did not reach the tournament", table_id)
            return None

    # --- duplicate deals ----------------------------------------------------------------------

    async def _reveal_for(self, table_id: str) -> str | None:
        try:
            link = await asyncio.to_thread(self.store.tournament_link, table_id)
            if link is not None and link.tournament == self.key:
                await self.reveal(link.round_no)
        except Exception:  # the deal stays hidden; the next hand end or a restart looks again
            log.exception("table %s: the duplicate deals were not revealed", table_id)
        return None

    def revealed(self, round_number: int) -> tuple[list[str], set[int]]:
        """The turno's server tables and the hand numbers every one of them has ended: a
        duplicate deal is revealed only then (a void hand has ended too).  A table whose
        turno is over holds back no deal, also those it never played: its result counts (the
        server's or the director's), or the round clock has ended and so has its last hand."""
        links = self.store.tournament_links(self.key, round_number)
        ids = [table_id for table_id, _ in links]
        finished = self.store.finished_hands(ids)
        t = tournament_store.load(self.path)
        every = set(range(t.settings.deals_per_round))
        now = self.manager.wall()
        for table_id, link in links:
            cut = link.ends_at is not None and now >= link.ends_at
            if (link.submitted or t.table(round_number, link.table_no).confirmed
                    or (cut and self.store.latest_hand_no(table_id) in finished[table_id])):
                finished[table_id] = every
        common = set.intersection(*finished.values()) if finished else set()
        return ids, common

    async def reveal(self, round_number: int) -> None:
        """Show each table's salt and deal, and publish its record, for every duplicate deal
        that the last table of the turno has finished."""
        ids, common = await asyncio.to_thread(self.revealed, round_number)
        for table_id in ids:
            table = self.manager.get(table_id)
            if table is None or table.prepared is None:
                continue
            async with table.lock:
                new = common - table.revealed
                if not new:
                    continue
                table.revealed |= new
                if table.hand.hand_no in new and table.finished:
                    table.broadcast(None)  # the final update again, now with salt and deal

    def prepare(self, settings: Settings, seating: Layout) -> list[dict[str, Any]]:
        """Fresh deals for a duplicate turno's smazzate, shuffled like any server deal.  Not
        the tournament's published deal seeds: anyone could deal those (docs/tournament.md)."""
        rules = make_rules(settings.preset, seating.options)
        game = game_of(rules)
        everyone = (True,) * rules.players
        rng = self.manager.rng or secrets.SystemRandom()
        deals = []
        dealer = rules.players - 1  # a table's first dealer; the deal passes to the next seat
        for _ in range(settings.deals_per_round):
            seats = game.seating(rules, dealer, everyone)
            deals.append(write_deal(game.deal(game.hand_rules(rules, seats, ()), seats, rng)))
            dealer = game.next_dealer(dealer, everyone)
        return deals

    # --- submitting ---------------------------------------------------------------------------

    def played(self, table_id: str, stored: StoredTable, match_hands: int) -> Played:
        """What a table's stored hands of the turno say: each smazzata's scores by side, and
        who a bot stood in for (absent, or out of time) and who had gone when one ended."""
        hands = [h for h in stored.hands if h.hand_no < match_hands]
        scored = [h for h in hands if h.result is not None and not h.result.get("void")]
        absent: list[str] = []
        slow: list[str] = []
        gone: set[int] = set()
        for h in hands:
            away = {seq for seq in self.store.bot_actions(table_id, h.hand_no,
                                                          out_of_time=False)
                    if seq <= len(h.actions)}
            late = {seq for seq in self.store.bot_actions(table_id, h.hand_no,
                                                          out_of_time=True)
                    if seq <= len(h.actions)}
            for seqs, notes in ((away, absent), (late, slow)):
                seats = sorted({h.actions[seq - 1][0] for seq in seqs})
                if seats:
                    names = ", ".join(stored.seats[seat].name or f"seat {seat}"
                                      for seat in seats)
                    notes.append(f"smazzata {h.hand_no + 1}: {names}")
            # A player whose last turn of a smazzata a bot played was away when it ended: the
            # server's abandonment.  A turn a bot finished because the player's time bank was
            # empty is the clock's, not an abandonment.
            if h.result is not None:
                last = {seat: seq for seq, (seat, _text) in enumerate(h.actions, start=1)}
                gone |= {seat for seat, seq in last.items() if seq in away}
        # Stored result scores are by table side: side 0 (even seats) is N-S.
        return Played(hands=hands,
                      scores=[(int(h.result["scores"][0]), int(h.result["scores"][1]))
                              for h in scored if h.result is not None],
                      absent=absent, slow=slow, gone=sorted(gone))

    def submit(self, table_id: str) -> str | None:
        """Send the table's turno to the tournament if it is complete; the tournament's answer
        ("counted", "already", "kept", "abandoned"), or None when there is nothing to send.
        The store is read, :func:`finished_turno` and :func:`submission` decide, and
        :meth:`send` writes."""
        # Every table's match end comes here: the link is one key lookup, the hands only then.
        link = self.store.tournament_link(table_id)
        if link is None or link.submitted or link.tournament != self.key:
            return None
        stored = self.store.load_table(table_id)
        if stored is None:
            return None
        hands = finished_turno(link, stored, self.manager.wall())
        if hands is None:
            return None
        played = self.played(table_id, stored, stored.match_hands)
        return self.send(submission(table_id, link, stored, hands, played))

    def send(self, sent: Submission) -> str:
        """Write a submission into the tournament: a result that counts, or an abandoned
        table left to the director (then not marked sent: it is looked at again)."""
        with tournament_store.change(self.path) as t:
            if sent.gone:
                status = t.server_abandoned(sent.round_no, sent.table_no, sent.source)
            else:
                status = t.server_result(sent.round_no, sent.table_no, sent.ns, sent.ew,
                                         sent.source)
        if sent.gone:
            log.info("table %s: turno %d table %d abandoned (a bot finished for %s): left to "
                     "the director", sent.table_id, sent.round_no, sent.table_no,
                     ", ".join(sent.gone))
            return status  # not sent: the director's to decide, and this is checked again
        self.store.mark_submitted(sent.table_id)
        log.info("table %s: turno %d table %d finished, N-S %s E-W %s: %s", sent.table_id,
                 sent.round_no, sent.table_no, sent.ns, sent.ew, status)
        return status

    # --- the director's desk ------------------------------------------------------------------

    async def open_round(self, round_number: int, grace_seconds: float = 60.0
                         ) -> list[OnlineTable]:
        t = await asyncio.to_thread(tournament_store.load, self.path)
        settings = t.settings
        seats = layout(settings)
        if not 0 <= grace_seconds <= 3600:
            raise ValueError("grace_seconds is between 0 and 3600")
        rnd = t.round(round_number)
        links = await asyncio.to_thread(self.store.tournament_links, self.key, round_number)
        linked = {link.table_no for _, link in links}
        # One round clock for the turno, from its first opening (a second opening keeps it).
        ends = next((link.ends_at for _, link in links if link.ends_at is not None),
                    self.manager.wall() + settings.round_minutes * 60)
        to_open = [table for table in rnd.tables if not (
            table.number in linked or table.online is not None or table.confirmed)]
        prepared = None
        if settings.duplicate and to_open:
            _ids, common = await asyncio.to_thread(self.revealed, round_number)
            if linked and common:
                raise ValueError(f"turno {round_number} is duplicate and its smazzata "
                                 f"{min(common) + 1} is revealed already: a table opened now "
                                 "would play a known deal; enter its result by hand")
            prepared = await asyncio.to_thread(self.store.prepare_deals, self.key,
                                               round_number, self.prepare(settings, seats))
        for table in to_open:
            await self._open_table(t, round_number, table, seats, grace_seconds, prepared, ends)
        await asyncio.to_thread(self._mark_online, round_number, ends)
        return await asyncio.to_thread(self.tables, round_number)

    async def _open_table(self, t: Tournament, round_number: int, table: TournamentTable,
                          seating: Layout, grace_seconds: float,
                          prepared: list[dict[str, Any]] | None, ends: float) -> None:
        codes = {"ns": secrets.token_urlsafe(9), "ew": secrets.token_urlsafe(9)}
        reserved = [StoredSeat("open", "", None) for _ in seating.ns + seating.ew]
        for side, seats, entrants in (("ns", seating.ns, table.ns),
                                      ("ew", seating.ew, table.ew)):
            for seat, name in zip(seats, players(t, entrants, len(seats)), strict=True):
                reserved[seat] = StoredSeat("human", name[:MAX_NAME_CHARS],
                                            secret_hash(seat_key(codes[side], seat)))
        name = f"{t.settings.name} · turno {round_number} · tavolo {table.number}"
        link = TournamentLink(self.key, round_number, table.number, codes["ns"], codes["ew"],
                              ends_at=ends)
        bank = round_bank_ms(t.settings.round_minutes, t.settings.deals_per_round,
                             len(reserved))
        try:
            made, _invite = await self.manager.create(
                name=name[:80], preset=t.settings.preset, options=seating.options,
                seats=["open"] * len(reserved), clock_ms=bank, increment_ms=0,
                private=False, bot_level=self.bot_level, grace_ms=int(grace_seconds * 1000),
                match_hands=t.settings.deals_per_round, reserved=reserved, tournament=link,
                prepared=prepared)
            log.info("turno %d table %d started at server table %s", round_number,
                     table.number, made.id)
        except IntegrityError:
            # Opened meanwhile (a second click, another process): that table stands.
            log.info("turno %d table %d is open already", round_number, table.number)

    def _mark_online(self, round_number: int, ends: float) -> None:
        """Name each open table's server table in the tournament (public round page, audit);
        the first opening starts the turno's clock on the pages too."""
        links = self.store.tournament_links(self.key, round_number)
        with tournament_store.change(self.path) as t:
            if not any(table.online for table in t.round(round_number).tables):
                start = ends - t.settings.round_minutes * 60
                t.start_clock(round_number, datetime.fromtimestamp(start, UTC).isoformat(
                    timespec="seconds"))
            for table_id, link in links:
                table = t.table(round_number, link.table_no)
                # Not named yet (a crash after the table was made); one already counted stays so.
                if table.online is None and not table.confirmed:
                    t.play_online(round_number, link.table_no, table_id)

    def tables(self, round_number: int) -> list[OnlineTable]:
        out = []
        for table_id, link in self.store.tournament_links(self.key, round_number):
            seats = self.store.seats_of(table_id)
            links = []
            for seat, held in enumerate(seats):
                side = "ns" if seat % 2 == 0 else "ew"
                code = link.ns_code if side == "ns" else link.ew_code
                links.append(SeatLink(seat, side, held.name,
                                      f"/t/{table_id}?key={seat_key(code, seat)}"))
            hands: tuple[tuple[int, int, str], ...] = ()
            absent: tuple[str, ...] = ()
            stored = self.store.load_table(table_id)
            if stored is not None:
                played = self.played(table_id, stored, stored.match_hands)
                numbers = [h.hand_no for h in played.hands
                           if h.result is not None and not h.result.get("void")]
                hands = tuple((ns, ew, f"/api/tables/{table_id}/record?hand={n}")
                              for (ns, ew), n in zip(played.scores, numbers, strict=True))
                absent = tuple(sorted({"ns" if seat % 2 == 0 else "ew"
                                       for seat in played.gone}))
            out.append(OnlineTable(round_number, link.table_no, table_id, f"/t/{table_id}",
                                   link.ns_code, link.ew_code, tuple(links), link.submitted,
                                   hands, absent))
        return out
