"""Each side's score-card code: the secret that lets one side of a paper table write or
confirm its result on the table page (§7.2: both sides countersign the card).

A code is an HMAC of the turno, the table and the side under the tournament's key, a random
secret kept next to the tournament file (``FILE.key``, readable by its owner only): the file
itself and its exports may be shared, the key is the director's.  A side's code is printed on
its own slip of the score-card and in its link (``/table/N/T?code=…``), so that one player
cannot both write the N-S scores and confirm them as E-W.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
from pathlib import Path

#: A code's length: 8 letters and digits (40 bits), easy to type from a slip of paper.
CODE_CHARS = 8


def key_path(tournament: Path) -> Path:
    return tournament.with_name(tournament.name + ".key")


def load_key(tournament: Path) -> bytes:
    """The tournament's code key, made the first time it is asked for."""
    where = key_path(tournament)
    try:
        key = where.read_bytes()
        if len(key) >= 16:
            return key
    except FileNotFoundError:
        pass
    key = secrets.token_bytes(32)
    try:
        fd = os.open(where, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made meanwhile by another writer: that key stands
        return where.read_bytes()
    with os.fdopen(fd, "wb") as out:
        out.write(key)
    return key


def side_code(key: bytes, round_number: int, table_number: int, side: str) -> str:
    """The code of ``side`` ("ns" or "ew") at a table of a turno."""
    digest = hmac.new(key, f"{round_number}/{table_number}/{side}".encode(),
                      hashlib.sha256).digest()
    return base64.b32encode(digest).decode()[:CODE_CHARS]


def side_of(key: bytes, round_number: int, table_number: int, code: str) -> str | None:
    """The side whose code ``code`` is at that table, or None."""
    given = code.strip().upper().encode()
    for side in ("ns", "ew"):
        own = side_code(key, round_number, table_number, side).encode()
        if hmac.compare_digest(own, given):
            return side
    return None
