"""The declarative base every stored table of the server is mapped on (the store's tables and
the standing's), so that they share one metadata."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass
