"""Alembic migrations of the server database (run by ``Store.migrate``)."""
