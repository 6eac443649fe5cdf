"""A table against bots on this machine: the server's room logic in this process.

The room is a ``unoverse.server`` room like any other (its session, its bots at their
human pace (``bots.pace``), its rounds and match), its games kept in memory
(``server.memory``: nobody takes the table up again once the game closes, so it needs no
database, and the game starts without loading one), with no socket in between: frames
pass as bytes through a ``Conn``. So a local game follows the same rules of order, races
and refusals as a server's, and the app has one kind of table to show. The room's
searching bots think in the server's worker pool (one worker per CPU, at idle priority); a
decision the pool cannot make is made by a light bot, and the link tells the app (a
``bot_failed`` frame of its own). It sends no emotes: only bots would see them.
"""

from __future__ import annotations

import asyncio
import itertools
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..core.seeding import derive
from ..i18n import N_, t
from ..server import protocol as p
from ..server.bot_pool import Failure
from ..server.hub import Hub
from ..server.live import DEFAULTS, Live
from ..server.memory import MemoryStore
from ..server.room import Settings
from .link import Deliver, FrameLink, status


@dataclass(frozen=True)
class LocalGame:
    """What a local game is: the preset, the seats (the player at seat 0, a bot spec for
    each other seat), the turn timer, the player's name, the run's seed (None: drawn) and
    the bots' pace (``bot_speed``: relaxed, normal or fast; docs/bots.md)."""

    preset: str
    bots: tuple[str, ...]
    name: str = "Player"
    timer: str = "off"
    seed: int | None = None
    bot_speed: str = "normal"
    #: The pause between a round's end and the next deal, in seconds.
    between_rounds_s: float = DEFAULTS.between_rounds_s

    @property
    def players(self) -> int:
        """Seats at the table."""
        return 1 + len(self.bots)

    def settings(self) -> Settings:
        """The room's checked settings (an unknown variant or option raises here)."""
        return Settings.make(self.preset, self.players, self.timer, False, False, self.bot_speed)


class _Conn:
    """The player's end of the room: frames go straight to the link."""

    def __init__(self, link: LocalLink) -> None:
        self.link = link

    def send(self, frame: bytes) -> None:
        self.link._received(frame)

    def close(self, code: int) -> None:
        self.link._closed(code)


class LocalLink(FrameLink):
    """The player's seat at a local table (see the module's docstring)."""

    leaving = N_("tui.leaving.local")
    emotes = False

    def __init__(self, game: LocalGame) -> None:
        super().__init__()
        self.game = game
        self.settings = game.settings()
        self._hub: Hub[MemoryStore] | None = None
        self._live: Live | None = None
        self._token = ""
        self._conn = _Conn(self)
        self._tasks: set[asyncio.Task[None]] = set()

    async def open(self, deliver: Deliver) -> None:
        await super().open(deliver)
        self._deliver(status("connecting", "dealing"))
        seeds = self._seeds()
        config = replace(
            DEFAULTS, seeds=lambda: next(seeds), between_rounds_s=self.game.between_rounds_s
        )
        hub = self._hub = Hub(MemoryStore(), config, workers=0)
        hub.pool.watchers.append(self._bot_failed)
        bots = {seat: spec for seat, spec in enumerate(self.game.bots, start=1)}
        live, seat, self._token = await hub.create(self.settings, self.game.name, bots)
        self._live, self.seat = live, seat
        await live.attach(self._conn, seat, None, None)
        self._deliver(status("connected"))
        await self._start()

    def _seeds(self) -> Iterator[int]:
        """Each round's seed: from the run's seed when one is given, else the system's."""
        seed = self.game.seed
        if seed is None:
            return iter(lambda: secrets.randbits(64), None)
        return (derive(seed, "round", i) for i in itertools.count())

    async def _start(self) -> None:
        hub, live = self._hub, self._live
        assert hub is not None and live is not None
        await hub.change(live, "start", lambda room: room.start(self._token))
        await live.start_match()

    async def again(self) -> None:
        hub, live = self._hub, self._live
        assert hub is not None and live is not None
        await hub.change(live, "play again", lambda room: room.play_again(self._token))
        await self._start()

    async def _send(self, frame: bytes) -> None:
        live, seat = self._live, self.seat
        assert live is not None and seat is not None
        message = p.decode(frame)
        assert isinstance(message, p.Act)  # (the app sends nothing else)
        # the room answers once the action's instant has closed: not awaited here
        task = asyncio.create_task(live.act(self._conn, seat, message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _bot_failed(self, failure: Failure) -> None:
        """A bot's decision failed and a light bot made it: the player is told."""
        self._deliver({"type": "bot_failed", "seat": failure.seat, "reason": failure.reason})

    def _closed(self, code: int) -> None:
        self._drop_waiting()
        self._deliver(status("closed", t("tui.status.seat_closed", code=code)))

    async def close(self) -> None:
        await super().close()
        for task in list(self._tasks):
            task.cancel()
        if self._hub is not None:
            await self._hub.close()
            self._hub = None
