"""Several server processes on one database: each process's lease (``nodes``), each room's
owner and fence (``room_leases``) and, on PostgreSQL, a trigger on every table a room
writes that refuses a write whose fence is not the room's current one (``server/peers``).
Each game keeps the instant it was dealt, so that a room taken up elsewhere keeps its
first turn's deadline.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

#: The tables a room's owner writes, and how a row names its room.
FENCED = ("rooms", "seats", "games", "actions", "chat")

FENCE = """
CREATE FUNCTION unoverse_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    r text;
    held bigint;
    given text;
BEGIN
    IF TG_TABLE_NAME = 'rooms' THEN
        r := NEW.code;
    ELSIF TG_TABLE_NAME = 'actions' THEN
        SELECT room INTO r FROM games WHERE id = NEW.game;
    ELSE
        r := NEW.room;
    END IF;
    -- FOR SHARE: a takeover (an UPDATE of this row) waits for this write to commit, and
    -- a write after a takeover sees the new fence
    SELECT fence INTO held FROM room_leases WHERE room = r FOR SHARE;
    IF NOT FOUND THEN
        RETURN NEW;  -- a room no process owns: a server alone on its database
    END IF;
    given := nullif(current_setting('unoverse.fences', true), '')::jsonb ->> r;
    IF given IS NULL OR given::bigint <> held THEN
        RAISE EXCEPTION 'room % is held under fence %; this write carried %',
            r, held, coalesce(given, 'none') USING ERRCODE = 'UL001';
    END IF;
    RETURN NEW;
END $$;
"""


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("dealt_at", sa.Float(), nullable=True))
    op.create_table(
        "nodes",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("url", sa.String(400), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "room_leases",
        sa.Column("room", sa.String(16), primary_key=True),
        sa.Column("node", sa.String(64), nullable=False),
        sa.Column("fence", sa.BigInteger(), nullable=False),
    )
    op.create_index("room_leases_node", "room_leases", ["node"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(FENCE)
        for table in FENCED:
            op.execute(
                f"CREATE TRIGGER {table}_fenced BEFORE INSERT OR UPDATE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION unoverse_fence()"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for table in FENCED:
            op.execute(f"DROP TRIGGER {table}_fenced ON {table}")
        op.execute("DROP FUNCTION unoverse_fence()")
    op.drop_index("room_leases_node", "room_leases")
    op.drop_table("room_leases")
    op.drop_table("nodes")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("dealt_at")
