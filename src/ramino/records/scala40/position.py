"""The ``position`` document of a Scala 40 hand taken up in the middle (docs/record.md §4).

Fields (seats are the hand's seats; ``docs/scala40.md`` is the reference for people):

``hands``    one list of cards per seat
``stock``    the tallone, top first
``pile``     the pozzo, bottom to top
``melds``    ``{"owner": seat, "cards": [...]}`` in table-number order (meld 1 first), a
             sequence from its low end as it lies, the jolly annotated with its card
             (``JK=6h``, suit included)
``opened``   per seat: has it opened (the apertura, §6.3 item 2)?
``current``  the seat whose turn it is
``phase``    ``draw`` (before drawing) or ``play`` (just after the draw: nothing melded yet
             this turn)
``turn``     optional: turns played so far, for the first round of T-50 (default: every
             seat has played one)
``picked``   optional, phase ``play`` only: the card the draw took from the pozzo, which must
             be used this turn and not discarded again (§6.3 item 1)

Together they must hold exactly the 108-card pack; the reader names the missing and extra
cards, and a meld the rules do not allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ramino.cards import card_str, from_counts
from ramino.errors import IllegalActionError, RecordError, RulesError
from ramino.games.actions import DRAW, PICK
from ramino.games.phases import PHASE_DRAW, PHASE_PLAY
from ramino.games.scala40 import melds as m40
from ramino.games.scala40.melds import Meld
from ramino.games.scala40.state import Scala40State
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

POSITION_FIELDS = ("hands", "stock", "pile", "melds", "opened", "current", "phase")
OPTIONAL_FIELDS = ("turn", "picked")


@dataclass(frozen=True, slots=True)
class Position:
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    pile: tuple[int, ...]
    melds: tuple[tuple[int, Meld], ...]
    opened: tuple[bool, ...]
    current: int
    phase: str
    turn: int | None = None
    picked: int | None = None

    def state(self, rules: RuleSet, dealer: int | None = None,
              penalties: tuple[int, ...] | None = None) -> Scala40State:
        return Scala40State.from_position(
            rules, hands=self.hands, stock=self.stock, pile=self.pile, melds=self.melds,
            opened=self.opened, current=self.current, phase=self.phase, turn=self.turn,
            picked=self.picked, dealer=dealer, penalties=penalties)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hands": [[card_str(c) for c in h] for h in self.hands],
            "stock": [card_str(c) for c in self.stock],
            "pile": [card_str(c) for c in self.pile],
            "melds": [{"owner": owner, "cards": m.card_tokens()} for owner, m in self.melds],
            "opened": list(self.opened),
            "current": self.current,
            "phase": self.phase,
        }
        if self.turn is not None:
            out["turn"] = self.turn
        if self.picked is not None:
            out["picked"] = card_str(self.picked)
        return out


def position_of(state: Scala40State) -> Position:
    """The position a hand has reached, at the start of a turn or just after its draw."""
    if state.is_over or state.dealer_discard:
        raise ValueError("a position is taken in a hand in play, after the dealer's discard")
    history = state.history()
    if state.phase == PHASE_PLAY and history and history[-1].kind not in (DRAW, PICK):
        raise ValueError("a position in phase 'play' is the moment just after the draw")
    return Position(
        hands=tuple(tuple(from_counts(h)) for h in state.hands),
        stock=tuple(reversed(state.stock)), pile=tuple(state.pile),
        melds=tuple(zip(state.meld_seat, state.melds, strict=True)),
        opened=tuple(state.opened), current=state.current, phase=state.phase,
        turn=state.turn, picked=state.picked if state.picked >= 0 else None)


def read_position(value: object, rules: RuleSet, path: str = "position",
                          dealer: int | None = None) -> Position:
    """Check the form and the consistency of a position (exit 2 naming the field)."""
    obj = expect_object(value, path, required=POSITION_FIELDS, optional=OPTIONAL_FIELDS)
    n = rules.players
    hands_path = key_path(path, "hands")
    hands = tuple(tuple(read_cards(h, index_path(hands_path, i)))
                  for i, h in enumerate(expect_list(obj["hands"], hands_path, length=n)))
    stock = tuple(read_cards(obj["stock"], key_path(path, "stock")))
    pile = tuple(read_cards(obj["pile"], key_path(path, "pile")))
    opened_path = key_path(path, "opened")
    opened = tuple(expect_bool(o, index_path(opened_path, i))
                   for i, o in enumerate(expect_list(obj["opened"], opened_path, length=n)))
    melds_path = key_path(path, "melds")
    melds: list[tuple[int, Meld]] = []
    for i, raw in enumerate(expect_list(obj["melds"], melds_path)):
        meld_path = index_path(melds_path, i)
        entry = expect_object(raw, meld_path, required=("owner", "cards"))
        owner = expect_int(entry["owner"], key_path(meld_path, "owner"), 0, n - 1)
        if not opened[owner]:
            raise RecordError(key_path(meld_path, "owner"), f"seat {owner} has a meld on the "
                              "table but has not opened (opened)")
        cards_path = key_path(meld_path, "cards")
        cards, notes = read_meld_cards(entry["cards"], cards_path)
        try:
            meld = m40.new_meld(cards, notes, rules)
        except IllegalActionError as exc:
            raise RecordError(cards_path, f"not a legal meld: {exc.reason} (RULES.md "
                              f"{exc.section})") from None
        melds.append((owner, meld))
    current = expect_int(obj["current"], key_path(path, "current"), 0, n - 1)
    phase = expect_str(obj["phase"], key_path(path, "phase"))
    if phase not in (PHASE_DRAW, PHASE_PLAY):
        raise RecordError(key_path(path, "phase"), f"{phase!r}: expected 'draw' or 'play'")
    turn = None
    if obj.get("turn") is not None:
        turn = expect_int(obj["turn"], key_path(path, "turn"), 0)
    picked = None
    if obj.get("picked") is not None:
        picked_path = key_path(path, "picked")
        picked = read_card(obj["picked"], picked_path)
        if phase != PHASE_PLAY or picked not in hands[current]:
            raise RecordError(picked_path, "the card picked from the pozzo is in the hand of "
                              "the seat in turn, in phase 'play'")
    position = Position(hands, stock, pile, tuple(melds), opened, current, phase, turn,
                               picked)
    try:
        position.state(rules, dealer)
    except RulesError as exc:
        raise RecordError(path, str(exc).removeprefix("position: ")) from None
    return position
