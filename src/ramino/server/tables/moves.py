"""What one action does to a table, decided before anything is stored, sent or scheduled.

:func:`decide` is the deciding half of a commit: from the table as it stands and the action
of a seat it works out the new engine state (or raises ``IllegalActionError``: nothing was
decided), the action's number, the hand's result if it ends the hand, the seat's time bank and
whose clock runs next, the match's score sheet, the experience earned (with what the hand
was for each registered player: :class:`~ramino.server.challenges.HandFacts`) and which sides'
ratings change.  :func:`challenge` adds the challenges each player's hand counts for, once the
day is known, and :func:`rate` the new ratings once the current ones are read from the store.
All of them change nothing; the effecting half
(:meth:`ramino.server.tables.play.TablePlay.commit`) stores the :class:`Move`, takes it into
the live table, sends the frames and starts the bots.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

from ramino.games.actions import Action
from ramino.games.state import GameState
from ramino.server.accounts import Award
from ramino.server.challenges import MatchFacts, steps
from ramino.server.matches import MIN_RATED_HANDS
from ramino.server.protocol import ResultInfo
from ramino.server.ratings import rate_places
from ramino.server.store import PendingAction
from ramino.server.tables.table import Table

Ratings = tuple[tuple[int, float, float], ...]  # (account, mu, sigma) after a rated match


@dataclass(frozen=True)
class Move:
    """One accepted action and everything it changes."""

    seat: int  # the table seat that acted
    text: str  # the action in the record notation, as stored
    version: int  # the action's number in the hand: the table's version once it is taken
    after: GameState  # the engine state after it
    result: ResultInfo | None  # the hand's result, when the action ends the hand
    turn_over: bool  # the seat's turn ends with it (its clock stops, the next one runs)
    next_seat: int | None  # the table seat whose clock runs next (None: the hand is over)
    bank: int | None  # the seat's time bank after it, stored with it (None: no clock)
    scores: list[list[int]]  # the match's score sheet after it
    awards: tuple[Award, ...]  # the experience of a hand it ends, by account
    rated: list[list[int | None]] | None  # the sides to rate (the match ends rated), or None
    ratings: Ratings = ()  # the new ratings of those sides' accounts (:func:`rate`)

    @property
    def event(self) -> dict[str, Any]:
        """The update's event that tells every receiver what happened."""
        return {"seat": self.seat, "action": self.text, "version": self.version}

    def rating_accounts(self) -> list[int]:
        """The accounts whose current ratings :func:`rate` needs (none: nothing to read)."""
        return [a for side in self.rated or () for a in side if a is not None]

    def pending(self, table: Table, *, by_bot: bool, out_of_time: bool) -> PendingAction:
        """The move as the store writes it."""
        return PendingAction(
            table.id, table.hand.hand_no, self.version, self.seat, self.text,
            None if self.result is None else self.result.model_dump(mode="json"), self.bank,
            by_bot, self.awards, table.rules.game, self.ratings, out_of_time)


def decide(table: Table, seat: int, action: Action, *, arbiter: bool = False) -> Move:
    """What ``action`` of table seat ``seat`` does to ``table``; ``IllegalActionError`` when
    the engine refuses it.  Only the server's own arbiter (``arbiter``: the round clock) may
    play an arbiter event; a player's or a bot's action goes through the engine's player
    entry point.  The table is only read (its clock as it reads now)."""
    after = table.state.clone()
    if arbiter:
        after.apply(action)
    else:
        after.apply_move(action)
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
    rated = None
    if result is not None:
        scores = [*scores, list(result.scores)]
        ends = table.match_ends(scores)
        if game.rated and ends and len(scores) >= MIN_RATED_HANDS:
            rated = table.match_sides()
        if ends and awards:
            awards = match_facts(table, scores, awards)
    return Move(seat=seat, text=str(action), version=table.version + 1, after=after,
                result=result, turn_over=turn_over,
                next_seat=None if after.is_over else seating.table(after.current),
                bank=bank, scores=scores, awards=awards, rated=rated)


def match_facts(table: Table, scores: list[list[int]],
                awards: tuple[Award, ...]) -> tuple[Award, ...]:
    """The awards of the hand that ends the match, each with the match from its player's
    side: won (first alone), against bots only, at the table's bot level."""
    places = table.game.places(table.plan, scores, table.match.reentries)
    sides = table.game.rating_sides(table.rules, list(range(len(table.seats))))
    side_of = {seat: i for i, side in enumerate(sides) for seat in side if seat is not None}
    out = []
    for award in awards:
        if award.facts is None or award.seat not in side_of:
            out.append(award)
            continue
        mine = side_of[award.seat]
        won = places[mine] == 1 and places.count(1) == 1
        bots = all(table.seats[s].kind == "bot" for s, side in side_of.items() if side != mine)
        match = MatchFacts(len(scores), won, bots, table.bot_level)
        out.append(replace(award, facts=replace(award.facts, match=match)))
    return tuple(out)


def challenge(move: Move, day: dt.date) -> Move:
    """``move`` with the challenges of ``day`` that each of its players' hands counts for."""
    if not move.awards:
        return move
    return replace(move, awards=tuple(
        a if a.facts is None else replace(a, steps=steps(a.facts, day)) for a in move.awards))


def rate(table: Table, move: Move, now: dict[int, tuple[float, float]]) -> Move:
    """``move`` with the new ratings of the match it ends, from each account's current
    (mu, sigma) in ``now``."""
    if not move.rating_accounts():
        return move
    assert move.rated is not None
    places = table.game.places(table.plan, move.scores, table.match.reentries)
    return replace(move, ratings=tuple((a, mu, sigma) for a, (mu, sigma)
                                       in rate_places(move.rated, places, now).items()))
