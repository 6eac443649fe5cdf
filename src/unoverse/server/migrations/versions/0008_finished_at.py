"""When each game finished (``games.finished_at``), the order the open game data is read in
(``server/open_data``).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("games_finished", "games", ["finished_at", "id"])


def downgrade() -> None:
    op.drop_index("games_finished", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("finished_at")
