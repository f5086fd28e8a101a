"""The prepared deals of a duplicate tournament turno played on the server: every table of the
turno deals its smazzata N from the same stored deal (docs/tournament.md, "Duplicate turni").

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "tournament_deals",
        sa.Column("tournament", sa.String(500), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("hand_no", sa.Integer, primary_key=True),
        sa.Column("deal", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_deals")
