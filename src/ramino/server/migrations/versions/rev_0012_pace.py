"""The bots' pace at a table: "normal" (about a second a move) or "fast".

Revision ID: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("pace", sa.String(8), nullable=False,
                                   server_default="normal"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("pace")
