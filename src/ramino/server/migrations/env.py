"""Alembic environment: runs on the connection the store hands over (``attributes``), or on
``sqlalchemy.url`` when Alembic's own command line is used."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy.engine import Connection

config = context.config


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=None)
    with context.begin_transaction():
        context.run_migrations()


given = config.attributes.get("connection")
if given is not None:
    _run(given)
else:
    url = config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("set sqlalchemy.url or pass a connection")
    with create_engine(url).connect() as own:
        _run(own)
