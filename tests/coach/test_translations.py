"""Every message the coach writes is in the catalogs (extracted by scripts/i18n_build.py through
babel.cfg) and reads in Italian with the same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_python

import ramino.coach
from ramino.coach.reason import Reason
from ramino.server.i18n import translations

COACH = Path(ramino.coach.__file__).parent
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def coach_messages() -> list[str]:
    found: list[str] = []
    for name in ("explain.py", "review.py"):
        with (COACH / name).open("rb") as source:
            for _, _, message, _ in extract_python(source, {"N_": None}, [], {}):
                if isinstance(message, str):
                    found.append(message)
    return found


def test_the_coach_writes_its_messages_where_the_extraction_finds_them() -> None:
    messages = coach_messages()
    assert len(messages) >= 30
    assert "completes a burraco {kind} in {suit} with {cards}" in messages


@pytest.mark.parametrize("lang", ["it", "pt"])
def test_each_coach_message_is_translated_with_its_placeholders(lang: str) -> None:
    catalog = translations(lang)
    for message in coach_messages():
        translated = catalog.gettext(message)
        assert translated != message, f"{lang}: {message!r} is not translated"
        assert sorted(PLACEHOLDER.findall(translated)) == sorted(PLACEHOLDER.findall(message))


def test_a_reason_reads_in_italian() -> None:
    reason = Reason("completes a burraco {kind} in {suit} with {cards}",
                    {"kind": "pulito", "suit": "♥", "cards": "9♥"})
    assert reason.text(translations("it").gettext) == "completa un burraco pulito a ♥ con 9♥"
