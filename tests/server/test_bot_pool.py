"""The search bot's worker pool: a decision is made in a worker, and closing the pool never
waits for a search under way (a worker in the idle class may get no CPU at all)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import unoverse as uv
from unoverse.server.bot_pool import BotPool


def test_closing_the_pool_abandons_a_starved_search() -> None:
    game = uv.new_game("classic", 2, 3)
    seat = game.acting_seats()[0]

    async def main() -> None:
        pool = BotPool()
        assert (await pool.decide("hard", 1, seat, uv.to_json(game))) is not None
        (worker,) = pool.processes()
        search = asyncio.ensure_future(pool.decide("hard", 2, seat, uv.to_json(game)))
        await asyncio.sleep(0.2)
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGSTOP)  # as if the machine gave it no CPU
        began = time.monotonic()
        pool.close()
        assert time.monotonic() - began < 10
        assert not worker.is_alive() and pool.processes() == []
        search.cancel()
        with contextlib.suppress(BaseException):
            await search

    asyncio.run(main())
