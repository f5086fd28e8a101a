"""The coach's words in the player's language: why a hint is refused, and the one-line reason
of a hint or of a reviewed decision.

A refusal's text is an Italian message id (the source language of the catalogs) marked with
``N_``; a reason is the coach's own: an English message id with ``{placeholders}``
(:class:`ramino.coach` ``Reason``), kept in the same gettext catalogs, and filled in after it
is translated.  A language without a catalog (a program that named none) reads English.
"""

from __future__ import annotations

from typing import Any, Final

from ramino.coach.reason import Reason
from ramino.server.i18n import LANGUAGES, term_context, translations


def N_(message: str) -> str:  # gettext's name for "mark for translation"
    return message


HINTS_OFF: Final = N_("A questo tavolo i suggerimenti sono disattivati.")
HINTS_OFF_TOURNAMENT: Final = N_("Nei tornei i suggerimenti non sono ammessi.")
HINTS_OFF_RATED: Final = N_("In una partita valida per la classifica i suggerimenti non sono "
                            "ammessi.")
HINT_NOT_SEATED: Final = N_("I suggerimenti sono per chi gioca: siediti al tavolo.")
HINT_NOT_YOUR_TURN: Final = N_("Un suggerimento si chiede nel proprio turno.")
HINT_STALE: Final = N_("La partita è andata avanti: chiedi un nuovo suggerimento.")
HINT_PENDING: Final = N_("Un suggerimento è già in arrivo.")
HINT_BUDGET: Final = N_("Hai chiesto molti suggerimenti: aspetta un po'.")
COACH_BUSY: Final = N_("L'allenatore è occupato: riprova tra poco.")
COACH_OFF: Final = N_("Questo server non offre l'allenatore.")
COACH_FAILED: Final = N_("L'allenatore non ha trovato un suggerimento: riprova.")
REVIEW_NOT_SUPPORTED: Final = N_("L'allenatore non sa ancora rivedere questo gioco.")


def text(message: str, lang: str, **params: Any) -> str:
    """``message`` (a marked id) in ``lang``, its placeholders filled in."""
    if lang not in LANGUAGES:
        lang = "en"
    shown = str(translations(lang).gettext(message))
    return shown.format(**params) if params else shown


def reason_text(reason: Reason, lang: str, game: str) -> str:
    """The one-line reason of a hint or a decision in ``lang``, in ``game``'s own words: a
    reason worded per game (a Burraco one names the pozzetto where Brazilian Buraco has the
    morto, §4) is read under the game's gettext context."""
    if lang not in LANGUAGES:
        lang = "en"
    catalog = translations(lang)
    context = term_context(game)
    return reason.text(lambda message: str(catalog.gettext(message)),
                       lambda message: str(catalog.pgettext(context, message)))
