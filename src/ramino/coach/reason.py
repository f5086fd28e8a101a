"""A coach's reason: an English message id with ``{placeholders}`` and the values that fill them.

The id is the text to translate (the server's gettext catalogs hold it: ``N_`` marks each one
where it is written, in ``ramino.coach.explain``), the values are language-neutral: card and
suit symbols, meld numbers, counts.  ``Reason.text(translate)`` gives the sentence in the
reader's language; without a ``translate`` it is the English.

A Burraco reason names the game's own things (the pozzetto, a burraco, the tallone, the scarto),
which Brazilian Buraco calls otherwise (the morto, a canastra, the monte, the lixo, §4): its id
is marked ``term``, the reason is ``worded`` and the catalogs word it once per game (a gettext
context, ``ramino.server.i18n.term_context``); a parameter whose value is such a word (a
burraco's type, ``pulito``) is named in ``Reason.terms`` and translated in the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


def N_(message: str) -> str:
    """Marks a message id for extraction (``scripts/i18n_build.py``); translated when shown."""
    return message


def term(message: str) -> str:
    """Marks a message id worded per game (extracted once per game context); translated when
    shown, under the context of the game it is shown for."""
    return message


def identity(text: str) -> str:
    return text


@dataclass(frozen=True)
class Reason:
    """Why a move is good, as a fact of the position: ``key`` is the message id (English, with
    ``{placeholders}``), ``params`` fill its placeholders."""

    key: str
    params: dict[str, str] = field(default_factory=dict)
    terms: tuple[str, ...] = ()  # the params whose values are game words
    worded: bool = False  # the key is worded per game (marked ``term``)

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted(self.params.items())), self.terms, self.worded))

    def text(self, translate: Callable[[str], str] = identity,
             word: Callable[[str], str] | None = None) -> str:
        """The sentence: ``key`` translated (by ``word``, a game's terms, when it is
        ``worded``, else by ``translate``), then filled in, the values named in ``terms``
        translated by ``word``.  Without ``word`` ``translate`` does both."""
        word = word or translate
        params = {name: word(value) if name in self.terms else value
                  for name, value in self.params.items()}
        return (word if self.worded else translate)(self.key).format(**params)

    def as_json(self) -> dict[str, object]:
        return {"key": self.key, "params": dict(self.params), "text": self.text()}


__all__ = ["N_", "Reason", "identity", "term"]
