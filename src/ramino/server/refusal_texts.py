"""Engine refusals in the player's language, by rule id (docs/engine.md, "Refusals").

The engine explains a refused move in English (``IllegalActionError``: a reason, a stable
``rule`` id and the docs/rules.md ``section``).  A client that reads Italian or Portuguese gets the
rule explained in its language instead: one text per rule id and game, kept in the gettext
catalogs like every shown text (Italian is the source language), with the game's own words —
a Burraco refusal that speaks of the pozzetto, the pinella or the burraco is a game term, so a
Brazilian Buraco table reads morto, curinga and canastra.  The move as the player wrote it
(card notation, the same in every language) comes first and the rule id and section stay at
the end, so nothing of the engine's answer is lost but its English wording, which the error
frame still carries (``detail``).  An English client reads the engine's own message, the most
specific one.  ``{placeholders}`` take the table's option values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from ramino.errors import IllegalActionError
from ramino.rules import RuleSet
from ramino.server.i18n import term_context, translations


class Term(str):
    """A text that speaks of one game's things, translated under the game's context."""

    __slots__ = ()


def N_(text: str) -> str:  # gettext's name for "mark for translation"
    return text


def term(text: str) -> Term:
    return Term(text)


_SAME_FOR_BOTH: Final = {
    "attach-cards": N_("Per attaccare servono delle carte."),
    "card-in-hand": N_("Quella carta non è nella tua mano."),
    "draw-once": N_("Hai già pescato in questo turno."),
    "hand-over": N_("La mano è finita."),
    "meld-exists": N_("Sul tavolo non c'è una combinazione con quel numero."),
    "meld-min-three": N_("Una combinazione nuova ha almeno tre carte."),
}

# Burraco and Brazilian Buraco (§2–§5): the rule ids of ``ramino.games.burraco.state`` and
# ``ramino.games.burraco.refusals``.
BURRACO: Final[dict[str, str]] = {
    **_SAME_FOR_BOTH,
    "arbiter-between-turns": N_("Lo stallo e il tempo scaduto si chiamano solo tra un turno e "
                                "l'altro."),
    "arbiter-only": N_("Lo stallo e il tempo scaduto li chiama l'arbitro, non un giocatore."),
    "closing-discard-not-wild": term("Lo scarto che chiude (o l'ultima carta) non può essere "
                                     "una matta."),
    "closing-needs-burraco": term("Per chiudere serve un burraco: tieni una carta."),
    "closing-requires-discard": N_("Si chiude scartando: non puoi calare tutte le carte."),
    "draw-first": N_("Prima pesca: dal tallone o dagli scarti."),
    "free-wild-placement": term("Una matta libera va all'estremo basso della scala, non dove "
                                "la mette l'annotazione."),
    "group-size": N_("Un gruppo ha al massimo {naturals} carte naturali."),
    "groups-not-allowed": N_("Con queste regole i gruppi non sono ammessi: solo scale."),
    "meld-shape": N_("Non è una scala (stesso seme, carte consecutive, asso basso o alto) né un "
                     "gruppo (stesso valore)."),
    "min-first-meld-points": N_("Le prime combinazioni del tuo lato devono valere almeno "
                                "{min_points} punti."),
    "no-all-wild": term("Una combinazione non può essere di sole matte."),
    "one-group-per-rank": N_("Il tuo lato ha già un gruppo di quel valore."),
    "one-sequence-per-suit": N_("Il tuo lato ha già una scala di quel seme."),
    "one-wild": term("Una combinazione ha una sola matta attiva (una pinella del seme della "
                     "scala, al suo posto, conta come carta naturale)."),
    "own-melds-only": N_("Puoi attaccare solo alle combinazioni del tuo lato."),
    "pickup-forbidden-with-one-card": N_("Con una sola carta in mano non puoi prendere gli "
                                         "scarti."),
    "pickup-requires-top-card-use": N_("Chi prende gli scarti deve usare in questo turno la "
                                       "carta che stava in cima."),
    "pile-empty": N_("Non ci sono scarti da prendere."),
    "pozzetto-al-volo-allowed": term("Con queste regole il pozzetto non si prende al volo: "
                                     "non puoi calare tutte le carte."),
    "pozzetto-requires-burraco": term("Il pozzetto si prende solo dopo aver fatto un "
                                      "burraco."),
    "single-card-pile": N_("Non puoi riscartare la carta presa quando era l'unica degli "
                           "scarti."),
    "stuck-hand": term("Con il pozzetto già preso non puoi restare senza carte prima di avere "
                       "un burraco."),
    "timeout-once": N_("Il tempo scaduto si chiama una volta sola."),
    "wild-keeps-place": term("La matta già in tavola resta al suo posto: si sposta solo quando "
                             "arriva la carta che sostituisce."),
}

# Scala 40 (§6): the rule ids of ``ramino.games.scala40.state`` and ``scala40_melds``.
SCALA40: Final[dict[str, str]] = {
    **_SAME_FOR_BOTH,
    "chiusura-in-mano-allowed": N_("Con queste regole non si chiude nel turno in cui si apre "
                                   "(chiusura in mano)."),
    "closing-requires-discard": N_("Si chiude solo con uno scarto: tieni una carta da "
                                   "scartare."),
    "dealer-14-discard": N_("Il mazziere con 14 carte comincia il pozzo con uno scarto."),
    "declare-jolly": N_("Dichiara la carta che il jolly sostituisce, seme compreso (per "
                        "esempio JK=7d)."),
    "discard-attach-ban": N_("Questa carta si può attaccare a una combinazione in tavola: solo "
                             "lo scarto che chiude può esserlo."),
    "draw-first": N_("Prima pesca dal tallone o prendi dal pozzo."),
    "group-distinct-suits": N_("Le carte di un tris o di un poker sono di semi diversi."),
    "group-size": N_("Un tris o poker ha al massimo {group_max} carte, jolly compreso."),
    "identical-sequence-allowed": N_("La stessa scala è già in tavola."),
    "jolly-declaration": N_("Il jolly non può stare per quella carta qui."),
    "jolly-swap": N_("Il jolly si prende con una sostituzione ('swap'), e solo da una "
                     "combinazione che ne ha uno."),
    "jolly-swap-exact": N_("Il jolly si prende solo con la carta esatta che sostituisce."),
    "jolly-swap-requires-opened": N_("Solo chi ha aperto può prendere un jolly."),
    "lay-off-after-opening-same-turn": N_("Con queste regole non si attacca nel turno "
                                          "dell'apertura."),
    "lay-off-before-opening": N_("Prima di aprire non puoi attaccare."),
    "lay-off-on-opponents": N_("Con queste regole non puoi attaccare alle combinazioni degli "
                               "avversari."),
    "meld-shape": N_("Non è una scala (stesso seme, carte consecutive, asso basso o alto, senza "
                     "giro) né un tris o poker (stesso valore, semi diversi)."),
    "no-all-jolly": N_("Una combinazione non può essere di soli jolly."),
    "no-close-first-round": N_("Nessuno chiude nel primo giro."),
    "one-jolly-per-meld": N_("Un solo jolly per combinazione."),
    "only-jolly-wild": N_("In Scala 40 solo il jolly è una matta: un 2 è una carta naturale."),
    "opening-threshold": N_("Apertura: le combinazioni nuove di questo turno devono valere "
                            "almeno {threshold} punti."),
    "opening-with-discard": N_("Prima di aprire prendi dal pozzo solo una carta che usi "
                               "nell'apertura di questo turno."),
    "pick-before-opening": N_("Prima di aprire non puoi prendere dal pozzo."),
    "picked-discard-must-be-used": N_("La carta presa dal pozzo va usata in questo turno, "
                                      "calata o attaccata."),
    "pozzo-empty": N_("Il pozzo è vuoto."),
    "rediscard-picked-card": N_("La carta presa dal pozzo non si riscarta in questo turno."),
    "scala40-actions": N_("Non è una mossa di Scala 40."),
    "stock-empty": N_("Il tallone è vuoto."),
    "swapped-jolly-must-be-used": N_("Il jolly preso va usato in questo turno."),
    "turn-ends-with-discard": N_("Dopo questa mossa il turno non potrebbe finire con uno "
                                 "scarto valido."),
}


def texts_of(game: str) -> dict[str, str]:
    return SCALA40 if game == "scala40" else BURRACO


def rule_text(rule: str, game: str, lang: str, rules: RuleSet) -> str | None:
    """The text of a rule id in ``lang`` with the game's words and the table's option values
    (the rules page lists them), or None when the rule has no text here."""
    text = texts_of(game).get(rule)
    if text is None:
        return None
    tr = translations(lang)
    gettext: Callable[[str], str] = tr.gettext
    shown = (str(tr.pgettext(term_context(game), text)) if isinstance(text, Term)
             else gettext(text))
    return shown.format(**_values(rules))


def _values(rules: RuleSet) -> dict[str, object]:
    return {"naturals": rules.max_group_naturals, "min_points": rules.min_first_meld_points,
            "group_max": rules.group_max_size, "threshold": rules.opening_threshold}


def refusal_message(exc: IllegalActionError, game: str, lang: str,
                    rules: RuleSet | None = None, written: str | None = None) -> str:
    """The refusal for a client reading ``lang``: the engine's own (English) message for
    English or a rule without a text here, else the rule's text in ``lang`` with the game's
    words, after the move as written and before the rule id and section."""
    text = texts_of(game).get(exc.rule)
    if lang == "en" or text is None:
        return str(exc)
    tr = translations(lang)
    gettext: Callable[[str], str] = tr.gettext
    shown = (str(tr.pgettext(term_context(game), text)) if isinstance(text, Term)
             else gettext(text))
    if rules is not None:  # the catalog tests keep a translation's placeholders its source's
        shown = shown.format(**_values(rules))
    prefix = f"{written}: " if written else ""
    return f"{prefix}{shown} ({exc.rule}, RULES.md {exc.section})"
