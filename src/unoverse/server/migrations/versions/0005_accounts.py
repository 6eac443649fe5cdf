"""Players' accounts (``accounts``), their log-in sessions (``sessions``), and the account a
seat was taken under (``seats.account``: null for a guest, and once the account is deleted).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("key", sa.String(96), nullable=False, unique=True),
        sa.Column("password", sa.String(200), nullable=False),
        sa.Column("shown", sa.Boolean(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.LargeBinary(32), primary_key=True),
        sa.Column(
            "account",
            sa.Integer(),
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account", "sessions", ["account"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "seats_account", "accounts", ["account"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_seats_account", ["account"])


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account")
        batch.drop_constraint("seats_account", type_="foreignkey")
        batch.drop_column("account")
    op.drop_index("ix_sessions_account", table_name="sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
