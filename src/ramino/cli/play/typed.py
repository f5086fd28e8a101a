"""What the player types: one line read at a prompt, card numbers turned into cards, and a
refused move explained in the game's words.

A card may be typed as shown in the numbered hand: ``discard 3`` is the third card shown,
``meld 1 2 3`` the first three, ``attach 2 5`` the fifth card on meld 2 (the first number
after ``attach`` and ``swap`` is a meld's), ``meld 4 5 6=7h`` declares what the sixth card, a
jolly, stands for.  A card typed in the record notation (``3c``) is taken as it is.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from rich.console import Console

from ramino.cards import card_str
from ramino.cli.core import CliError, say
from ramino.errors import IllegalActionError
from ramino.rules import RuleSet

_NUMBERED = re.compile(r"^(\d+)(=.*)?$")
_MELD_FIRST = ("attach", "swap")  # their first argument is a meld number, not a card
LANGUAGES = ("en", "it", "pt")


def read_command(console: Console, prompt: str) -> str | None:
    """Show ``prompt`` and read one typed line, stripped; ``None`` when the input has ended.

    A terminal shows what the player types as he types it; input from a file or a pipe is
    echoed after the prompt, so that a transcript of a scripted game reads like a session."""
    say(console, prompt, end="")
    line = sys.stdin.readline()
    if not line:
        return None
    text = line.strip()
    if not sys.stdin.isatty():
        say(console, text)
    return text


def with_cards(text: str, shown: Sequence[int]) -> str:
    """``text`` with each card number replaced by the card shown at that number; a number
    past the hand is refused naming it."""
    words = text.split()
    if not words:
        return text
    skip = 2 if words[0].lower() in _MELD_FIRST else 1
    out = words[:skip]
    for word in words[skip:]:
        found = _NUMBERED.match(word)
        if found is None:
            out.append(word)
            continue
        number = int(found.group(1))
        if not 1 <= number <= len(shown):
            raise ValueError(f"card number {number}: your hand is numbered 1 to {len(shown)}")
        out.append(card_str(shown[number - 1]) + (found.group(2) or ""))
    return " ".join(out)


def with_numbers(move: str, shown: Sequence[int]) -> str:
    """The other way round: ``move`` (record notation) with each card of the hand written as
    its number in ``shown`` (``meld 3h 4h 5h`` -> ``meld 1 2 3``), as the player may type it."""
    words = move.split()
    skip = 2 if words and words[0] in _MELD_FIRST else 1
    free = list(range(len(shown)))
    out = words[:skip]
    for word in words[skip:]:
        card, equals, target = word.partition("=")
        at = next((i for i in free if card_str(shown[i]) == card), None)
        if at is None:
            out.append(word)
            continue
        free.remove(at)
        out.append(f"{at + 1}{equals}{target}")
    return " ".join(out)


def check_language(lang: str, *, server_texts: bool = True) -> None:
    """Refuse a language the refusals are not written in, naming the option.  A command
    whose texts only the server formats (``server_texts``: ``ramino play``'s refused moves)
    needs the server extra (Babel) for another language than English; the catalogs alone
    are read with the standard library (:mod:`ramino.cli.words`)."""
    if lang not in LANGUAGES:
        raise CliError(f"--lang {lang}: one of {', '.join(LANGUAGES)}")
    if server_texts and lang != "en":
        try:
            import babel  # noqa: F401
        except ImportError:
            raise CliError(f"--lang {lang}: the translated refusals come with the server "
                           "extra (pip install 'ramino[server]')") from None


def refusal(exc: IllegalActionError, rules: RuleSet, lang: str, written: str) -> str:
    """A refused move as the table server explains it: in English the engine's own message,
    in another language the rule's text in the game's words; always the rule id and the
    docs/rules.md section."""
    if lang == "en":
        return str(exc)
    from ramino.server.refusal_texts import refusal_message
    return refusal_message(exc, rules.game, lang, rules, written)
