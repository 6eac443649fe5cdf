"""The PostgreSQL server every machine of this project runs (127.0.0.1:5432, trust
authentication, database ``test``; ``UNOVERSE_TEST_POSTGRES`` says otherwise). Tests use it
for real: when it cannot be reached they fail, they never skip."""

from __future__ import annotations

import asyncio
import os

import asyncpg

POSTGRES = os.environ.get("UNOVERSE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
#: The same server for SQLAlchemy's async engine.
ASYNC = POSTGRES.replace("postgresql://", "postgresql+asyncpg://", 1)


def execute(sql: str) -> None:
    """Run one statement (``CREATE SCHEMA``, ``DROP DATABASE``...) on the test server."""

    async def run() -> None:
        conn = await asyncpg.connect(POSTGRES)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run())
