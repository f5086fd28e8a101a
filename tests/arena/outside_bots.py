"""Bots from outside ramino's registry, for the arena's tests: factories named by an entry
point (``tests.arena.outside_bots:make_bot``), with the factory signature
``(seed, rules, options) -> Bot``."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Sequence
from typing import Any

from ramino.bots.protocol import Bot, decision_seed
from ramino.games.actions import Action
from ramino.rules import RuleSet


class SeededBot:
    """Picks by a per-decision seed (or the last legal action with ``pick=last``)."""

    def __init__(self, seed: int, last: bool) -> None:
        self.seed = seed
        self.last = last

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        if self.last:
            return legal_actions[-1]
        return legal_actions[decision_seed(self.seed, observation) % len(legal_actions)]


def make_bot(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    unknown = set(options) - {"pick"}
    if unknown:
        raise ValueError(f"unknown setting(s) {sorted(unknown)}")
    return SeededBot(seed, options.get("pick") == "last")


class MemoryBot:
    """Honest, with a memory: its choice depends on how many decisions it has made."""

    def __init__(self) -> None:
        self.decisions = 0

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        self.decisions += 1
        return legal_actions[self.decisions % len(legal_actions)]


def memory_bot(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return MemoryBot()


_CALLS = itertools.count()


class ImpureBot:
    """Dishonest: its choice depends on something outside its observation and its memory."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        return legal_actions[next(_CALLS) % len(legal_actions)]


def impure_bot(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return ImpureBot()


class LockedBot(SeededBot):
    """Holds a lock, which cannot be deep-copied: its honesty cannot be checked."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed, last=False)
        self.lock = threading.Lock()


def locked_bot(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return LockedBot(seed)


not_callable = 42


class BrokenBot:
    """Raises at its first decision, as a bot with a bug would."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        raise KeyError("no such card")


def broken_bot(seed: int, rules: RuleSet, options: dict[str, str]) -> Bot:
    return BrokenBot()
