"""The ``position`` document: a Burraco hand taken up in the middle (docs/record.md §4).

Fields (all seats are record seats; ``docs/record.md`` is the reference for people):

``hands``             one list of cards per seat
``pozzetti``          the pozzetti not yet taken, in the order they will be taken
``pozzetto_taken``    per side (4 players: side 0 = seats 0 and 2; 6 players: side s = seats s
                      and s+3; 2 and 3 players: one per seat): has it taken its pozzetto?
``pending_pozzetti``  optional, per seat: a pozzetto taken *con lo scarto* that joins the hand
                      after the seat's next draw (§2.7), or ``null``
``stock``             top first
``pile``              the discard pile, bottom to top
``melds``             ``{"team": t, "cards": [...]}`` in table-number order (meld 1 first),
                      cards low to high as they lie, active wilds annotated
``current``           the seat whose turn it is
``phase``             ``draw`` (before drawing) or ``play`` (after drawing)
``forbidden_discard`` optional: in phase ``play``, the card taken as a one-card pile that may
                      not be discarded this turn (§2.3)
``sides``             optional, per seat: the side it plays on, when that is no longer the
                      starting one (three players after the solo took the 18, §5.2)

Together they must hold exactly the rules' pack (108 cards, 162 with six players); the reader
names the cards that are missing or extra.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramino.cards import card_str, from_counts, pack_mismatch
from ramino.errors import RecordError
from ramino.games.burraco.melds import Meld, meld_from_cards
from ramino.games.burraco.seating import initial_sides
from ramino.games.burraco.state import PHASE_DRAW, PHASE_PLAY, BurracoState
from ramino.records.fields import (
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    index_path,
    key_path,
    read_card,
    read_cards,
    read_meld_cards,
)
from ramino.rules import RuleSet

POSITION_FIELDS = ("hands", "pozzetti", "pozzetto_taken", "stock", "pile", "melds", "current",
                   "phase")
OPTIONAL_FIELDS = ("pending_pozzetti", "forbidden_discard", "sides")


@dataclass(frozen=True, slots=True)
class Position:
    hands: tuple[tuple[int, ...], ...]
    pozzetti: tuple[tuple[int, ...], ...]
    pozzetto_taken: tuple[bool, ...]
    pending: tuple[tuple[int, ...] | None, ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    melds: tuple[tuple[int, Meld], ...]
    current: int
    phase: str
    forbidden_discard: int | None
    sides: tuple[int, ...] | None = None

    def all_cards(self) -> list[int]:
        out: list[int] = [c for h in self.hands for c in h]
        out += [c for p in self.pozzetti for c in p]
        out += [c for p in self.pending if p is not None for c in p]
        out += list(self.stock) + list(self.pile)
        out += [c for _, m in self.melds for c in m.cards]
        return out

    def state(self, rules: RuleSet, dealer: int | None = None) -> BurracoState:
        return BurracoState.from_position(
            rules, hands=[list(h) for h in self.hands], pozzetti=[list(p) for p in self.pozzetti],
            taken=list(self.pozzetto_taken), stock=list(self.stock), pile=list(self.pile),
            melds=list(self.melds), current=self.current, phase=self.phase,
            pending=[None if p is None else list(p) for p in self.pending],
            forbidden_discard=self.forbidden_discard, dealer=dealer, sides=self.sides)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hands": [[card_str(c) for c in h] for h in self.hands],
            "pozzetti": [[card_str(c) for c in p] for p in self.pozzetti],
            "pozzetto_taken": list(self.pozzetto_taken),
            "stock": [card_str(c) for c in self.stock],
            "pile": [card_str(c) for c in self.pile],
            "melds": [{"team": t, "cards": m.card_tokens()} for t, m in self.melds],
            "current": self.current,
            "phase": self.phase,
        }
        if any(p is not None for p in self.pending):
            out["pending_pozzetti"] = [None if p is None else [card_str(c) for c in p]
                                       for p in self.pending]
        if self.forbidden_discard is not None:
            out["forbidden_discard"] = card_str(self.forbidden_discard)
        if self.sides is not None:
            out["sides"] = list(self.sides)
        return out


def position_of(state: BurracoState) -> Position:
    """The position a state has reached.  Phase ``over`` is written as it is, for display
    only."""
    pending = tuple(None if p is None else tuple(p) for p in state.pending)
    return Position(
        hands=tuple(tuple(from_counts(h)) for h in state.hands),
        pozzetti=tuple(tuple(p) for p in state.pozzetti if p is not None),
        pozzetto_taken=tuple(state.taken),
        pending=pending,
        stock=tuple(reversed(state.stock)),
        pile=tuple(state.pile),
        melds=tuple(zip(state.meld_side, state.melds, strict=True)),
        current=state.current,
        sides=None if state.sides == initial_sides(state.players) else state.sides,
        phase=state.phase,
        forbidden_discard=state.forbidden_discard if state.forbidden_discard >= 0 else None,
    )


def read_position(value: object, rules: RuleSet, path: str = "position") -> Position:
    obj = expect_object(value, path, required=POSITION_FIELDS, optional=OPTIONAL_FIELDS)
    n = rules.players
    sides = initial_sides(n)
    if obj.get("sides") is not None:
        sides_path = key_path(path, "sides")
        sides = tuple(expect_int(s, index_path(sides_path, i), 0, n - 1)
                      for i, s in enumerate(expect_list(obj["sides"], sides_path, length=n)))
    teams = max(initial_sides(n)) + 1  # side ids stay those of the start (§5.2)
    hands_path = key_path(path, "hands")
    hands = tuple(tuple(read_cards(h, index_path(hands_path, i)))
                  for i, h in enumerate(expect_list(obj["hands"], hands_path, length=n)))
    taken_path = key_path(path, "pozzetto_taken")
    taken = tuple(expect_bool(t, index_path(taken_path, i))
                  for i, t in enumerate(expect_list(obj["pozzetto_taken"], taken_path,
                                                    length=teams)))
    pozzetti_path = key_path(path, "pozzetti")
    # Pozzetti are taken in order, one per side that has taken one (§2.7, §5).
    took = sum(1 for t in taken if t)
    if took > len(rules.pozzetto_sizes):
        raise RecordError(taken_path, f"{took} sides have taken a pozzetto but there are only "
                          f"{len(rules.pozzetto_sizes)}")
    untaken = len(rules.pozzetto_sizes) - took
    raw_pozzetti = expect_list(obj["pozzetti"], pozzetti_path, length=untaken)
    sizes = rules.pozzetto_sizes[took:]
    pozzetti = tuple(tuple(read_cards(p, index_path(pozzetti_path, i), length=sizes[i]))
                     for i, p in enumerate(raw_pozzetti))
    pending: tuple[tuple[int, ...] | None, ...] = (None,) * n
    if obj.get("pending_pozzetti") is not None:
        pending_path = key_path(path, "pending_pozzetti")
        entries = expect_list(obj["pending_pozzetti"], pending_path, length=n)
        read: list[tuple[int, ...] | None] = []
        for seat, entry in enumerate(entries):
            entry_path = index_path(pending_path, seat)
            if entry is None:
                read.append(None)
                continue
            if not taken[sides[seat]]:
                raise RecordError(entry_path, f"seat {seat} holds a pending pozzetto but its "
                                  "side has not taken one (pozzetto_taken)")
            read.append(tuple(read_cards(entry, entry_path)))
        pending = tuple(read)
    stock = tuple(read_cards(obj["stock"], key_path(path, "stock")))
    pile = tuple(read_cards(obj["pile"], key_path(path, "pile")))
    melds_path = key_path(path, "melds")
    melds: list[tuple[int, Meld]] = []
    for i, raw in enumerate(expect_list(obj["melds"], melds_path)):
        meld_path = index_path(melds_path, i)
        entry = expect_object(raw, meld_path, required=("team", "cards"))
        team = expect_int(entry["team"], key_path(meld_path, "team"), 0, teams - 1)
        cards_path = key_path(meld_path, "cards")
        cards, notes = read_meld_cards(entry["cards"], cards_path)
        meld = meld_from_cards(cards, rules, notes)
        if meld is None:
            raise RecordError(cards_path, f"{' '.join(entry['cards'])!r} is not a legal meld "
                              "under these rules (RULES.md §2.4–2.5)")
        melds.append((team, meld))
    current = expect_int(obj["current"], key_path(path, "current"), 0, n - 1)
    phase = expect_str(obj["phase"], key_path(path, "phase"))
    if phase not in (PHASE_DRAW, PHASE_PLAY):
        raise RecordError(key_path(path, "phase"), f"{phase!r}: expected 'draw' or 'play'")
    forbidden: int | None = None
    if obj.get("forbidden_discard") is not None:
        forbidden_path = key_path(path, "forbidden_discard")
        forbidden = read_card(obj["forbidden_discard"], forbidden_path)
        if phase != PHASE_PLAY:
            raise RecordError(forbidden_path, "only a player who has drawn (phase 'play') can "
                              "be barred from a discard")
        # Not required to be in the hand: the player may have melded it since, and the ban
        # still holds if a copy comes back this turn (a pozzetto taken al volo), as in the
        # engine.
    for seat, hand in enumerate(hands):
        # An empty hand only exists between a discard con lo scarto and the next draw (§2.7).
        if not hand and (pending[seat] is None or (seat == current and phase == PHASE_PLAY)):
            raise RecordError(index_path(hands_path, seat), "an empty hand: the hand would be "
                              "over (or the pozzetto due to this seat is missing)")
    position = Position(hands, pozzetti, taken, pending, stock, pile, tuple(melds), current,
                        phase, forbidden, None if sides == initial_sides(n) else sides)
    mismatch = pack_mismatch(position.all_cards(), rules.full_pack())
    if mismatch:
        raise RecordError(path, f"not the {rules.pack_size}-card pack: {mismatch}")
    return position
