"""The puzzles each account has solved, so that its marks follow it from browser to browser.

Revision ID: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "solved_puzzles",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("puzzle_id", sa.String(64), primary_key=True),
        sa.Column("solved_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("solved_puzzles")
