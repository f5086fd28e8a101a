"""Published score sheets of the score keeper (``/segnapunti``): a sheet of hands played with
real cards, stored as the server re-scored it, read back through an unguessable id.

Revision ID: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "scoresheets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("preset", sa.String(32), nullable=False),
        sa.Column("sheet", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("scoresheets")
