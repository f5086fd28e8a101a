"""Why a well-formed record does not replay cleanly, in either game (exit status 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a well-formed record does not replay cleanly (exit status 1)."""

    kind: str  # "illegal" | "result" | "match"
    message: str
    path: str = ""
    turn: int | None = None  # 1-based position in ``turns``
    seat: int | None = None  # record seat
    action: str | None = None  # as written
    rule: str | None = None
    section: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "path": self.path,
                "turn": self.turn, "seat": self.seat, "action": self.action,
                "rule": self.rule, "section": self.section}
