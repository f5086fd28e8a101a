"""The round clock of a tournament turno played on the server: when the turno's time is up
(``tournament_links.ends_at``), and which actions a bot played because a player's time bank
was empty rather than because the player was away (``actions.out_of_time``).

Revision ID: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tournament_links") as batch:
        batch.add_column(sa.Column("ends_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("out_of_time", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("out_of_time")
    with op.batch_alter_table("tournament_links") as batch:
        batch.drop_column("ends_at")
