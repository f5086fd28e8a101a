"""The error types every layer of ramino raises and catches.

All are ``ValueError`` subclasses so that callers who only care about "bad input" can catch one
type, while front ends can show the rule (and its docs/rules.md section) that refused a move.
"""

from __future__ import annotations


class RaminoError(ValueError):
    """Base class of every error ramino raises on bad input."""


class NotationError(RaminoError):
    """A card, meld or action string is not well-formed (docs/record.md §1, §3)."""


class RulesError(RaminoError):
    """An unknown preset, option or value (docs/record.md §4, ``rules``)."""


class NotSupportedError(RulesError):
    """An option value that is declared by docs/rules.md but not yet implemented by the engine.

    Refused at construction so that a rule is never silently ignored."""


class IllegalActionError(RaminoError):
    """A well-formed action the rules forbid in this position.

    ``rule`` is a short stable identifier (for programs), ``section`` the docs/rules.md section that
    states the rule (for people).  The state that refused the action is unchanged."""

    def __init__(self, message: str, *, rule: str, section: str) -> None:
        super().__init__(f"{message} ({rule}, RULES.md {section})")
        self.reason = message
        self.rule = rule
        self.section = section


class RecordError(RaminoError):
    """A record that is not a well-formed ``ramino-record/1`` document (docs/record.md §4–5).

    ``path`` names the field, e.g. ``turns[12][1]``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.reason = message
