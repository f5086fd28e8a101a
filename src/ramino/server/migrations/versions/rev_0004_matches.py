"""Matches: how many hands a table's match has (ratings count only matches of 3 or more).

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("match_hands", sa.Integer, nullable=False,
                                   server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("match_hands")
