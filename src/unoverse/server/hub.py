"""Every room of a server, and each change to a room's table: made under the room's lock,
stored, and only then answered. A change the store refuses leaves the room as it was.

The hub holds its database's lease (``lease``) from before it reads a room until it closes,
counts what each address holds (``quotas``), and ends the rooms nobody uses: an unstarted
room idle for ``Limits.lobby_idle_s``, a started one with no player connected for
``Limits.abandoned_s`` (its games are kept, the one in progress marked ended).

In a set of processes sharing the database (``peers``), a hub holds only the rooms it owns:
it takes over those whose owner has gone (``adopt``) and lets go of those another process
has taken (``drop``); the application relays everything else to the owner (``relay``).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from .bot_pool import BotPool
from .lease import Lease
from .live import DEFAULTS, Config, Live
from .protocol import ProtocolError
from .quotas import LIMITS, Limits, Quotas
from .records import DEFAULT_URL, CodeTaken, GameStore
from .room import Room, Settings, new_code

if TYPE_CHECKING:
    from .peers import Peers
    from .store import Store

log = logging.getLogger("unoverse.server")
T = TypeVar("T")
#: What keeps the hub's rooms: the server's database (``Hub.open``), or memory.
S = TypeVar("S", bound=GameStore)


@dataclass(frozen=True)
class Membership:
    """How a process joins a set sharing its database (``peers``): the Redis URL, the set's
    name (its Redis keys' prefix), this process's address as the others reach it, and its
    lease's length in seconds."""

    redis_url: str
    name: str
    url: str
    lease_s: float


class Hub(Generic[S]):
    """A server's rooms (see the module's docstring), kept in a store of type ``S``."""

    def __init__(
        self,
        store: S,
        config: Config = DEFAULTS,
        limits: Limits = LIMITS,
        workers: int = 0,
        lease: Lease | None = None,
    ) -> None:
        self.store = store
        self.config = config
        self.limits = limits
        self.quotas = Quotas(limits)
        self.pool = BotPool(workers)
        self.rooms: dict[str, Live] = {}
        self.lease = lease if lease is not None else Lease()
        self._sweeper: asyncio.Task[None] | None = None
        #: this process's set of peers, when it is one of several on the database
        self.peers: Peers | None = None
        self._owner: asyncio.Task[None] | None = None
        #: rooms being taken over (claimed, and rebuilt from the store)
        self.adopting: set[str] = set()

    @staticmethod
    async def open(
        url: str = DEFAULT_URL,
        config: Config = DEFAULTS,
        limits: Limits = LIMITS,
        workers: int = 0,
        membership: Membership | None = None,
    ) -> Hub[Store]:
        """A hub on the database at ``url``, its lease taken (or ``DatabaseInUse``), every
        stored room that has not ended taken up where it was (the games in progress rebuilt
        from their seeds and logs); its searching bots on ``workers`` processes (0: one per
        CPU). With ``membership``, one of a set of processes on the database: it takes up
        the rooms no live process owns, and the others' as their owners go."""
        from .store import Store  # (SQLAlchemy and Alembic: for a hub on a database only)

        store = await Store.open(url)
        try:
            lease = await Lease.take(store.engine, shared=membership is not None)
            if membership is None:
                await store.forget_owners()  # a set that used the database before has gone
        except BaseException:
            await store.close()
            raise
        hub = Hub(store, config, limits, workers, lease)
        loop = asyncio.get_running_loop()
        if membership is None:
            for room in await store.rooms():
                live = hub.rooms[room.code] = Live(room, store, hub.pool, config)
                await live.recover()
        else:
            from .peers import Peers  # (redis-py: for a set of processes only)

            m = membership
            hub.peers = Peers(store, m.redis_url, m.name, m.url, m.lease_s)
            try:
                await hub.peers.join()
                hub.peers.keep_renewed()
                await hub.peers.heartbeat({})
                await hub._own()
            except BaseException:
                await hub.close()
                raise
            hub._owner = loop.create_task(hub._own_loop())
        hub._sweeper = loop.create_task(hub._sweep_loop())
        log.info("ready", extra={"rooms": len(hub.rooms), "database": url.split("://")[0]})
        return hub

    async def close(self) -> None:
        """Stop every room and the bots' pool; give the leases up (the peers take this
        process's rooms over at once); close the database."""
        for task in (self._sweeper, self._owner):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for live in self.rooms.values():
            await live.close()
        self.pool.close()
        if self.peers is not None:
            with contextlib.suppress(Exception):  # (a database away: the lease runs out)
                await self.peers.leave()
        await self.lease.release()
        await self.store.close()

    def get(self, code: object) -> Live:
        """The room with ``code`` (any case), or ``not_found``."""
        live = self.rooms.get(code.upper()) if isinstance(code, str) else None
        if live is None:
            raise ProtocolError("not_found", f"no room {str(code)[:16]!r}")
        return live

    def find(self, code: object, address: str) -> Live:
        """``get``, an unknown code counted against ``address`` (codes are not to be walked:
        ``rate_limited`` once it asks for too many)."""
        try:
            return self.get(code)
        except ProtocolError:
            self.quotas.missed(address)
            raise

    async def create(
        self,
        settings: Settings,
        name: object,
        bots: dict[int, str],
        address: str = "local",
        account: int | None = None,
    ) -> tuple[Live, int, str]:
        """A new room whose host joins under ``name`` (for ``account``, if signed in) and
        puts ``bots`` in their seats: the room, the host's seat and token. ``address``
        creates it, within its limits."""
        room = Room("", settings)
        host = min(set(range(settings.seats)) - set(bots), default=0)
        seat, token = room.join(name, host, account)
        for s, spec in sorted(bots.items()):
            room.add_bot(token, s, spec)
        self.quotas.may_create(address, len(self.rooms))
        node = None if self.peers is None else self.peers.id
        while True:
            room.code = code = new_code()
            self.adopting.add(code)  # (the lease renewal leaves a room being made alone)
            try:
                await self.store.insert_room(room, node)
                break
            except CodeTaken:  # some room of the database's, here or on another process
                continue
            finally:
                self.adopting.discard(code)
        live = self._live(room)
        if self.peers is not None:
            await self.peers.routed(code, room.listing() if settings.public else None)
        self.quotas.created(address, code)
        log.info("room created", extra={"room": code, "preset": settings.preset})
        return live, seat, token

    # -- rooms nobody uses -----------------------------------------------------------------
    async def _sweep_loop(self) -> None:
        every = max(0.05, min(60.0, self.limits.lobby_idle_s / 4, self.limits.abandoned_s / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep(time.monotonic())
            except Exception:  # a failing store: try again next time, never stop sweeping
                log.exception("sweep failed")

    async def sweep(self, now: float) -> list[str]:
        """End the rooms unused at ``now`` (monotonic seconds): their codes."""
        ended = []
        for code, live in list(self.rooms.items()):
            settings = live.room.settings
            if settings.turn_based:  # its players come and go: the move's timer is its clock
                idle = self.limits.turn_based_idle_s
            else:
                idle = self.limits.abandoned_s if live.room.started else self.limits.lobby_idle_s
            if live.unused_for(now) > idle:
                await live.end()
                await self.store.end_room(code)
                del self.rooms[code]
                self.quotas.ended(code)
                if self.peers is not None:
                    await self.peers.gone(code)
                ended.append(code)
                log.info("room ended", extra={"room": code})
        return ended

    async def change(self, live: Live, what: str, change: Callable[[Room], T]) -> T:
        """Apply ``change`` (``what``, for the log) to the room's table and store it; on
        any refusal the table is as it was. Everyone in the room is told."""
        async with live.lock:
            room = live.room
            before = (copy.deepcopy(room.seats), room.host, room.started)
            try:
                result = change(room)
                await self.store.save_room(room)
            except BaseException:
                room.seats, room.host, room.started = before
                raise
            live.lobby_changed()
            log.info(what, extra={"room": room.code})
        if self.peers is not None:
            await self.peers.routed(room.code, room.listing() if room.settings.public else None)
        return result

    def _live(self, room: Room) -> Live:
        """A room at play in this process (one it created, or took over)."""
        assert room.code not in self.rooms, f"room {room.code} has a writer here already"
        live = self.rooms[room.code] = Live(room, self.store, self.pool, self.config)
        live.lost = lambda: asyncio.get_running_loop().create_task(self.drop(room.code))
        return live

    # -- rooms as the set's processes come and go (``peers``) --------------------------------
    async def _own_loop(self) -> None:
        assert self.peers is not None
        while True:
            await asyncio.sleep(self.peers.lease_s / 4)
            try:
                await self._own()
            except Exception:  # a database or Redis away: the next turn tries again
                log.exception("lease renewal failed")

    async def _own(self) -> None:
        """Renew the lease, let go of the rooms another process has taken over, tell Redis,
        and take a fair share of the rooms no live process owns (and any of this process's
        own that it does not hold: a room whose taking over failed half way)."""
        peers = self.peers
        assert peers is not None
        held = set(self.rooms)  # (before asking: a room created meanwhile is not lost)
        owned = await peers.renew()
        for code in held - owned.keys():
            await self.drop(code)
        await peers.heartbeat(
            {c: x.room.listing() if x.room.settings.public else None for c, x in self.rooms.items()}
        )
        orphans = await peers.orphans()
        if orphans:
            share = math.ceil(len(orphans) / max(1, await peers.alive()))
            log.info("orphans", extra={"rooms": len(orphans), "share": share})
            await self.adopt(orphans[:share])
        await self.adopt([c for c in owned if c not in self.rooms])

    async def adopt(self, codes: list[str]) -> list[str]:
        """Take over the rooms ``codes`` whose owner has gone (those another process has not
        taken first), each rebuilt from the store: the codes taken. (A room of this
        process's own is taken up under its fence.)"""
        peers = self.peers
        assert peers is not None
        mine = [c for c in dict.fromkeys(codes) if c not in self.rooms and c not in self.adopting]
        self.adopting.update(mine)
        try:
            claimed = list(await peers.claims(mine))
            gate = asyncio.Semaphore(8)  # rebuilt a few at a time, on the database's connections

            async def rebuild(room: Room) -> None:
                async with gate:
                    began = time.monotonic()
                    live = self._live(room)
                    await live.recover()
                    listing = room.listing() if room.settings.public else None
                    await peers.routed(room.code, listing)
                    took = round((time.monotonic() - began) * 1000, 1)
                    log.info("room taken over", extra={"room": room.code, "ms": took})

            await asyncio.gather(*(rebuild(r) for r in await peers.store.rooms(claimed)))
        finally:
            self.adopting.difference_update(mine)
        return claimed

    async def drop(self, code: str) -> None:
        """Let go of room ``code``, which another process has taken over: its sockets are
        closed with 1012 (the clients come back through any process, to the new owner)."""
        live = self.rooms.pop(code, None)
        if live is None:
            return
        if self.peers is not None:
            self.peers.store.fences.pop(code, None)
            await self.peers.unroute(code)
        for conn in (*live.conns.values(), *live.watchers):
            conn.close(1012)
        await live.close()
        log.warning("room lost to another process", extra={"room": code})
