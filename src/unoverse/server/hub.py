"""Every room of a server, and each change to a room's table: made under the room's lock,
stored, and only then answered. A change the store refuses leaves the room as it was.

The hub holds its database's lease (``lease``) from before it reads a room until it closes,
counts what each address holds (``quotas``), and ends the rooms nobody uses: an unstarted
room idle for ``Limits.lobby_idle_s``, a started one with no player connected for
``Limits.abandoned_s`` (its games are kept, the one in progress marked ended).
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Generic, TypeVar

from .bot_pool import BotPool
from .lease import Lease
from .live import DEFAULTS, Config, Live
from .protocol import ProtocolError
from .quotas import LIMITS, Limits, Quotas
from .records import DEFAULT_URL, GameStore
from .room import Room, Settings, new_code

if TYPE_CHECKING:
    from .store import Store

log = logging.getLogger("unoverse.server")
T = TypeVar("T")
#: What keeps the hub's rooms: the server's database (``Hub.open``), or memory.
S = TypeVar("S", bound=GameStore)


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

    @staticmethod
    async def open(
        url: str = DEFAULT_URL,
        config: Config = DEFAULTS,
        limits: Limits = LIMITS,
        workers: int = 0,
    ) -> Hub[Store]:
        """A hub on the database at ``url``, its lease taken (or ``DatabaseInUse``), every
        stored room that has not ended taken up where it was (the games in progress rebuilt
        from their seeds and logs); its searching bots on ``workers`` processes (0: one per
        CPU)."""
        from .store import Store  # (SQLAlchemy and Alembic: for a hub on a database only)

        store = await Store.open(url)
        try:
            lease = await Lease.take(store.engine)
        except BaseException:
            await store.close()
            raise
        hub = Hub(store, config, limits, workers, lease)
        for room in await store.rooms():
            live = hub.rooms[room.code] = Live(room, store, hub.pool, config)
            await live.recover()
        hub._sweeper = asyncio.get_running_loop().create_task(hub._sweep_loop())
        log.info("ready", extra={"rooms": len(hub.rooms), "database": url.split("://")[0]})
        return hub

    async def close(self) -> None:
        """Stop every room and the bots' pool; give the lease up; close the database."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        for live in self.rooms.values():
            await live.close()
        self.pool.close()
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
        self, settings: Settings, name: object, bots: dict[int, str], address: str = "local"
    ) -> tuple[Live, int, str]:
        """A new room whose host joins under ``name`` and puts ``bots`` in their seats:
        the room, the host's seat and token. ``address`` creates it, within its limits."""
        room = Room("", settings)
        seat, token = room.join(name, min(set(range(settings.seats)) - set(bots), default=0))
        for s, spec in sorted(bots.items()):
            room.add_bot(token, s, spec)
        self.quotas.may_create(address, len(self.rooms))
        code = new_code()
        while code in self.rooms:
            code = new_code()
        room.code = code
        await self.store.save_room(room)
        live = self.rooms[code] = Live(room, self.store, self.pool, self.config)
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
            if live.unused_for(now) > (
                self.limits.abandoned_s if live.room.started else self.limits.lobby_idle_s
            ):
                await live.end()
                await self.store.end_room(code)
                del self.rooms[code]
                self.quotas.ended(code)
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
            return result
