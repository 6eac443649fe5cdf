"""A server process in a set of processes sharing one PostgreSQL database and one Redis
(``unoverse serve --redis-url``; docs/deployment.md).

Every room has one owner, its single writer. The truth of who owns what is in PostgreSQL:

* each process holds a lease (``nodes.expires``, on the database's clock) that it renews
  every quarter of its length; a process that dies, or stops answering, lets it run out;
* each room has a row (``room_leases``) naming its owner and its *fence*, a number raised by
  every takeover. Every write of a room carries the fence its writer holds it under
  (``Store.fences``) and the database's trigger refuses a write whose fence is stale
  (``store.LeaseLost``), so a process paused past its lease cannot write a room that
  another process has taken over, whenever it wakes up.

A room whose owner's lease has run out (or that has no owner: a database a single server
used before) is taken over by the first process that claims it: the periodic scan of every
process, or the process a client reconnects through. The new owner rebuilds the room from
its seed and log, as a restarted server does.

Redis carries what every process must see alike and nobody must wait for: where each room
is (``{name}:rooms``, a room's owner, and ``{name}:node:{id}``, each live process's address,
expiring with its heartbeat), and the public room list (``{name}:public``). It keeps nothing
that cannot be rebuilt: after a restart of Redis each process writes its part again at its
next heartbeat, and meanwhile a room's owner is read from PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from redis.asyncio import Redis
from redis.exceptions import RedisError
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine

if TYPE_CHECKING:
    from .store import Store

log = logging.getLogger("unoverse.server")

#: A process's lease, in seconds, unless told otherwise (``--lease``).
LEASE_S: Final = 2.0
#: How long the process's event loop may go without a turn of ``Hub._own`` before its
#: lease is no longer renewed (a loop stuck for good gives its rooms up), in leases.
STUCK_LEASES: Final = 10
#: PostgreSQL's SQLSTATE for a transaction it ended to undo a deadlock.
DEADLOCK: Final = "40P01"
#: Delete a room's route (``KEYS[1]``: the routes, ``ARGV``: room, process) only if it
#: names that process: a compare-and-delete in one step, not a read then a write.
_UNROUTE: Final = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
    return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""
#: A process's lease renewed for ``s`` seconds from now (the database's clock).
RENEW: Final = text("UPDATE nodes SET expires = now() + make_interval(secs => :s) WHERE id = :id")


@dataclass(frozen=True)
class Owner:
    """Where a room is: its owner's id and address, and whether that owner's lease holds."""

    node: str
    url: str
    alive: bool
    #: Seconds its lease has still to run, as far as known (0: not read from the database).
    left_s: float = 0.0


class Peers:
    """This process's membership of its set (see the module's docstring)."""

    def __init__(
        self, store: Store, redis_url: str, name: str, url: str, lease_s: float = LEASE_S
    ) -> None:
        self.store = store
        self.redis: Redis = Redis.from_url(
            redis_url, socket_timeout=lease_s / 2, decode_responses=True
        )
        self.name = name
        self.url = url.rstrip("/")
        self.lease_s = lease_s
        self.id = f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(4)}"
        #: whether Redis was found to have lost this process's entries (written again)
        self._published = False
        #: when the event loop last renewed the lease itself (``renew``)
        self.beat = time.monotonic()
        self._renewing: _Renewal | None = None

    # -- the lease ---------------------------------------------------------------------------
    async def join(self) -> None:
        """Take this process's lease (a new process id: it owns nothing yet)."""
        async with self.store.engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO nodes (id, url, expires) VALUES "
                    "(:id, :url, now() + make_interval(secs => :s))"
                ),
                {"id": self.id, "url": self.url, "s": self.lease_s},
            )
        log.info("joined", extra={"node": self.id, "url": self.url})

    def keep_renewed(self) -> None:
        """Renew the lease from a thread of its own as well, so that a busy event loop (a
        thousand rooms dealt at once) does not let it run out while the process works."""
        self._renewing = _Renewal(self)
        self._renewing.start()

    async def renew(self) -> dict[str, int]:
        """Renew the lease: the rooms this process owns, as the database says, with their
        fences."""
        self.beat = time.monotonic()
        async with self.store.engine.begin() as conn:
            await conn.execute(RENEW, {"id": self.id, "s": self.lease_s})
            rows = await conn.execute(
                text("SELECT room, fence FROM room_leases WHERE node = :id"), {"id": self.id}
            )
            return {room: fence for room, fence in rows.all()}

    async def leave(self) -> None:
        """Give the lease up at once (a clean stop: the others take the rooms over at their
        next scan, without waiting for it to run out)."""
        if self._renewing is not None:
            await asyncio.to_thread(self._renewing.stop)
        async with self.store.engine.begin() as conn:
            await conn.execute(
                text("UPDATE nodes SET expires = now() - interval '1 second' WHERE id = :id"),
                {"id": self.id},
            )
        self.store.fences.clear()
        with contextlib.suppress(RedisError):
            await self.redis.delete(self._node_key(self.id))
        await self.redis.aclose()

    async def alive(self) -> int:
        """How many processes of the set hold their lease now."""
        async with self.store.engine.connect() as conn:
            count = await conn.execute(text("SELECT count(*) FROM nodes WHERE expires > now()"))
            return int(count.scalar() or 0)

    # -- rooms without a live owner ----------------------------------------------------------
    async def orphans(self, limit: int = 1000) -> list[str]:
        """Rooms not ended whose owner's lease has run out, or that have no owner."""
        async with self.store.engine.connect() as conn:
            rows = await conn.execute(
                text(
                    "SELECT r.code FROM rooms r "
                    "LEFT JOIN room_leases l ON l.room = r.code "
                    "LEFT JOIN nodes n ON n.id = l.node AND n.expires > now() "
                    "WHERE NOT r.ended AND n.id IS NULL ORDER BY random() LIMIT :limit"
                ),
                {"limit": limit},
            )
            return list(rows.scalars().all())

    async def claim(self, code: str) -> int | None:
        """Take room ``code`` over (``claims``): the fence it is now held under, or None (a
        live owner has it, or it ended)."""
        return (await self.claims([code])).get(code)

    async def claims(self, codes: list[str]) -> dict[str, int]:
        """Take over, in one transaction, those of the rooms ``codes`` whose owner's lease
        has run out (or that have none): each room now this process's, with the fence it is
        held under. A room this process owns already is its own under its fence; one a live
        owner has, or that ended, is left out."""
        if not codes:
            return {}
        taken: dict[str, int] = {}
        try:
            await self._claim(sorted(set(codes)), taken)
        except DBAPIError as exc:
            if getattr(exc.orig, "sqlstate", None) != DEADLOCK:
                raise
            # two processes claiming rooms in common, their rows' locks taken in another
            # order: the database let one go, with nothing taken (its next scan tries again)
            log.info("claims deadlocked", extra={"rooms": len(codes)})
            return {}
        self.store.fences.update(taken)
        return taken

    async def _claim(self, codes: list[str], taken: dict[str, int]) -> None:
        async with self.store.engine.begin() as conn:
            args = {"id": self.id, "codes": codes}
            for statement in (
                # its own already
                "SELECT room, fence FROM room_leases WHERE node = :id AND room = ANY(:codes)",
                # compare and set on the fence seen: of two processes claiming at once, the
                # second waits for the first one's row, finds the fence raised and takes
                # nothing (a condition on the owner's lease would be judged again on the
                # first one's row, not its lease)
                "WITH seen AS (SELECT l.room, l.fence FROM room_leases l "
                "LEFT JOIN nodes n ON n.id = l.node "
                "WHERE l.room = ANY(:codes) AND l.node <> :id "
                "AND NOT coalesce(n.expires > now(), false)) "
                "UPDATE room_leases l SET node = :id, fence = l.fence + 1 FROM seen "
                "WHERE l.room = seen.room AND l.fence = seen.fence RETURNING l.room, l.fence",
                # rooms no process has owned yet
                "INSERT INTO room_leases (room, node, fence) SELECT code, :id, 1 FROM rooms "
                "WHERE code = ANY(:codes) AND NOT ended "
                "ON CONFLICT (room) DO NOTHING RETURNING room, fence",
            ):
                rows = await conn.execute(text(statement), args)
                taken.update((room, int(fence)) for room, fence in rows)

    # -- where a room is ---------------------------------------------------------------------
    async def owner(self, code: str, fresh: bool = False) -> Owner | None:
        """Room ``code``'s owner: from Redis, or from the database when Redis does not know
        it (or is away) or when ``fresh``; None for a room that no process owns."""
        try:
            node = None if fresh else await self.redis.hget(self._rooms_key, code)
            if node is not None:
                url = await self.redis.get(self._node_key(str(node)))
                if url is not None:
                    return Owner(str(node), str(url), True)
        except RedisError:
            pass
        async with self.store.engine.connect() as conn:
            row = (
                await conn.execute(
                    text(
                        "SELECT l.node, n.url, coalesce(n.expires > now(), false), "
                        "coalesce(extract(epoch FROM n.expires - now()), 0) "
                        "FROM room_leases l LEFT JOIN nodes n ON n.id = l.node "
                        "WHERE l.room = :code"
                    ),
                    {"code": code},
                )
            ).first()
        if row is None:
            return None
        return Owner(row[0], row[1] or "", bool(row[2]), max(0.0, float(row[3])))

    async def heartbeat(self, owned: dict[str, dict[str, Any] | None]) -> None:
        """Tell Redis this process is alive (and where), and, the first time or when Redis
        has lost it, every room it owns (``owned``: room -> its public listing, or None
        for a private room)."""
        try:
            known = await self.redis.set(
                self._node_key(self.id), self.url, ex=max(1, round(self.lease_s)), xx=True
            )
            if known and self._published:
                return
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.set(self._node_key(self.id), self.url, ex=max(1, round(self.lease_s)))
                for code, listing in owned.items():
                    self._route(pipe, code, listing)
                await pipe.execute()
            self._published = True
        except RedisError:
            self._published = False  # written again once Redis answers

    async def routed(self, code: str, listing: dict[str, Any] | None) -> None:
        """Room ``code`` is this process's now: say so, with its public listing (or None)."""
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                self._route(pipe, code, listing)
                await pipe.execute()
        except RedisError:
            self._published = False

    async def unroute(self, code: str) -> None:
        """Room ``code`` is no longer this process's (another took it over): forget its route
        if it still names this process, so that lookups ask the database. A heartbeat that
        ran between a lease's renewal and a pause past it writes back the routes of rooms
        lost meanwhile; left there, they would send every request for the room here."""
        try:
            await self.redis.eval(_UNROUTE, 1, self._rooms_key, code, self.id)
        except RedisError:
            self._published = False

    async def gone(self, code: str) -> None:
        """Room ``code`` ended: it is nobody's, and off the public list."""
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hdel(self._rooms_key, code)
                pipe.hdel(self._public_key, code)
                await pipe.execute()
        except RedisError:
            self._published = False

    async def public(self, own: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Every public room of the set: code -> its listing (this process's own, ``own``,
        as they are now; only those while Redis is away)."""
        try:
            found = await self.redis.hgetall(self._public_key)
        except RedisError:
            return own
        return {**{str(k): json.loads(v) for k, v in found.items()}, **own}

    def _route(self, pipe: Any, code: str, listing: dict[str, Any] | None) -> None:
        pipe.hset(self._rooms_key, code, self.id)
        if listing is None:
            pipe.hdel(self._public_key, code)
        else:
            pipe.hset(self._public_key, code, json.dumps(listing))

    @property
    def _rooms_key(self) -> str:
        return f"{self.name}:rooms"

    @property
    def _public_key(self) -> str:
        return f"{self.name}:public"

    def _node_key(self, node: str) -> str:
        return f"{self.name}:node:{node}"


class _Renewal(threading.Thread):
    """Renews a process's lease every quarter lease, on a connection and an event loop of
    its own, as long as the process's own loop has renewed it within ``STUCK_LEASES``
    leases: a process that is busy keeps its rooms; one whose loop is stuck, or that is
    paused or dead, does not."""

    def __init__(self, peers: Peers) -> None:
        super().__init__(name="unoverse-lease", daemon=True)
        self.peers = peers
        self.url = peers.store.engine.url
        self.stopped = threading.Event()

    def stop(self) -> None:
        self.stopped.set()
        self.join(10)

    def run(self) -> None:
        asyncio.run(self._renew())

    async def _renew(self) -> None:
        peers = self.peers
        engine = create_async_engine(self.url, pool_size=1, max_overflow=0)
        try:
            while not self.stopped.wait(peers.lease_s / 4):
                if time.monotonic() - peers.beat > STUCK_LEASES * peers.lease_s:
                    continue
                try:
                    async with engine.begin() as conn:
                        await conn.execute(RENEW, {"id": peers.id, "s": peers.lease_s})
                except Exception as exc:  # the database away: the next turn tries again
                    log.warning("lease renewal failed", extra={"error": str(exc)[:200]})
        finally:
            await engine.dispose()
