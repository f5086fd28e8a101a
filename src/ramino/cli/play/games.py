"""What differs between the games in ``ramino play``: how a match deals its hands, which
match seats a hand deals in, what the score sheet is told of a finished hand, and the record
that is written.  Everything else — the turns, the prompt, the bots, the hints — is one loop
for every game (:mod:`ramino.cli.play.loop`).

Burraco and Buraco (§2–§5): the engine's :class:`ramino.games.burraco.match.Match`, to the
preset's target (FIBUR 2005, §2.11); every hand deals in every seat.  Scala 40 (§6): the
engine's :class:`ramino.games.scala40.match.Match`, hands until one side is left under the
elimination limit (§6.5), a side out not dealt in, re-entry when the rules allow it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ramino.games.burraco.match import Match as BurracoMatch
from ramino.games.burraco.state import BurracoState
from ramino.games.scala40.deal import seat_sides
from ramino.games.scala40.match import Match as Scala40Match
from ramino.games.scala40.state import Scala40State
from ramino.records import match_record_of, record_of
from ramino.records.scala40 import record as scala40_record
from ramino.rules import RuleSet
from ramino.scoresheet import HandEntry
from ramino.scoresheet.counted import burraco_counts, scala40_counts

HandState = BurracoState | Scala40State


class MatchGame(Protocol):
    """One game's match, as ``ramino play`` drives it."""

    rules: RuleSet

    @property
    def over(self) -> bool:
        """Whether the match is decided (target reached, or one side left)."""
        ...

    def next_hand(self) -> HandState:
        """Deal the next hand (the last one must be over)."""
        ...

    def seats(self) -> tuple[int, ...]:
        """The match seat of each seat of the current hand."""
        ...

    def dealer(self) -> int:
        """The match seat that dealt the current hand."""
        ...

    def finish_hand(self) -> HandEntry:
        """Score the finished current hand into the match; its counts for the score sheet."""
        ...

    def reentries_offered(self) -> list[int]:
        """The sides that may re-enter before the next hand (Scala 40, §6.5)."""
        ...

    def reenter(self, side: int) -> None: ...

    def side_of(self, seat: int) -> int:
        """The match side of match seat ``seat``."""
        ...

    def document(self, names: Sequence[str], meta: Mapping[str, Any]) -> dict[str, Any]:
        """The record: the hand's when one hand was dealt, else the match's."""
        ...


class BurracoGame:
    """Burraco and Buraco: every seat plays every hand, the deal passing left (§2.1)."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.match = BurracoMatch(rules)

    @property
    def over(self) -> bool:
        return self.match.standing().over

    def next_hand(self) -> BurracoState:
        # The first hand is dealt from the seed itself: ``--seed S`` deals the hand that
        # ``BurracoState.new_hand(rules, seed=S)`` does.
        return self.match.new_hand(seed=self.seed + len(self.match.states))

    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.rules.players))

    def dealer(self) -> int:
        return self.match.dealers[-1]

    def finish_hand(self) -> HandEntry:
        self.match.finish_hand()
        return burraco_counts(self.match.states[-1])

    def reentries_offered(self) -> list[int]:
        return []

    def reenter(self, side: int) -> None:
        raise ValueError("Burraco has no re-entry")

    def side_of(self, seat: int) -> int:
        state = self.match.states[-1] if self.match.states else None
        return state.sides[seat] if state is not None else seat % 2

    def document(self, names: Sequence[str], meta: Mapping[str, Any]) -> dict[str, Any]:
        if len(self.match.states) == 1:
            return record_of(self.match.states[0], players=names, meta=meta)
        return match_record_of(self.match, players=names, meta=meta)


class Scala40Game:
    """Scala 40: the seats still in play, until one side is left (§6.5)."""

    def __init__(self, rules: RuleSet, seed: int) -> None:
        self.rules = rules
        self.match = Scala40Match(rules, seed=seed)

    @property
    def over(self) -> bool:
        return self.match.over

    def next_hand(self) -> Scala40State:
        return self.match.next_hand()

    def seats(self) -> tuple[int, ...]:
        return self.match.seats[-1]

    def dealer(self) -> int:
        return self.match.dealers[-1]

    def finish_hand(self) -> HandEntry:
        return scala40_counts(self.match.states[-1], self.match.seats[-1], self.rules.players)

    def reentries_offered(self) -> list[int]:
        standing = self.match.standing()
        return [side for side, can in enumerate(standing.can_reenter) if can]

    def reenter(self, side: int) -> None:
        self.match.reenter(side)

    def side_of(self, seat: int) -> int:
        return seat_sides(self.rules)[seat]

    def document(self, names: Sequence[str], meta: Mapping[str, Any]) -> dict[str, Any]:
        if len(self.match.states) == 1:
            return scala40_record.record_of(self.match.states[0], players=names, meta=meta)
        return scala40_record.match_record_of(self.match, players=names, meta=meta)


def match_game(rules: RuleSet, seed: int) -> MatchGame:
    """The match of the rules' game (dispatched once, on ``rules.game``)."""
    if rules.game == "scala40":
        return Scala40Game(rules, seed)
    return BurracoGame(rules, seed)
