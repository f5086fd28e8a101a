"""A coach's reason: an English message id with ``{placeholders}`` and the values that fill them.

The id is the text to translate (the server's gettext catalogs hold it: ``N_`` marks each one
where it is written, in ``ramino.coach.explain``), the values are language-neutral: card and
suit symbols, meld numbers, counts.  ``Reason.text(translate)`` gives the sentence in the
reader's language; without a ``translate`` it is the English.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def N_(message: str) -> str:
    """Marks a message id for extraction (``scripts/i18n_build.py``); translated when shown."""
    return message


def identity(text: str) -> str:
    return text


@dataclass(frozen=True)
class Reason:
    """Why a move is good, as a fact of the position: ``key`` is the message id (English, with
    ``{placeholders}``), ``params`` fill its placeholders."""

    key: str
    params: dict[str, str] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items()))))

    def text(self, translate: Callable[[str], str] = identity) -> str:
        """The sentence, ``key`` translated by ``translate`` then filled in."""
        return translate(self.key).format(**self.params)

    def as_json(self) -> dict[str, object]:
        return {"key": self.key, "params": dict(self.params), "text": self.text()}


__all__ = ["N_", "Reason", "identity"]
