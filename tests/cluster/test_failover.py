"""Three processes of a set behind nginx, with the machine's PostgreSQL and Redis: every
process serves every room alike; and when a room's owner is killed (SIGKILL) at random
moments, or paused (SIGSTOP) past its lease and let run on, another process takes the room
over, the clients (through nginx) resynchronise and play on, every acknowledged action is
in the game's log exactly once, and every game passes ``unoverse replay``."""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import asyncpg
import httpx
import pytest
import websockets

from server.players import QUICK, Client, Server, room
from server.test_recovery import play_for

from .front import Front, Node

#: A short lease: a killed owner's rooms are taken over two seconds after it goes (on a
#: machine as loaded as a test run's, a shorter one runs out in a process's busy moments).
FAST = ("--lease", "2", "--between-rounds", "0", "--grace", "30", "--log-level", "info")
#: Random moments the owner is killed at, in one match.
KILLS = int(os.environ.get("UNOVERSE_TEST_KILLS", "30"))
#: A match that lasts as long as a test plays it: on a fast machine, a table of quick bots
#: plays to 5,000 points within a minute.
ENDLESS = "classic+target_score=1000000"

Acked = list[tuple[int, int, int, int]]


async def owner_port(front: Front, code: str) -> int:
    """The port of the process that owns room ``code`` now (the database says)."""
    conn = await asyncpg.connect(front.database.replace("+asyncpg", ""))
    try:
        url = await conn.fetchval(
            "SELECT n.url FROM room_leases l JOIN nodes n ON n.id = l.node WHERE l.room = $1",
            code,
        )
    finally:
        await conn.close()
    return int(url.rsplit(":", 1)[1])


def owner_node(front: Front, port: int) -> Node:
    return next(n for n in front.nodes if n.port == port)


def index_of(front: Front, port: int) -> int:
    return next(i for i, n in enumerate(front.nodes) if n.port == port)


class Table:
    """A room's players, each playing through nginx and coming back after every loss with
    their last version and numbering their messages on."""

    def __init__(self, front: Front, code: str, joined: list[tuple[int, str]]) -> None:
        self.front, self.code, self.joined = front, code, joined
        self.acked: Acked = []
        self.seqs = {seat: 0 for seat, _ in joined}
        self.last: dict[int, tuple[int | None, int | None]] = {s: (None, None) for s, _ in joined}
        self.over = False

    async def play(
        self, seconds: float, enough: Callable[[Client], bool] = lambda _: False
    ) -> None:
        """Every player plays for ``seconds`` (or until ``enough``), connecting again at
        once whenever its socket closes, as the page and the terminal game do."""
        deadline = time.monotonic() + seconds

        async def one(seat: int, token: str) -> None:
            while time.monotonic() < deadline and not self.over:
                version, game = self.last[seat]
                try:
                    async with Client.connect(
                        self.front.server, self.code, token, seat, last_version=version, game=game
                    ) as client:
                        client.seq = self.seqs[seat]
                        await play_for(client, deadline - time.monotonic(), self.acked, enough)
                        self.seqs[seat] = client.seq
                        if client.view is not None:
                            self.last[seat] = (client.view["version"], client.game)
                        self.over = self.over or client.match_over is not None
                        if enough(client):
                            return
                except (OSError, websockets.WebSocketException):
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(one(s, t) for s, t in self.joined))


async def kill_the_owner(front: Front, table: Table, after: float) -> tuple[int, float]:
    """Kill the room's owner ``after`` seconds into play: which process it was, and how
    long until the room acknowledged an action again from another process (the clients
    come back through nginx to the room's next owner)."""
    moved: list[int] = []

    def enough(_: Client | None) -> bool:
        return bool(moved) and (len(table.acked) > moved[0] or table.over)

    assert not table.over, "the match ended before the last kill: a higher target"
    playing = asyncio.ensure_future(table.play(30.0, enough))
    await asyncio.sleep(after)
    port = await owner_port(front, table.code)
    front.kill(index_of(front, port))
    killed = time.monotonic()
    while await owner_port(front, table.code) == port and not playing.done():
        await asyncio.sleep(0.02)
    moved.append(len(table.acked))  # what was acknowledged until now, the killed one did
    while not enough(None) and not playing.done():
        await asyncio.sleep(0.005)
    took = time.monotonic() - killed
    await playing
    assert enough(None), "the room never played again"
    return index_of(front, port), took


