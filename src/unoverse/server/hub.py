"""Every room of a server, and each change to a room's table: made under the room's lock,
stored, and only then answered. A change the store refuses leaves the room as it was."""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from typing import TypeVar

from .bot_pool import BotPool
from .live import DEFAULTS, Config, Live
from .protocol import ProtocolError
from .room import Room, Settings, new_code
from .store import DEFAULT_URL, Store

log = logging.getLogger("unoverse.server")
T = TypeVar("T")


class Hub:
    """A server's rooms (see the module's docstring)."""

    def __init__(self, store: Store, config: Config = DEFAULTS, workers: int = 1) -> None:
        self.store = store
        self.config = config
        self.pool = BotPool(workers)
        self.rooms: dict[str, Live] = {}

    @classmethod
    async def open(cls, url: str = DEFAULT_URL, config: Config = DEFAULTS) -> Hub:
        """A hub on the database at ``url``, every stored room taken up where it was (the
        games in progress rebuilt from their seeds and logs)."""
        hub = cls(await Store.open(url), config)
        for room in await hub.store.rooms():
            live = hub.rooms[room.code] = Live(room, hub.store, hub.pool, config)
            await live.recover()
        log.info("ready", extra={"rooms": len(hub.rooms), "database": url.split("://")[0]})
        return hub

    async def close(self) -> None:
        """Stop every room and the bots' pool; close the database."""
        for live in self.rooms.values():
            await live.close()
        self.pool.close()
        await self.store.close()

    def get(self, code: object) -> Live:
        """The room with ``code`` (any case), or ``not_found``."""
        live = self.rooms.get(code.upper()) if isinstance(code, str) else None
        if live is None:
            raise ProtocolError("not_found", f"no room {str(code)[:16]!r}")
        return live

    async def create(
        self, settings: Settings, name: object, bots: dict[int, str]
    ) -> tuple[Live, int, str]:
        """A new room whose host joins under ``name`` and puts ``bots`` in their seats:
        the room, the host's seat and token."""
        code = new_code()
        while code in self.rooms:
            code = new_code()
        room = Room(code, settings)
        seat, token = room.join(name, min(set(range(settings.seats)) - set(bots), default=0))
        for s, spec in sorted(bots.items()):
            room.add_bot(token, s, spec)
        await self.store.save_room(room)
        live = self.rooms[code] = Live(room, self.store, self.pool, self.config)
        log.info("room created", extra={"room": code, "preset": settings.preset})
        return live, seat, token

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
