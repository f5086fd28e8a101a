"""The score keeper's refusal: a field path, a stable code and a sentence.

``SheetError.path`` names the field as a JSON path into the sheet (``hands[2].sides[1].closed``,
``players[3]``); ``code`` is a short stable identifier a front end may translate (the codes are
listed in :mod:`ramino.scoresheet`); ``reason`` is the English sentence, which cites the rule's
section of docs/rules.md where a rule refuses.  ``str(error)`` is ``"<path>: <reason>"``.
"""

from __future__ import annotations

from ramino.errors import RaminoError


class SheetError(RaminoError):
    """An entry of a score sheet that is malformed or that the rules cannot give."""

    def __init__(self, path: str, code: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        self.code = code
        self.reason = reason

    def as_dict(self) -> dict[str, str]:
        return {"path": self.path, "code": self.code, "reason": self.reason}
