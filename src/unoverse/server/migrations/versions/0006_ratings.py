"""Ratings: each account's rating per variant (``ratings``), its history, one row per rated
round (``rated_rounds``), and the kind of an account (``player``, or ``bot``: the rated
account of a bot level).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("kind", sa.String(8), nullable=False, server_default="player"))
    op.create_table(
        "ratings",
        sa.Column(
            "account",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("variant", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("ordinal", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )
    op.create_index("ratings_board", "ratings", ["variant", "ordinal"])
    op.create_table(
        "rated_rounds",
        sa.Column(
            "account",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "game", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rated_rounds")
    op.drop_index("ratings_board", table_name="ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("kind")
