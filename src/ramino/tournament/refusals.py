"""A refusal of the tournament core in every language the desk speaks.

The core refuses a bad input with :class:`Refusal` (a ``ValueError``) or :class:`NotFound`
(also a ``KeyError``): an English template marked for extraction with :func:`N_` and its
parameters.  ``str(exc)`` is the English line the command line prints; the director's desk
renders the same template through the reader's gettext catalog (:meth:`Refusal.text`), so
the Italian desk refuses in Italian.  A :class:`Notice` (a warning the core gives with what it
did) is written the same way.  The templates' ``{name}`` placeholders are filled
after translation, so a translation keeps every one of them.
"""

from __future__ import annotations

from collections.abc import Callable


def N_(text: str) -> str:  # gettext's name for "mark for translation"
    return text


class Notice:
    """Something the director should know, in the same form: an English ``template`` (marked
    with :func:`N_`) and its ``params``; ``str()`` is the English line."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return self.template.format(**self.params)

    def __repr__(self) -> str:
        return f"Notice({str(self)!r})"

    def text(self, gettext: Callable[[str], str]) -> str:
        """The notice in the language of ``gettext`` (a catalog's)."""
        return gettext(self.template).format(**self.params)


class Refusal(ValueError):
    """A bad input, named: ``template`` (English, marked with :func:`N_`) and ``params``."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params))

    def __str__(self) -> str:
        return self.template.format(**self.params)

    def text(self, gettext: Callable[[str], str]) -> str:
        """The refusal in the language of ``gettext`` (a catalog's)."""
        return gettext(self.template).format(**self.params)


class NotFound(Refusal, KeyError):
    """Something asked for by number that is not there (an entrant, a turno, a table)."""
