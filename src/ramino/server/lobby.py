"""What the pages around the table show: the rules of a preset, the invitation's QR code,
and the nudge an idle player reads.

The rules page lists every option a preset's engine applies (``RuleSet.applicable()``, as
``ramino rules PRESET`` prints them) with its value and its RULES.md section, so a refused move
can link to the rule it broke: ``/rules/{preset}#{option}``.
"""

from __future__ import annotations

import io
import json
from typing import Any

import segno

from ramino.rules import RuleSet
from ramino.server.i18n import LANGUAGES, translations


def N_(message: str) -> str:
    return message


NUDGE_TEXT = N_("Un bot gioca il tuo turno tra {n} secondi se non fai una mossa.")


def nudge_text(lang: str, seconds: int) -> str:
    """The nudge to an idle player in their language (English for a program)."""
    if lang not in LANGUAGES:
        lang = "en"
    return str(translations(lang).gettext(NUDGE_TEXT)).format(n=seconds)


def rule_rows(rules: RuleSet) -> list[dict[str, Any]]:
    """Each option the preset's game applies: name, value (as JSON), RULES.md section and
    the engine's one-line meaning."""
    values = rules.options()
    return [{"name": spec.name, "value": json.dumps(values[spec.name], ensure_ascii=False),
             "section": spec.section, "describe": spec.describe}
            for spec in rules.applicable()]


def qr_svg(text: str) -> bytes:
    """``text`` (an invitation link) as an SVG QR code, dark on light with a quiet zone."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(out, kind="svg", scale=6, border=4, dark="#111", light="#fff", xmldecl=False,
              title="QR")
    return out.getvalue()
