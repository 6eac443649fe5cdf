"""One server process per database: the lease a server holds on its database while it runs.

Two processes that both took up the same rooms would both write their logs (a repeated
action number, players seeing different seat lists), so a server takes an exclusive lease
before it reads a room and keeps it until it stops; a second server on the same database is
refused with ``DatabaseInUse``, which says who holds it. The lease is the database's own
lock where it has one, and always one the operating system or the database drops when its
holder dies, however it dies, so a crashed server never blocks its successor:

* PostgreSQL: a session advisory lock (``pg_try_advisory_lock``) on a connection kept open
  for the purpose, keyed by the schema the server uses. The processes of a set sharing the
  database (``peers``) each hold it shared (``pg_try_advisory_lock_shared``): they exclude
  a server alone, which would take every room up, and it excludes them;
* SQLite: an exclusive ``flock`` on a file beside the database (``<file>.lease``), which
  holds the holder's process id and host for the message. An in-memory database is the
  process's own and needs none.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import socket
from typing import TYPE_CHECKING, Final

from ..core.errors import UnoverseError

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

#: The advisory lock's key: a hash of this and the server's schema.
LOCK_NAME: Final = "unoverse server"


class DatabaseInUse(UnoverseError):
    """Another server holds the database's lease."""

    code = "database_in_use"


class Lease:
    """A server's lease on its database (see the module's docstring)."""

    def __init__(self, fd: int | None = None, conn: AsyncConnection | None = None) -> None:
        self._fd = fd
        self._conn = conn

    @classmethod
    async def take(cls, engine: AsyncEngine, shared: bool = False) -> Lease:
        """The lease on ``engine``'s database, or ``DatabaseInUse``; ``shared``: one of a
        set of processes (PostgreSQL only)."""
        if engine.dialect.name == "postgresql":
            return await cls._advisory(engine, shared)
        if shared:
            raise DatabaseInUse("several processes share a PostgreSQL database, not SQLite")
        database = engine.url.database
        if not database or database == ":memory:" or database.startswith("file::memory:"):
            return cls()
        return cls._flock(database + ".lease")

    @classmethod
    async def _advisory(cls, engine: AsyncEngine, shared: bool) -> Lease:
        from sqlalchemy import text  # (here only: a hub on no database loads no SQLAlchemy)

        conn = await engine.connect()
        try:
            key = "hashtext(:name || current_schema())"
            lock = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            held = (await conn.execute(text(f"SELECT {lock}({key})"), {"name": LOCK_NAME})).scalar()
            if held:
                await conn.commit()
                return cls(conn=conn)
            holder = (
                await conn.execute(
                    text(
                        "SELECT a.pid, a.client_addr FROM pg_locks l JOIN pg_stat_activity a "
                        "ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted "
                        f"AND l.objid = ({key})::oid LIMIT 1"
                    ),
                    {"name": LOCK_NAME},
                )
            ).first()
        except BaseException:
            await conn.close()
            raise
        await conn.close()
        who = (
            f"PostgreSQL backend {holder[0]} from {holder[1] or 'a local socket'}" if holder else ""
        )
        if shared:
            raise DatabaseInUse(
                f"a server alone uses this database{f' ({who})' if who else ''}: stop it "
                "first (a set of processes shares a database no single server holds)"
            )
        raise DatabaseInUse(
            f"another unoverse server uses this database{f' ({who})' if who else ''}: "
            "stop it first (one server per database, or a set of them with --redis-url)"
        )

    @classmethod
    def _flock(cls, path: str) -> Lease:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode(errors="replace").strip()
            os.close(fd)
            raise DatabaseInUse(
                f"another unoverse server uses this database ({holder or 'see ' + path}): "
                "stop it first (one server per database)"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"process {os.getpid()} on {socket.gethostname()}\n".encode(), 0)
        return cls(fd=fd)

    async def release(self) -> None:
        """Give the lease up (a clean stop; a dead holder's lease goes by itself)."""
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.ftruncate(self._fd, 0)
            os.close(self._fd)  # closing the file drops the lock
            self._fd = None
        if self._conn is not None:
            await self._conn.invalidate()  # ending the session drops the advisory lock
            await self._conn.close()
            self._conn = None
