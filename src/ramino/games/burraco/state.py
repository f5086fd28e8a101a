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
from collections.abc import Iterator
from typing import Any, Final

from ramino.cards import (
    NUM_TYPES,
    card_str,
    from_counts,
    to_counts,
)
from ramino.errors import NotationError
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
from ramino.games.burraco import seating
from ramino.games.burraco.deal import check_deal, deal_from_seed
from ramino.games.burraco.legal import (
    PICK_ACTION,
    can_use,
    check_final_discard,
    check_going_down,
    generate,
    opening_reachable_after,
    still_usable_after,
)
from ramino.games.burraco.melds import (
    GROUP,
    SEQUENCE,
    Meld,
    burraco_type,
    cards_points,
    is_clean_burraco,
    resolve_attach,
    resolve_new_meld,
    returned_to_hand,
)
from ramino.games.burraco.observation import Observation, TableMeld, observe
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
from ramino.games.burraco.stock import (
    pozzetto_available,
    replace_wild_upcard,
    stock_exhausted,
    take_pozzetto,
)
from ramino.games.deal import Deal
from ramino.games.history import History, actions_of
from ramino.games.phases import PHASE_DRAW, PHASE_OVER, PHASE_PLAY
from ramino.games.public_history import PublicHistory, public_event
from ramino.rules.options import (
    ClosingBurracoRequirement,
    DiscardPickup,
    DiscardPileVisibility,
    PozzettoAssignment,
    PozzettoConScartoPlayable,
    RuleSet,
    SingleCardPileRediscard,
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


class BurracoState:
    """A hand of Burraco in progress.  Mutable; ``clone()`` is cheap."""

    __slots__ = (
        "_history", "_legal", "_produced", "_values", "closed_by", "current", "deal", "dealer",
        "end", "forbidden_discard", "hands", "known", "meld_side", "melds", "must_use",
        "opening_points", "pending", "phase", "pile", "players", "pozzetti", "public_history",
        "rules", "side_count",
        "sides", "sizes", "stallo_streak", "stock", "taken", "timeout_left", "turn",
        "turn_single_pick", "void",
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
    public_history: PublicHistory  # what every seat saw, in order (observation().history)
    _history: History | None
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
            replace_wild_upcard(self)
        self._values = rules.card_value_table()
        self.public_history = ()
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
        self.public_history = ()
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
        other.public_history = self.public_history
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
        return actions_of(self._history)

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
            self._legal = generate(self)
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
        seat = self.current
        taken: tuple[int, ...] = ()
        if kind == DRAW:
            self._do_draw()
        elif kind == PICK:
            taken = self._do_pick()
        elif kind in (MELD, ATTACH):
            top = self.must_use
            if (top >= 0 and top not in action.cards and self._known_result(action) is None
                    and self.phase == PHASE_PLAY and not still_usable_after(self, action, top)):
                raise illegal(f"{kind}: after this you could no longer use the top card "
                               f"{card_str(top)} you took with the pile",
                               "pickup-requires-top-card-use", "§3.2/§4.5")
            if (self.opening_points >= 0 and self._known_result(action) is None
                    and self.phase == PHASE_PLAY and not opening_reachable_after(self, action)):
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
        self.public_history = (*self.public_history, public_event(seat, action, taken))
        self._history = History(self._history, action)
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
        return observe(self, seat)

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

    def _do_pick(self) -> tuple[int, ...]:
        """Take the pile (or its top card); the cards taken that the table saw."""
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
        return tuple(seen)

    def _pick_usable(self) -> bool:
        """Could the player in turn use the pile's top card after taking the pile?"""
        trial = self.clone()
        trial.rules = dataclasses.replace(self.rules, pickup_requires_top_card_use=False)
        top = trial.pile[-1]
        trial.apply(PICK_ACTION)
        trial.rules = self.rules
        return can_use(trial, top)

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
        check_going_down(self, seat, cards, melds, teams)
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
            check_going_down(self, seat, cards, melds, self.meld_side, back)
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
            if not pozzetto_available(self, team):
                # Only where the house rule lets a close go without a discard (§3.6).
                self.closed_by = seat
                self._finish(END_CLOSED)
                return
            # Checked by _check_going_down: the side has not taken its pozzetto; al volo (§2.7).
            pozzetto = take_pozzetto(self, team)
            hand = self.hands[seat]
            for c in pozzetto:
                hand[c] += 1
            self.sizes[seat] = len(pozzetto)

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
            check_final_discard(self, seat, card, self.melds, self.meld_side,
                                      f"{card_str(card)}")
        self._remove_from_hand(seat, action.cards)
        self.pile.append(card)
        if emptied:
            if not pozzetto_available(self, team):
                self.closed_by = seat
                self._finish(END_CLOSED)
                return
            pozzetto = take_pozzetto(self, team)
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
        if stock_exhausted(self):
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

    def _finish(self, end: str) -> None:
        self.end = end
        self.phase = PHASE_OVER
