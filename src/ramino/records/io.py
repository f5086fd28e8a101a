"""JSON text in and out for records (docs/record.md §4): syntax errors become :class:`RecordError`
with the line and column, so ``ramino replay`` exits 2 on them like on any malformed record."""

from __future__ import annotations

import json
from typing import Any

from ramino.errors import RecordError


def load_document(text: str | bytes) -> Any:
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError("document", f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("document", f"not JSON: {exc.msg} at line {exc.lineno} column "
                          f"{exc.colno}") from None
    except RecursionError:
        raise RecordError("document", "not JSON this reader can hold: nested too deeply"
                          ) from None


def dump_document(document: Any) -> str:
    """Canonical text: two-space indent, UTF-8 as is, a final newline."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
