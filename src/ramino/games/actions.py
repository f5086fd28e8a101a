"""Atomic actions and their notation (docs/record.md §3).

``Action`` is an immutable value.  ``str(action)`` is the record notation; ``parse_action``
reads it back with an error that names the bad token.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ramino.cards import WildTarget, card_str, parse_annotated_card, parse_card
from ramino.errors import NotationError

DRAW: Final = "draw"
PICK: Final = "pick"
MELD: Final = "meld"
ATTACH: Final = "attach"
DISCARD: Final = "discard"
SWAP: Final = "swap"  # Scala 40 only: a natural card for the jolly in a meld (§6.3)
STALLO: Final = "stallo"
TIMEOUT: Final = "timeout"
ARBITER_EVENTS: Final = frozenset({STALLO, TIMEOUT})
KINDS: Final = (DRAW, PICK, MELD, ATTACH, DISCARD)

Annotation = tuple[int, WildTarget]


class Action(NamedTuple):
    """One atomic action.  ``meld`` is a table meld number (``attach``); ``cards`` are the cards
    taken from the hand (``meld``, ``attach``) or the one discarded; ``annotations`` pin what a
    wild stands for (docs/record.md §1)."""

    kind: str
    cards: tuple[int, ...] = ()
    meld: int = 0
    annotations: tuple[Annotation, ...] = ()

    def __str__(self) -> str:
        if self.kind in (DRAW, PICK, STALLO, TIMEOUT):
            return self.kind
        tokens = []
        pending = list(self.annotations)
        for c in self.cards:
            token = card_str(c)
            for i, (card, target) in enumerate(pending):
                if card == c:
                    token += "=" + str(target)
                    del pending[i]
                    break
            tokens.append(token)
        if self.kind in (ATTACH, SWAP):
            return f"{self.kind} {self.meld} " + " ".join(tokens)
        return f"{self.kind} " + " ".join(tokens)


_tuple_new: Final = tuple.__new__


def new_action(kind: str, cards: tuple[int, ...], meld: int,
               annotations: tuple[Annotation, ...]) -> Action:
    """``Action(kind, cards, meld, annotations)`` for move generation, which builds many: the
    named tuple's own constructor is generated Python code with keyword handling, and this
    makes the same tuple directly (positional fields only, no defaults)."""
    return _tuple_new(Action, (kind, cards, meld, annotations))


def draw() -> Action:
    return Action(DRAW)


def pick() -> Action:
    return Action(PICK)


def discard(card: int) -> Action:
    return Action(DISCARD, (card,))


def parse_action(text: str, *, allow_swap: bool = False) -> Action:
    """Read one action string; raise :class:`NotationError` naming what is wrong.  ``swap`` is
    a Scala 40 action, read only with ``allow_swap`` (Burraco records stay as they were)."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be a string, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action")
    verb = words[0].lower()
    args = words[1:]
    if verb in (DRAW, PICK, STALLO, TIMEOUT):
        if args:
            raise NotationError(f"{verb!r} takes no cards, got {' '.join(args)!r}")
        return Action(verb)
    if verb == DISCARD:
        if len(args) != 1:
            raise NotationError(f"'discard' takes exactly one card, got {len(args)}")
        if "=" in args[0]:
            raise NotationError(f"a discarded card carries no annotation: {args[0]!r}")
        return Action(DISCARD, (parse_card(args[0]),))
    if verb == MELD:
        if not args:
            raise NotationError("'meld' needs cards")
        cards, notes = _annotated(args)
        return Action(MELD, cards, 0, notes)
    if verb == ATTACH:
        if len(args) < 2:
            raise NotationError("'attach' needs a meld number and cards, e.g. 'attach 2 Kh'")
        if not args[0].isdigit() or int(args[0]) < 1:
            raise NotationError(f"bad meld number {args[0]!r} (melds are numbered from 1)")
        cards, notes = _annotated(args[1:])
        return Action(ATTACH, cards, int(args[0]), notes)
    if verb == SWAP and allow_swap:
        if len(args) != 2:
            raise NotationError("'swap' takes a meld number and one card, e.g. 'swap 3 6h'")
        if not args[0].isdigit() or int(args[0]) < 1:
            raise NotationError(f"bad meld number {args[0]!r} (melds are numbered from 1)")
        if "=" in args[1]:
            raise NotationError(f"the card given for a jolly carries no annotation: {args[1]!r}")
        return Action(SWAP, (parse_card(args[1]),), int(args[0]))
    if allow_swap:
        raise NotationError(f"unknown action {words[0]!r} (draw, pick, meld, attach, swap, "
                            "discard)")
    raise NotationError(f"unknown action {words[0]!r} (draw, pick, meld, attach, discard)")


def _annotated(tokens: list[str]) -> tuple[tuple[int, ...], tuple[Annotation, ...]]:
    cards: list[int] = []
    notes: list[Annotation] = []
    for token in tokens:
        card, target = parse_annotated_card(token)
        cards.append(card)
        if target is not None:
            notes.append((card, target))
    return tuple(cards), tuple(notes)
