"""Scala 40 re-entry (§6.5 ``reentry``): the sides that re-entered the match after a
hand, stored on that hand as a JSON list (NULL: none).

Revision ID: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("reentries", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("reentries")
