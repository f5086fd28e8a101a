"""Skill ratings per game (Burraco, Buraco): a table of (account, game) ratings replaces the
rating columns of the accounts; existing ratings become Burraco ratings.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rated", sa.Integer, nullable=False),
    )
    op.execute("INSERT INTO ratings (account_id, game, mu, sigma, rated) "
               "SELECT id, 'burraco', mu, sigma, rated FROM accounts WHERE rated > 0")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("mu")
        batch.drop_column("sigma")
        batch.drop_column("rated")


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("mu", sa.Float, nullable=False, server_default="25.0"))
        batch.add_column(sa.Column("sigma", sa.Float, nullable=False,
                                   server_default="8.333333333333334"))
        batch.add_column(sa.Column("rated", sa.Integer, nullable=False, server_default="0"))
    op.drop_table("ratings")
