"""Published score sheets (the score keeper, ``/segnapunti``): each is the sheet as the server
re-scored it (JSON), under an unguessable id that is its read-only link.

The table lives beside the table server's own (:class:`ramino.server.schema_base.Base`, revision
0013), in the same database; a sheet is written once and never changed.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from typing import Any

from sqlalchemy import DateTime, String, Text
from sqlalchemy.orm import Mapped, Session, mapped_column

from ramino.server.schema_base import Base
from ramino.server.store import Store

# 16 random bytes: a link nobody can guess or walk through.
ID_BYTES = 16


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class SheetRow(Base):
    __tablename__ = "scoresheets"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    preset: Mapped[str] = mapped_column(String(32))
    sheet: Mapped[str] = mapped_column(Text)  # the sheet's JSON, as the server scored it
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


def new_sheet_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


def save_sheet(store: Store, preset: str, sheet: dict[str, Any]) -> str:
    """Store a published sheet; its new id."""
    sheet_id = new_sheet_id()
    with Session(store.engine) as session, session.begin():
        session.add(SheetRow(id=sheet_id, preset=preset,
                             sheet=json.dumps(sheet, separators=(",", ":"))))
    return sheet_id


def load_sheet(store: Store, sheet_id: str) -> dict[str, Any] | None:
    """The published sheet ``sheet_id``, or None."""
    if len(sheet_id) > 32:
        return None
    with Session(store.engine) as session:
        row = session.get(SheetRow, sheet_id)
        if row is None:
            return None
        found: dict[str, Any] = json.loads(row.sheet)
        return found
