"""The terminal's words (``ramino.cli.words``): the pages' catalogs read with the standard
library, each game's terms under its own context."""

from __future__ import annotations

import pytest

from ramino.cli.words import speak, term, tr, trn


def test_each_language_and_each_games_words() -> None:
    speak("it")
    assert tr("La tua mano: ") == "La tua mano: "  # Italian is the source language
    assert term("pozzetto", "burraco") == "pozzetto"
    assert term("pozzetto", "buraco") == "morto"
    assert term("pozzetto", "scala40") == "pozzetto"  # Scala 40 reads Burraco's words
    speak("en")
    assert tr("Mano {n} (mazziere: {name})", n=2, name="Anna") == "Hand 2 (dealer: Anna)"
    assert term("Pozzetti rimasti: {n}", "buraco", n=1) == "Mortos left: 1"
    speak("pt")
    assert tr("rifiutata: ") == "recusada: "
    assert trn("{n} carta", "{n} carte", 1) == "1 carta"
    assert trn("{n} carta", "{n} carte", 3) == "3 cartas"


def test_an_unknown_language_is_refused_and_changes_nothing() -> None:
    speak("pt")
    with pytest.raises(ValueError, match="language 'de': one of en, it, pt"):
        speak("de")
    assert tr("rifiutata: ") == "recusada: "
