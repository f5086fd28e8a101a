"""Path-aware readers for the JSON values of a ``ramino-record/1`` document (docs/record.md §4–5).

Every reader takes the value and its *path* (``deal.hands[2][5]``) and raises
:class:`RecordError` naming that path, so a malformed record is always reported by field and
never by traceback (docs/record.md §5, exit status 2).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ramino.cards import WildTarget, parse_annotated_card, parse_card
from ramino.errors import NotationError, RecordError

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def key_path(path: str, key: str) -> str:
    """``rules.options.x``; a key that is not a plain name is quoted: ``meta["a b"]``."""
    if not _NAME.match(key):
        return f"{path}[{json.dumps(key, ensure_ascii=False)}]"
    return f"{path}.{key}" if path else key


def index_path(path: str, index: int) -> str:
    return f"{path}[{index}]"


def type_name(value: object) -> str:
    """JSON's name for a Python value, for messages (``null``, ``a string`` …)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__


def expect_object(value: object, path: str, *, required: Iterable[str] = (),
                  optional: Iterable[str] = ()) -> dict[str, Any]:
    """An object whose keys are all known; a missing or unknown key is named by its path."""
    if not isinstance(value, dict):
        raise RecordError(path or "document", f"expected an object, got {type_name(value)}")
    required = tuple(required)
    known = set(required) | set(optional)
    for key in value:
        if not isinstance(key, str) or key not in known:
            raise RecordError(key_path(path, str(key)),
                              f"unknown field (known here: {', '.join(sorted(known))})")
    for key in required:
        if key not in value:
            raise RecordError(key_path(path, key), "missing")
    return value


def expect_list(value: object, path: str, *, length: int | None = None,
                min_length: int = 0) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(path, f"expected a list, got {type_name(value)}")
    if length is not None and len(value) != length:
        raise RecordError(path, f"expected {length} entries, got {len(value)}")
    if len(value) < min_length:
        raise RecordError(path, f"expected at least {min_length} entries, got {len(value)}")
    return value


def expect_str(value: object, path: str) -> str:
    if not isinstance(value, str):
        raise RecordError(path, f"expected a string, got {type_name(value)}")
    return value


def expect_int(value: object, path: str, lo: int | None = None, hi: int | None = None) -> int:
    # JSON has no separate bool type in Python's eyes: ``True`` is an int, and must be refused.
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(path, f"expected an integer, got {type_name(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{lo if lo is not None else '…'}..{hi if hi is not None else '…'}"
        raise RecordError(path, f"{value} is out of range ({bounds})")
    return value


def expect_bool(value: object, path: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(path, f"expected true or false, got {type_name(value)}")
    return value


def read_card(value: object, path: str) -> int:
    """One plain card (docs/record.md §1); an annotation is refused where none belongs."""
    text = expect_str(value, path)
    if "=" in text:
        raise RecordError(path, f"{text!r}: only a wild inside a meld carries an annotation")
    try:
        return parse_card(text)
    except NotationError as exc:
        raise RecordError(path, str(exc)) from None


def read_cards(value: object, path: str, *, length: int | None = None) -> list[int]:
    items = expect_list(value, path, length=length)
    return [read_card(item, index_path(path, i)) for i, item in enumerate(items)]


def read_meld_cards(value: object, path: str
                    ) -> tuple[list[int], list[tuple[int, WildTarget]]]:
    """The cards of a table meld, with the wild annotations (``JK=7h``) they carry."""
    items = expect_list(value, path, min_length=3)
    cards: list[int] = []
    notes: list[tuple[int, WildTarget]] = []
    for i, item in enumerate(items):
        text = expect_str(item, index_path(path, i))
        try:
            card, target = parse_annotated_card(text)
        except NotationError as exc:
            raise RecordError(index_path(path, i), str(exc)) from None
        cards.append(card)
        if target is not None:
            notes.append((card, target))
    return cards, notes
