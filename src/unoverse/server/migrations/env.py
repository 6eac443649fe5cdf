"""Alembic's environment for the server's schema: ``store.migrate`` runs it on a connection
it opened (SQLite or PostgreSQL alike), so nothing here opens one."""

from __future__ import annotations

from alembic import context

from unoverse.server.tables import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
