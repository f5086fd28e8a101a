"""The games a table can be played under, behind one small interface.

The table manager (:mod:`ramino.server.tables`) deals, replays, shows and scores hands without
knowing which game it holds: a :class:`TableGame` answers for its engine.  Two games:

- :class:`BurracoGame`: Burraco and Brazilian Buraco (``BurracoState``, §2 and §4),
  two sides, matches of N hands or to a target;
- :class:`Scala40Game`: Scala 40 (``Scala40State``, §6), 2 to 6 players each for
  himself, penalty points added hand after hand and a player out at the elimination limit
  (§6.5), who sits out the following hands of the match.

Each game keeps its own table-seat translation (the dealer rotates; in Scala 40 the seats out
of the match are skipped), its views (a seat's own observation, or the public view that holds
nothing an observation does not), its score and its record (``ramino-record/1``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from ramino.cards import card_str, from_counts, pack
from ramino.games.actions import TIMEOUT, Action, parse_action
from ramino.games.burraco import deal as burraco_deal
from ramino.games.burraco import observation as burraco_observation
from ramino.games.burraco.match import hand_rules as burraco_hand_rules
from ramino.games.burraco.seating import initial_sides, score_sides
from ramino.games.burraco.state import PHASE_DRAW, BurracoState
from ramino.games.deal import Deal
from ramino.games.scala40 import deal as scala40_deal
from ramino.games.scala40 import observation as scala40_observation
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.match import hand_rules, next_dealer, side_count
from ramino.games.scala40.state import Scala40State
from ramino.games.state import GameState
from ramino.records import record_of
from ramino.records.document import read_deal
from ramino.records.scala40 import record as scala40_record
from ramino.rules import RuleSet
from ramino.rules.options import Partnerships
from ramino.server.accounts import XP_PLAY, XP_WIN, Award, hand_awards
from ramino.server.challenges import HandFacts
from ramino.server.matches import MatchPlan, MatchState, Reentries, elimination_places
from ramino.server.protocol import ResultInfo
from ramino.server.seating import Seating
from ramino.server.views import burraco_marks, public_view, result_info, seat_view


class SeatMap(Protocol):
    """Table seats <-> engine seats of one hand (engine seat 0 plays first)."""

    @property
    def players(self) -> int: ...

    @property
    def first(self) -> int: ...

    def engine(self, seat: int) -> int: ...

    def table(self, engine_seat: int) -> int: ...

    def dealt(self, seat: int) -> bool: ...


@dataclass(frozen=True)
class Order:
    """The seats dealt in to a Scala 40 hand, in turn order from the first player; a seat out
    of the match is in none of them."""

    players: int  # seats at the table
    order: tuple[int, ...]  # table seats by engine seat
    sides: tuple[int, ...] = ()  # the side of each table seat (empty: each for himself)

    def side(self, seat: int) -> int:
        """The table side of a table seat (§6.1 partnerships: seats 0, 2… and 1, 3…)."""
        return self.sides[seat] if self.sides else seat

    @property
    def width(self) -> int:
        """How many sides the table has."""
        return max(self.sides) + 1 if self.sides else self.players

    @property
    def first(self) -> int:
        return self.order[0]

    def engine(self, seat: int) -> int:
        return self.order.index(seat)

    def table(self, engine_seat: int) -> int:
        return self.order[engine_seat]

    def dealt(self, seat: int) -> bool:
        return seat in self.order

    def by_seat(self, values: Sequence[Any], absent: Any) -> list[Any]:
        """An engine-seat-indexed list, by table seat (``absent`` for a seat out)."""
        return [values[self.order.index(t)] if t in self.order else absent
                for t in range(self.players)]

    def view(self, view: dict[str, Any]) -> dict[str, Any]:
        out = dict(view)
        out["players"] = self.players
        if out.get("seat") is not None:
            out["seat"] = self.table(out["seat"])
        out["current"] = self.table(out["current"])
        out["hand_sizes"] = self.by_seat(out["hand_sizes"], 0)
        out["opened"] = self.by_seat(out["opened"], False)
        out["penalties"] = self.by_seat(out["penalties"], None)
        out["dealt"] = [self.dealt(t) for t in range(self.players)]
        if "sides" in out:  # table sides (the engine's count from its own first seat)
            out["sides"] = [self.side(t) if self.dealt(t) else None
                            for t in range(self.players)]
        out["melds"] = [{**m, "owner": self.table(m["owner"])} for m in out["melds"]]
        return out


class TableGame:
    """What a table needs from its game's engine.  Subclasses answer for one engine."""

    name: str = ""
    rated = True  # hands count for the skill rating

    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        """How many may sit at a table of ``rules``' game."""
        raise NotImplementedError

    def width(self, rules: RuleSet) -> int:
        """How many scores a hand has: one per side (Scala 40: per seat, pair or team)."""
        raise NotImplementedError

    def elimination(self, rules: RuleSet) -> RuleSet | None:
        """The rules a match to elimination is played under (Scala 40), else None."""
        return None

    def rating_sides(self, rules: RuleSet,
                     accounts: Sequence[int | None]) -> list[list[int | None]]:
        """Account ids (by table seat; None: a guest or a bot) grouped by side, as rated."""
        starting = initial_sides(rules.players)
        sides: list[list[int | None]] = [[] for _ in range(max(starting) + 1)]
        for seat, account in enumerate(accounts):
            sides[starting[seat]].append(account)
        return sides

    def places(self, plan: MatchPlan, scores: Sequence[Sequence[int]],
               reentries: Reentries) -> list[int]:
        """Each side's place in a finished match (1 first): the higher total, the better."""
        totals = [sum(s[i] for s in scores) for i in range(len(scores[0]))]
        order = sorted(set(totals), reverse=True)
        return [order.index(t) + 1 for t in totals]

    def check(self, rules: RuleSet) -> None:
        """Refuse, with ``ValueError``, rules a server table of this game cannot play."""

    def partner_sides(self, rules: RuleSet) -> tuple[int, ...] | None:
        """Each table seat's side where seats play as sides (a seat shares its side with its
        partners, if any), else None: each plays for himself."""
        return initial_sides(rules.players)

    def call_time(self, state: GameState) -> Action | None:
        """The arbiter's time-out to apply now that a tournament turno's clock has ended, or
        None: the game has no time-out rule, time is called already, or not between turns."""
        return None

    def times_out(self, state: GameState) -> bool:
        """Whether the hand will take a time-out once it is between turns (else it is played
        out as it is)."""
        return False

    def in_play(self, rules: RuleSet, match: MatchState) -> tuple[bool, ...]:
        """The table seats dealt in to the next hand of ``match``."""
        return (True,) * rules.players

    def hand_rules(self, rules: RuleSet, seating: SeatMap, totals: Sequence[int]) -> RuleSet:
        """The rules a hand is dealt and played under (what :meth:`deal`, :meth:`start` and
        :meth:`read_deal` take), given its ``seating`` and the match's ``totals`` by side so
        far: the table's own, unless the match changes them as it goes."""
        return rules

    def parse(self, text: str) -> Action:
        """An action in the record notation (docs/record.md §3); ``NotationError`` if it is not."""
        return parse_action(text)

    def next_dealer(self, dealer: int, in_play: Sequence[bool]) -> int:
        return next_dealer(dealer, list(in_play))

    def seating(self, rules: RuleSet, dealer: int, in_play: Sequence[bool]) -> SeatMap:
        raise NotImplementedError

    def deal(self, rules: RuleSet, seating: SeatMap, rng: random.Random) -> Deal:
        raise NotImplementedError

    def start(self, rules: RuleSet, deal: Deal, seating: SeatMap,
              totals: Sequence[int]) -> GameState:
        """A fresh hand of the table's ``rules`` with the seats of ``seating`` dealt in."""
        raise NotImplementedError

    def read_deal(self, rules: RuleSet, deal: dict[str, Any], seating: SeatMap) -> Deal:
        raise NotImplementedError

    def restart(self, state: GameState) -> GameState:
        """The same hand before its first action (spectators kept behind replay from it)."""
        raise NotImplementedError

    def seat_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        raise NotImplementedError

    def public_view(self, state: GameState, seating: SeatMap) -> dict[str, Any]:
        raise NotImplementedError

    def private_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        """What sets table seat ``seat``'s view apart from the public view: ``seat`` and the
        fields only it may see (the engine's ``private_fields``).  The public view with these
        fields added is ``seat_view``, so a position shown to every seat is built and encoded
        once, with each seat's own part beside it."""
        raise NotImplementedError

    def marks(self, state: GameState) -> dict[str, str]:
        return {}

    def result_info(self, state: GameState, salt: str, deal: dict[str, Any],
                    seating: SeatMap) -> ResultInfo | None:
        raise NotImplementedError

    def awards(self, state: GameState, seating: SeatMap, accounts: dict[int, int],
               away: set[int]) -> list[Award]:
        """Experience of a finished hand; ``accounts`` and ``away`` by table seat."""
        raise NotImplementedError

    def record(self, state: GameState, players: list[str], meta: dict[str, Any],
               seating: SeatMap) -> dict[str, Any]:
        """The hand's ``ramino-record/1``: record seats are engine seats."""
        raise NotImplementedError


