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

from ramino.coach.review import Decision, Review, review_hand
from ramino.server import coach_texts
from ramino.server.coach_pool import CoachPool

MAX_REVIEWS = 256  # reviews kept in memory
ReviewKey = tuple[str, int, int]  # table id, hand number, record seat


def review_job(record: dict[str, Any], seat: int, seconds: float, seed: int) -> Review:
    """The review, in a worker process (a module-level function: it is pickled there)."""
    return review_hand(record, seat, seconds=seconds, seed=seed)


class ReviewCache:
    """Reviews computed once per (table, hand, seat), through the coach's pool."""

    def __init__(self, pool: CoachPool, limit: int = MAX_REVIEWS) -> None:
        self.pool = pool
        self.limit = limit
        self.done: OrderedDict[ReviewKey, Review] = OrderedDict()
        self.running: dict[ReviewKey, asyncio.Future[Review]] = {}

    async def review(self, key: ReviewKey, record: dict[str, Any]) -> Review:
        """The review of ``key``'s seat in ``record``: kept, being searched, or searched now
        (``CoachBusy`` when the pool is full)."""
        if key in self.done:
            self.done.move_to_end(key)
            return self.done[key]
        running = self.running.get(key)
        if running is None:
            running = asyncio.ensure_future(self.pool.run(
                review_job, record, key[2], self.pool.settings.review_seconds, key[1]))
            self.running[key] = running
            running.add_done_callback(lambda _f: self.running.pop(key, None))
        found = await asyncio.shield(running)
        self.done[key] = found
        while len(self.done) > self.limit:
            self.done.popitem(last=False)
        return found


def review_json(review: Review, lang: str) -> dict[str, Any]:
    """What the replay viewer shows: the coach's review (``ramino-review/1``, its
    ``as_json``) and ``explained``, its three costliest decisions in words in ``lang`` and
    the game's own terms."""
    body = review.as_json()
    body["explained"] = [decision_json(d, lang, review.game) for d in review.costliest]
    return body


def decision_json(decision: Decision, lang: str, game: str) -> dict[str, Any]:
    """A decision as the viewer lists it: where (action ``number``, 1-based), what was
    played and the better move, the points it cost, and why in words."""
    return {"number": decision.number, "played": decision.played, "best": decision.best,
            "regret": round(decision.regret, 1),
            "verdict": coach_texts.reason_text(decision.verdict(), lang, game),
            "reason": coach_texts.reason_text(decision.reason, lang, game)}
