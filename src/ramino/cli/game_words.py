"""Each game's own words for the same things, for the terminal's tables and prompts: Brazilian
Buraco has the morto and the canastra where Burraco has the pozzetto and the burraco (RULES.md
§4), and calls a canastra limpa or suja where a burraco is pulito or sporco.  Scala 40 reads
Burraco's words (it has neither)."""

from __future__ import annotations

from typing import Final

from ramino.cli.words import language, term

_WORDS: Final = {
    "buraco": {"pozzetto": "morto", "pozzetti": "mortos", "Pozzetti": "Mortos",
               "Pozzetto": "Morto", "burraco": "canastra", "burrachi": "canastras",
               "pulito": "limpa", "semipulito": "semilimpa", "sporco": "suja"},
}


def word(game: str, burraco_word: str) -> str:
    """``burraco_word`` (a Burraco term) in ``game``'s own words."""
    return _WORDS.get(game, {}).get(burraco_word, burraco_word)


def type_word(kind: str, game: str) -> str:
    """A burraco type (the engine's name) as the terminal shows it: in English each game's
    own word at the table (pulito, limpa), in Italian and Portuguese the game's term in that
    language (a canastra pulita, limpa)."""
    return word(game, kind) if language() == "en" else term(kind, game)


__all__ = ["type_word", "word"]
