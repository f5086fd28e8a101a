"""The table manager's second layer: playing.  An action is decided
(:mod:`ramino.server.tables.moves`), stored, then taken into the live table and sent; the bots
play their turns one serialised action at a time; hands are dealt, matches re-entered and
hands ended early by agreement.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time

from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import Action
from ramino.games.scala40.deal import seat_sides
from ramino.rules.options import Reentry
from ramino.server.bots import choose_or_stand_in, stand_in, stand_in_seed
from ramino.server.clock import Clock
from ramino.server.matches import fresh_match
from ramino.server.protocol import Act, ProtocolError
from ramino.server.store import StaleVersionError
from ramino.server.tables.client import Client
from ramino.server.tables.hands import new_hand
from ramino.server.tables.moves import Move, challenge, decide, rate
from ramino.server.tables.registry import TableRegistry
from ramino.server.tables.table import Table

log = logging.getLogger("ramino.server")


class TablePlay(TableRegistry):
    """Playing at the tables: each action checked, committed and sent, the bots' turns, the
    next hand, re-entries, hands ended by agreement and the round clock's time call."""

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
        """Engine check, then durable store, then the live state and the broadcast.  What the
        action does is decided first (:func:`~ramino.server.tables.moves.decide`; an
        ``IllegalActionError`` there stores and changes nothing); this is the effecting half:
        the current ratings read if the match ends rated, the move stored, taken into the live
        table, sent to every client and to the other processes, the tournament told of a hand
        that ended, and the bots started on their turn."""
        move = decide(table, seat, action, arbiter=arbiter)
        # The challenges on are those of the day the hand ends (UTC), in every process.
        move = challenge(move, dt.datetime.fromtimestamp(self.wall(), dt.UTC).date())
        accounts = move.rating_accounts()
        if accounts:
            now = await asyncio.to_thread(self.store.ratings_of, accounts, table.rules.game)
            move = rate(table, move, now)
        try:
            await self.writer.append(move.pending(table, by_bot=by_bot,
                                                  out_of_time=out_of_time))
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
            log.exception("table %s: action %d not stored", table.id, move.version)
            raise ProtocolError("not-stored", "the action could not be stored; nothing "
                                "changed: try again") from exc
        self._take(table, move)
        if move.awards:
            await self._read_levels(table)  # the hand's experience may have raised a level
        table.broadcast(move.event)
        await self.fanout.publish_table(table.id)
        if move.result is not None:
            table.ended_at = time.monotonic()
            if self.tournament is not None:
                self.tournament.hand_ended(table)
        self._kick_bots(table)

    @staticmethod
    def _take(table: Table, move: Move) -> None:
        """A stored move into the live table: its state, its action, the score sheet, and
        the clocks when the turn is over."""
        table.state = move.after
        table.hand.actions.append((move.seat, move.text))
        table.last_move = time.monotonic()
        table.match.scores = move.scores
        if move.turn_over:
            if table.clock is not None and move.bank is not None:
                table.clock.end_turn(move.next_seat)
                table.clock.bank[move.seat] = move.bank  # exactly what was stored: a restart agrees
            if table.standin_turn == move.seat:
                table.standin_turn = None
            table.turn_started = time.monotonic()

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
