"""Where the server's bots decide, off the event loop when deciding takes long.

A light bot (``easy``, ``normal``, any bot but the search) decides in microseconds: the
room asks it in place. A search bot (``hard``: ISMCTS) thinks for tens to hundreds of
milliseconds, which would stall every other room on the loop, so it decides in a worker
process, at a lower scheduling priority than the server's: it is sent the game's state and
its seat, builds its own view (``Game.view``, the only thing it reads) and answers with its
action and its reaction time. Each decision of a pooled bot is seeded from the round's
seed, the seat and the version it decides on, so it is the same wherever it runs.

The pool has one worker per CPU the server may use unless told otherwise, each started
when a decision first needs it. Rooms share the workers fairly: each room's decisions wait
in a queue of their own, and a free worker takes the next decision of the room with the
fewest under way, among those the room that was served longest ago (a room that asks again
goes to the back), so a room of nine searching bots cannot hold back a room of one. A
decision's reaction time counts from when the room asked: the wait for a worker and the
search are part of it, as a person's thinking is part of theirs.

A worker ends with the server, however the server ends (killed too): a thread in each
worker waits on its parent's sentinel (``multiprocessing.parent_process()``: on POSIX a
pipe whose other end only the parent holds, on Windows the parent's process handle) and
exits the worker when it fires.

A decision the pool cannot make (its workers cannot start, a worker dies, the search
raises) is logged, reported to the pool's ``watchers``, and made in place by the light bot
``LIGHT`` (the heuristic, the search's own fallback), so a table never waits for an answer
that will not come.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from typing import Final

from ..bots.base import BOTS, LEVELS, make_bot
from ..core.codec import from_json
from ..core.seeding import derive
from ..sim.workers import check, cpus

log = logging.getLogger("unoverse.server")

#: How much lower a worker's scheduling priority is than the server's (Unix ``nice``).
NICENESS: Final = 19
#: The bots that search (and so decide in the pool).
SEARCHING: Final = frozenset({"ismcts"})
#: The bot that decides in place of a search that failed.
LIGHT: Final = "normal"

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


def decide_light(spec: str, seed: int, seat: int, state: str) -> Decision:
    """What the light bot ``LIGHT`` plays in place of the bot of ``spec``, with that bot's
    reaction time: the answer when its own decision could not be made."""
    game = from_json(state)
    legal = game.legal_actions(seat)
    if not legal:
        return None
    action = make_bot(LIGHT, seed, seat).act(game.view(seat), legal)
    return None if action is None else (str(action), make_bot(spec, seed, seat).delay())


def _background() -> None:
    """A worker's priority: below the server's, so a bot's search takes only the CPU the
    rooms leave (players wait on the server, bots on their own reaction time): Linux's
    idle scheduling class where there is one, else the lowest ``nice``."""
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    except (AttributeError, OSError):
        os.nice(NICENESS)


def _exit_with_parent() -> None:
    """Wait for the parent's end, then end this process at once (its work has no one to
    go to). The sentinel fires however the parent ended, and at once if it already has."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(0)


def _worker_start() -> None:
    """A worker's set-up: its lower priority, and a thread that ends it with its parent."""
    _background()
    threading.Thread(target=_exit_with_parent, name="exit-with-parent", daemon=True).start()


@contextlib.contextmanager
def _stderr_with_fd() -> Iterator[None]:
    """``sys.stderr`` with a file descriptor while the pool starts its processes:
    ``multiprocessing`` hands that descriptor to its resource tracker, and where an app
    has replaced stderr by an object without a valid one (Textual, while it draws), the
    start fails. What the processes would write there would not be seen anyway: they get
    the null device."""
    try:
        valid = sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        valid = False
    if valid:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = saved


@dataclass(frozen=True)
class Failure:
    """A decision the pool could not make: the room, the seat, its bot and why."""

    room: str
    seat: int
    spec: str
    reason: str


@dataclass(eq=False)
class _Job:
    """A decision asked for, and where its answer goes."""

    spec: str
    seed: int
    seat: int
    state: str
    answer: asyncio.Future[Decision]


