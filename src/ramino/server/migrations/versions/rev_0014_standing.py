"""A player's standing: statistics per game, burrachi by type, and the challenges' progress
(one row per account, challenge and period: a challenge is paid at most once a period).

Revision ID: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "game_stats",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("closes", sa.Integer, nullable=False, server_default="0"),
        sa.Column("points", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "burraco_kinds",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("kind", sa.String(16), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "challenges",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("challenge", sa.String(40), primary_key=True),
        sa.Column("period", sa.String(16), primary_key=True),
        sa.Column("count", sa.Integer, nullable=False, server_default="0"),
        sa.Column("target", sa.Integer, nullable=False),
        sa.Column("xp", sa.Integer, nullable=False),
        sa.Column("done_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("challenges_done", "challenges", ["account_id", "done_at"])


def downgrade() -> None:
    op.drop_index("challenges_done", "challenges")
    op.drop_table("challenges")
    op.drop_table("burraco_kinds")
    op.drop_table("game_stats")
