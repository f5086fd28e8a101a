"""Accounts (argon2 password hashes), sessions, per-player statistics and experience (S004),
skill ratings (OpenSkill), and the account sitting at each seat.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False, unique=True),
        sa.Column("pw_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("xp", sa.Integer, nullable=False, server_default="0"),
        sa.Column("hands", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
        sa.Column("burrachi", sa.Integer, nullable=False, server_default="0"),
        sa.Column("abandons", sa.Integer, nullable=False, server_default="0"),
        sa.Column("mu", sa.Float, nullable=False, server_default="25.0"),
        sa.Column("sigma", sa.Float, nullable=False, server_default="8.333333333333334"),
        sa.Column("rated", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
    op.drop_table("sessions")
    op.drop_table("accounts")
