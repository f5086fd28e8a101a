"""The one game API: ``GameState``, which both games' hands implement, and ``new_hand``, which
deals a hand of whatever game the rule set names.

A hand is a state machine, as ``chess.Board`` is for python-chess or ``pyspiel.State`` for
OpenSpiel::

    state = new_hand(preset("fibur"), seed=7)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    print(state.result())

``apply(action)`` checks the action and raises ``IllegalActionError`` (naming the rule and its
section of docs/rules.md) with the state unchanged; ``play(text)`` does the same for a move
written in the record notation (docs/record.md §3).  ``apply_move``/``play_move`` are the
entry points for players and bots: they also refuse the arbiter's events (a stallo, a time
out), which only a referee or a record may apply.  ``observation(seat)`` is everything one seat
may know, and all that a server sends it or a bot is given.
"""

from __future__ import annotations

from typing import Any, Protocol, Self, TypeAlias

from ramino.games import burraco, scala40
from ramino.games.actions import Action
from ramino.games.deal import Deal
from ramino.rules.options import RuleSet


class GameState(Protocol):
    """A hand of Burraco, Buraco or Scala 40 in progress (``BurracoState``, ``Scala40State``).

    Seats are numbered from 0; the seat after the dealer plays first.  Mutable; ``clone()`` is
    cheap (a copy that shares what neither copy will change)."""

    rules: RuleSet
    players: int
    current: int
    phase: str
    deal: Deal
    dealer: int
    end: str | None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (``result()`` is then its score)."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat whose turn it is, ``None`` once the hand is over."""
        ...

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order."""
        ...

    def apply(self, action: Action) -> None:
        """Apply ``action`` or raise ``IllegalActionError`` leaving the state unchanged."""
        ...

    def apply_move(self, action: Action) -> None:
        """As ``apply``, for a player's or a bot's move: arbiter events are refused."""
        ...

    def play(self, text: str) -> Action:
        """Parse ``text`` (the record notation) and apply it; return the action applied."""
        ...

    def play_move(self, text: str) -> Action:
        """Parse a player's move ``text`` and apply it with ``apply_move``."""
        ...

    def clone(self) -> Self:
        """An independent copy of the hand."""
        ...

    def history(self) -> list[Action]:
        """Every action applied since the deal, in order."""
        ...

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that makes the position what it is (equal positions, equal prints)."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: its game's ``Observation``."""
        ...

    def result(self) -> Any:
        """The finished hand's ``Result`` (its game's), ``None`` while it is being played."""
        ...


AnyState: TypeAlias = burraco.BurracoState | scala40.Scala40State
"""A hand of either game, as ``new_hand`` makes it: both are ``GameState`` (``isinstance``
tells them apart where the games differ)."""


def new_hand(rules: RuleSet, *, seed: int | None = None, deal: Deal | None = None,
             dealer: int | None = None) -> AnyState:
    """A fresh hand of the game ``rules`` name, from a ``seed`` or an explicit ``deal`` (one of
    the two).  ``dealer`` defaults to the last seat, so that seat 0 plays first."""
    if rules.game == "scala40":
        return scala40.Scala40State.new_hand(rules, seed=seed, deal=deal, dealer=dealer)
    return burraco.BurracoState.new_hand(rules, seed=seed, deal=deal, dealer=dealer)
