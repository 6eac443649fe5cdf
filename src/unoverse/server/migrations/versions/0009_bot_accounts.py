"""Bot accounts (docs/protocol.md, "Bots"): the account that owns one (``accounts.owner``)
and the SHA-256 of its API key (``accounts.api_key``).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("owner", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("api_key", sa.LargeBinary(32), nullable=True))
        batch.create_foreign_key(
            "accounts_owner", "accounts", ["owner"], ["id"], ondelete="CASCADE"
        )
        batch.create_index("ix_accounts_owner", ["owner"])
        batch.create_unique_constraint("accounts_api_key", ["api_key"])


def downgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("accounts_api_key", type_="unique")
        batch.drop_index("ix_accounts_owner")
        batch.drop_constraint("accounts_owner", type_="foreignkey")
        batch.drop_column("api_key")
        batch.drop_column("owner")
