"""The pages' languages: gettext catalogs (Babel) for the templates and, as JSON, the scripts.

Italian is the source language: a message id is the Italian text, with ``{placeholders}`` for
what the page fills in.  ``locale/<lang>/LC_MESSAGES/ramino.po`` holds each language's
translations and the compiled ``ramino.mo`` beside it ships in the package (rebuilt with
``python scripts/i18n_build.py``; ``tests/server/test_i18n.py`` fails when one is stale).
The templates translate through ``jinja2.ext.i18n``; the scripts fetch the same catalog as
JSON (``GET /i18n/{lang}.json``), so there is one source of truth for every shown text.

Each game keeps its own words: a message marked as a game term (``term("Pozzetti")`` in a
script or template) is translated under the game's gettext context (``pgettext("buraco",
"Pozzetti")`` is "Morti" in Italian: Brazilian Buraco has morto and curinga where Burraco has
pozzetto and pinella, §4).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from babel.messages.mofile import read_mo
from babel.support import Translations

LOCALE_DIR: Final = Path(__file__).parent / "locale"
DOMAIN: Final = "ramino"
SOURCE_LANGUAGE: Final = "it"
LANGUAGES: Final = {"it": "Italiano", "en": "English", "pt": "Português"}
# The games whose words differ: a game term is translated under one of these contexts.
TERM_GAMES: Final = ("burraco", "buraco")
LANG_COOKIE: Final = "ramino_lang"


def term_context(game: str) -> str:
    """The gettext context of a game's terms (Scala 40 has no pozzetto: it reads Burraco's)."""
    return game if game in TERM_GAMES else TERM_GAMES[0]


@functools.cache
def translations(lang: str) -> Translations:
    if lang not in LANGUAGES:
        raise ValueError(f"lang: no catalog for {lang!r} (known: {', '.join(LANGUAGES)})")
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
        return Translations(mo, domain=DOMAIN)


def template_globals(lang: str, game: str = TERM_GAMES[0]) -> dict[str, Any]:
    """What a template needs to speak ``lang``: ``gettext``/``pgettext`` (``jinja2.ext.i18n``
    resolves ``_`` and ``{% trans %}`` through them) and ``term`` for a game's own words."""
    tr = translations(lang)
    context = term_context(game)

    def term(message: str) -> str:
        return str(tr.pgettext(context, message))

    gettext: Callable[[str], str] = tr.gettext
    return {"gettext": gettext, "ngettext": tr.ngettext,
            "pgettext": tr.pgettext, "npgettext": tr.npgettext, "term": term,
            "lang": lang, "languages": LANGUAGES, "game": game}


def parse_accept_language(header: str) -> list[str]:
    """The languages of an ``Accept-Language`` header, best first (RFC 9110 §12.5.4)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, index, tag.strip().lower()))
    return [tag for _q, _i, tag in sorted(ranked)]


def choose_language(asked: str | None, kept: str | None, accept: str | None) -> str:
    """The page's language: the one asked for (``?lang=``), else the one kept in the
    cookie, else the browser's first that has a catalog, else Italian."""
    for choice in (asked, kept):
        if choice in LANGUAGES:
            return choice
    for tag in parse_accept_language(accept or ""):
        primary = tag.split("-")[0]
        if primary in LANGUAGES:
            return primary
    return SOURCE_LANGUAGE


@functools.cache
def catalog_json(lang: str) -> dict[str, Any]:
    """The catalog for the scripts: ``messages`` (id -> text) and ``terms`` (game -> id ->
    text) and ``plurals`` (singular -> forms), read from the same compiled catalog as the
    templates."""
    translations(lang)  # the same refusal of an unknown language
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as mo:
        catalog = read_mo(mo)
    messages: dict[str, str] = {}
    plurals: dict[str, list[str]] = {}  # a plural's singular -> its forms (``tn`` in i18n.js)
    terms: dict[str, dict[str, str]] = {game: {} for game in TERM_GAMES}
    for message in catalog:
        if isinstance(message.id, (tuple, list)) and isinstance(message.string,
                                                                (tuple, list)):
            if message.context is None and message.id and all(message.string):
                plurals[str(message.id[0])] = [str(form) for form in message.string]
            continue
        if not message.id or not isinstance(message.id, str) or not isinstance(
                message.string, str):
            continue
        if message.context is None:
            messages[message.id] = message.string
        elif message.context in terms:
            terms[message.context][message.id] = message.string
    return {"lang": lang, "messages": messages, "plurals": plurals, "terms": terms}