def more_than(table: Table, n: int) -> Callable[[Client], bool]:
    """Whether the table has more than ``n`` acknowledged actions (or its match is over)."""
    return lambda _: len(table.acked) > n or table.over


async def stored(front: Front, code: str) -> list[tuple[int | None, int | None, int, int]]:
    """Every stored action of the room's games as (seat, seq, version, game)."""
    conn = await asyncpg.connect(front.database.replace("+asyncpg", ""))
    try:
        rows = await conn.fetch(
            "SELECT a.seat, a.seq, a.version, a.game FROM actions a JOIN games g "
            "ON g.id = a.game WHERE g.room = $1 ORDER BY a.game, a.n",
            code,
        )
    finally:
        await conn.close()
    return [tuple(r) for r in rows]  # type: ignore[misc]


def get(url: str) -> httpx.Response:
    """``url``'s answer, asked again while it is 503 ``unavailable``: a room moving between
    processes (a relay that reached its former owner), which a client tries again."""
    deadline = time.monotonic() + 10.0
    while True:
        answer = httpx.get(url)
        if answer.status_code != 503 or time.monotonic() > deadline:
            return answer
        assert answer.json()["code"] == "unavailable", answer.text
        time.sleep(0.1)


def check_log(front: Front, code: str, acked: Acked, tmp_path: Path) -> None:
    """Every acknowledged action stored exactly once; every finished game replays."""
    log = asyncio.run(stored(front, code))
    clients = [x for x in log if x[1] is not None]
    assert len(clients) == len(set(clients))  # no action stored twice
    missing = [a for a in acked if a not in set(log)]
    assert missing == []
    games = get(f"{front.base}/api/rooms/{code}").json()
    assert games["code"] == code
    for game in sorted({g for *_, g in log}):
        answer = get(f"{front.base}/api/rooms/{code}/games/{game}/export")
        if answer.status_code == 409:  # the one in progress
            continue
        assert answer.status_code == 200, answer.text
        path = tmp_path / f"{game}.json"
        path.write_text(json.dumps(answer.json()))
        done = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "replay", str(path)],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("front", [{"args": FAST}], indirect=True)
def test_every_process_serves_every_room_alike(front: Front) -> None:
    async def main() -> None:
        codes = []
        for i in range(6):
            code, _ = await room(
                front.nodes[i % 3].server, "classic", 3, {}, ["Ana"], start=False, public=i < 4
            )
            codes.append(code)
        assert len(set(codes)) == 6
        lists = [httpx.get(n.base + "/api/rooms").json() for n in front.nodes]
        assert lists[0] == lists[1] == lists[2]
        assert sorted(r["code"] for r in lists[0]["rooms"]) == sorted(codes[:4])
        for node in front.nodes:
            for code in codes:
                assert httpx.get(f"{node.base}/api/rooms/{code}").status_code == 200
        # a seat taken through another process than the owner: the owner has it
        code = codes[0]
        owner = await owner_port(front, code)
        elsewhere = next(n for n in front.nodes if n.port != owner)
        joined = httpx.post(f"{elsewhere.base}/api/rooms/{code}/join", json={"name": "Bo"})
        assert joined.status_code == 201, joined.text
        seats = httpx.get(f"{front.base}/api/rooms/{code}").json()["presence"]
        assert [s["name"] for s in seats[:2]] == ["Ana", "Bo"]
        assert httpx.get(f"{front.base}/api/rooms/NOSUCH").status_code == 404
        # presence and chat: two players on two other processes than the owner
        code, joined = await room(front.server, "classic", 2, {}, ["Ana", "Bo"], start=False)
        owner = await owner_port(front, code)
        a_node, b_node = [n for n in front.nodes if n.port != owner]
        (a_seat, a_token), (b_seat, b_token) = joined
        async with (
            Client.connect(a_node.server, code, a_token, a_seat) as a,
            Client.connect(b_node.server, code, b_token, b_seat) as b,
        ):
            await a.until("welcome")
            await b.until("welcome")
            seen = httpx.get(f"{owner_node(front, owner).base}/api/rooms/{code}").json()
            assert [s["connected"] for s in seen["presence"]] == [True, True]
            await a.send({"type": "chat", "seq": 1, "text": "hola desde otro proceso"})
            line = await b.until("chat_line")
            assert line["text"] == "hola desde otro proceso" and line["seat"] == a_seat

    asyncio.run(main())


