"""Tables that play a tournament's turno: the link from a server table to its tournament
table (file, turno, table), the pairs' join codes and whether the result was sent.

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tournament_links",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("tournament", sa.String(500), nullable=False),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("table_no", sa.Integer, nullable=False),
        sa.Column("ns_code", sa.String(64), nullable=False),
        sa.Column("ew_code", sa.String(64), nullable=False),
        sa.Column("submitted_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("tournament", "round_no", "table_no"),
    )


def downgrade() -> None:
    op.drop_table("tournament_links")
