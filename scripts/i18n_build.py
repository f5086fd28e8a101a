"""Keep the gettext catalogs in step with the pages: extract, update, compile, check.

    python scripts/i18n_build.py update   # extract the shown texts, update every .po
    python scripts/i18n_build.py compile  # write each ramino.mo from its .po
    python scripts/i18n_build.py check    # what is stale (exit 1), as the tests check

Extraction follows ``babel.cfg`` at the top of the source tree (the scripts with Babel's
JavaScript extractor, the templates with Jinja's).  The keywords: ``_``/``gettext`` (and the
rest of gettext's) in templates, ``t`` in scripts, ``tr`` (``trn``) in the terminal's Python,
and ``term`` in all of them for a game term, which becomes one message per game context
(:data:`ramino.server.i18n.TERM_GAMES`).  A new message gets an empty translation (the Italian
catalog, the source language, gets its own text) and stays so until someone translates it:
the tests refuse an empty one.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from ramino.server.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, TERM_GAMES

ROOT: Final = Path(__file__).resolve().parents[1]
MAPPING: Final = ROOT / "babel.cfg"
# ``tn("{n} mano", "{n} mani", n)`` in a script and ``ngettext`` in a template: a plural.
PLAIN_KEYWORDS: Final = {**DEFAULT_KEYWORDS, "t": None, "tn": (1, 2), "tr": None,
                          "trn": (1, 2)}
TERM_KEYWORDS: Final = {"term": None}


Message = str | tuple[str, str]  # a text, or a plural's singular and plural


def _extract(keywords: dict[str, Any]) -> list[Message]:
    with MAPPING.open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
    found: dict[Message, None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
            ROOT, method_map, options_map, keywords=keywords):
        if isinstance(message, str) and message:
            found[message] = None
        elif (isinstance(message, tuple) and len(message) >= 2
              and all(isinstance(m, str) and m for m in message[:2])):
            found[(message[0], message[1])] = None
    return list(found)


def message_key(message: str | Sequence[str]) -> str:
    """A message's id in the checks: a plural is known by its singular."""
    return message if isinstance(message, str) else message[0]


def _forms(text: Any) -> list[str]:
    """A translation's forms: one for a text, several for a plural."""
    return [str(f) for f in text] if isinstance(text, (tuple, list)) else [str(text or "")]


def template() -> Catalog:
    """Every shown text: the plain ones, then the game terms under each game's context."""
    catalog = Catalog(domain=DOMAIN, project="ramino", fuzzy=False)
    for message in _extract(PLAIN_KEYWORDS):
        catalog.add(message)
    for message in _extract(TERM_KEYWORDS):
        for game in TERM_GAMES:
            catalog.add(message, context=game)
    return catalog


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(lang: str) -> Catalog:
    with po_path(lang).open("rb") as po:
        return read_po(po, locale=lang, domain=DOMAIN)


def updated(lang: str, pot: Catalog) -> Catalog:
    """The language's catalog merged with the template: translations kept, stale ones gone."""
    path = po_path(lang)
    if path.exists():
        catalog = read_catalog(lang)
    else:
        catalog = Catalog(locale=lang, domain=DOMAIN, project="ramino", fuzzy=False)
    pot.creation_date = catalog.creation_date  # no churn in the header
    catalog.update(pot, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    if lang == SOURCE_LANGUAGE:
        for message in catalog:
            if message.id and not all(_forms(message.string)) and message.context is None:
                # A plural's forms (Italian has three: one, many, other): the singular, then
                # the plural for the others.
                message.string = (message.id if isinstance(message.id, str) else
                                  (message.id[0], *[message.id[1]] * (catalog.num_plurals - 1)))
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, no_location=True, omit_header=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def update(languages: Iterable[str] = LANGUAGES) -> None:
    for lang in languages:
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        # A template each: merging takes the template's message objects in.
        path.write_bytes(po_bytes(updated(lang, template())))


def compile_all(languages: Iterable[str] = LANGUAGES) -> None:
    for lang in languages:
        po_path(lang).with_suffix(".mo").write_bytes(mo_bytes(read_catalog(lang)))


PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")


def catalog_problems(lang: str, catalog: Catalog,
                     wanted: set[tuple[str, str | None]]) -> list[str]:
    """A catalog's faults against the shown texts ``wanted`` (id, context): a text missing or
    stale, a translation empty or fuzzy, placeholders that differ from the source's."""
    have = {(message_key(m.id), m.context) for m in catalog if m.id}
    out = [f"{lang}: missing {key!r}" for key in sorted(wanted - have, key=str)]
    out += [f"{lang}: stale {key!r}" for key in sorted(have - wanted, key=str)]
    for message in catalog:
        if not message.id:
            continue
        where = f"{lang}: {message.id!r} ({message.context})"
        source = PLACEHOLDER.findall(message_key(message.id))
        if not all(_forms(message.string)):
            out.append(f"{where} untranslated")
        elif any(sorted(source) != sorted(PLACEHOLDER.findall(form))
                 for form in _forms(message.string)):
            out.append(f"{where} placeholders differ in {message.string!r}")
        if message.fuzzy:
            out.append(f"{where} fuzzy")
    return out


def problems(languages: Iterable[str] = LANGUAGES) -> list[str]:
    """What is out of step: :func:`catalog_problems` of each catalog, and a compiled catalog
    that is not what its source compiles to."""
    wanted = {(message_key(m.id), m.context) for m in template() if m.id}
    out: list[str] = []
    for lang in languages:
        catalog = read_catalog(lang)
        out += catalog_problems(lang, catalog, wanted)
        mo = po_path(lang).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(catalog):
            out.append(f"{lang}: {mo.name} is not compiled from {po_path(lang).name}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "catalogs up to date")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
