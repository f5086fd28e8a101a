"""A score keeper's refusal in the player's language (``ramino.cli.sheet_words``): the same
sentences and field labels as the score keeper's page (``static/segnapunti/view.js``), so a
refusal added or reworded on one side and not the other fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ramino.cli.sheet_words import FIELDS, PROBLEMS, locate, problem_text, refusal
from ramino.cli.words import catalog, speak
from ramino.scoresheet import SheetError

VIEW_JS = (Path(__file__).resolve().parents[2] / "src" / "ramino" / "server" / "static"
           / "segnapunti" / "view.js")
HOW = {"t": "tr", "term": "term"}  # view.js's readers and their Python names


def js_block(source: str, start: str, end: str) -> str:
    begin = source.index(start)
    return source[begin:source.index(end, begin)]


def page_problems() -> dict[str, tuple[str, str]]:
    """view.js's ``problemText`` sentences: code -> (reader, message id)."""
    block = js_block(VIEW_JS.read_text(encoding="utf-8"), "const texts = {", "\n  };")
    found = re.findall(r'^\s*"?([\w-]+)"?: \(\) => (t|term)\("((?:[^"\\]|\\.)*)", p\),$',
                       block, flags=re.MULTILINE)
    assert len(found) == block.count("() =>"), "a problemText entry this test cannot read"
    return {code: (HOW[how], text) for code, how, text in found}


def page_fields() -> dict[str, tuple[str, str]]:
    """view.js's ``fieldLabel`` labels: field -> (reader, message id)."""
    block = js_block(VIEW_JS.read_text(encoding="utf-8"), "function fieldLabel", "}[field]")
    found = re.findall(r'(\w+): (t|term)\("([^"]*)"\)', block)
    return {field: (HOW[how], text) for field, how, text in found}


def test_the_refusals_are_the_pages_sentences() -> None:
    page = page_problems()
    assert len(page) >= 19  # the parse found the map
    assert set(PROBLEMS) == set(page), set(PROBLEMS) ^ set(page)
    for code, (how, text) in page.items():
        assert PROBLEMS[code] == (how, text), code


def test_the_field_labels_are_the_pages() -> None:
    page = page_fields()
    assert len(page) >= 9
    assert page == FIELDS


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_sentence_and_label_is_translated(lang: str) -> None:
    translations = catalog(lang)
    for how, text in [*PROBLEMS.values(), *FIELDS.values()]:
        out = (translations.pgettext("burraco", text) if how == "term"
               else translations.gettext(text))
        assert out != text, (lang, text)


NAMES = ["Anna & Carla", "Bruno & Dario"]


def test_a_refusal_names_its_entry_and_field_in_the_language() -> None:
    closers = SheetError("hands[1].sides[1].closed", "two-closers", "sides 0 and 1 both closed",
                         {"first": 0, "second": 1})
    speak("it")
    assert problem_text(closers, NAMES, "burraco") == (
        "Bruno & Dario · Ha chiuso: la mano la chiude uno solo, qui hanno chiuso Anna & Carla "
        "e Bruno & Dario.")
    points = SheetError("hands[0].sides[0].burrachi.pulito", "burrachi-points", "…",
                        {"count": 2, "type": "pulito", "need": 400, "melded": 300, "cards": 7})
    speak("pt")  # a type as the page names it: the game's burraco, then the type's word
    assert problem_text(points, NAMES, "buraco") == (
        "Anna & Carla · canastra limpa: 2 × canastra limpa pedem pelo menos 400 pontos de "
        "cartas na mesa, estão marcados 300.")
    assert locate("hands[2].sides[0].pozzetto_taken", NAMES, "buraco") == (
        "Anna & Carla · Morto pego")
    assert locate('hands[2].sides[1].burrachi["as-a-as"]', NAMES, "burraco") == (
        "Bruno & Dario · burraco as-a-as")
    assert locate("hands[2].end", NAMES, "burraco") == "Fim da mão"
    assert locate("hands[2]", NAMES, "burraco") == "A mão"


def test_a_refusal_the_page_has_no_sentence_for_keeps_the_cores_reason() -> None:
    speak("it")
    ended = SheetError("hands[0].end", "end-closed", "the hand ended closed, but no side "
                       "(player) closed it")
    assert problem_text(ended, NAMES, "burraco") == (
        "Fine della mano: the hand ended closed, but no side (player) closed it")
    # a shape refusal without the range its sentence needs
    count = SheetError("hands[0].sides", "shape", "with a solo, 2 counts")
    assert problem_text(count, NAMES, "burraco") == "sides: with a solo, 2 counts"


def test_in_english_a_refusal_is_the_cores_own_sentence() -> None:
    step = SheetError("hands[0].sides[0].in_hand", "point-step", "7 is not a multiple of 5",
                      {"value": 7, "step": 5})
    speak("en")
    assert refusal(step, NAMES, "burraco") == "hands[0].sides[0].in_hand: 7 is not a multiple of 5"
    assert problem_text(step, NAMES, "burraco") == (
        "Anna & Carla · Points of the cards in hand: 7 is not a multiple of 5, as every card "
        "value is.")
    speak("it")
    assert refusal(step, NAMES, "burraco") == (
        "Anna & Carla · Punti delle carte in mano: 7 non è un multiplo di 5, come ogni valore "
        "delle carte.")
