"""Rooms end: an ended room keeps its games (finished) but is no longer taken up.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(
            sa.Column("ended", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.create_index("rooms_open", "rooms", ["ended", "code"])


def downgrade() -> None:
    op.drop_index("rooms_open", table_name="rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("ended")
