"""The terminal's words in the player's language (``ramino play --lang``, ``ramino score
--lang``): the pages' own gettext catalogs (``ramino/server/locale``; Italian is the source
language, so a message id is the Italian text), read with the standard library's ``gettext``
so that the terminal needs no server extra to speak Italian, English or Portuguese.

A game term (``term("pozzetto", game)``) is translated under its game's context, as on the
pages: a Brazilian Buraco table reads morto where Burraco reads pozzetto (§4), and Scala 40
reads Burraco's words.  The language is chosen once per command (:func:`speak`).
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path
from typing import Final

LOCALE_DIR: Final = Path(__file__).resolve().parents[1] / "server" / "locale"
DOMAIN: Final = "ramino"
LANGUAGES: Final = ("en", "it", "pt")
TERM_GAMES: Final = ("burraco", "buraco")  # the games whose words differ (ramino.server.i18n)


@functools.cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (the Italian one too: it holds the game terms)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGUAGES)}")
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
        return gettext.GNUTranslations(mo)


class _Speaking:
    """The command's language."""

    lang = "en"


_now: Final = _Speaking()


def speak(lang: str) -> None:
    """Speak ``lang`` from now on (checked: an unknown language is a ``ValueError``)."""
    catalog(lang)
    _now.lang = lang


def language() -> str:
    """The language the command speaks."""
    return _now.lang


def tr(text: str, **values: object) -> str:
    """``text`` (an Italian message id) in the chosen language, ``{names}`` filled in."""
    out = catalog(_now.lang).gettext(text)
    return out.format(**values) if values else out


def trn(singular: str, plural: str, n: int, **values: object) -> str:
    """The singular or plural message for ``n``, with ``{n}`` and ``values`` filled in."""
    return catalog(_now.lang).ngettext(singular, plural, n).format(n=n, **values)


def term(text: str, game: str, **values: object) -> str:
    """A game term: ``text`` in ``game``'s words and the chosen language."""
    context = game if game in TERM_GAMES else TERM_GAMES[0]
    out = catalog(_now.lang).pgettext(context, text)
    return out.format(**values) if values else out


__all__ = ["LANGUAGES", "language", "speak", "term", "tr", "trn"]
