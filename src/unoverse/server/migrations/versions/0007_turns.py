"""Whose move a turn-based room waits for (``rooms.waiting``: the seats with a window open,
and ``rooms.deadline``: when the move times out), for each player's list of their games.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("waiting", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("deadline", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("deadline")
        batch.drop_column("waiting")
