"""The services a set shares fail, or its processes are restarted, during play: Redis
restarted mid-game (everything it held gone), PostgreSQL away for a few seconds, and a
rolling restart of the three processes one by one. In each, every acknowledged action is
in the log exactly once, no action is acknowledged that was not stored, the clients
resynchronise and play on, and every game passes ``unoverse replay``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.players import QUICK, Zygote, room

from .front import Front
from .links import Link, OwnRedis
from .test_failover import ENDLESS, FAST, Table, check_log, more_than


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def link() -> Iterator[Link]:
    """PostgreSQL as the set's processes reach it, through a link the test cuts."""
    through = Link(5432)
    try:
        yield through
    finally:
        through.close()


def a_table(front: Front, public: bool = False) -> Table:
    bots = {2: QUICK["normal"], 3: QUICK["easy"]}
    code, joined = asyncio.run(room(front.server, ENDLESS, 4, bots, ["Ana", "Bo"], public=public))
    return Table(front, code, joined)


def plays_on(table: Table, seconds: float = 20.0, actions: int = 5) -> None:
    """The table acknowledges ``actions`` more actions within ``seconds`` (or ends)."""
    played = more_than(table, len(table.acked) + actions)
    asyncio.run(table.play(seconds, played))
    assert played(None)


def test_redis_restarted_mid_game(zygote: Zygote, own_redis: OwnRedis, tmp_path: Path) -> None:
    with Front(zygote=zygote, args=FAST, redis=own_redis.url) as front:
        table = a_table(front, public=True)
        plays_on(table)

        async def restart_while_playing() -> list[int]:
            playing = asyncio.ensure_future(table.play(6.0))
            await asyncio.sleep(1.0)
            own_redis.stop()
            # while Redis is away, every process still answers the public list (its own)
            async with httpx.AsyncClient() as http:
                answers = [(await http.get(n.base + "/api/rooms")).status_code for n in front.nodes]
            own_redis.start()
            await playing
            return answers

        assert asyncio.run(restart_while_playing()) == [200, 200, 200]
        plays_on(table)
        # what Redis held comes back: the public list, the same from every process
        deadline = time.monotonic() + 10
        while True:
            lists = [httpx.get(n.base + "/api/rooms").json()["rooms"] for n in front.nodes]
            if all([r["code"] for r in rooms] == [table.code] for rooms in lists):
                break
            assert time.monotonic() < deadline, lists
            time.sleep(0.1)
        check_log(front, table.code, table.acked, tmp_path)


def test_postgres_away_for_a_few_seconds(zygote: Zygote, link: Link, tmp_path: Path) -> None:
    with Front(zygote=zygote, args=FAST, postgres_port=link.port) as front:
        table = a_table(front)
        plays_on(table)
        during: list[int] = []

        async def cut_while_playing() -> None:
            playing = asyncio.ensure_future(table.play(12.0))
            await asyncio.sleep(1.0)
            link.cut()
            before = len(table.acked)
            await asyncio.sleep(3.0)
            during.append(len(table.acked) - before)
            link.mend()
            await playing

        asyncio.run(cut_while_playing())
        # nothing is acknowledged while the database is away (acks of actions stored just
        # before the cut may still have been on their way)
        assert during[0] <= 2, during
        plays_on(table)
        check_log(front, table.code, table.acked, tmp_path)


def test_a_rolling_restart_of_every_process(zygote: Zygote, tmp_path: Path) -> None:
    with Front(zygote=zygote, args=FAST) as front:
        table = a_table(front)
        plays_on(table)
        for i in range(3):
            asyncio.run(restart_while_playing(front, table, i))
            plays_on(table)
        check_log(front, table.code, table.acked, tmp_path)


async def restart_while_playing(front: Front, table: Table, i: int) -> None:
    """Stop process ``i`` as an operator does (SIGTERM: it gives its lease up) and start it
    again, while the table plays."""
    done: list[bool] = []
    playing = asyncio.ensure_future(table.play(30.0, lambda _: bool(done)))
    await asyncio.sleep(1.0)
    await asyncio.to_thread(front.stop, i)
    await asyncio.to_thread(front.restart, i)
    await asyncio.sleep(1.0)
    done.append(True)
    await playing
