"""Translations: every Italian text the pages show (``t("…")`` in the scripts, ``data-i18n``
in the templates) has an English and a Portuguese translation with the same placeholders, and
no catalog keeps a text the pages no longer show."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "src" / "ramino" / "server"
# Words the scripts pass to t() by value (card ranks and suits, burraco types).
DYNAMIC = {"Asso", "Fante", "Donna", "Re", "picche", "cuori", "quadri", "fiori",
           "pulito", "semipulito", "sporco"}


def shown_texts() -> set[str]:
    texts = set(DYNAMIC)
    for script in (SERVER / "static").glob("*.js"):
        texts.update(m.group(1) for m in re.finditer(r'\bt\(\s*"((?:[^"\\]|\\.)*)"',
                                                     script.read_text()))
    for page in (SERVER / "templates").glob("*.html"):
        text = page.read_text()
        texts.update(m.group(1).strip() for m in re.finditer(
            r'<\w+[^>]*\sdata-i18n(?:\s[^>]*)?>([^<]+)<', text))
        texts.update(m.group(1) for m in re.finditer(
            r'(?:aria-label|placeholder)="([^"]+)"[^>]*data-i18n-(?:label|placeholder)', text))
    return texts


def catalog(language: str) -> dict[str, str]:
    text = (SERVER / "static" / "i18n" / f"{language}.js").read_text()
    pairs = re.findall(r'"((?:[^"\\]|\\.)*)":\s*"((?:[^"\\]|\\.)*)"', text)
    return dict(pairs)


@pytest.mark.parametrize("language", ["en", "pt"])
def test_catalog_complete_and_current(language: str) -> None:
    shown = shown_texts()
    assert len(shown) > 100
    entries = catalog(language)
    assert sorted(shown - set(entries)) == []  # untranslated
    assert sorted(set(entries) - shown) == []  # stale
    for source, translated in entries.items():
        assert set(re.findall(r"\{\w+\}", source)) == set(re.findall(r"\{\w+\}", translated)), \
            source


def test_portuguese_uses_the_games_own_words() -> None:
    pt = catalog("pt")
    assert "morto" in pt["pozzetto {k}: {n} carte"] and pt["(pinella)"] == "(curinga)"
    assert pt["Scarti"] == "Lixo" and pt["Tallone"] == "Monte"