class BurracoGame(TableGame):
    name = "burraco"
    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        """Two players, three (each alone until the first takes the 18 and plays solo against
        the other two, §5.2), two pairs, or three pairs (§5.1, §5.3).  The 18/11 pozzetti of
        three players are Italian Burraco's: Brazilian Buraco is played by two, four or six."""
        return (2, 3, 4, 6) if rules.game == "burraco" else (2, 4, 6)

    def width(self, rules: RuleSet) -> int:
        return score_sides(rules.players)  # three players: a score each, the pair's split

    def hand_rules(self, rules: RuleSet, seating: SeatMap, totals: Sequence[int]) -> RuleSet:
        """Three players: once anyone has reached the switch threshold, three pozzetti of 11
        and everyone alone to the end of the match (§5.2)."""
        return burraco_hand_rules(rules, totals)

    def seating(self, rules: RuleSet, dealer: int, in_play: Sequence[bool]) -> Seating:
        return Seating.for_dealer(rules.players, dealer)

    # §2.9c, T-37: time called before the player in turn has drawn, one full round
    # is played; nobody closing in it, nobody has the +100.  The engine takes it between turns.
    def call_time(self, state: GameState) -> Action | None:
        if self.times_out(state) and state.phase == PHASE_DRAW:
            return parse_action(TIMEOUT)
        return None

    def times_out(self, state: GameState) -> bool:
        assert isinstance(state, BurracoState)
        return not state.is_over and state.timeout_left < 0

    def deal(self, rules: RuleSet, seating: SeatMap, rng: random.Random) -> Deal:
        order = pack(rules.decks)
        rng.shuffle(order)
        return burraco_deal.deal_from_order(order, rules)

    def start(self, rules: RuleSet, deal: Deal, seating: SeatMap,
              totals: Sequence[int]) -> BurracoState:
        # The engine counts seats from the first player: its dealer is its last seat.
        return BurracoState.new_hand(rules, deal=deal, dealer=rules.players - 1)

    def read_deal(self, rules: RuleSet, deal: dict[str, Any], seating: SeatMap) -> Deal:
        return read_deal(deal, rules)

    def restart(self, state: GameState) -> BurracoState:
        return BurracoState.new_hand(state.rules, deal=state.deal, dealer=state.dealer)

    def seat_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, BurracoState) and isinstance(seating, Seating)
        return seat_view(state, seat, seating)

    def public_view(self, state: GameState, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, BurracoState) and isinstance(seating, Seating)
        return public_view(state, seating)

    def private_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, BurracoState)
        own = burraco_observation.private_fields(state, seating.engine(seat))
        own["seat"] = seat
        return own

    def marks(self, state: GameState) -> dict[str, str]:
        assert isinstance(state, BurracoState)
        return burraco_marks(state)

    def result_info(self, state: GameState, salt: str, deal: dict[str, Any],
                    seating: SeatMap) -> ResultInfo | None:
        assert isinstance(state, BurracoState) and isinstance(seating, Seating)
        return result_info(state, salt, deal, seating)

    def awards(self, state: GameState, seating: SeatMap, accounts: dict[int, int],
               away: set[int]) -> list[Award]:
        assert isinstance(state, BurracoState)
        final = state.result()
        assert final is not None
        # The engine's result is by engine seat and side: hand it engine seats.
        return [replace(a, seat=seating.table(a.seat))
                for a in hand_awards(final, state.sides,
                                     {seating.engine(s): a for s, a in accounts.items()},
                                     {seating.engine(s) for s in away}, state.rules.game)]

    def record(self, state: GameState, players: list[str], meta: dict[str, Any],
               seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, BurracoState)
        return record_of(state, players=players, meta=meta)


