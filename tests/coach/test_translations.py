"""Every message the coach writes is in the catalogs (extracted by scripts/i18n_build.py through
babel.cfg) and reads in Italian and Portuguese with the same placeholders; a Burraco reason
speaks each game's words (§4: the morto and the canastra of Brazilian Buraco, the pozzetto and
the burraco of Burraco)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_python

import ramino.coach
from ramino.cards import parse_card
from ramino.coach.explain import KIND_WORDS, explain
from ramino.coach.reason import Reason
from ramino.games.actions import ATTACH, DISCARD, Action
from ramino.rules import preset
from ramino.server.coach_texts import reason_text
from ramino.server.i18n import LANGUAGES, translations
from tests.helpers import position

COACH = Path(ramino.coach.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def coach_messages(keyword: str = "N_") -> list[str]:
    """The messages marked with ``keyword``: ``N_`` (one wording) or ``term`` (one per game)."""
    found: list[str] = []
    for name in ("explain.py", "review.py"):
        with (COACH / name).open("rb") as source:
            for _, _, message, _ in extract_python(source, {keyword: None}, [], {}):
                if isinstance(message, str):
                    found.append(message)
    return found


def test_the_coach_writes_its_messages_where_the_extraction_finds_them() -> None:
    assert len(coach_messages()) >= 12
    worded = coach_messages("term")
    assert len(worded) >= 25
    assert "completes a burraco {kind} in {suit} with {cards}" in worded


@pytest.mark.parametrize("lang", ["it", "pt"])
def test_each_coach_message_is_translated_with_its_placeholders(lang: str) -> None:
    catalog = translations(lang)
    for message in coach_messages():
        translated = catalog.gettext(message)
        assert translated != message, f"{lang}: {message!r} is not translated"
        assert sorted(PLACEHOLDER.findall(translated)) == sorted(PLACEHOLDER.findall(message))
    for game in ("burraco", "buraco"):
        for message in coach_messages("term"):
            worded = str(catalog.pgettext(game, message))
            assert worded != message or message in KIND_WORDS, (
                f"{lang}, {game}: {message!r} is not translated")
            assert (sorted(PLACEHOLDER.findall(worded))
                    == sorted(PLACEHOLDER.findall(message)))


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_each_game_reads_its_own_words(lang: str) -> None:
    """No Brazilian Buraco reason names the pozzetto or a burraco, no Burraco reason the morto
    or a canastra (nor does a Scala 40 one, which reads Burraco's words)."""
    for message in coach_messages("term"):
        reason = Reason(message, {name: "X" for name in PLACEHOLDER.findall(message)},
                        worded=True)
        buraco = reason_text(reason, lang, "buraco").lower()
        assert "pozzetto" not in buraco and "burraco" not in buraco, (lang, buraco)
        for game in ("burraco", "scala40"):
            burraco = reason_text(reason, lang, game).lower()
            assert "morto" not in burraco and "canastra" not in burraco, (lang, burraco)


OTHERS = ["Kc Kd 4s", "Qc Qd 4h", "Jc Jd 4d"]


@pytest.mark.parametrize("name", ["buraco-aberto", "buraco-fechado", "buraco-stbl"])
def test_at_a_brazilian_buraco_table_the_coach_says_morto_and_canastra(name: str) -> None:
    rules = preset(name)
    state = position(["Kh", *OTHERS], [(0, "5s 6s 7s")], rules=rules)
    taken = explain(state.observation(0), Action(DISCARD, (parse_card("Kh"),)), rules)
    assert reason_text(taken, "pt", rules.game) == (
        "descarta a última carta e pega o morto (batida indireta)")
    assert reason_text(taken, "en", rules.game) == (
        "discards the last card and takes the morto (indirect)")
    assert reason_text(taken, "it", rules.game) == (
        "scarta l'ultima carta e prende il morto (con lo scarto)")
    state = position(["9h 5c 6d", *OTHERS], [(0, "3h 4h 5h 6h 7h 8h")], rules=rules)
    attach = next(a for a in state.legal_actions()
                  if a.kind == ATTACH and a.cards == (parse_card("9h"),))
    made = explain(state.observation(0), attach, rules)
    assert reason_text(made, "pt", rules.game) == "completa uma canastra limpa de ♥ com 9♥"
    assert reason_text(made, "en", rules.game) == "completes a clean canastra in ♥ with 9♥"
    assert reason_text(made, "it", rules.game) == "completa una canastra pulita a ♥ con 9♥"


def test_at_a_burraco_table_the_same_reasons_say_pozzetto_and_burraco() -> None:
    rules = preset("fibur")
    state = position(["Kh", *OTHERS], [(0, "5s 6s 7s")], rules=rules)
    taken = explain(state.observation(0), Action(DISCARD, (parse_card("Kh"),)), rules)
    assert reason_text(taken, "pt", "burraco") == (
        "descarta a última carta e pega o pozzetto (com o descarte)")
    assert reason_text(taken, "en", "burraco") == (
        "discards the last card and takes the pozzetto (con lo scarto)")
    state = position(["9h 5c 6d", *OTHERS], [(0, "3h 4h 5h 6h 7h 8h")], rules=rules)
    attach = next(a for a in state.legal_actions()
                  if a.kind == ATTACH and a.cards == (parse_card("9h"),))
    made = explain(state.observation(0), attach, rules)
    assert reason_text(made, "it", "burraco") == "completa un burraco pulito a ♥ con 9♥"
    assert reason_text(made, "en", "burraco") == "completes a burraco pulito in ♥ with 9♥"


def test_a_reason_reads_in_italian() -> None:
    reason = Reason("completes a burraco {kind} in {suit} with {cards}",
                    {"kind": "pulito", "suit": "♥", "cards": "9♥"}, terms=("kind",),
                    worded=True)
    assert reason_text(reason, "it", "burraco") == "completa un burraco pulito a ♥ con 9♥"
    assert reason_text(reason, "it", "buraco") == "completa una canastra pulita a ♥ con 9♥"
