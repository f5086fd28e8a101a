"""Scala 40 (FISCA), 2 to 6 players each for himself: the hand as a state machine.

§6.1–§6.5 and the options of §6.7.  A turn is DRAW (``draw`` the tallone, or ``pick``
the top card of the pozzo, §6.3 item 1) then PLAY (``meld``, ``attach``, ``swap``) ended by one
``discard`` (item 5), which may close the hand (§6.4).  ``result()`` gives each seat's penalty
points for the hand (§6.5); ``ramino.games.scala40.match`` plays hands to elimination.

The API is the Burraco state's: ``apply(action)`` refuses with :class:`IllegalActionError`
naming the rule and its section and leaves the state unchanged; ``play(text)`` reads the record
notation; ``legal_actions()`` is exact.  Exactness needs look-ahead, because Scala 40 has
obligations that only the rest of the turn can meet: the apertura (new melds of the turn
worth the opening threshold, T-43), the picked discard that must be used (§6.3 item 1), the
swapped jolly that must be reused (T-48), and the rule that a turn ends with a discard (T-49).
An action after which the turn can no longer be ended legally is refused, as the rules say of
T-49 ("he takes back the last meld").  ``legal_actions()`` lists exactly the actions that
keep a legal end of the turn reachable, and ``apply`` accepts exactly those.

Choices where docs/rules.md is silent or uncertain (U), documented in ``docs/scala40.md``:

- chiusura in mano is a close by a player who had not opened before that turn; its scoring
  multiplier applies to card points, not to the flat unopened penalty;
- when every card a player could discard fits a meld on the table, the discard ban (§6.3 item
  5) cannot be obeyed and is lifted for that discard;
- the jolly turned as the first pozzo card goes back into the tallone at a place drawn by the
  hand's own random stream, and the pozzo reshuffle (§6.5) uses the same stream; the stream is
  seeded from the deal itself, so a record replays exactly;
- if the tallone is empty after the reshuffle (the pozzo held one card), the hand ends without
  a close (``end: stock``) and every seat pays its hand;
- if every meld on the table is full (no single card fits any) and nobody holds more than two
  cards, nobody can ever close: the hand ends as a stallo (``end: stallo``), every seat paying
  its hand;
- so does a hand whose tallone has been made from the pozzo ten times in a row with the table
  unchanged: the cards in play are those nobody will use, and it would go on for ever.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from itertools import compress
from typing import Any, Final

from ramino.cards import (
    JOKER,
    NUM_TYPES,
    card_str,
    cards_str,
    from_counts,
    to_counts,
)
from ramino.errors import NotSupportedError, RulesError
from ramino.games.actions import (
    ATTACH,
    DISCARD,
    DRAW,
    MELD,
    PICK,
    SWAP,
    Action,
    parse_action,
)
from ramino.games.deal import NO_UPCARD, Deal
from ramino.games.history import History, actions_of
from ramino.games.phases import PHASE_DRAW, PHASE_OVER, PHASE_PLAY
from ramino.games.public_history import PublicHistory, public_event
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.deal import (
    PACK_SIZE,
    check_deal,
    deal_from_seed,
    deal_stream_seed,
    pack_problem,
    seat_sides,
)
from ramino.games.scala40.melds import GROUP, SEQUENCE, Meld
from ramino.games.scala40.movegen import Resolved, generate
from ramino.games.scala40.observation import Observation, TableMeld
from ramino.games.scala40.refusals import check_shape, explain, illegal
from ramino.games.scala40.scoring import (
    Result,
    penalty_value,
    seat_penalty,
    side_penalties,
)
from ramino.rules.options import (
    DiscardAttachBan,
    RediscardPickedCard,
    RuleSet,
    UpcardJolly,
    check_partnerships,
    require_supported,
)
from ramino.rules.presets import preset

END_CLOSED: Final = "closed"
END_STOCK: Final = "stock"
END_STALLO: Final = "stallo"
# Tallones made in a row with the table unchanged that end the hand as a stallo (docs/scala40.md).
QUIET_REBUILDS_STALLO: Final = 10


class Scala40State:
    """A hand of Scala 40 in progress.  Mutable; ``clone()`` is cheap."""

    __slots__ = (
        "_canon", "_fits", "_fits_melds", "_history", "_legal", "_resolved", "chiusura_in_mano",
        "closed_by", "current", "deal", "dealer", "dealer_discard", "end", "hands", "jolly_owed",
        "meld_seat", "melds", "opened", "penalties", "phase", "picked", "picked_needs_meld",
        "picked_used", "pile", "players", "public_history", "quiet_rebuilds", "rebuild_melds",
        "rules", "shuffles", "sides", "sizes", "started_unopened", "stock", "stream_seed",
        "taken_up", "turn", "turn_clean_points", "turn_new_melds", "turn_points",
    )

    rules: RuleSet
    players: int
    hands: list[list[int]]
    sizes: list[int]
    stock: list[int]
    pile: list[int]
    melds: list[Meld]
    meld_seat: list[int]
    opened: list[bool]
    penalties: tuple[int, ...]
    current: int
    phase: str
    turn: int
    end: str | None
    closed_by: int | None
    chiusura_in_mano: bool
    deal: Deal
    dealer: int
    stream_seed: int
    shuffles: int
    # The table when the tallone was last made, and how many times in a row it was unchanged.
    rebuild_melds: tuple[Meld, ...] | None
    quiet_rebuilds: int
    started_unopened: bool
    turn_points: int
    turn_clean_points: int
    turn_new_melds: int
    picked: int
    picked_used: bool
    picked_needs_meld: bool
    jolly_owed: int
    sides: tuple[int, ...]
    dealer_discard: bool
    taken_up: bool  # started from a position (docs/record.md §4), not from a deal
    public_history: PublicHistory  # what every seat saw, in order (observation().history)
    _history: History | None
    _legal: list[Action] | None
    _resolved: dict[Action, Resolved] | None
    _canon: dict[tuple[str, int, tuple[int, ...], Meld], Action] | None
    _fits: frozenset[int]
    _fits_melds: list[Meld] | None

    # --- construction ---------------------------------------------------------------------------

    @classmethod
    def new_hand(cls, rules: RuleSet | None = None, *, seed: int | None = None,
                 deal: Deal | None = None, dealer: int | None = None,
                 penalties: tuple[int, ...] | None = None) -> Scala40State:
        """A fresh hand from an explicit ``deal`` or a ``seed``.  The seat after ``dealer``
        (default: the last seat, so that seat 0 plays first) plays first (§6.1).
        ``penalties``: the running totals of a match, shown in observations."""
        rules = rules or preset("fisca")
        if rules.game != "scala40":
            raise ValueError(f"a {rules.game} rule set is not for a Scala 40 hand")
        require_supported(rules)
        check_partnerships(rules)
        n = rules.players
        if rules.hand_size * n + 1 > PACK_SIZE:
            raise NotSupportedError(f"not yet supported by the engine: hand_size="
                                    f"{rules.hand_size} with {n} players exceeds the pack")
        if dealer is None:
            dealer = n - 1
        elif not 0 <= dealer < n:
            raise ValueError(f"no seat {dealer} at a {n}-player table")
        if deal is None:
            if seed is None:
                raise ValueError("new_hand needs a seed or an explicit deal")
            deal = deal_from_seed(seed, rules, dealer)
        else:
            check_deal(deal, rules, dealer)
        self = cls()
        self.rules = rules
        self.players = n
        self.hands = [to_counts(h) for h in deal.hands]
        self.sizes = [len(h) for h in deal.hands]
        self.stock = list(reversed(deal.stock))  # top at the end: pop() draws
        self.pile = [] if deal.upcard == NO_UPCARD else [deal.upcard]
        self.melds = []
        self.meld_seat = []
        self.opened = [False] * n
        self.penalties = tuple(penalties) if penalties is not None else (0,) * n
        self.sides = seat_sides(rules)
        # DEALER_14 (§6.1): the dealer, holding 14 cards, starts the pozzo with a discard
        # before the seat at his left plays the first turn.
        self.dealer_discard = deal.upcard == NO_UPCARD
        self.current = dealer if self.dealer_discard else (dealer + 1) % n
        self.phase = PHASE_PLAY if self.dealer_discard else PHASE_DRAW
        self.turn = 0
        self.end = None
        self.closed_by = None
        self.chiusura_in_mano = False
        self.deal = deal
        self.dealer = dealer
        self.stream_seed = deal_stream_seed(deal)
        self.shuffles = 0
        self.rebuild_melds = None
        self.quiet_rebuilds = 0
        self.taken_up = False
        self._reset_turn()
        self.public_history = ()
        self._history = None
        self._legal = None
        self._resolved = None
        self._canon = None
        self._fits = frozenset()
        self._fits_melds = None
        if rules.upcard_jolly is UpcardJolly.REINSERT_AND_REDRAW:
            # T-53: a jolly turned as the first pozzo card goes back into the pack.
            while self.pile and self.pile[-1] == JOKER and self.stock:
                jolly = self.pile.pop()
                rng = self._stream()
                self.stock.insert(rng.randrange(len(self.stock)), jolly)
                self.pile.append(self.stock.pop())
        return self

    @classmethod
    def from_position(cls, rules: RuleSet, *, hands: Sequence[Sequence[int]],
                      stock: Sequence[int], pile: Sequence[int],
                      melds: Sequence[tuple[int, Meld]], opened: Sequence[bool],
                      current: int, phase: str, turn: int | None = None,
                      picked: int | None = None, dealer: int | None = None,
                      penalties: tuple[int, ...] | None = None) -> Scala40State:
        """A hand taken up in the middle (docs/record.md §4 ``position``): ``hands`` per seat (card
        lists), ``stock`` top first, ``pile`` (the pozzo) bottom to top, ``melds`` as (owner
        seat, meld) in table order, who has ``opened``, the seat in turn and its phase.  Phase
        ``play`` is the moment just after the draw, nothing melded yet this turn; ``picked`` is
        then the card taken from the pozzo by that draw, if it was one.  ``turn``: turns played
        so far (the first round of T-50); by default every seat has played one.  The hand's
        random stream (pozzo reshuffles) is seeded from the position itself.  ``RulesError``
        for a position the rules cannot reach."""
        if rules.game != "scala40":
            raise ValueError(f"a {rules.game} rule set is not for a Scala 40 hand")
        require_supported(rules)
        check_partnerships(rules)
        n = rules.players
        if len(hands) != n or len(opened) != n:
            raise RulesError(f"position: {len(hands)} hands and {len(opened)} opened flags for "
                             f"{n} players")
        if not 0 <= current < n:
            raise RulesError(f"position: no seat {current} at a {n}-player table")
        if phase not in (PHASE_DRAW, PHASE_PLAY):
            raise RulesError(f"position: phase {phase!r}, expected 'draw' or 'play'")
        for seat, hand in enumerate(hands):
            least = 2 if seat == current and phase == PHASE_PLAY else 1
            if len(hand) < least:
                raise RulesError(f"position: seat {seat} holds {len(hand)} cards; a hand "
                                 "closes when it is empty (§6.4)")
        if phase == PHASE_DRAW and not stock:
            raise RulesError("position: the tallone is empty at the start of a turn; it is "
                             "rebuilt from the pozzo when it runs out (§6.5)")
        for owner, _ in melds:
            if not 0 <= owner < n:
                raise RulesError(f"position: a meld owned by seat {owner} of {n}")
            if not opened[owner]:
                raise RulesError(f"position: seat {owner} has a meld on the table but has not "
                                 "opened (§6.3)")
        if picked is not None:
            if phase != PHASE_PLAY:
                raise RulesError("position: a picked card only after the draw (phase 'play')")
            if picked not in hands[current]:
                raise RulesError(f"position: the picked {card_str(picked)} is not in the hand "
                                 f"of seat {current}")
        cards = [c for h in hands for c in h] + list(stock) + list(pile)
        cards += [c for _, m in melds for c in m.cards]
        problem = pack_problem(cards)
        if problem:
            raise RulesError("position: not the 108-card pack: " + problem)
        self = cls()
        self.rules = rules
        self.players = n
        self.hands = [to_counts(h) for h in hands]
        self.sizes = [len(h) for h in hands]
        self.stock = list(reversed(stock))
        self.pile = list(pile)
        self.melds = [m for _, m in melds]
        self.meld_seat = [owner for owner, _ in melds]
        self.opened = list(opened)
        self.penalties = tuple(penalties) if penalties is not None else (0,) * n
        self.sides = seat_sides(rules)
        self.dealer_discard = False
        self.current = current
        self.phase = phase
        self.turn = n if turn is None else turn
        self.end = None
        self.closed_by = None
        self.chiusura_in_mano = False
        self.dealer = n - 1 if dealer is None else dealer
        self.deal = Deal(tuple(tuple(h) for h in hands), (), NO_UPCARD, tuple(stock))
        text = "|".join([*(cards_str(h) for h in hands), cards_str(stock), cards_str(pile),
                         *(str(m) for _, m in melds)])
        self.stream_seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
        self.shuffles = 0
        self.rebuild_melds = None
        self.quiet_rebuilds = 0
        self.taken_up = True
        self._reset_turn()
        if picked is not None:
            self.picked = picked
            self.picked_needs_meld = not self.opened[current]
        self.public_history = ()
        self._history = None
        self._legal = None
        self._resolved = None
        self._canon = None
        self._fits = frozenset()
        self._fits_melds = None
        return self

    def _stream(self) -> random.Random:
        self.shuffles += 1
        return random.Random(self.stream_seed * 1000 + self.shuffles)

    def _reset_turn(self) -> None:
        self.started_unopened = not self.opened[self.current]
        self.turn_points = 0
        self.turn_clean_points = 0
        self.turn_new_melds = 0
        self.picked = -1
        self.picked_used = False
        self.picked_needs_meld = False
        self.jolly_owed = 0

    def clone(self) -> Scala40State:
        other = Scala40State()
        other.rules = self.rules
        other.players = self.players
        other.hands = [h[:] for h in self.hands]
        other.sizes = self.sizes[:]
        other.stock = self.stock[:]
        other.pile = self.pile[:]
        other.melds = self.melds[:]
        other.meld_seat = self.meld_seat[:]
        other.opened = self.opened[:]
        other.penalties = self.penalties
        other.current = self.current
        other.phase = self.phase
        other.turn = self.turn
        other.end = self.end
        other.closed_by = self.closed_by
        other.chiusura_in_mano = self.chiusura_in_mano
        other.deal = self.deal
        other.dealer = self.dealer
        other.stream_seed = self.stream_seed
        other.shuffles = self.shuffles
        other.rebuild_melds = self.rebuild_melds
        other.quiet_rebuilds = self.quiet_rebuilds
        other.started_unopened = self.started_unopened
        other.turn_points = self.turn_points
        other.turn_clean_points = self.turn_clean_points
        other.turn_new_melds = self.turn_new_melds
        other.picked = self.picked
        other.picked_used = self.picked_used
        other.picked_needs_meld = self.picked_needs_meld
        other.jolly_owed = self.jolly_owed
        other.sides = self.sides
        other.dealer_discard = self.dealer_discard
        other.taken_up = self.taken_up
        other.public_history = self.public_history
        other._history = self._history
        other._legal = self._legal
        other._resolved = self._resolved
        other._canon = self._canon
        other._fits = self._fits
        other._fits_melds = self._fits_melds
        return other

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes this position what it is."""
        return (tuple(tuple(h) for h in self.hands), tuple(self.sizes), tuple(self.stock),
                tuple(self.pile), tuple(self.melds), tuple(self.meld_seat), tuple(self.opened),
                self.current, self.phase, self.turn, self.end, self.closed_by,
                self.chiusura_in_mano, self.shuffles, self.rebuild_melds, self.quiet_rebuilds,
                self.started_unopened, self.turn_points,
                self.turn_clean_points, self.turn_new_melds, self.picked, self.picked_used,
                self.picked_needs_meld, self.jolly_owed, self.dealer_discard,
                0 if self._history is None else self._history.length)

    # --- reading the position ---------------------------------------------------------------------

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

    def table(self) -> Iterator[TableMeld]:
        for i, meld in enumerate(self.melds):
            yield TableMeld(i + 1, self.meld_seat[i], meld)

    def observation(self, seat: int) -> Observation:
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat} at a {self.players}-player table")
        picked, must_use, opening_points = self.turn_obligations(seat)
        return Observation(
            seat=seat, players=self.players, current=self.current, phase=self.phase,
            hand=tuple(from_counts(self.hands[seat])), hand_sizes=tuple(self.sizes),
            stock_size=len(self.stock), pile=tuple(self.pile), melds=tuple(self.table()),
            opened=tuple(self.opened), penalties=self.penalties, turn=self.turn, end=self.end,
            picked=picked, must_use=must_use, opening_points=opening_points, sides=self.sides,
            dealer_discard=self.dealer_discard, history=self.public_history)

    def turn_obligations(self, seat: int) -> tuple[int | None, tuple[int, ...], int]:
        """What ``seat`` alone sees of its own turn while it plays: the card it picked up
        from the pozzo, the cards it must still use this turn, and the points it has put down
        towards its opening (None, nothing and 0 for every other seat)."""
        if seat != self.current or self.phase != PHASE_PLAY:
            return None, (), 0
        must: list[int] = []
        if self._picked_pending():
            must.append(self.picked)
        must.extend([JOKER] * self.jolly_owed)
        return (self.picked if self.picked >= 0 else None), tuple(must), self.turn_points

    def result(self) -> Result | None:
        """Penalty points of the finished hand (§6.5); ``None`` while it is being played."""
        if self.phase != PHASE_OVER or self.end is None:
            return None
        rules = self.rules
        points: list[int] = []
        scores: list[int] = []
        for seat in range(self.players):
            counts = self.hands[seat]
            in_hand = sum(penalty_value(c, rules) * counts[c] for c in range(NUM_TYPES)
                          if counts[c])
            points.append(in_hand)
            scores.append(seat_penalty(rules, in_hand, closed=seat == self.closed_by,
                                       opened=self.opened[seat],
                                       chiusura_in_mano=self.chiusura_in_mano))
        by_side = side_penalties(rules, tuple(scores), tuple(self.sides), self.closed_by)
        return Result(self.end, by_side, self.closed_by, self.chiusura_in_mano, tuple(points),
                      tuple(scores))

    # --- the public API -------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order: draw, pick; new melds, then for each
        table meld its attachments and swap; discards."""
        if self._legal is None:
            self._legal = generate(self)
        return self._legal

    def play(self, text: str) -> Action:
        """Parse ``text`` (docs/record.md §3, ``swap`` included) and apply it."""
        action = parse_action(text, allow_swap=True)
        self.apply(action)
        return action

    def play_move(self, text: str) -> Action:
        """Parse a player's move ``text`` and apply it with :meth:`apply_move`."""
        action = parse_action(text, allow_swap=True)
        self.apply_move(action)
        return action

    def apply_move(self, action: Action) -> None:
        """Apply a player's move: Scala 40 has no arbiter events (stallo ends a hand by
        itself, §6.4), so every move a player may send is one :meth:`apply` takes;
        the two entry points are those of Burraco, where they differ."""
        self.apply(action)

    def apply(self, action: Action) -> None:
        """Apply ``action`` or raise :class:`IllegalActionError`; the state is unchanged then."""
        if self.phase == PHASE_OVER:
            raise illegal("the hand is over", "hand-over", "§6.4")
        kind = action.kind
        if kind not in (DRAW, PICK, MELD, ATTACH, SWAP, DISCARD):
            raise illegal(f"{action}: not an action of Scala 40 (draw, pick, meld, attach, swap, "
                           "discard)", "scala40-actions", "§6.3")
        legal = self.legal_actions()
        assert self._resolved is not None and self._canon is not None
        # A listed action is well formed: the shape is checked only for one that is not.
        if kind in (DRAW, PICK, DISCARD):
            if action not in legal:
                check_shape(action)
                raise explain(self, action)
            taken = (self.pile[-1],) if kind == PICK else ()
            self.public_history = (*self.public_history, public_event(self.current, action, taken))
            self._history = History(self._history, action)
            self._invalidate()
            if kind == DRAW:
                self._do_draw()
            elif kind == PICK:
                self._do_pick()
            else:
                self._do_discard(action.cards[0])
            return
        resolved = self._resolved.get(action)
        if resolved is None:
            check_shape(action)
            number, meld = self._resolve(action)  # raises for a malformed meld
            key = (kind, number, tuple(sorted(action.cards)), meld)
            canonical = self._canon.get(key)
            if canonical is None:
                raise explain(self, action, meld)
            resolved = self._resolved[canonical]
        self.public_history = (*self.public_history, public_event(self.current, action))
        self._history = History(self._history, action)
        self._invalidate()
        self._effect(kind, action.cards, resolved)

    def _invalidate(self) -> None:
        self._legal = None
        self._resolved = None
        self._canon = None

    # --- effects (checked beforehand) -----------------------------------------------------------

    def _do_draw(self) -> None:
        seat = self.current
        card = self.stock.pop()
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        self.phase = PHASE_PLAY

    def _do_pick(self) -> None:
        seat = self.current
        card = self.pile.pop()
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        self.picked = card
        self.picked_needs_meld = not self.opened[seat]
        self.phase = PHASE_PLAY

    def _effect(self, kind: str, cards: tuple[int, ...], resolved: Resolved) -> None:
        seat = self.current
        number, meld = resolved
        hand = self.hands[seat]
        for c in cards:
            hand[c] -= 1
        self.sizes[seat] -= len(cards)
        if kind == SWAP:
            self.melds[number - 1] = meld
            hand[JOKER] += 1
            self.sizes[seat] += 1
            if self.rules.swapped_jolly_must_be_used_same_turn:
                self.jolly_owed += 1
            return
        if self.picked >= 0 and not self.picked_used and self.picked in cards and (
                kind == MELD or not self.picked_needs_meld):
            self.picked_used = True
        if JOKER in cards and self.jolly_owed:
            self.jolly_owed -= 1
        if kind == MELD:
            self.melds.append(meld)
            self.meld_seat.append(seat)
            if not self.opened[seat]:
                self.turn_new_melds += 1
                self.turn_points += meld.opening_points()
                if meld.clean:
                    self.turn_clean_points += meld.opening_points()
                if self._threshold_reached():
                    self.opened[seat] = True
        else:
            if not self.opened[seat]:
                # opening_counts_only_new_melds=false (§6.7): what the lay-off adds to the
                # meld counts toward the apertura; it is clean if it brings no jolly.
                gained = meld.opening_points() - self.melds[number - 1].opening_points()
                self.turn_new_melds += 1
                self.turn_points += gained
                if JOKER not in cards:
                    self.turn_clean_points += gained
                self.melds[number - 1] = meld
                if self._threshold_reached():
                    self.opened[seat] = True
                return
            self.melds[number - 1] = meld

    def _threshold_reached(self) -> bool:
        points = self.turn_clean_points if self.rules.opening_without_jolly else self.turn_points
        return points >= self.rules.opening_threshold

    def _do_discard(self, card: int) -> None:
        seat = self.current
        self.hands[seat][card] -= 1
        self.sizes[seat] -= 1
        self.pile.append(card)
        if self.dealer_discard:
            # DEALER_14: the pozzo has its first card; the first turn is the next seat's, and
            # the dealer's discard is not a turn of the first round (§6.4, T-50).
            self.dealer_discard = False
            self.current = (self.current + 1) % self.players
            self.phase = PHASE_DRAW
            self._reset_turn()
            return
        if self.sizes[seat] == 0:
            self.closed_by = seat
            self.chiusura_in_mano = self.started_unopened
            self.end = END_CLOSED
            self.phase = PHASE_OVER
            return
        self.turn += 1
        if not self.stock:
            # §6.5, T-54: the pozzo except its top card becomes the new tallone.
            top = self.pile.pop()
            self._stream().shuffle(self.pile)
            self.stock, self.pile = self.pile, [top]
            table = tuple(self.melds)
            self.quiet_rebuilds = self.quiet_rebuilds + 1 if table == self.rebuild_melds else 0
            self.rebuild_melds = table
            if not self.stock or self.quiet_rebuilds >= QUIET_REBUILDS_STALLO:
                # No tallone could be made; or it went round ten times with nothing laid,
                # attached or swapped: nobody will ever use the cards in play.
                self.end = END_STALLO if self.stock else END_STOCK
                self.phase = PHASE_OVER
                return
        if max(self.sizes) <= 2 and self._table_frozen():
            # Nobody holds three cards, so no meld can go down leaving a card to discard (T-49),
            # and no card still in play fits the table or frees a jolly: nobody can ever close.
            self.end = END_STALLO
            self.phase = PHASE_OVER
            return
        self.current = (self.current + 1) % self.players
        self.phase = PHASE_DRAW
        self._reset_turn()

    def _table_frozen(self) -> bool:
        """No card off the table (hands, tallone, pozzo) could be laid off on a meld or swapped
        for a jolly: the table can never change again."""
        fitting = self._fitting()
        # A jolly taken by a swap matters only if it can be laid off again: somewhere a meld
        # takes a jolly, or its own meld has room once it holds the natural card.
        limit = {SEQUENCE: 14, GROUP: self.rules.group_max_size}
        jollies = {m.jolly for m in self.melds if m.jolly >= 0
                   and (JOKER in fitting or len(m.cards) < limit[m.kind])}
        wanted = fitting | jollies
        if not wanted:
            return True
        if any(c in wanted for c in self.stock) or any(c in wanted for c in self.pile):
            return False
        return not any(hand[c] for hand in self.hands for c in wanted)

    def _lay_off_now(self) -> bool:
        seat = self.current
        if not self.opened[seat]:
            # §6.7 opening_counts_only_new_melds=false: cards laid off in the turn of the
            # apertura count toward it, so they may be laid off before the threshold is met
            # (unless no laying off at all is allowed in that turn).
            rules = self.rules
            return not rules.opening_counts_only_new_melds and (
                rules.lay_off_after_opening_same_turn)
        return not (self.started_unopened and not self.rules.lay_off_after_opening_same_turn)

    def _swap_now(self) -> bool:
        if self.opened[self.current]:
            return self._lay_off_now()
        return not self.rules.jolly_swap_requires_opened  # §6.7: a swap before opening

    def _may_lay_off_on(self, index: int, seat: int) -> bool:
        """``lay_off_on_opponents`` false still allows the melds of the seat's own side."""
        return self.rules.lay_off_on_opponents or (
            self.sides[self.meld_seat[index]] == self.sides[seat])

    def _identical_blocked(self, meld: Meld) -> bool:
        if self.rules.identical_sequence_allowed or meld.kind != SEQUENCE:
            return False
        shown = meld.represented()
        return any(m.kind == SEQUENCE and m.represented() == shown for m in self.melds)

    # --- rules of the turn -----------------------------------------------------------------------

    def _picked_pending(self) -> bool:
        return (self.picked >= 0 and not self.picked_used
                and (self.rules.picked_discard_must_be_used_same_turn or self.picked_needs_meld))

    def _closing_allowed(self) -> str | None:
        """Why the player in turn may not close now, or ``None`` (§6.4)."""
        rules = self.rules
        if rules.no_close_first_round and self.turn < self.players:
            return "no-close-first-round"
        if self.started_unopened and not rules.chiusura_in_mano_allowed:
            return "chiusura-in-mano-allowed"
        return None

    def _rediscard_forbidden(self, card: int, hand: list[int]) -> bool:
        """The picked discard may not be discarded again (§6.3 item 1) unless an identical card
        held besides it is the one discarded (and the option allows that)."""
        if card != self.picked:
            return False
        if self.rules.rediscard_picked_card is RediscardPickedCard.FORBIDDEN:
            return True
        others = hand[card] - (0 if self.picked_used else 1)
        return others < 1

    def _ban_applies(self, seat: int) -> bool:
        mode = self.rules.discard_attach_ban
        if mode is DiscardAttachBan.NEVER:
            return False
        if mode is DiscardAttachBan.ALWAYS or self.players > 2:
            return True
        if mode is DiscardAttachBan.FISCA:
            return not self.opened[seat]
        return self.opened[seat]  # S000_READING

    def _fitting(self) -> frozenset[int]:
        """Every single card that fits some meld on the table (the discard ban), kept until
        the table changes (a copy of the meld list tells: a meld is replaced, never changed)."""
        if self._fits_melds != self.melds:
            self._fits = _fitting_cards(self.melds, self.rules)
            self._fits_melds = self.melds[:]
        return self._fits

    def _discard_block(self) -> str | None:
        """Why no card at all may be discarded now, or ``None``."""
        if self._picked_pending():
            return "picked-discard-must-be-used"
        if self.jolly_owed:
            return "swapped-jolly-must-be-used"
        seat = self.current
        if not self.opened[seat] and self.turn_new_melds and self.sizes[seat] > 1:
            return "opening-threshold"
        if self.sizes[seat] == 1:
            return self._closing_allowed()
        return None

    def _can_discard(self) -> bool:
        """Whether ``_legal_discards()`` is not empty, without listing it: the discard ban
        never empties the list (when every card is banned, the ban is lifted)."""
        if self._discard_block() is not None:
            return False
        hand = self.hands[self.current]
        held = sum(hand)
        picked = self.picked
        if picked >= 0 and hand[picked] and self._rediscard_forbidden(picked, hand):
            held -= hand[picked]
        return held > 0

    def _legal_discards(self) -> list[int]:
        if self._discard_block() is not None:
            return []
        seat = self.current
        hand = self.hands[seat]
        cards = list(compress(_CARD_TYPES, hand))
        picked = self.picked
        if picked >= 0 and hand[picked] and self._rediscard_forbidden(picked, hand):
            cards.remove(picked)  # only the picked card can be forbidden
        if self.sizes[seat] == 1 or not self._ban_applies(seat):
            return cards  # the closing discard is never banned (T-45)
        fitting = self._fitting()
        allowed = [c for c in cards if c not in fitting]
        return allowed or cards

    # --- explaining refusals ---------------------------------------------------------------------

    def _resolve(self, action: Action) -> Resolved:
        seat = self.current
        if self.phase != PHASE_PLAY:
            raise illegal(f"{action.kind}: draw from the tallone or pick the pozzo first",
                           "draw-first", "§6.3")
        self._take_cards(seat, action.cards, action.kind)
        if action.kind == MELD:
            return 0, m40.new_meld(action.cards, action.annotations, self.rules)
        number = action.meld
        if not 1 <= number <= len(self.melds):
            raise illegal(f"{action.kind}: there is no meld {number} on the table",
                           "meld-exists", "§6.3")
        meld = self.melds[number - 1]
        if action.kind == SWAP:
            return number, m40.swap(meld, action.cards[0])
        return number, m40.attach(meld, action.cards, action.annotations, self.rules)

    def _take_cards(self, seat: int, cards: tuple[int, ...], what: str) -> None:
        hand = self.hands[seat]
        for c in set(cards):
            if hand[c] < cards.count(c):
                raise illegal(f"{what}: {card_str(c)} is not in your hand", "card-in-hand",
                               "§6.3")

def _fitting_cards(melds: list[Meld], rules: RuleSet) -> frozenset[int]:
    """Every single card that could be laid off on one of ``melds`` (the discard ban)."""
    out: set[int] = set()
    for meld in melds:
        out |= m40.fitting_cards(meld, rules)
    return frozenset(out)


_CARD_TYPES: Final = range(NUM_TYPES)

__all__ = ["END_CLOSED", "END_STALLO", "END_STOCK", "Scala40State"]