@pytest.mark.parametrize("front", [{"args": FAST}], indirect=True)
def test_a_turn_timer_resumes_from_its_stored_deadline(front: Front) -> None:
    """Nobody acts: the deadline a client saw before the owner was killed is the one the
    new owner keeps (it follows from the stored log, not from when the room was rebuilt)."""

    async def main() -> None:
        code, joined = await room(front.server, "classic", 2, {}, ["Ana", "Bo"], timer="fast")
        (seat, token), _ = joined
        async with Client.connect(front.server, code, token, seat) as client:
            before = (await client.until("update"))["deadline"]
        assert before is not None
        port = await owner_port(front, code)
        front.kill(index_of(front, port))
        deadline = time.monotonic() + 10
        while await owner_port(front, code) == port:
            assert time.monotonic() < deadline, "no takeover"
            await asyncio.sleep(0.05)
        async with Client.connect(front.server, code, token, seat) as client:
            after = await client.until("update")
        assert after["deadline"] == before

    asyncio.run(main())


@pytest.mark.parametrize("front", [{"args": FAST}], indirect=True)
def test_the_owner_killed_at_random_moments(front: Front, tmp_path: Path) -> None:
    rng = random.Random(int(os.environ.get("UNOVERSE_TEST_SEED", "41")))
    bots = {2: QUICK["normal"], 3: QUICK["easy"]}
    code, joined = asyncio.run(room(front.server, ENDLESS, 4, bots, ["Ana", "Bo"]))
    table = Table(front, code, joined)
    failovers = []
    for _ in range(KILLS):
        i, took = asyncio.run(kill_the_owner(front, table, rng.uniform(0.2, 1.5)))
        failovers.append(took)
        assert index_of(front, asyncio.run(owner_port(front, code))) != i
        front.restart(i)
    assert max(failovers) < 5.0, failovers
    check_log(front, code, table.acked, tmp_path)


@pytest.mark.parametrize("front", [{"args": FAST}], indirect=True)
def test_an_owner_paused_past_its_lease_writes_nothing_when_it_wakes(
    front: Front, tmp_path: Path
) -> None:
    code, joined = asyncio.run(room(front.server, ENDLESS, 2, {1: QUICK["normal"]}, ["Ana"]))
    table = Table(front, code, joined)
    asyncio.run(table.play(1.0))
    port = asyncio.run(owner_port(front, code))
    i = index_of(front, port)
    ((seat, token),) = joined

    async def late_action() -> dict[str, object] | None:
        """An action sent straight to the owner, which is paused as it arrives: on waking,
        the owner must not acknowledge it (the room is another process's by then)."""
        version, game = table.last[seat]
        async with Client.connect(
            Server(front.nodes[i].base), code, token, seat, last_version=version, game=game
        ) as client:
            client.seq = table.seqs[seat]
            while client.choice() is None:
                await client.recv()
            front.pause(i)
            seq = await client.act(client.choice() or "draw")
            table.seqs[seat] = client.seq
            deadline = time.monotonic() + 15.0  # its lease runs out, another takes the room
            while index_of(front, await owner_port(front, code)) == i:
                assert time.monotonic() < deadline, "no takeover"
                await asyncio.sleep(0.05)
            front.resume(i)
            try:
                return await client.answer(seq, timeout=10.0)
            except Exception:  # closed (1012) without an answer: nothing acknowledged
                return None

    answer = asyncio.run(late_action())
    assert answer is None or answer.get("type") != "ack", answer
    played = more_than(table, len(table.acked) + 5)
    asyncio.run(table.play(15.0, played))
    assert played(None)  # type: ignore[arg-type]
    check_log(front, code, table.acked, tmp_path)