class Scala40Game(TableGame):
    name = "scala40"

    def table_sizes(self, rules: RuleSet) -> tuple[int, ...]:
        return (2, 3, 4, 5, 6)  # §6.1

    def width(self, rules: RuleSet) -> int:
        return side_count(rules)

    def elimination(self, rules: RuleSet) -> RuleSet | None:
        return rules

    def rating_sides(self, rules: RuleSet,
                     accounts: Sequence[int | None]) -> list[list[int | None]]:
        sides: list[list[int | None]] = [[] for _ in range(side_count(rules))]
        for seat, side in enumerate(seat_sides(rules)):
            sides[side].append(accounts[seat])
        return sides

    def places(self, plan: MatchPlan, scores: Sequence[Sequence[int]],
               reentries: Reentries) -> list[int]:
        """A match to elimination is a free-for-all: places by how long each side lasted.  A
        tournament turno (a fixed number of hands, nobody out): the lower total, the better."""
        if plan.scala40 is None:
            totals = [sum(s[i] for s in scores) for i in range(len(scores[0]))]
            order = sorted(set(totals))
            return [order.index(t) + 1 for t in totals]
        return elimination_places(plan.scala40, scores, reentries)

    def parse(self, text: str) -> Action:
        return parse_action(text, allow_swap=True)  # a jolly taken from a meld (§6.3)

    def in_play(self, rules: RuleSet, match: MatchState) -> tuple[bool, ...]:
        """The seats whose side is not out (a side re-entered is back, §6.5); every seat in
        a match that eliminates nobody (a tournament turno)."""
        now = match.standing()
        if now is None:
            return (True,) * rules.players
        return tuple(not now.eliminated[side] for side in seat_sides(rules))

    def partner_sides(self, rules: RuleSet) -> tuple[int, ...] | None:
        return None if rules.partnerships is Partnerships.NONE else seat_sides(rules)

    def seating(self, rules: RuleSet, dealer: int, in_play: Sequence[bool]) -> Order:
        players = rules.players
        after = [(dealer + step) % players for step in range(1, players + 1)]
        sides = () if rules.partnerships is Partnerships.NONE else seat_sides(rules)
        return Order(players, tuple(s for s in after if in_play[s]), sides)

    def hand_rules(self, rules: RuleSet, seating: SeatMap, totals: Sequence[int]) -> RuleSet:
        """A hand is played by the seats still in (§6.5): the rules of that many players."""
        assert isinstance(seating, Order)
        return hand_rules(rules, len(seating.order))

    def deal(self, rules: RuleSet, seating: SeatMap, rng: random.Random) -> Deal:
        order = pack(2)
        rng.shuffle(order)
        return scala40_deal.deal_from_order(order, rules, rules.players - 1)

    def start(self, rules: RuleSet, deal: Deal, seating: SeatMap,
              totals: Sequence[int]) -> Scala40State:
        assert isinstance(seating, Order)
        # ``totals`` by side: each seat shows its side's total (a pair's or team's, §6.7).
        return Scala40State.new_hand(rules, deal=deal, dealer=rules.players - 1,
                                     penalties=tuple(totals[seating.side(s)]
                                                     for s in seating.order))

    def read_deal(self, rules: RuleSet, deal: dict[str, Any], seating: SeatMap) -> Deal:
        return scala40_record.read_deal(deal, rules)

    def restart(self, state: GameState) -> Scala40State:
        assert isinstance(state, Scala40State)
        return Scala40State.new_hand(state.rules, deal=state.deal, dealer=state.dealer,
                                     penalties=state.penalties)

    def seat_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(seating, Order)
        if not seating.dealt(seat):
            return self.public_view(state, seating)  # out of the match: watches this hand
        return seating.view(state.observation(seating.engine(seat)).as_dict(history=False))

    def public_view(self, state: GameState, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(seating, Order)
        # No public history in a frame (it grows with the hand; ramino.server.views).
        view: dict[str, Any] = state.observation(0).as_dict(history=False)
        # Private to a seat: its hand, and what its own turn owes (the picked card, a jolly).
        for name in scala40_observation.PRIVATE_FIELDS:
            view.pop(name, None)
        view["seat"] = None
        return seating.view(view)

    def private_view(self, state: GameState, seat: int, seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, Scala40State) and isinstance(seating, Order)
        if not seating.dealt(seat):
            return {"seat": None}  # out of the match: sees the public view
        own = scala40_observation.private_fields(state, seating.engine(seat))
        own["seat"] = seat
        return own

    def result_info(self, state: GameState, salt: str, deal: dict[str, Any],
                    seating: SeatMap) -> ResultInfo | None:
        assert isinstance(state, Scala40State) and isinstance(seating, Order)
        result = state.result()
        if result is None:
            return None
        # Scores by table side (a side not dealt in scores 0): the engine counts its sides
        # from its own first seat, the table from seat 0.
        scores = [0] * seating.width
        for engine_seat, seat in enumerate(seating.order):
            scores[seating.side(seat)] = result.scores[state.sides[engine_seat]]
        return ResultInfo(
            end=result.end, scores=scores,
            breakdown=seating.by_seat([{"hand": p, "penalty": s} for p, s
                                       in zip(result.hand_points, result.seat_scores,
                                              strict=True)], {}),
            burrachi=[[] for _ in range(seating.players)],
            closed_by=None if result.closed_by is None else seating.table(result.closed_by),
            chiusura_in_mano=result.chiusura_in_mano, salt=salt, deal=deal,
            hands=seating.by_seat([[card_str(c) for c in from_counts(h)] for h in state.hands],
                                  []))

    def awards(self, state: GameState, seating: SeatMap, accounts: dict[int, int],
               away: set[int]) -> list[Award]:
        """S004's points as far as they fit Scala 40: +16 for playing, +26 for closing the
        hand (there are no burraco), nothing for a hand abandoned."""
        assert isinstance(state, Scala40State) and isinstance(seating, Order)
        final = state.result()
        assert final is not None
        out = []
        for seat, account in sorted(accounts.items()):
            if not seating.dealt(seat):
                continue
            if seat in away:
                out.append(Award(account, 0, False, 0, True, seat=seat))
                continue
            # The closer's side wins the hand (a partner of the closer too, §6.7).
            engine = seating.engine(seat)
            win = (final.closed_by is not None
                   and seating.side(seating.table(final.closed_by)) == seating.side(seat))
            closed = final.closed_by == engine
            facts = HandFacts("scala40", win, closed, final.seat_scores[engine],
                              opened=state.opened[engine],
                              in_hand=closed and final.chiusura_in_mano)
            out.append(Award(account, XP_PLAY + (XP_WIN if win else 0), win, 0, False,
                             facts, seat))
        return out

    def record(self, state: GameState, players: list[str], meta: dict[str, Any],
               seating: SeatMap) -> dict[str, Any]:
        assert isinstance(state, Scala40State) and isinstance(seating, Order)
        # The seats out of the match are not in the hand: say which table seats played.
        return scala40_record.record_of(state, players=players,
                                        meta={**meta, "table_seats": list(seating.order)})


GAMES: dict[str, TableGame] = {"burraco": BurracoGame(), "buraco": BurracoGame(),
                               "scala40": Scala40Game()}


def game_of(rules: RuleSet) -> TableGame:
    return GAMES[rules.game]
