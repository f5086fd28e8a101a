"""Reviews of a finished hand for the replay viewer: one seat's decisions judged by the coach.

A review is searched in the coach's pool (:mod:`ramino.server.coach_pool`), off the event loop,
from the hand's record — which the viewer may read only where it may read the replay (the
same :func:`ramino.server.routes.replays.hand_record`), so a review shows nothing the replay
does not.  A computed review is kept in memory by table, hand and seat (a bounded map, the
oldest forgotten first), and two viewers asking for the same review at once share one search.
Its reasons are put in words per request, in the reader's language.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from ramino.server import coach_texts
from ramino.server.coach_pool import REVIEW_SECONDS, CoachPool

MAX_REVIEWS = 256  # reviews kept in memory
ReviewKey = tuple[str, int, int]  # table id, hand number, record seat


def review_job(record: dict[str, Any], seat: int, seconds: float, seed: int) -> Any:
    """The review, in a worker process (a module-level function: it is pickled there)."""
    from ramino.coach.review import review_hand

    return review_hand(record, seat, seconds=seconds, seed=seed)


class ReviewCache:
    """Reviews computed once per (table, hand, seat), through the coach's pool."""

    def __init__(self, pool: CoachPool, limit: int = MAX_REVIEWS) -> None:
        self.pool = pool
        self.limit = limit
        self.done: OrderedDict[ReviewKey, Any] = OrderedDict()
        self.running: dict[ReviewKey, asyncio.Future[Any]] = {}

    async def review(self, key: ReviewKey, record: dict[str, Any]) -> Any:
        """The review of ``key``'s seat in ``record``: kept, being searched, or searched now
        (``CoachBusy`` when the pool is full)."""
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        running = self.running.get(key)
        if running is None:
            seconds = min(REVIEW_SECONDS, self.pool.settings.seconds * 10)
            running = asyncio.ensure_future(
                self.pool.run(review_job, record, key[2], seconds, key[1]))
            self.running[key] = running
            running.add_done_callback(lambda _f: self.running.pop(key, None))
        found = await asyncio.shield(running)
        self.done[key] = found
        while len(self.done) > self.limit:
            self.done.popitem(last=False)
        return found


def review_json(review: Any, lang: str) -> dict[str, Any]:
    """What the replay viewer shows: the coach's review (its ``as_json``) with each listed
    decision's reason in ``lang`` and the three costliest first."""
    body: dict[str, Any] = dict(review.as_json())
    body["costliest"] = [decision_json(d, lang) for d in review.costliest]
    return body


def decision_json(decision: Any, lang: str) -> dict[str, Any]:
    return {"number": decision.number, "played": str(decision.played),
            "best": str(decision.best), "regret": decision.regret,
            "reason": coach_texts.reason_text(decision.reason, lang)}
