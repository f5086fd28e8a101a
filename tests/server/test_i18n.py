"""Translations: one set of gettext catalogs (it, en, pt) for the templates and the scripts.

Every text the pages show (``_("…")``/``term("…")`` in the templates, ``t("…")``/``term("…")``
in the scripts) is in every catalog with a non-empty translation and the same placeholders;
no catalog keeps a text the pages no longer show; each compiled ``.mo`` is the one its
``.po`` compiles to.  Pages are served in the language asked for (``?lang=``, the cookie,
``Accept-Language``), and each game keeps its own words (§4: morto and curinga in
Brazilian Buraco, pozzetto and pinella in Burraco).
"""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.catalog import Catalog
from babel.support import Translations
from fastapi.testclient import TestClient

from ramino.server.i18n import (
    LANG_COOKIE,
    LANGUAGES,
    LOCALE_DIR,
    TERM_GAMES,
    catalog_json,
    choose_language,
    parse_accept_language,
    translations,
)
from tests.helpers import load_script

i18n_build = load_script("i18n_build")  # scripts/i18n_build.py: not part of the package
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def pgettext(tr: Translations, context: str, message: str) -> str:
    return str(tr.pgettext(context, message))


def test_catalogs_are_complete_current_and_compiled() -> None:
    assert i18n_build.problems() == []


def test_shown_texts_are_many_and_include_the_game_terms() -> None:
    pot = i18n_build.template()
    plain = {m.id for m in pot if m.id and m.context is None}
    assert len(plain) > 150
    assert {"Tocca a {name}", "Gioca subito", "Asso", "Totale"} <= plain
    assert ("{n} mano", "{n} mani") in plain  # a plural (ngettext, tn in a script)
    terms = {(m.id, m.context) for m in pot if m.context}
    assert {("Pozzetti", g) for g in TERM_GAMES} <= terms
    assert {("(pinella)", g) for g in TERM_GAMES} <= terms


def test_extraction_misses_no_call_in_the_scripts() -> None:
    """Every ``t("…")``/``term("…")`` written in a script is extracted, also one nested in
    another call or in a template literal (Babel skips those unless told)."""
    extracted = {m.id for m in i18n_build.template() if m.id}
    written: set[str] = set()
    for script in (LOCALE_DIR.parent / "static").rglob("*.js"):
        written.update(json.loads(f'"{m.group(1)}"') for m in re.finditer(
            r'\b(?:t|term)\(\s*"((?:[^"\\]|\\.)*)"', script.read_text()))
    assert len(written) > 100
    assert sorted(written - extracted) == []


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_placeholders_match(lang: str) -> None:
    catalog = i18n_build.read_catalog(lang)
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        forms = ([message.string] if isinstance(message.string, str)
                 else list(message.string or ()))
        for form in forms:
            assert isinstance(form, str) and form
            assert sorted(PLACEHOLDER.findall(i18n_build.message_key(message.id))) == sorted(
                PLACEHOLDER.findall(form)), (lang, message.id)
        checked += 1
    assert checked > 150


def test_faults_of_a_catalog_are_found() -> None:
    """The check above sees a missing, an empty, a stale and a misplaced-placeholder entry."""
    wanted = {(i18n_build.message_key(m.id), m.context) for m in i18n_build.template()
              if m.id}
    broken = Catalog(locale="pt", domain="ramino")
    for message in i18n_build.read_catalog("pt"):
        if not message.id or message.id == "Rivincita":
            continue
        faults: dict[object, str | tuple[str, ...]] = {
            "Totale": "", "Tocca a {name}": "Vez de {nome}",
            ("{n} mano", "{n} mani"): ("{n} mão", "", "")}
        text = faults.get(message.id, message.string)
        broken.add(message.id, text, context=message.context)
    broken.add("un testo che nessuna pagina mostra", "um texto")
    assert sorted(i18n_build.catalog_problems("pt", broken, wanted)) == [
        "pt: 'Tocca a {name}' (None) placeholders differ in 'Vez de {nome}'",
        "pt: 'Totale' (None) untranslated",
        "pt: ('{n} mano', '{n} mani') (None) untranslated",
        "pt: missing ('Rivincita', None)",
        "pt: stale ('un testo che nessuna pagina mostra', None)",
    ]


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_json_catalog_is_the_gettext_catalog(lang: str) -> None:
    """The scripts read exactly what the templates read."""
    data = catalog_json(lang)
    tr = translations(lang)
    assert len(data["messages"]) > 150
    for message_id, text in data["messages"].items():
        assert tr.gettext(message_id) == text
    for game in TERM_GAMES:
        for message_id, text in data["terms"][game].items():
            assert pgettext(tr, game, message_id) == text


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_each_game_has_its_own_words(lang: str) -> None:
    tr = translations(lang)
    assert pgettext(tr, "burraco", "Pozzetti") == "Pozzetti"
    assert pgettext(tr, "burraco", "(pinella)") == "(pinella)"
    assert "mort" in pgettext(tr, "buraco", "Pozzetti").lower()
    assert pgettext(tr, "buraco", "(pinella)") == "(curinga)"
    assert pgettext(tr, "buraco", "burraco") == "canastra"
    assert "morto" in pgettext(tr, "buraco", "pozzetto {k}: {n} carte")


