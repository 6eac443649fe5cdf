"""Where the server's bots decide, off the event loop when deciding takes long.

A light bot (``easy``, ``normal``, any bot but the search) decides in microseconds: the
room asks it in place. A search bot (``hard``: ISMCTS) thinks for tens to hundreds of
milliseconds, which would stall every other room on the loop, so it decides in a separate
process, at a lower scheduling priority than the server's: it is sent the game's state and
its seat, builds its own view (``Game.view``, the only thing it reads) and answers with its
action and its reaction time. Each decision of a
pooled bot is seeded from the round's seed, the seat and the version it decides on, so it
is the same wherever it runs.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Final

from ..bots.base import BOTS, LEVELS, make_bot
from ..core.codec import from_json
from ..core.seeding import derive

#: How much lower a worker's scheduling priority is than the server's (Unix ``nice``).
NICENESS: Final = 19
#: The bots that search (and so decide in the pool).
SEARCHING: Final = frozenset({"ismcts"})

Decision = tuple[str, float] | None
"""A bot's answer: its action in the notation and its reaction time (ms), or None (it
passes)."""


def searches(spec: str) -> bool:
    """Whether the bot of ``spec`` searches (decides in the pool)."""
    name = spec.strip().partition(":")[0].strip()
    cls = BOTS.get(LEVELS.get(name, name))
    return cls is not None and cls.name in SEARCHING


def decision_seed(round_seed: int, seat: int, version: int) -> int:
    """The seed of a pooled bot's decision at ``version``."""
    return derive(round_seed, "decision", seat, version)


def decide(spec: str, seed: int, seat: int, state: str) -> Decision:
    """What the bot of ``spec`` (seeded with ``seed``) plays at ``seat`` of the game saved
    in ``state`` (``unoverse.to_json``), judging from the seat's view alone."""
    game = from_json(state)
    legal = game.legal_actions(seat)
    if not legal:
        return None
    bot = make_bot(spec, seed, seat)
    action = bot.act(game.view(seat), legal)
    return None if action is None else (str(action), bot.delay())


def _background() -> None:
    """A worker's priority: below the server's, so a bot's search takes only the CPU the
    rooms leave (players wait on the server, bots on their own reaction time): Linux's
    idle scheduling class where there is one, else the lowest ``nice``."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(NICENESS)


class BotPool:
    """Worker processes for the searching bots (started on first use)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    async def decide(self, spec: str, seed: int, seat: int, state: str) -> Decision:
        """``decide`` in a worker process."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no copy of the loop's threads
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_background
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, decide, spec, seed, seat, state)

    def processes(self) -> list[multiprocessing.process.BaseProcess]:
        """The worker processes running now."""
        pool = self._pool
        # (ProcessPoolExecutor has no public handle on its workers before Python 3.14)
        workers = getattr(pool, "_processes", None) or {}
        return [p for p in workers.values() if p.is_alive()]

    def close(self) -> None:
        """Stop the workers, abandoning any search under way rather than waiting for it:
        nobody needs its answer, and a worker in the idle class may get no CPU at all on
        a busy machine, so waiting could take forever."""
        if self._pool is None:
            return
        workers = self.processes()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None
        for process in workers:
            process.kill()
        for process in workers:
            process.join(10)