class BotPool:
    """Worker processes for the searching bots, shared fairly between rooms (see the
    module's docstring). ``workers``: how many (0: one per CPU this process may use)."""

    def __init__(self, workers: int = 0) -> None:
        check("process", workers)
        self.workers = workers or cpus()
        #: Called with each decision that failed (and was made by ``LIGHT``).
        self.watchers: list[Callable[[Failure], None]] = []
        self._pool: ProcessPoolExecutor | None = None
        #: room -> its decisions waiting for a worker, oldest first
        self._waiting: dict[str, deque[_Job]] = {}
        #: room -> its decisions under way
        self._running: dict[str, int] = {}
        #: room -> its place in the round (lower: served sooner), while it has decisions
        self._turn: dict[str, int] = {}
        self._ticks = itertools.count()
        #: the decisions under way, and their rooms
        self._started: dict[_Job, str] = {}

    async def decide(self, room: str, spec: str, seed: int, seat: int, state: str) -> Decision:
        """``decide`` in a worker process, in ``room``'s turn; its reaction time counted
        from now. A decision that fails is ``LIGHT``'s, and the watchers are told."""
        asked = time.monotonic()
        job = _Job(spec, seed, seat, state, asyncio.get_running_loop().create_future())
        self._waiting.setdefault(room, deque()).append(job)
        self._turn.setdefault(room, next(self._ticks))
        self._dispatch()
        try:
            answer = await job.answer
        except asyncio.CancelledError:
            self._withdraw(room, job)
            raise
        except Exception as exc:
            answer = self._fail(room, job, exc)
        if answer is None:
            return None
        action, delay = answer
        return action, max(0.0, delay - (time.monotonic() - asked) * 1000.0)

    def _dispatch(self) -> None:
        """Give each free worker the next decision: of the room with the fewest under
        way, and among those the one whose turn came first."""
        while len(self._started) < self.workers and self._waiting:
            room = min(self._waiting, key=lambda r: (self._running.get(r, 0), self._turn[r]))
            queue = self._waiting[room]
            job = queue.popleft()
            if not queue:
                del self._waiting[room]
            self._start(room, job)

    def _start(self, room: str, job: _Job) -> None:
        self._started[job] = room
        self._running[room] = self._running.get(room, 0) + 1
        pool = self._pool
        try:
            with _stderr_with_fd():
                if pool is None:
                    pool = self._pool = ProcessPoolExecutor(
                        self.workers,
                        # spawned: no copy of the loop's threads
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=_worker_start,
                    )
                work = pool.submit(decide, job.spec, job.seed, job.seat, job.state)
        except Exception as exc:  # the pool cannot start, or is broken
            work = Future[Decision]()
            work.set_exception(exc)
        # (the answer comes on the loop, never within this call)
        asyncio.wrap_future(work).add_done_callback(partial(self._finished, room, job, pool))

    def _finished(
        self,
        room: str,
        job: _Job,
        pool: ProcessPoolExecutor | None,
        work: asyncio.Future[Decision],
    ) -> None:
        """A decision came back: its room goes to the back of the round, the next
        decisions start, and the answer (or the failure) goes to whoever asked."""
        error = RuntimeError("the pool stopped") if work.cancelled() else work.exception()
        if self._started.pop(job, None) is None:
            job.answer.cancel()  # asked before the pool closed
            return
        left = self._running[room] - 1
        if left:
            self._running[room] = left
        else:
            del self._running[room]
        if room in self._waiting or left:
            self._turn[room] = next(self._ticks)
        else:
            del self._turn[room]
        if isinstance(error, BrokenProcessPool) and pool is not None and pool is self._pool:
            for process in self._abandon():  # a worker died: the next decision starts anew
                process.kill()
        if not job.answer.done():
            if error is None:
                job.answer.set_result(work.result())
            else:
                job.answer.set_exception(error)
        self._dispatch()

    def _withdraw(self, room: str, job: _Job) -> None:
        """Nobody waits for ``job`` any more: out of its room's queue if it has not
        started (one under way runs to its end: a process cannot be interrupted)."""
        queue = self._waiting.get(room)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self._waiting[room]
                if room not in self._running:
                    del self._turn[room]

    def _fail(self, room: str, job: _Job, error: BaseException) -> Decision:
        """``LIGHT``'s answer in place of a decision that failed with ``error``."""
        reason = str(error) or type(error).__name__
        log.warning(
            "bot decision failed: the light bot answers",
            extra={"room": room, "seat": job.seat, "bot": job.spec, "light": LIGHT},
            exc_info=error,
        )
        failure = Failure(room, job.seat, job.spec, reason)
        for watcher in list(self.watchers):
            watcher(failure)
        return decide_light(job.spec, job.seed, job.seat, job.state)

    def processes(self) -> list[multiprocessing.process.BaseProcess]:
        """The worker processes running now."""
        pool = self._pool
        # (ProcessPoolExecutor has no public handle on its workers before Python 3.14)
        workers = getattr(pool, "_processes", None) or {}
        return [p for p in workers.values() if p.is_alive()]

    def _abandon(self) -> list[multiprocessing.process.BaseProcess]:
        """Stop using the pool now (its workers: for the caller to end)."""
        workers = self.processes()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        return workers

    def close(self) -> None:
        """Stop the workers, abandoning any search under way rather than waiting for it:
        nobody needs its answer, and a worker in the idle class may get no CPU at all on
        a busy machine, so waiting could take forever. Decisions still waiting are
        cancelled."""
        workers = self._abandon()
        for process in workers:
            process.kill()
        for process in workers:
            process.join(10)
        for job in (*self._started, *(j for queue in self._waiting.values() for j in queue)):
            job.answer.cancel()
        self._started.clear()
        self._waiting.clear()
        self._running.clear()
        self._turn.clear()