def test_languages_speak_their_own() -> None:
    assert translations("pt").gettext("Scarti") == "Lixo"
    assert translations("pt").gettext("Tallone") == "Monte"
    assert translations("en").gettext("Gioca subito") == "Play now"
    assert translations("it").gettext("Gioca subito") == "Gioca subito"
    # Plurals by the language's rules: Portuguese counts 0 as one, English as many.
    assert translations("it").ngettext("{n} mano", "{n} mani", 1) == "{n} mano"
    assert translations("it").ngettext("{n} mano", "{n} mani", 2) == "{n} mani"
    assert translations("pt").ngettext("{n} mano", "{n} mani", 0) == "{n} mão"
    assert translations("en").ngettext("{n} mano", "{n} mani", 0) == "{n} hands"


def test_accept_language_order() -> None:
    assert parse_accept_language("pt-BR,pt;q=0.9,en;q=0.8") == ["pt-br", "pt", "en"]
    assert parse_accept_language("de;q=0.9, en;q=0.5, fr;q=0") == ["de", "en"]
    assert choose_language(None, None, "de-DE,en-GB;q=0.7") == "en"
    assert choose_language(None, None, "pt-BR") == "pt"
    assert choose_language(None, None, "de") == "it"
    assert choose_language(None, "pt", "en") == "pt"  # the kept choice beats the browser
    assert choose_language("en", "pt", "it") == "en"  # the asked one beats both
    assert choose_language("xx", None, None) == "it"


NEW_TABLE = {"it": "Gioca subito", "en": "Play now", "pt": "Jogar agora"}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_lobby_renders_in_each_language(client: TestClient, lang: str) -> None:
    page = client.get("/", headers={"Accept-Language": f"{lang};q=0.9"}).text
    assert f'<html lang="{lang}"' in page
    assert NEW_TABLE[lang] in page
    others = [NEW_TABLE[o] for o in LANGUAGES if o != lang]
    assert not any(f">{text}<" in page for text in others)
    assert client.get(f"/i18n/{lang}.json").json()["lang"] == lang


def test_asked_language_is_kept_in_a_cookie(client: TestClient) -> None:
    response = client.get("/?lang=pt", headers={"Accept-Language": "en"})
    assert response.cookies.get(LANG_COOKIE) == "pt"
    assert response.headers["content-language"] == "pt"
    page = client.get("/replay", headers={"Accept-Language": "en"}).text
    assert '<html lang="pt"' in page and "Rever uma mão" in page
    assert client.get("/i18n/xx.json").status_code == 404


def test_table_page_uses_its_games_words(client: TestClient) -> None:
    for game, word in (("burraco", "Pozzetti"), ("buraco", "Mortos")):
        created = client.post("/api/quickplay", json={"game": game})
        assert created.status_code == 201, created.text
        page = client.get(created.json()["url"] + "&lang=pt").text
        assert f'<span class="heap-label">{word}</span>' in page, game
        assert f'data-game="{game}"' in page


def test_no_second_source_of_strings() -> None:
    static = LOCALE_DIR.parent / "static"
    assert not (static / "i18n").exists()
    for script in static.rglob("*.js"):
        # A catalog written into a script would be a second source: the strings come only
        # from /i18n/{lang}.json.
        assert not re.search(r'"[^"]+":\s*"[^"]+",\s*\n\s*"[^"]+":\s*"', script.read_text()), \
            script.name
