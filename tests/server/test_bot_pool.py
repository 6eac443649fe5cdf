"""The search bot's worker pool: a decision is made in a worker; rooms take turns for the
workers; a decision's reaction time counts from the ask; a decision that fails is the light
bot's, and is reported; closing the pool never waits for a search under way (a worker in the
idle class may get no CPU at all)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time

import pytest

import unoverse as uv
from unoverse.server.bot_pool import BotPool, Failure, decide_light
from unoverse.sim.workers import BackendError, cpus

#: A bot that decides at once, with a reaction time of exactly one second.
STEADY = "easy:median_ms=1000,sigma=0"


def test_closing_the_pool_abandons_a_starved_search() -> None:
    game = uv.new_game("classic", 2, 3)
    seat = game.acting_seats()[0]

    async def main() -> None:
        pool = BotPool(1)
        assert (await pool.decide("R", "hard", 1, seat, uv.to_json(game))) is not None
        (worker,) = pool.processes()
        search = asyncio.ensure_future(pool.decide("R", "hard", 2, seat, uv.to_json(game)))
        await asyncio.sleep(0.2)
        assert worker.pid is not None
        os.kill(worker.pid, signal.SIGSTOP)  # as if the machine gave it no CPU
        began = time.monotonic()
        pool.close()
        assert time.monotonic() - began < 10
        # (the executor's own thread may reap the killed worker at the same moment, and
        # multiprocessing then reports it alive until its exit code is recorded)
        while worker.is_alive() and time.monotonic() - began < 10:
            await asyncio.sleep(0.01)
        assert not worker.is_alive() and pool.processes() == []
        search.cancel()
        with contextlib.suppress(BaseException):
            await search

    asyncio.run(main())


def test_a_pool_has_a_worker_per_cpu_unless_told() -> None:
    assert BotPool().workers == cpus()
    assert BotPool(3).workers == 3
    with pytest.raises(BackendError, match="from 0"):
        BotPool(-1)


def test_rooms_take_turns_and_reaction_times_count_from_the_ask() -> None:
    # one worker; room A asks three decisions, then room B one: B's comes second, not last
    game = uv.new_game("classic", 2, 3)
    seat = game.acting_seats()[0]
    state = uv.to_json(game)

    async def main() -> None:
        pool = BotPool(1)
        done: list[str] = []
        delays: list[tuple[float, float]] = []

        async def ask(room: str, n: int) -> None:
            asked = time.monotonic()
            answer = await pool.decide(room, STEADY, n, seat, state)
            assert answer is not None
            delays.append((answer[1], (time.monotonic() - asked) * 1000.0))
            done.append(f"{room}{n}")

        try:
            asks = [ask("A", 1), ask("A", 2), ask("A", 3), ask("B", 1)]
            await asyncio.gather(*(asyncio.ensure_future(a) for a in asks))
        finally:
            pool.close()
        assert done == ["A1", "B1", "A2", "A3"]
        # the wait for the worker and the decision are part of the reaction time
        for delay, took in delays:
            assert 1000.0 - took <= delay < 1000.0

    asyncio.run(main())


def test_a_decision_that_fails_is_the_light_bots_and_is_reported() -> None:
    game = uv.new_game("classic", 2, 3)
    seat = game.acting_seats()[0]
    state = uv.to_json(game)

    async def main() -> None:
        pool = BotPool(1)
        failures: list[Failure] = []
        pool.watchers.append(failures.append)
        try:
            assert await pool.decide("R", "hard", 1, seat, state) is not None
            (worker,) = pool.processes()
            worker.kill()  # the worker dies: the pool is broken
            worker.join(10)
            answer = await pool.decide("R", "hard", 2, seat, state)
            light = decide_light("hard", 2, seat, state)
            assert answer is not None and light is not None and answer[0] == light[0]
            assert [(f.room, f.seat, f.spec) for f in failures] == [("R", seat, "hard")]
            assert "terminated abruptly" in failures[0].reason
            # the next decision starts a new pool
            assert await pool.decide("R", "hard", 3, seat, state) is not None
            assert len(failures) == 1 and pool.processes() != [worker]
        finally:
            pool.close()

    asyncio.run(main())
