"""Chess clocks: each table's time bank, increment and grace period; each action the acting
seat's time left after it and whether a bot played it for an absent or timed-out player.

Revision ID: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("clock_ms", sa.Integer, nullable=True))
        batch.add_column(sa.Column("increment_ms", sa.Integer, nullable=False,
                                   server_default="0"))
        batch.add_column(sa.Column("grace_ms", sa.Integer, nullable=False,
                                   server_default="60000"))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("clock_ms", sa.Integer, nullable=True))
        batch.add_column(sa.Column("by_bot", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by_bot")
        batch.drop_column("clock_ms")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("grace_ms")
        batch.drop_column("increment_ms")
        batch.drop_column("clock_ms")
