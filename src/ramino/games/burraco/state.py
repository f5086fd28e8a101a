"""Italian Burraco (FIBUR rules; 2, 3, 4 and 6 players): the hand as a state machine.

§2.1–§2.10.  A turn is DRAW (``draw`` the stock or ``pick`` the whole pile, §2.3 step 1)
then PLAY (any number of ``meld`` / ``attach`` on own-team melds, step 2) ended by one ``discard``
(step 3).  The pozzetto is taken by the engine when the rules say (§2.7); closing, stock
exhaustion, stallo and timeout end the hand (§2.8, §2.9); ``result()`` scores it (§2.10).

Two entry points, as in python-chess: ``apply(action)`` checks the action and raises
:class:`IllegalActionError` naming the rule and its section, leaving the state unchanged;
``play("meld 7h 8h 9h")`` does the same from the record notation.  ``legal_actions()`` is exact:
every action it lists is accepted by ``apply`` and every action ``apply`` accepts is listed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator, Sequence
from itertools import compress
from typing import Any, Final

from ramino.cards import (
    NUM_TYPES,
    TWO,
    card_str,
    from_counts,
    is_burraco_wild,
    to_counts,
)
from ramino.errors import IllegalActionError, NotationError
from ramino.games.actions import (
    ARBITER_EVENTS,
    ATTACH,
    DISCARD,
    DRAW,
    MELD,
    PICK,
    STALLO,
    TIMEOUT,
    Action,
    parse_action,
)
from ramino.games.burraco import movegen, seating
from ramino.games.burraco.melds import (
    GROUP,
    SEQUENCE,
    Meld,
    attach_options,
    burraco_type,
    cards_points,
    is_clean_burraco,
    resolve_attach,
    resolve_new_meld,
    returned_to_hand,
)
from ramino.games.burraco.observation import Observation, TableMeld
from ramino.games.burraco.refusals import explain_bad_attach, explain_bad_meld, illegal
from ramino.games.burraco.scoring import (
    END_CLOSED,
    END_STALLO,
    END_STOCK,
    END_TIMEOUT,
    Result,
    SideScore,
    score_hand,
)
from ramino.games.deal import Deal, check_deal, deal_from_seed
from ramino.rules.options import (
    ClosingBurracoRequirement,
    DiscardPickup,
    DiscardPileVisibility,
    PozzettoAssignment,
    PozzettoConScartoPlayable,
    RuleSet,
    SingleCardPileRediscard,
    StockExhaustion,
    UpcardIsWild,
    require_supported,
)
from ramino.rules.presets import preset

# Enum members as module constants: compiled, a constant is a C static, while ``Enum.MEMBER``
# goes through the enum type's ``__getattr__`` (Python 3.11) on every use.
_CLOSING_BURRACO_CLEAN: Final = ClosingBurracoRequirement.CLEAN
_PICKUP_TOP_CARD: Final = DiscardPickup.TOP_CARD
_PILE_VISIBLE_ALL: Final = DiscardPileVisibility.ALL
_POZZETTO_CON_SCARTO_IMMEDIATELY: Final = PozzettoConScartoPlayable.IMMEDIATELY
_POZZETTO_PER_TEAM: Final = PozzettoAssignment.PER_TEAM
_REDISCARD_FORBIDDEN: Final = SingleCardPileRediscard.FORBIDDEN
_REDISCARD_UNLESS_HELD: Final = SingleCardPileRediscard.FORBIDDEN_UNLESS_EQUIVALENT_HELD
_STOCK_LAST_TWO_UNPLAYABLE: Final = StockExhaustion.LAST_TWO_UNPLAYABLE
_STOCK_POZZETTO_BECOMES_STOCK: Final = StockExhaustion.POZZETTO_BECOMES_STOCK
_STOCK_RESHUFFLE_DISCARDS: Final = StockExhaustion.RESHUFFLE_DISCARDS
_STOCK_VOID_HAND: Final = StockExhaustion.VOID_HAND
_UPCARD_BURY_AND_REDRAW: Final = UpcardIsWild.BURY_AND_REDRAW
_UPCARD_KEEP: Final = UpcardIsWild.KEEP

__all__ = [
    "END_CLOSED",
    "END_STALLO",
    "END_STOCK",
    "END_TIMEOUT",
    "PHASE_DRAW",
    "PHASE_OVER",
    "PHASE_PLAY",
    "BurracoState",
    "Observation",
    "Result",
    "SideScore",
    "TableMeld",
]

PHASE_DRAW: Final = "draw"
PHASE_PLAY: Final = "play"
PHASE_OVER: Final = "over"



class _History:
    """A persistent list (shared tail) so that ``clone()`` never copies the past."""

    __slots__ = ("action", "length", "previous")

    def __init__(self, previous: _History | None, action: Action) -> None:
        self.previous: _History | None = previous
        self.action: Action = action
        self.length: int = 1 if previous is None else previous.length + 1


class BurracoState:
    """A hand of Burraco in progress.  Mutable; ``clone()`` is cheap."""

    __slots__ = (
        "_history",
        "_legal",
        "_produced",
        "_values",
        "closed_by",
        "current",
        "deal",
        "dealer",
        "end",
        "forbidden_discard",
        "hands",
        "known",
        "meld_side",
        "melds",
        "must_use",
        "opening_points",
        "pending",
        "phase",
        "pile",
        "players",
        "pozzetti",
        "rules",
        "side_count",
        "sides",
        "sizes",
        "stallo_streak",
        "stock",
        "taken",
        "timeout_left",
        "turn",
        "turn_single_pick",
        "void",
    )

    rules: RuleSet
    players: int
    side_count: int
    sides: tuple[int, ...]
    hands: list[list[int]]
    sizes: list[int]
    stock: list[int]
    pile: list[int]
    pozzetti: list[tuple[int, ...] | None]
    taken: list[bool]
    pending: list[tuple[int, ...] | None]
    melds: list[Meld]
    meld_side: list[int]
    known: list[list[int]]
    current: int
    phase: str
    forbidden_discard: int
    turn_single_pick: bool
    must_use: int  # the pile's top card still to be used this turn (-1: none), §4.5
    opening_points: int  # points laid in a side's first melding turn (-1: not one), §3.2
    stallo_streak: int
    timeout_left: int
    turn: int
    end: str | None
    closed_by: int | None
    void: bool
    deal: Deal
    dealer: int
    _values: tuple[int, ...]
    _history: _History | None
    _legal: list[Action] | None
    _produced: tuple[list[Action], list[Meld]] | None

    # --- construction ----------------------------------------------------------------------

    @classmethod
    def new_hand(cls, rules: RuleSet | None = None, *, seed: int | None = None,
                 deal: Deal | None = None, dealer: int | None = None) -> BurracoState:
        """A fresh hand from an explicit ``deal`` or a ``seed`` (one of the two is required).

        Seats are the table's seats (docs/record.md §2); the seat after ``dealer`` (default: the
        last seat, so that seat 0 plays first) plays first, and a seeded deal starts there."""
        rules = rules or preset("fibur")
        require_supported(rules)
        if rules.game not in ("burraco", "buraco"):
            raise ValueError(f"a {rules.game} rule set is not for a Burraco hand")
        n = rules.players
        if dealer is None:
            dealer = n - 1
        elif not 0 <= dealer < n:
            raise ValueError(f"no seat {dealer} at a {n}-player table")
        if deal is None:
            if seed is None:
                raise ValueError("new_hand needs a seed or an explicit deal")
            deal = deal_from_seed(seed, rules, dealer)
        else:
            check_deal(deal, rules)
        self = cls()
        n = rules.players
        self.rules = rules
        self.players = n
        self.sides = seating.initial_sides(n)
        self.side_count = max(self.sides) + 1
        self.hands = [to_counts(h) for h in deal.hands]
        self.sizes = [len(h) for h in deal.hands]
        self.stock = list(reversed(deal.stock))  # top of the stock at the end: pop() draws
        self.pile = [deal.upcard]
        self.pozzetti = list(deal.pozzetti)
        self.taken = [False] * self.side_count
        self.pending = [None] * n
        self.melds = []
        self.meld_side = []
        self.known = [[0] * NUM_TYPES for _ in range(n)]
        self.current = (dealer + 1) % n  # the dealer's left plays first (§2.1 item 2)
        self.phase = PHASE_DRAW
        self.forbidden_discard = -1
        self.turn_single_pick = False
        self.must_use = -1
        self.opening_points = -1
        self.stallo_streak = 0
        self.timeout_left = -1
        self.turn = 0
        self.end = None
        self.closed_by = None
        self.void = False
        self.deal = deal
        self.dealer = dealer
        if rules.upcard_is_wild is not _UPCARD_KEEP:
            self._replace_wild_upcard()
        self._values = rules.card_value_table()
        self._history = None
        self._legal = None
        self._produced = None
        return self

    @classmethod
    def from_position(cls, rules: RuleSet, *, hands: list[list[int]],
                      pozzetti: list[list[int]], taken: list[bool], stock: list[int],
                      pile: list[int], melds: list[tuple[int, Meld]], current: int,
                      phase: str = PHASE_DRAW, pending: list[list[int] | None] | None = None,
                      forbidden_discard: int | None = None, dealer: int | None = None,
                      turn: int = 0, sides: tuple[int, ...] | None = None) -> BurracoState:
        """A hand taken up in the middle (docs/record.md §4 ``position``): ``pozzetti`` are those
        not yet taken, in the order they would be taken; ``stock`` top first; ``pile`` bottom
        to top; ``melds`` as (team, meld) in table order.  Card conservation is the caller's
        check (the record reader does it).  ``sides``: the side of each seat (default: as the
        hand starts, §5)."""
        require_supported(rules)
        if phase not in (PHASE_DRAW, PHASE_PLAY):
            raise ValueError(f"phase must be {PHASE_DRAW!r} or {PHASE_PLAY!r}, not {phase!r}")
        n = rules.players
        sides = seating.initial_sides(n) if sides is None else tuple(sides)
        teams = max(seating.initial_sides(n)) + 1
        if len(hands) != n or not 0 <= current < n or len(taken) != teams or len(sides) != n:
            raise ValueError("position: hands, current and taken must match the player count")
        empty_deal = Deal(tuple(tuple(h) for h in hands), tuple(tuple(p) for p in pozzetti),
                          pile[0] if pile else -1, tuple(stock))
        self = cls()
        self.rules = rules
        self.players = n
        self.side_count = teams
        self.sides = sides
        self.hands = [to_counts(h) for h in hands]
        self.sizes = [len(h) for h in hands]
        self.stock = list(reversed(stock))
        self.pile = list(pile)
        slots: list[tuple[int, ...] | None] = [tuple(p) for p in pozzetti]
        if rules.pozzetto_assignment is _POZZETTO_PER_TEAM:
            remaining = iter(slots)
            slots = [None if t else next(remaining, None) for t in taken]
        self.pozzetti = slots
        self.taken = list(taken)
        self.pending = [None if p is None else tuple(p) for p in (pending or [None] * n)]
        self.melds = [m for _, m in melds]
        self.meld_side = [t for t, _ in melds]
        self.known = [[0] * NUM_TYPES for _ in range(n)]
        self.current = current
        self.phase = phase
        self.forbidden_discard = -1 if forbidden_discard is None else forbidden_discard
        self.turn_single_pick = forbidden_discard is not None
        self.must_use = -1
        opening = rules.min_first_meld_points and phase == PHASE_PLAY and not any(
            t == sides[current] for t, _ in melds)
        self.opening_points = 0 if opening else -1
        self.stallo_streak = 0
        self.timeout_left = -1
        self.turn = turn
        self.end = None
        self.closed_by = None
        self.void = False
        self.deal = empty_deal
        self.dealer = (current - 1) % n if dealer is None else dealer
        self._values = rules.card_value_table()
        self._history = None
        self._legal = None
        self._produced = None
        return self

    def clone(self) -> BurracoState:
        other = BurracoState()
        other.rules = self.rules
        other.players = self.players
        other.side_count = self.side_count
        other.sides = self.sides
        other.hands = [h[:] for h in self.hands]
        other.sizes = self.sizes[:]
        other.stock = self.stock[:]
        other.pile = self.pile[:]
        other.pozzetti = self.pozzetti[:]
        other.taken = self.taken[:]
        other.pending = self.pending[:]
        other.melds = self.melds[:]
        other.meld_side = self.meld_side[:]
        other.known = [k[:] for k in self.known]
        other.current = self.current
        other.phase = self.phase
        other.forbidden_discard = self.forbidden_discard
        other.turn_single_pick = self.turn_single_pick
        other.must_use = self.must_use
        other.opening_points = self.opening_points
        other.stallo_streak = self.stallo_streak
        other.timeout_left = self.timeout_left
        other.turn = self.turn
        other.end = self.end
        other.closed_by = self.closed_by
        other.void = self.void
        other.deal = self.deal
        other.dealer = self.dealer
        other._values = self._values
        other._history = self._history
        other._legal = self._legal
        other._produced = self._produced
        return other

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes this position what it is (for equality checks in tests and
        for proving that a refused action changed nothing)."""
        return (tuple(tuple(h) for h in self.hands), tuple(self.sizes), tuple(self.stock),
                tuple(self.pile), tuple(self.pozzetti), tuple(self.taken), tuple(self.pending),
                tuple(self.melds), tuple(self.meld_side), tuple(tuple(k) for k in self.known),
                self.current, self.phase, self.forbidden_discard, self.turn_single_pick,
                self.must_use, self.opening_points,
                self.stallo_streak, self.timeout_left, self.turn, self.end, self.closed_by,
                self.void,
                0 if self._history is None else self._history.length)

    # --- seats and teams ---------------------------------------------------------------------

    def partner(self, seat: int) -> int | None:
        """The seat playing on ``seat``'s side, if any (none with 2 players, §5)."""
        side = self.sides[seat]
        return next((s for s in range(self.players) if s != seat and self.sides[s] == side),
                    None)

    def opponents(self, seat: int) -> tuple[int, ...]:
        side = self.sides[seat]
        return tuple(s for s in range(self.players) if self.sides[s] != side)

    def side_seats(self, team: int) -> list[int]:
        return [s for s in range(self.players) if self.sides[s] == team]

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, ``None`` once the hand is over."""
        return None if self.is_over else self.current

    def hand_of(self, seat: int) -> list[int]:
        return from_counts(self.hands[seat])

    def history(self) -> list[Action]:
        out: list[Action] = []
        node = self._history
        while node is not None:
            out.append(node.action)
            node = node.previous
        out.reverse()
        return out

    def side_melds(self, team: int) -> Iterator[tuple[int, Meld]]:
        for i, m in enumerate(self.melds):
            if self.meld_side[i] == team:
                yield i + 1, m

    def _has_any_burraco(self, team: int, melds: list[Meld], teams: list[int]) -> bool:
        return any(teams[i] == team and len(m.cards) >= 7 for i, m in enumerate(melds))

    def _has_closing_burraco(self, team: int, melds: list[Meld], teams: list[int]) -> bool:
        clean_needed = self.rules.closing_burraco_requirement is _CLOSING_BURRACO_CLEAN
        for i, m in enumerate(melds):
            if teams[i] == team and len(m.cards) >= 7 and (
                    not clean_needed or is_clean_burraco(burraco_type(m, self.rules))):
                return True
        return False

    # --- the public API ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order (draw, pick; melds, attaches, discards).

        The list is computed once per position and shared until the next ``apply``: read it,
        do not change it.  Arbiter events (stallo, timeout) are not a player's choice and are
        never listed, though ``apply`` accepts them between turns."""
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def play(self, text: str) -> Action:
        """Parse ``text`` (docs/record.md §3) and apply it; return the action applied."""
        action = parse_action(text)
        self.apply(action)
        return action

    def play_move(self, text: str) -> Action:
        """Parse a player's move ``text`` and apply it with :meth:`apply_move`."""
        action = parse_action(text)
        self.apply_move(action)
        return action

    def apply_move(self, action: Action) -> None:
        """Apply a player's move: as :meth:`apply`, but an arbiter event (stallo, timeout) is
        refused, for only the referee calls them (§2.9b, §2.9c).  Whatever a client
        or a bot sends goes through here; ``apply`` is the arbiter's and the replay's."""
        if action.kind in ARBITER_EVENTS:
            raise illegal(f"{action.kind}: only the arbiter calls it, not a player",
                          "arbiter-only", "§2.9")
        self.apply(action)

    def apply(self, action: Action) -> None:
        """Apply ``action`` or raise :class:`IllegalActionError`; the state is unchanged then.
        Arbiter events are taken too: a player's move goes through :meth:`apply_move`."""
        kind = action.kind
        if self.phase == PHASE_OVER:
            raise illegal("the hand is over", "hand-over", "§2.9")
        if kind == DRAW:
            self._do_draw()
        elif kind == PICK:
            self._do_pick()
        elif kind in (MELD, ATTACH):
            top = self.must_use
            if (top >= 0 and top not in action.cards and self._known_result(action) is None
                    and self.phase == PHASE_PLAY and not self._still_usable_after(action, top)):
                raise illegal(f"{kind}: after this you could no longer use the top card "
                               f"{card_str(top)} you took with the pile",
                               "pickup-requires-top-card-use", "§3.2/§4.5")
            if (self.opening_points >= 0 and self._known_result(action) is None
                    and self.phase == PHASE_PLAY and not self._opening_reachable_after(action)):
                raise illegal(f"{kind}: your side's first melds must reach "
                               f"{self.rules.min_first_meld_points} points this turn, and "
                               "after this they no longer can", "min-first-meld-points",
                               "§3.2")
            if kind == MELD:
                self._do_meld(action)
            else:
                self._do_attach(action)
            if top >= 0 and top in action.cards:
                self.must_use = -1
            if self.opening_points >= 0:
                self.opening_points += cards_points(action.cards, self._values)
        elif kind == DISCARD:
            self._do_discard(action)
        elif kind == STALLO:
            self._do_stallo()
        elif kind == TIMEOUT:
            self._do_timeout()
        else:
            raise NotationError(f"unknown action kind {kind!r}")
        self._history = _History(self._history, action)
        self._legal = None
        self._produced = None

    def result(self) -> Result | None:
        """The score of a finished hand (§2.10); ``None`` while it is being played."""
        if self.phase != PHASE_OVER or self.end is None:
            return None
        return score_hand(self.rules, self._values, end=self.end, closed_by=self.closed_by,
                          void=self.void, sides=self.sides, melds=self.melds,
                          meld_sides=self.meld_side, hands=self.hands, pending=self.pending,
                          taken=self.taken)

    def observation(self, seat: int) -> Observation:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a {self.players}-player table")
        return Observation(
            seat=seat,
            players=self.players,
            sides=self.sides,
            current=self.current,
            phase=self.phase,
            hand=tuple(from_counts(self.hands[seat])),
            hand_sizes=tuple(self.sizes),
            pending_pozzetto_sizes=tuple(0 if p is None else len(p) for p in self.pending),
            pozzetti_left=tuple(len(p) for p in self.pozzetti if p is not None),
            pozzetto_taken=tuple(self.taken),
            stock_size=len(self.stock),
            pile=(tuple(self.pile)
                  if self.rules.discard_pile_visibility is _PILE_VISIBLE_ALL
                  else tuple(self.pile[-1:])),
            pile_size=len(self.pile),
            melds=tuple(TableMeld(i + 1, self.meld_side[i], m) for i, m in enumerate(self.melds)),
            known_cards=tuple(tuple(from_counts(k)) for k in self.known),
            forbidden_discard=(self.forbidden_discard
                               if seat == self.current and self.forbidden_discard >= 0 else None),
            turn=self.turn,
            end=self.end,
        )

    # --- DRAW phase -------------------------------------------------------------------------

    def _require_phase(self, phase: str, what: str) -> None:
        if self.phase != phase:
            if phase == PHASE_DRAW:
                raise illegal(f"{what}: you have already drawn this turn; meld, attach or "
                               "discard", "draw-once", "§2.3")
            raise illegal(f"{what}: draw from the stock or pick the pile first",
                           "draw-first", "§2.3")

    def _do_draw(self) -> None:
        self._require_phase(PHASE_DRAW, "draw")
        seat = self.current
        card = self.stock.pop()
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        self.turn_single_pick = False
        self.forbidden_discard = -1
        self._start_play(seat)

    def _do_pick(self) -> None:
        self._require_phase(PHASE_DRAW, "pick")
        seat = self.current
        rules = self.rules
        if rules.pickup_forbidden_with_one_card and self.sizes[seat] == 1:
            raise illegal("pick: a player holding one card may not take the pile (pique)",
                           "pickup-forbidden-with-one-card", "§3.2/§4.2")
        if not self.pile:
            raise illegal("pick: the pile is empty", "pile-empty", "§2.3")
        if rules.pickup_requires_top_card_use and not self._pick_usable():
            raise illegal(f"pick: you could not use the top card {card_str(self.pile[-1])} "
                           "this turn, and the pile may only be taken to use it",
                           "pickup-requires-top-card-use", "§3.2/§4.5")
        top = self.pile[-1]
        pile = self.pile
        if rules.discard_pickup is _PICKUP_TOP_CARD:
            # The top card only (§3.2; the Scala 40 way); it is a one-card pick (§2.3).
            pile = pile[-1:]
        hand = self.hands[seat]
        forbidden = -1
        if len(pile) == 1:
            card = pile[0]
            policy = rules.single_card_pile_rediscard
            if policy is _REDISCARD_FORBIDDEN or (
                    policy is _REDISCARD_UNLESS_HELD
                    and hand[card] == 0):
                forbidden = card
        known = self.known[seat]
        # What the others saw go into the hand: the whole pile when it lies open, only its top
        # card when it is closed (the lixo fechado, §4.1).
        seen = pile if self.rules.discard_pile_visibility is _PILE_VISIBLE_ALL else (
            pile[-1:])
        for c in pile:
            hand[c] += 1
        for c in seen:
            known[c] += 1
        self.sizes[seat] += len(pile)
        self.turn_single_pick = len(pile) == 1
        self.pile = self.pile[:len(self.pile) - len(pile)]
        self.forbidden_discard = forbidden
        if rules.pickup_requires_top_card_use:
            self.must_use = top
        self._start_play(seat)

    def _pick_usable(self) -> bool:
        """Could the player in turn use the pile's top card after taking the pile?"""
        trial = self.clone()
        trial.rules = dataclasses.replace(self.rules, pickup_requires_top_card_use=False)
        top = trial.pile[-1]
        trial.apply(PICK_ACTION)
        trial.rules = self.rules
        return trial._can_use(top)

    def _start_play(self, seat: int) -> None:
        pending = self.pending[seat]
        if pending is not None:
            # A pozzetto taken con lo scarto joins the hand after the next draw (§2.7).
            hand = self.hands[seat]
            for c in pending:
                hand[c] += 1
            self.sizes[seat] += len(pending)
            self.pending[seat] = None
            if (self.forbidden_discard in pending and self.rules.single_card_pile_rediscard
                    is _REDISCARD_UNLESS_HELD):
                # §2.3 bans re-discarding the card taken as the pile's only card; the
                # pozzetto's copy is another card, equivalent to it: the exception applies.
                # Otherwise a hand melded down to the two copies would have no legal move.
                self.forbidden_discard = -1
        self.phase = PHASE_PLAY
        team = self.sides[seat]
        self.opening_points = 0 if self.rules.min_first_meld_points and not any(
            t == team for t in self.meld_side) else -1

    # --- arbiter events ---------------------------------------------------------------------

    def _do_stallo(self) -> None:
        if self.phase != PHASE_DRAW:
            raise illegal("stallo is called between turns", "arbiter-between-turns", "§2.9b")
        self._finish(END_STALLO)

    def _do_timeout(self) -> None:
        if self.phase != PHASE_DRAW:
            raise illegal("time out is called between turns", "arbiter-between-turns", "§2.9c")
        if self.timeout_left >= 0:
            raise illegal("time out has already been called", "timeout-once", "§2.9c")
        # Called before the player in turn has drawn: one full round is played (T-37).
        self.timeout_left = self.players

    # --- PLAY phase -------------------------------------------------------------------------

    def _take_cards(self, seat: int, cards: tuple[int, ...], what: str) -> None:
        """Check that the hand holds ``cards`` (as a multiset)."""
        hand = self.hands[seat]
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        for c, n in need.items():
            if hand[c] < n:
                raise illegal(f"{what}: {card_str(c)} is not in your hand", "card-in-hand",
                               "§2.3")

    def _check_meld_rank_and_suit(self, team: int, meld: Meld) -> None:
        rules = self.rules
        for i, m in enumerate(self.melds):
            if self.meld_side[i] != team:
                continue
            if meld.kind == GROUP and m.kind == GROUP and m.rank == meld.rank and (
                    rules.one_group_per_rank_per_team):
                raise illegal(f"your side already has a group of that rank (meld {i + 1}); "
                               "attach to it", "one-group-per-rank", "§2.4")
            if (meld.kind == SEQUENCE and m.kind == SEQUENCE and m.suit == meld.suit
                    and not rules.multiple_sequences_same_suit):
                raise illegal(f"your side already has a sequence in that suit (meld {i + 1})",
                               "one-sequence-per-suit", "§3.3")

    def _do_meld(self, action: Action) -> None:
        self._require_phase(PHASE_PLAY, "meld")
        seat = self.current
        team = self.sides[seat]
        cards = action.cards
        known = self._known_result(action)
        if known is not None:
            self.melds.append(known)
            self.meld_side.append(team)
            self._remove_from_hand(seat, cards)
            self._after_table_play(seat)
            return
        self._take_cards(seat, cards, "meld")
        if len(cards) < 3:
            raise illegal("a meld needs at least three cards", "meld-min-three", "§2.4")
        meld = resolve_new_meld(cards, self.rules, action.annotations)
        if meld is None:
            raise explain_bad_meld(cards, action, self.rules)
        self._check_meld_rank_and_suit(team, meld)
        melds = [*self.melds, meld]
        teams = [*self.meld_side, team]
        self._check_going_down(seat, cards, melds, teams)
        self.melds.append(meld)
        self.meld_side.append(team)
        self._remove_from_hand(seat, cards)
        self._after_table_play(seat)

    def _do_attach(self, action: Action) -> None:
        self._require_phase(PHASE_PLAY, "attach")
        seat = self.current
        team = self.sides[seat]
        number = action.meld
        if not 1 <= number <= len(self.melds):
            raise illegal(f"attach: there is no meld {number} on the table", "meld-exists",
                           "§2.3")
        if self.meld_side[number - 1] != team:
            raise illegal(f"attach: meld {number} belongs to the other side; you may only "
                           "attach to your own side's melds", "own-melds-only", "§2.3")
        cards = action.cards
        old = self.melds[number - 1]
        known = self._known_result(action)
        if known is None:
            if not cards:
                raise illegal("attach: no cards", "attach-cards", "§2.3")
            self._take_cards(seat, cards, "attach")
            new = resolve_attach(old, cards, self.rules, action.annotations)
            if new is None:
                raise explain_bad_attach(old, cards, action, self.rules)
            melds = self.melds[:]
            melds[number - 1] = new
            back = returned_to_hand(old, new, cards) if self.rules.wild_may_return_to_hand else []
            self._check_going_down(seat, cards, melds, self.meld_side, back)
        else:
            new = known
            back = returned_to_hand(old, new, cards) if self.rules.wild_may_return_to_hand else []
        self.melds[number - 1] = new
        self._remove_from_hand(seat, cards)
        for c in back:
            # The freed wild goes back to the hand in everyone's sight (§3.4).
            self.hands[seat][c] += 1
            self.known[seat][c] += 1
            self.sizes[seat] += 1
        self._after_table_play(seat)

    def _known_result(self, action: Action) -> Meld | None:
        """The meld an action listed by ``legal_actions()`` produces (already fully checked).
        A scan, not a dict: the list is short, the action applied is usually the very object
        listed, and most positions end in a draw or a discard, which never look."""
        produced = self._produced
        if self._legal is None or produced is None:
            return None
        actions, melds = produced
        for i in range(len(actions)):
            if actions[i] is action:
                return melds[i]
        for i in range(len(actions)):
            if actions[i] == action:
                return melds[i]
        return None

    def _remove_from_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        known = self.known[seat]
        for c in cards:
            hand[c] -= 1
            if known[c] > hand[c]:
                known[c] = hand[c]
        self.sizes[seat] -= len(cards)

    def _after_table_play(self, seat: int) -> None:
        if self.sizes[seat] == 0:
            team = self.sides[seat]
            if not self._pozzetto_available(team):
                # Only where the house rule lets a close go without a discard (§3.6).
                self.closed_by = seat
                self._finish(END_CLOSED)
                return
            # Checked by _check_going_down: the side has not taken its pozzetto; al volo (§2.7).
            pozzetto = self._take_pozzetto(team)
            hand = self.hands[seat]
            for c in pozzetto:
                hand[c] += 1
            self.sizes[seat] = len(pozzetto)

    def _pozzetto_available(self, team: int) -> bool:
        """May ``team`` take a pozzetto on emptying its hand?  If not, emptying it closes
        (§2.7, §2.8; a second morto only with ``team_can_take_both_mortos``, §4.2)."""
        if self.taken[team] and not self.rules.team_can_take_both_mortos:
            return False
        if self.rules.pozzetto_assignment is _POZZETTO_PER_TEAM:
            return team < len(self.pozzetti) and self.pozzetti[team] is not None
        return any(p is not None for p in self.pozzetti)

    def _take_pozzetto(self, team: int) -> tuple[int, ...]:
        if self.rules.pozzetto_assignment is _POZZETTO_PER_TEAM:
            index = team
        else:
            index = next(i for i, p in enumerate(self.pozzetti) if p is not None)
        pozzetto = self.pozzetti[index]
        assert pozzetto is not None
        first_taken = not any(self.taken)
        self.pozzetti[index] = None
        self.taken[team] = True
        if first_taken and seating.forms_pair_on_first_pozzetto(self.players,
                                                                 self.rules.pozzetto_sizes):
            # Three players: the first to empty his hand takes the 18 and plays alone; the
            # other two become a pair and unite their melds (§5.2).
            sides = seating.after_solo(self.sides, self.sides.index(team))
            self.sides = sides
            self.meld_side = [sides[t] for t in self.meld_side]
        return pozzetto

    def _check_going_down(self, seat: int, cards: tuple[int, ...], melds: list[Meld],
                          teams: list[int], back: Sequence[int] = ()) -> None:
        """Refuse a meld/attach that empties the hand illegally or leaves a hand that cannot
        legally be finished (§2.7, §2.8 stuck hand, T-26, T-27, T-28).  ``back``: cards the
        action returns to the hand (a freed wild, §3.4)."""
        left = self.sizes[seat] - len(cards) + len(back)
        if left >= 2:
            if self._only_forbidden_left(seat, left, cards, back):
                self._check_not_stranded(seat, cards, melds, teams, back)
            return
        team = self.sides[seat]
        if left == 0:
            if not self._pozzetto_available(team):
                if self._has_closing_burraco(team, melds, teams):
                    if not self.rules.closing_requires_discard:
                        return  # a house rule: melding the last card closes (§3.6)
                    raise illegal("you cannot close by melding everything: a close needs a "
                                   "final discard", "closing-requires-discard", "§2.8")
                raise illegal("without a burraco you must keep at least one card after "
                               "discarding (stuck hand)", "stuck-hand", "§2.8")
            if not self.rules.pozzetto_al_volo_allowed:
                raise illegal("the pozzetto may not be taken al volo under these rules: keep a "
                               "card to discard", "pozzetto-al-volo-allowed", "§3.6")
            if self.rules.pozzetto_requires_burraco and not self._has_any_burraco(
                    team, melds, teams):
                raise illegal("your side needs a burraco before taking its pozzetto",
                               "pozzetto-requires-burraco", "§5.3")
            return
        # left == 1: the last card must be a legal final discard.
        remaining = self.hands[seat][:]
        for c in cards:
            remaining[c] -= 1
        for c in back:
            remaining[c] += 1
        last = next(c for c in range(NUM_TYPES) if remaining[c])
        try:
            self._check_final_discard(seat, last, melds, teams, "you would be left with "
                                      f"{card_str(last)} only, which")
        except IllegalActionError:
            if not self._may_close_by_attaching(team, last, melds, teams):
                raise

    def _only_forbidden_left(self, seat: int, left: int, cards: tuple[int, ...],
                             back: Sequence[int]) -> bool:
        """Would the ``left`` cards be nothing but copies of the card it may not discard
        (§2.3)?"""
        forbidden = self.forbidden_discard
        if forbidden < 0:
            return False
        copies = self.hands[seat][forbidden] - cards.count(forbidden) + list(back).count(
            forbidden)
        return copies == left

    def _check_not_stranded(self, seat: int, cards: tuple[int, ...], melds: list[Meld],
                            teams: list[int], back: Sequence[int]) -> None:
        """Refuse a play after which the player could neither discard (the cards left are
        all the one taken as a single-card pile, §2.3) nor play on: the turn could not end."""
        trial = self.clone()
        hand = trial.hands[seat]
        for c in cards:
            hand[c] -= 1
        for c in back:
            hand[c] += 1
        trial.sizes[seat] += len(back) - len(cards)
        trial.melds = list(melds)
        trial.meld_side = list(teams)
        trial._legal = None
        trial._produced = None
        if not trial._generate():
            card = card_str(self.forbidden_discard)
            raise illegal(f"you would be left with only {card}, the one card of the pile you "
                           "took, which may not be discarded this turn: the turn could not "
                           "end", "single-card-pile", "§2.3")

    def _may_close_by_attaching(self, team: int, card: int, melds: list[Meld],
                                teams: list[int]) -> bool:
        """Without ``closing_requires_discard`` a side that may close can also close by
        attaching its last card (§3.6)."""
        if self.rules.closing_requires_discard or self._pozzetto_available(team):
            return False
        if not self._has_closing_burraco(team, melds, teams):
            return False
        return any(teams[i] == team and attach_options(m, (card,), self.rules)
                   for i, m in enumerate(melds))

    def _check_final_discard(self, seat: int, card: int, melds: list[Meld], teams: list[int],
                             subject: str) -> None:
        """Raise unless discarding ``card`` as the last card of the hand is legal."""
        team = self.sides[seat]
        rules = self.rules
        if card == self.forbidden_discard:
            raise illegal(f"{subject} was the one card of the pile you took and may not be "
                           "discarded this turn", "single-card-pile", "§2.3")
        if not self._pozzetto_available(team):
            if not self._has_closing_burraco(team, melds, teams):
                clean = rules.closing_burraco_requirement is _CLOSING_BURRACO_CLEAN
                need = "a burraco pulito" if clean else "a burraco"
                raise illegal(f"{subject} cannot be your closing discard: closing needs {need}; "
                               "keep at least one card after discarding (stuck hand)",
                               "closing-needs-burraco", "§2.8")
            if is_burraco_wild(card) and not rules.closing_discard_may_be_wild:
                raise illegal(f"{subject} cannot close: the closing discard may not be a wild "
                               "(jolly or any 2)", "closing-discard-not-wild", "§2.8")
            return
        if rules.pozzetto_requires_burraco and not self._has_any_burraco(team, melds, teams):
            raise illegal(f"{subject} cannot be discarded: your side needs a burraco before "
                           "taking its pozzetto", "pozzetto-requires-burraco", "§5.3")

    def _do_discard(self, action: Action) -> None:
        self._require_phase(PHASE_PLAY, "discard")
        if len(action.cards) != 1:
            raise NotationError("'discard' takes exactly one card")
        seat = self.current
        card = action.cards[0]
        self._take_cards(seat, action.cards, "discard")
        if self.must_use >= 0:
            raise illegal(f"first use the top card {card_str(self.must_use)} you took with "
                           "the pile", "pickup-requires-top-card-use", "§3.2/§4.5")
        if 0 < self.opening_points < self.rules.min_first_meld_points:
            raise illegal(f"your side's first melds must lay down at least "
                           f"{self.rules.min_first_meld_points} points; you have laid "
                           f"{self.opening_points}", "min-first-meld-points", "§3.2")
        if card == self.forbidden_discard:
            raise illegal(f"you took {card_str(card)} as the only card of the pile and may not "
                           "discard it this turn", "single-card-pile", "§2.3")
        team = self.sides[seat]
        emptied = self.sizes[seat] == 1
        if emptied:
            self._check_final_discard(seat, card, self.melds, self.meld_side,
                                      f"{card_str(card)}")
        self._remove_from_hand(seat, action.cards)
        self.pile.append(card)
        if emptied:
            if not self._pozzetto_available(team):
                self.closed_by = seat
                self._finish(END_CLOSED)
                return
            pozzetto = self._take_pozzetto(team)
            if self.rules.pozzetto_con_scarto_playable is _POZZETTO_CON_SCARTO_IMMEDIATELY:
                hand = self.hands[seat]
                for c in pozzetto:
                    hand[c] += 1
                self.sizes[seat] = len(pozzetto)
            else:
                self.pending[seat] = pozzetto
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        if self._stock_exhausted():
            self._finish(END_STOCK)
            return
        stallo = self.rules.stallo_detection
        self.stallo_streak = self.stallo_streak + 1 if self.turn_single_pick else 0
        if stallo.mode == "AUTO_N_ROUNDS" and self.stallo_streak >= stallo.rounds * self.players:
            self._finish(END_STALLO)
            return
        if self.timeout_left > 0:
            self.timeout_left -= 1
            if self.timeout_left == 0:
                self._finish(END_TIMEOUT)
                return
        self.current = (self.current + 1) % self.players
        self.phase = PHASE_DRAW
        self.forbidden_discard = -1
        self.turn_single_pick = False
        self.opening_points = -1

    def _stock_exhausted(self) -> bool:
        """Does the stock end the hand now?  (§2.9a and the house rules of §3.7, §8 item 1.)"""
        policy = self.rules.stock_exhaustion
        if policy is _STOCK_LAST_TWO_UNPLAYABLE:
            return len(self.stock) <= 2  # the last two cards of the stock are never played
        if self.stock:
            return False
        if policy is _STOCK_RESHUFFLE_DISCARDS and self.pile:
            # [S002] "si gira il monte degli scarti": the pile turned over is the new stock, its
            # first discard on top.
            self.stock = list(reversed(self.pile))
            self.pile = []
            return False
        if policy is _STOCK_POZZETTO_BECOMES_STOCK:
            for i, pozzetto in enumerate(self.pozzetti):
                if pozzetto is not None:
                    # [S004]: a pozzetto nobody took becomes the stock (no side ever takes it).
                    self.stock = list(reversed(pozzetto))
                    self.pozzetti[i] = None
                    return False
        if policy is _STOCK_VOID_HAND:
            self.void = True  # [CPO]: the hand does not count and is dealt again
        return True

    def _replace_wild_upcard(self) -> None:
        """A jolly or pinella turned up as the first discard, under the house rules of §3.1
        (FIBUR keeps it, §2.2 item 4): buried at the bottom of the stock and the next card
        turned, or the stock reshuffled (seeded by the deal, so a replay is identical)."""
        rng = random.Random(repr(self.deal))
        while is_burraco_wild(self.pile[-1]) and any(
                not is_burraco_wild(c) for c in self.stock):
            wild = self.pile.pop()
            if self.rules.upcard_is_wild is _UPCARD_BURY_AND_REDRAW:
                self.stock.insert(0, wild)
            else:
                self.stock.append(wild)
                rng.shuffle(self.stock)
            self.pile.append(self.stock.pop())

    def _finish(self, end: str) -> None:
        self.end = end
        self.phase = PHASE_OVER

    # --- move generation ----------------------------------------------------------------------

    def _generate(self) -> list[Action]:
        self._produced = None
        if self.phase == PHASE_OVER:
            return []
        if self.phase == PHASE_DRAW:
            if self.pile and not (self.rules.pickup_forbidden_with_one_card
                                  and self.sizes[self.current] == 1) and (
                    not self.rules.pickup_requires_top_card_use or self._pick_usable()):
                return [DRAW_ACTION, PICK_ACTION]
            return [DRAW_ACTION]
        seat = self.current
        hand = self.hands[seat]
        size = self.sizes[seat]
        actions, melds = self._table_actions()
        if self.opening_points >= 0:
            # §3.2: a side's first melding turn must lay down enough points: keep the table
            # actions from which that total can still be reached.
            keep = [self._opening_reachable_after(a) for a in actions]
            actions = list(compress(actions, keep))
            melds = list(compress(melds, keep))
        if self.must_use >= 0:
            # §3.2 / §4.5: the top card taken must be used before the discard; keep only the
            # actions that use it or leave a way to use it.
            top = self.must_use
            keep = [top in a.cards or self._still_usable_after(a, top) for a in actions]
            actions = list(compress(actions, keep))
            melds = list(compress(melds, keep))
        self._produced = (actions, melds)
        out = actions[:]
        if self.must_use >= 0 or 0 < self.opening_points < self.rules.min_first_meld_points:
            return out  # no discard before the obligation of the turn is met
        # One discard per card type held, in card order, but the one card that may not be
        # discarded this turn (§2.3); the last card only if it may close or go down (§2.8).
        forbidden = self.forbidden_discard
        for card in range(NUM_TYPES):
            if hand[card] and card != forbidden and (
                    size != 1 or self._may_discard_last(seat, card)):
                out.append(DISCARD_ACTIONS[card])
        return out

    def _table_actions(self) -> tuple[list[Action], list[Meld]]:
        """Every legal meld and attach of the player in turn (``actions[i]`` produces
        ``melds[i]``).  Each action appears once: the chunks of move generation are disjoint
        (a sequence's naturals differ in rank, a group's share one; attaches name their
        meld)."""
        seat = self.current
        team = self.sides[seat]
        hand = self.hands[seat]
        rules = self.rules
        size = self.sizes[seat]
        actions: list[Action] = []
        produced: list[Meld] = []
        table = self.melds
        table_sides = self.meld_side
        # The side's groups by rank and sequences by suit, as bits.
        own_groups = 0
        own_suits = 0
        for i in range(len(table)):
            if table_sides[i] == team:
                m = table[i]
                if m.kind == GROUP:
                    own_groups |= 1 << m.rank
                else:
                    own_suits |= 1 << m.suit
        if not rules.one_group_per_rank_per_team:
            own_groups = 0
        if rules.multiple_sequences_same_suit:
            own_suits = 0
        # Only a meld that leaves at most one card needs the going-down checks (§2.7, §2.8);
        # a chunk whose options all leave more is accepted whole.
        # Holding two copies of the card it may not discard (§2.3), a play that keeps more
        # than one card could still leave only those: every play is checked then (rare).
        careful = self.forbidden_discard >= 0 and hand[self.forbidden_discard] >= 2
        shortcut = size - 1 if not careful else 0
        wilds = movegen.wild_key(hand)
        memo = movegen.memo_for(rules)
        for suit in range(4):
            chunk = movegen.sequence_chunk(hand, suit, rules, wilds, memo)
            if chunk.actions and not own_suits >> suit & 1:
                self._add_new_melds(chunk, seat, team, shortcut, actions, produced)
        if rules.groups_allowed:
            for rank in range(13):
                if rank == TWO and not rules.allow_group_of_twos:
                    continue
                chunk = movegen.group_chunk(hand, rank, rules, wilds, memo)
                if chunk.actions and not own_groups >> rank & 1:
                    self._add_new_melds(chunk, seat, team, shortcut, actions, produced)
        for i in range(len(table)):
            if table_sides[i] != team:
                continue
            m = table[i]
            chunk = movegen.attachments(m, i + 1, hand, rules, wilds, memo)
            if chunk.most_cards < shortcut:
                actions.extend(chunk.actions)
                produced.extend(chunk.melds)
                continue
            for action, result in zip(chunk.actions, chunk.melds, strict=True):
                if len(action.cards) >= shortcut:
                    melds = table[:]
                    melds[i] = result
                    back = (returned_to_hand(m, result, action.cards)
                            if rules.wild_may_return_to_hand else [])
                    if not self._may_go_down(seat, action.cards, melds, table_sides, back):
                        continue
                actions.append(action)
                produced.append(result)
        return actions, produced

    def _add_new_melds(self, chunk: movegen.Chunk, seat: int, team: int, shortcut: int,
                       actions: list[Action], produced: list[Meld]) -> None:
        """Append the new melds of ``chunk`` the going-down rules allow (see
        :meth:`_table_actions`)."""
        if chunk.most_cards < shortcut:
            actions.extend(chunk.actions)
            produced.extend(chunk.melds)
            return
        for action, meld in zip(chunk.actions, chunk.melds, strict=True):
            if len(action.cards) >= shortcut and not self._may_go_down(
                    seat, action.cards, [*self.melds, meld], [*self.meld_side, team]):
                continue
            actions.append(action)
            produced.append(meld)

    def _opening_reachable_after(self, action: Action) -> bool:
        """After ``action``, can this turn's melds still reach ``min_first_meld_points``?"""
        laid = self.opening_points + cards_points(action.cards, self._values)
        need = self.rules.min_first_meld_points - laid
        if need <= 0:
            return True
        trial = self.clone()
        trial.opening_points = -1
        trial.must_use = -1
        trial.apply(action)
        return not trial.is_over and trial.phase == PHASE_PLAY and trial._can_lay(need, {})

    def _can_lay(self, need: int, seen: dict[tuple[Any, ...], bool]) -> bool:
        """Is there a run of legal melds and attaches laying ``need`` more points?"""
        hand = self.hands[self.current]
        if sum(self._values[c] * n for c, n in enumerate(hand) if n) < need:
            return False
        key = (tuple(hand), tuple(self.melds))
        if key in seen:
            return seen[key]
        found = False
        for action in self._table_actions()[0]:
            points = cards_points(action.cards, self._values)
            if points >= need:
                found = True
                break
            trial = self.clone()
            trial.apply(action)
            if not trial.is_over and trial.phase == PHASE_PLAY and trial._can_lay(
                    need - points, seen):
                found = True
                break
        seen[key] = found
        return found

    def _can_use(self, card: int) -> bool:
        """Is there a legal meld or attach that puts ``card`` on the table now?"""
        return any(card in action.cards for action in self._table_actions()[0])

    def _still_usable_after(self, action: Action, card: int) -> bool:
        trial = self.clone()
        trial.must_use = -1  # look at the bare position after the action
        trial.apply(action)
        return not trial.is_over and trial.phase == PHASE_PLAY and trial._can_use(card)

    def _may_discard_last(self, seat: int, card: int) -> bool:
        try:
            self._check_final_discard(seat, card, self.melds, self.meld_side, "")
        except IllegalActionError:
            return False
        return True

    def _may_go_down(self, seat: int, cards: tuple[int, ...], melds: list[Meld],
                     teams: list[int], back: Sequence[int] = ()) -> bool:
        try:
            self._check_going_down(seat, cards, melds, teams, back)
        except IllegalActionError:
            return False
        return True


DRAW_ACTION: Final = Action(DRAW)
PICK_ACTION: Final = Action(PICK)
DISCARD_ACTIONS: Final = tuple(Action(DISCARD, (card,)) for card in range(NUM_TYPES))
