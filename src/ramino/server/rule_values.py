"""Each rule option's value in words, in the reader's language (the rules page,
`/rules/{preset}`): "in senso orario" for ``CLOCKWISE``, "a 2005 punti" for ``TARGET(2005)``.

The engine names a value by its code (``ramino.rules.options``); here each code of every option
has its Italian text, the catalogs' source, translated like every shown text.  A yes-or-no option
reads "sì"/"no", a number as itself, the burraco values with the game's own words.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from ramino.server.rule_meanings import N_

VALUE_TEXTS: Final[dict[str, dict[str, str]]] = {
    "turn_direction": {"CLOCKWISE": N_("in senso orario"),
                       "COUNTERCLOCKWISE": N_("in senso antiorario")},
    "pozzetto_assignment": {"FIRST_COME": N_("il primo a chi ci arriva per primo"),
                            "PER_TEAM": N_("ogni squadra ha il suo")},
    "upcard_is_wild": {"KEEP": N_("resta lì, come ogni scarto"),
                       "BURY_AND_REDRAW": N_("torna nel tallone e se ne scopre un'altra"),
                       "RESHUFFLE": N_("si rimescola il mazzo")},
    "dealer_rotation": {"LEFT": N_("a sinistra")},
    "discard_pickup": {"WHOLE_PILE": N_("tutti gli scarti"),
                       "TOP_CARD": N_("solo la carta in cima")},
    "single_card_pile_rediscard": {
        "FORBIDDEN_UNLESS_EQUIVALENT_HELD":
            N_("vietato, salvo per chi aveva già in mano una carta uguale"),
        "FORBIDDEN": N_("vietato"),
        "ALLOWED": N_("permesso")},
    "wild_in_sequence_min_cards": {"3": N_("3 carte"), "4": N_("4 carte"),
                                   "NEVER": N_("nessuna: le scale non hanno matte")},
    "wild_reposition_policy": {
        "FIBUR_STRICT": N_("solo quando arriva la carta che sostituisce (FIBUR)"),
        "FREE_END_SLIDES": N_("anche una matta in fondo alla scala può spostarsi"),
        "FULLY_FLEXIBLE": N_("dovunque, se la scala resta valida")},
    "free_wild_default_position": {"LOWEST": N_("in basso"),
                                   "PLAYER_CHOICE": N_("dove sceglie il giocatore")},
    "semipulito_group_rule": {"AT_LEAST_8": N_("almeno 8 carte, matta compresa"),
                              "EXACTLY_8": N_("esattamente 8 carte, matta compresa")},
    "semipulito_sequence_rule": {
        "END_WILD_WITH_7_NATURALS": N_("la matta a un'estremità e almeno 7 altre carte"),
        "END_WILD_ANY": N_("la matta a un'estremità, a ogni lunghezza")},
    "extra_burraco_types": {"REALE_13": N_("reale (13 carte)"),
                            "SUPER_8_GROUP": N_("super (8 carte uguali senza matta)")},
    "closing_burraco_requirement": {"ANY": N_("uno qualsiasi"), "CLEAN": N_("uno pulito")},
    "pozzetto_con_scarto_playable": {"NEXT_TURN": N_("dal turno dopo"),
                                     "IMMEDIATELY": N_("subito")},
    "stock_exhaustion": {
        "LAST_TWO_UNPLAYABLE": N_("le ultime 2 carte non si pescano: la mano finisce"),
        "RESHUFFLE_DISCARDS": N_("gli scarti rimescolati fanno un nuovo tallone"),
        "POZZETTO_BECOMES_STOCK": N_("un pozzetto rimasto diventa il tallone"),
        "VOID_HAND": N_("la mano non vale e si rigioca")},
    "stallo_detection": {"MUTUAL": N_("solo d'accordo fra i giocatori")},
    "match_mode": {"SINGLE_HAND": N_("una mano sola")},
    "target_tie_break": {
        "HIGHER_TOTAL_THEN_EXTRA_HAND":
            N_("il totale più alto; a pari totale, un'altra mano"),
        "STARTING_TEAM": N_("la squadra che ha cominciato")},
    "discard_pile_visibility": {"ALL": N_("tutte"), "TOP_ONLY": N_("solo quella in cima")},
    "partnerships": {"NONE": N_("ognuno per sé"), "PAIRS_2V2": N_("a coppie, 2 contro 2"),
                     "TEAMS_3V3": N_("due squadre di 3")},
    "initial_discard": {"UPCARD": N_("una carta scoperta dal mazzo"),
                        "DEALER_14": N_("lo scarto del mazziere, che riceve 14 carte")},
    "upcard_jolly": {"REINSERT_AND_REDRAW": N_("torna nel mazzo e se ne scopre un'altra"),
                     "KEEP": N_("resta nel pozzo")},
    "rediscard_picked_card": {
        "FORBIDDEN_UNLESS_IDENTICAL_DECLARED":
            N_("vietato, salvo dichiarando in mano una carta identica"),
        "FORBIDDEN": N_("vietato")},
    "discard_attach_ban": {
        "FISCA": N_("vietato in più di due; in due, solo prima di aprire (FISCA)"),
        "ALWAYS": N_("sempre vietato"),
        "NEVER": N_("sempre permesso"),
        "S000_READING": N_("vietato in più di due; in due, solo dopo aver aperto")},
    "stock_exhausted": {"RESHUFFLE_POZZO_EXCEPT_TOP":
                        N_("il pozzo, tranne la carta in cima, rimescolato fa il tallone")},
    "reentry": {"NONE": N_("no"),
                "ONCE_AT_HIGHEST_REMAINING": N_("una volta, al totale più alto ancora in gioco")},
}

# The values that carry a number: the text takes it as {n}.
NUMBERED_TEXTS: Final[dict[tuple[str, str], str]] = {
    ("stallo_detection", "AUTO_N_ROUNDS"):
        N_("dopo {n} giri in cui nessuno pesca dal tallone"),
    ("match_mode", "TARGET"): N_("a {n} punti"),
    ("match_mode", "FIXED_HANDS_VP"): N_("{n} mani, in punti vittoria (VP)"),
}

NUMBERED = re.compile(r"([A-Z_]+)\((\d+)\)")

# The burraco types' own words (Buraco's read "limpa", "suja" in Portuguese): game terms.
BURRACO_TYPES: Final = ("pulito", "semipulito", "sporco")


def value_words(option: str, value: Any, gettext: Callable[[str], str],
                term: Callable[[str], str]) -> str:
    """``value`` (as ``RuleSet.options()`` gives it) of ``option`` in words; its code when the
    option has no text for it."""
    if isinstance(value, bool):
        return gettext(N_("sì") if value else N_("no"))
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        text = VALUE_TEXTS.get(option, {}).get(value)
        if text is not None:
            return gettext(text)
        numbered = NUMBERED.fullmatch(value)
        if numbered and (option, numbered.group(1)) in NUMBERED_TEXTS:
            return gettext(NUMBERED_TEXTS[option, numbered.group(1)]).format(
                n=numbered.group(2))
        return value
    if isinstance(value, list):
        if not value:
            return gettext(N_("nessuno"))
        return ", ".join(value_words(option, item, gettext, term) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{term(key) if key in BURRACO_TYPES else card_rank(key)} {points}"
                         for key, points in value.items())
    return str(value)


def card_rank(key: str) -> str:
    """A card value table's rank as players write it (T is 10)."""
    return "10" if key == "T" else key
