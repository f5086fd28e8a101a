"""The score keeper's refusal: a field path, a stable code, the numbers and a sentence.

``SheetError.path`` names the field as a JSON path into the sheet (``hands[2].sides[1].closed``,
``players[3]``); ``code`` is a short stable identifier a front end may translate (the codes are
listed in :mod:`ramino.scoresheet.validate`); ``params`` holds the numbers (and field indices)
a translated sentence needs, in the shape the score keeper's page builds for the same refusal
(``static/segnapunti/score.js``: ``{"value": 7, "step": 5}`` for ``point-step``,
``{"first": 0, "second": 1}`` for ``two-closers``, the entries' indices; empty when the
sentence needs none); ``reason`` is the English sentence, which cites the rule's section of
docs/rules.md where a rule refuses.  ``str(error)`` is ``"<path>: <reason>"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ramino.errors import RaminoError


class SheetError(RaminoError):
    """An entry of a score sheet that is malformed or that the rules cannot give."""

    def __init__(self, path: str, code: str, reason: str,
                 params: Mapping[str, int | str] | None = None) -> None:
        super().__init__(f"{path}: {reason}" if path else reason)
        self.path = path
        self.code = code
        self.reason = reason
        self.params: dict[str, int | str] = dict(params or {})

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"path": self.path, "code": self.code, "reason": self.reason}
        if self.params:
            out["params"] = dict(self.params)
        return out
