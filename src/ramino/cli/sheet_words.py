"""A score keeper's refusal in the player's language (``ramino score --lang``): the sentence
the score keeper's page shows for the same refusal (``static/segnapunti/view.js``:
``problemText``, ``fieldLabel``, ``locate``), read from the same catalog entry, so that the
terminal and the page say one thing and a translation serves both.

A :class:`~ramino.scoresheet.SheetError` carries a stable ``code`` and the ``params`` its
sentence needs (the page's own checks build the same ones); the sentence names the entry (a
side or a player) and its field.  In English the terminal shows the core's own sentence,
which cites the rule's section of docs/rules.md (as ``ramino play`` shows the engine's
refusals); a code the page has no sentence for, or a sentence missing a number, falls back to
that English sentence after the field's name.  tests/cli/test_sheet_words.py keeps the
sentences and the field labels here in step with view.js.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Final

from ramino.cli.words import language, term, tr
from ramino.scoresheet import SheetError

#: Each refusal's sentence by code: how it is read (``tr`` a plain text, ``term`` a text with
#: game terms) and its message id, as view.js's ``problemText``.
PROBLEMS: Final[dict[str, tuple[str, str]]] = {
    "shape": ("tr", "{where}: scrivi un numero intero da {min} a {max}."),
    "burraco-type": ("term", "{where}: queste regole non hanno questo burraco."),
    "burrachi-points": ("tr", "{where}: {count} × {type} vogliono almeno {need} punti di "
                              "carte in tavola, ne sono segnati {melded}."),
    "point-step": ("tr", "{where}: {value} non è un multiplo di {step}, come ogni valore delle "
                         "carte."),
    "unplayed-not-taken": ("term", "{where}: senza pozzetto preso non c'è un pozzetto da "
                                   "giocare."),
    "pozzetto-without-burraco": ("term", "{where}: con queste regole il pozzetto si prende "
                                         "solo dopo un burraco."),
    "close-without-pozzetto": ("term", "{where}: si chiude solo dopo aver preso il pozzetto."),
    "close-without-burraco": ("term", "{where}: si chiude solo con un burraco in tavola."),
    "close-without-clean": ("term", "{where}: con queste regole si chiude solo con un burraco "
                                    "pulito."),
    "two-closers": ("tr", "{where}: la mano la chiude uno solo, qui hanno chiuso {first} e "
                          "{second}."),
    "pack-points": ("tr", "I punti segnati sono {total} in tutto, più di quanti ne abbia il "
                          "mazzo ({limit})."),
    "closer-in-hand": ("tr", "{where}: chi chiude non ha più carte in mano."),
    "unopened-in-hand": ("tr", "{where}: chi non ha aperto tiene tutte le {cards} carte, da "
                               "{low} a {high} punti, non {value}."),
    "in-hand-max": ("tr", "{where}: nessuno finisce con più di {cards} carte, al massimo "
                          "{high} punti."),
    "in-mano-not-allowed": ("tr", "{where}: queste regole non hanno la chiusura in mano."),
    "in-mano-without-close": ("tr", "{where}: la chiusura in mano vuole chi ha chiuso."),
    "solo-all-alone": ("tr", "{where}: da quando un totale ha raggiunto {threshold} si gioca "
                             "tutti da soli, senza coppia."),
    "solo-without-pozzetto": ("tr", "{where}: chi gioca da solo ha preso il pozzetto da 18."),
    "taken-without-solo": ("tr", "{where}: il primo che prende un pozzetto prende quello da 18 "
                                 "e gioca da solo: scegli chi."),
}

#: A field's label (the last part of a refusal's path), as view.js's ``fieldLabel``.
FIELDS: Final[dict[str, tuple[str, str]]] = {
    "melded": ("tr", "Punti delle carte in tavola"),
    "in_hand": ("tr", "Punti delle carte in mano"),
    "pozzetto_taken": ("term", "Pozzetto preso"),
    "closed": ("tr", "Ha chiuso"),
    "opened": ("tr", "Ha aperto"),
    "chiusura_in_mano": ("tr", "Chiusura in mano"),
    "unplayed_pozzetto": ("term", "Pozzetto preso"),
    "end": ("tr", "Fine della mano"),
    "solo": ("tr", "Chi gioca da solo"),
}

#: The burraco types whose word the page translates (the others show the engine's name).
TYPE_WORDS: Final = ("pulito", "semipulito", "sporco")

_ENTRY: Final = re.compile(r"^hands\[\d+\]\.(?:sides|players)\[(\d+)\]\.(.+)$")
_HAND: Final = re.compile(r"^hands\[\d+\]\.?")
_TYPE: Final = re.compile(r'^burrachi(?:\.(.+)|\["(.+)"\])$')


def _read(how: str, text: str, game: str, values: Mapping[str, object] | None = None) -> str:
    values = values or {}
    return term(text, game, **values) if how == "term" else tr(text, **values)


def type_name(kind: str, game: str) -> str:
    """A burraco type as the page names it: ``burraco pulito``, a canastra at Buraco."""
    word = term(kind, game) if kind in TYPE_WORDS else kind  # agrees with the game's noun
    return f"{term('burraco', game)} {word}"


def field_label(field: str, game: str) -> str:
    """The label of the field a refusal names (the part of its path after the entry)."""
    typed = _TYPE.match(field)
    if typed:
        return type_name(typed.group(1) or typed.group(2), game)
    if field in FIELDS:
        return _read(*FIELDS[field], game)
    return field


def locate(path: str, names: Sequence[str], game: str) -> str:
    """Where a refusal's path points, in words: ``Anna & Carla · Ha chiuso``; a field of the
    whole hand by its label alone; ``names`` the hand's entries (its sides or players)."""
    found = _ENTRY.match(path)
    if found is None:
        field = _HAND.sub("", path)
        return field_label(field, game) if field else tr("La mano")
    index, field = int(found.group(1)), found.group(2)
    who = names[index] if index < len(names) else str(index)
    return f"{who} · {field_label(field, game)}"


def problem_text(error: SheetError, names: Sequence[str], game: str) -> str:
    """The page's sentence for ``error`` in the chosen language, naming its entry and field;
    a code without a sentence (or a sentence whose numbers are missing): the field's name and
    the core's English reason."""
    where = locate(error.path, names, game)
    values: dict[str, object] = {**error.params, "where": where}
    if isinstance(values.get("type"), str):
        values["type"] = type_name(str(values["type"]), game)
    for key in ("first", "second"):
        at = values.get(key)
        if isinstance(at, int) and 0 <= at < len(names):
            values[key] = names[at]
    known = PROBLEMS.get(error.code)
    if known is not None:
        try:
            return _read(*known, game, values)
        except (KeyError, IndexError):
            pass  # a sentence whose numbers this refusal does not carry
    return f"{where}: {error.reason}"


def refusal(error: SheetError, names: Sequence[str], game: str) -> str:
    """A refused entry for the terminal: in English the core's sentence with its field path
    (it cites docs/rules.md), in another language :func:`problem_text`."""
    if language() == "en":
        return str(error)
    return problem_text(error, names, game)


__all__ = ["FIELDS", "PROBLEMS", "field_label", "locate", "problem_text", "refusal",
           "type_name"]
