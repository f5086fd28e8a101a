"""What the pages around the table show: the rules of a preset, the invitation's QR code,
and the nudge an idle player reads.

The rules page lists every option a preset's engine applies (``RuleSet.applicable()``, as
``ramino rules PRESET`` prints them) with its value and its docs/rules.md section (anchored
``#{option}``), and every rule a move can be refused by, in the reader's language (anchored
``#rule-{rule id}``): a refused move links to ``/rules/{preset}#rule-{rule}``.
"""

from __future__ import annotations

import io
import json
from typing import Any

import segno

from ramino.rules import RuleSet
from ramino.server.i18n import LANGUAGES, template_globals, translations
from ramino.server.refusal_texts import rule_text, texts_of
from ramino.server.rule_meanings import MEANINGS
from ramino.server.rule_values import value_words


def N_(message: str) -> str:
    return message


NUDGE_TEXT = N_("Un bot gioca il tuo turno tra {n} secondi se non fai una mossa.")


def nudge_text(lang: str, seconds: int) -> str:
    """The nudge to an idle player in their language (English for a program)."""
    if lang not in LANGUAGES:
        lang = "en"
    return str(translations(lang).gettext(NUDGE_TEXT)).format(n=seconds)


def rule_rows(rules: RuleSet, lang: str) -> list[dict[str, Any]]:
    """Each option the preset's game applies: name, value (as JSON, and in words in ``lang``),
    docs/rules.md section and its one-line meaning in ``lang`` (the engine's English for an
    option without a text)."""
    values = rules.options()
    tr = translations(lang)
    term = template_globals(lang, rules.game)["term"]  # the game's own words
    return [{"name": spec.name, "value": json.dumps(values[spec.name], ensure_ascii=False),
             "words": value_words(spec.name, values[spec.name], tr.gettext, term),
             "section": spec.section,
             "describe": (str(tr.gettext(MEANINGS[spec.name])) if spec.name in MEANINGS
                          else spec.describe)}
            for spec in rules.applicable()]


def refusal_rows(rules: RuleSet, lang: str) -> list[dict[str, str]]:
    """Each rule a move of this game can be refused by: its id (a refusal names it, and links
    to ``/rules/{preset}#rule-{id}``) and its text in ``lang``, with the preset's values."""
    out = []
    for rule in sorted(texts_of(rules.game)):
        text = rule_text(rule, rules.game, lang, rules)
        if text is not None:
            out.append({"rule": rule, "text": text})
    return out


def qr_svg(text: str) -> bytes:
    """``text`` (an invitation link) as an SVG QR code, dark on light with a quiet zone."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=6, border=4, dark="#111", light="#fff", xmldecl=False,
              title="QR")
    return out.getvalue()
