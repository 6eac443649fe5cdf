"""The harness of these tests (``front.Front``) on today's server: one process behind nginx,
without a set's options. Through nginx a client gets the server's health, a new room and a
websocket's welcome; the process is stopped, paused, killed and started again under it; and
the close leaves nothing running or behind."""

from __future__ import annotations

import asyncio
from typing import Any, Literal

import asyncpg
import httpx
import pytest

from server.players import Client, Server, Zygote, room
from server.postgres import POSTGRES

from .front import Front


async def welcome(server: Server) -> tuple[int, dict[str, Any]]:
    """A new room's host says hello on the websocket: its seat, and the welcome it gets."""
    code, [(seat, token)] = await room(server, "classic", 2, {1: "easy"}, ["Ana"], start=False)
    async with Client.connect(server, code, token, seat) as client:
        return seat, await client.until("welcome")


async def databases(name: str) -> int:
    """How many databases called ``name`` the PostgreSQL server has."""
    conn = await asyncpg.connect(POSTGRES)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname = $1", name))
    finally:
        await conn.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_client_plays_through_nginx(
    zygote: Zygote, database: Literal["sqlite", "postgresql"]
) -> None:
    with Front(cluster=False, database=database, zygote=zygote) as front:
        health = httpx.get(front.base + "/health")
        assert health.status_code == 200 and health.json()["ok"] is True
        seat, hello = asyncio.run(welcome(front.server))
        assert hello["seat"] == seat
        assert front.ws == front.base.replace("http://", "ws://") + "/ws"
        assert ":" + str(front.nodes[0].port) in front.access_log.read_text()
    assert front.nodes[0].process.poll() is not None
    assert front.proxy.poll() is not None
    if database == "postgresql":
        assert asyncio.run(databases(front.name)) == 0


def test_a_process_stopped_paused_and_killed_under_nginx(zygote: Zygote) -> None:
    with Front(cluster=False, zygote=zygote, read_timeout="1s") as front:
        node = front.nodes[0]
        front.stop(0)
        assert node.process.poll() is not None
        assert httpx.get(front.base + "/health").status_code == 502
        first = node.pid
        front.restart(0)
        assert node.pid != first and node.lives == 2
        assert httpx.get(front.base + "/health").status_code == 200

        front.pause(0)
        with pytest.raises(httpx.TimeoutException):
            httpx.get(node.base + "/health", timeout=0.5)
        assert httpx.get(front.base + "/health").status_code == 504
        front.resume(0)
        assert httpx.get(node.base + "/health").status_code == 200

        front.kill(0)
        front.restart(0)
        assert node.lives == 3
        seat, hello = asyncio.run(welcome(front.server))
        assert hello["seat"] == seat
