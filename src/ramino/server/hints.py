"""Hints at the table: a seated player asks the coach for a move on their own turn.

The request (``hint``, with the table version the player saw) is checked on the event loop:
hints on at this table (never at a tournament table nor in a rated match), the asker seated,
their turn, their version, one hint at a time and the player's budget.  Then, under the
table's lock, the hand so far is taken as its record (plain JSON values: the engine's compiled
states and observations do not cross a process boundary).  In the coach's worker
(:mod:`ramino.server.coach_pool`) the engine replays it and the search is given only what the
seat may see: the engine's ``observation(seat)`` and the legal actions the seat is sent
anyway — never the state, so a hint cannot carry a hidden card.  It runs while the table
plays on;
its answer goes to the asking connection alone, and only if the table is still at the version
it was asked for: a hint that comes back after the position moved is dropped with a word that
it is stale, never shown for the wrong position.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from dataclasses import dataclass
from typing import Any

from ramino.cards import card_str
from ramino.coach.explain import Seen
from ramino.coach.hint import hint
from ramino.coach.moments import recorded_hand
from ramino.coach.reason import Reason
from ramino.server import coach_texts
from ramino.server.coach_pool import CoachBusy, CoachPool, CoachSettings
from ramino.server.limits import PerAddress
from ramino.server.protocol import ErrorInfo, HintInfo, ProtocolError
from ramino.server.tables import Client, Table

log = logging.getLogger("ramino.server")
# Seconds a hint may wait for its worker beyond its budget before the player is told the coach
# failed (a worker that never answers must not leave the player's request pending for ever).
HINT_PATIENCE = 30.0


def hints_refusal(table: Table) -> str | None:
    """Why ``table`` offers no hints (a marked message of :mod:`coach_texts`), else None.  A
    tournament table and a rated match never do: the coach would play for the player."""
    if not table.casual():
        return coach_texts.HINTS_OFF_TOURNAMENT
    if table.match_info()["rated"]:
        return coach_texts.HINTS_OFF_RATED
    if not table.hints:
        return coach_texts.HINTS_OFF
    return None


def hint_seed(table: Table, hand_no: int, version: int, seat: int) -> int:
    """The search's seed: the same position asked twice gives the same hint, and nothing
    hidden (the deal, its salt) goes into it."""
    digest = hashlib.sha256(f"{table.id}:{hand_no}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True)
class HintAnswer:
    """What a worker sends back of a hint: the move's notation, the cards to light, the
    target meld (an index in the seat's ``observation.melds``) and the reason."""

    text: str
    cards: tuple[int, ...]
    meld: int | None
    reason: Reason


def hint_job(record: dict[str, Any], seat: int, seed: int, seconds: float) -> HintAnswer:
    """The search, in a worker process (a module-level function: it is pickled there): the
    hand so far replayed from its record, then the hint from ``seat``'s (the record's seat)
    own observation."""
    hand = recorded_hand(record)
    state = hand.start.clone()
    for _path, action in hand.steps:
        state.apply(action)
    found = hint(state.observation(seat), state.legal_actions(), state.rules, seed=seed,
                 seconds=seconds)
    return HintAnswer(found.text, found.cards, found.meld, found.reason)


class TableCoach:
    """The hints of every table of this process, through one bounded pool."""

    def __init__(self, pool: CoachPool) -> None:
        self.pool = pool
        settings: CoachSettings = pool.settings
        self.budgets = PerAddress(settings.burst, settings.per_second)
        self.pending: set[Client] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    def refuse(self, client: Client, code: str, message: str) -> ProtocolError:
        return ProtocolError(code, coach_texts.text(message, client.lang))

    async def ask(self, table: Table, client: Client, version: int) -> None:
        """Check a hint request and start its search; :class:`ProtocolError` (in the
        player's language) when it is refused.  The answer comes later, to ``client`` only."""
        if self.pool.settings.workers == 0:
            raise self.refuse(client, "coach-off", coach_texts.COACH_OFF)
        off = hints_refusal(table)
        if off is not None:
            raise self.refuse(client, "hints-off", off)
        if client.seat is None:
            raise self.refuse(client, "not-seated", coach_texts.HINT_NOT_SEATED)
        seat = client.seat
        async with table.lock:
            if (table.waiting or table.finished or table.current_seat() != seat
                    or table.bot_plays(seat)):
                raise self.refuse(client, "not-your-turn", coach_texts.HINT_NOT_YOUR_TURN)
            if version != table.version:
                raise self.refuse(client, "stale", coach_texts.HINT_STALE)
            # The hand so far for the worker, which shows the search only the seat's own view;
            # the seat's view here names the target meld by its number on the table.
            engine_seat = table.seating.engine(seat)
            record = table.record()
            observation = table.state.observation(engine_seat)
            hand_no = table.hand.hand_no
        if client in self.pending:
            raise self.refuse(client, "hint-pending", coach_texts.HINT_PENDING)
        held = table.seats[seat]
        player = (f"account:{held.account_id}" if held.account_id is not None
                  else f"seat:{table.id}:{seat}")
        if not self.budgets.allow(player):
            raise self.refuse(client, "hint-budget", coach_texts.HINT_BUDGET)
        if self.pool.in_flight >= self.pool.capacity:
            raise self.refuse(client, "coach-busy", coach_texts.COACH_BUSY)
        self.pending.add(client)
        task = asyncio.create_task(self._answer(
            table, client, hand_no, version, observation, (record, engine_seat),
            hint_seed(table, hand_no, version, seat)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _answer(self, table: Table, client: Client, hand_no: int, version: int,
                      observation: Seen, hand: tuple[dict[str, Any], int], seed: int
                      ) -> None:
        try:
            seconds = self.pool.settings.seconds
            found = await asyncio.wait_for(
                self.pool.run(hint_job, hand[0], hand[1], seed, seconds),
                HINT_PATIENCE + 10 * seconds)
        except CoachBusy:
            self.tell(client, "coach-busy", coach_texts.COACH_BUSY)
            return
        except Exception:
            log.exception("hint at table %s failed", table.id)
            self.tell(client, "coach-failed", coach_texts.COACH_FAILED)
            return
        finally:
            self.pending.discard(client)
        if table.hand.hand_no != hand_no or table.version != version:
            self.tell(client, "hint-stale", coach_texts.HINT_STALE)
            return
        client.send(hint_info(found, observation, version, hand_no, client.lang,
                              table.rules.game))

    def tell(self, client: Client, code: str, message: str) -> None:
        """A refusal that comes after the request was taken (an error frame of its own)."""
        client.send(ErrorInfo(code=code, message=coach_texts.text(message, client.lang)))

    async def stop(self) -> None:
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.pool.shutdown()


def hint_info(found: HintAnswer, observation: Seen, version: int, hand_no: int,
              lang: str, game: str) -> HintInfo:
    """The hint as the table shows it: the move in the record notation, the cards to light
    by their notation, the target meld by its number on the table, the reason in words (in
    ``lang`` and ``game``'s own terms)."""
    meld = None if found.meld is None else observation.melds[found.meld].number
    return HintInfo(version=version, hand_no=hand_no, action=found.text,
                    cards=[card_str(c) for c in found.cards], meld=meld,
                    reason=coach_texts.reason_text(found.reason, lang, game))
