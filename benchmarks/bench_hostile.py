"""The game server under hostile clients, on loopback: how long a restart takes with many
stored rooms, and how a victim room fares while one client attacks.

``unoverse serve`` runs in a subprocess with its default limits (the engine build ``make
compile`` made, when there is one). Two parts:

* **restart**: ``--stored`` rooms (10,000) that never started, written straight into a new
  database (SQLite, then PostgreSQL at ``UNOVERSE_TEST_POSTGRES``), then the time from
  starting the server to its first answer. Target: serving within 5 s.
* **attacks**: ``--victims`` rooms (5) of two clients each, in a process of their own
  (the attackers' load must not delay the victims' clocks), connecting from 127.0.0.2 and
  answering their windows after ``THINK_MS``; for every action, the latency from sending it
  to its ``ack``. Measured alone, then during each attack from other addresses, each for
  ``--seconds`` (10): room creation as fast as 20 connections go; bodies of 10 MB and
  100 MB; 500 requests whose head is never finished (held 12 s at least, to see the
  server cut them off); 1,000 websockets from one address; 1,000 spectators joining and
  leaving another room (from 25 addresses, 40 each). Each attack's own outcome is reported
  (what it got), and the victims' p50 and p99. Target: p99 under 100 ms during every
  attack.

``python benchmarks/bench_hostile.py`` (the defaults above), ``--stored 500 --seconds 2
--victims 2`` for a quick look.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench_server import free_port, percentile

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
POSTGRES = os.environ.get("UNOVERSE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
TARGET_P99_MS = 100.0
TARGET_RESTART_S = 5.0
THINK_MS = 20.0
VICTIM_ADDRESS = "127.0.0.2"
#: The server's default time limit on a request's head (``Limits.head_timeout_s``).
HEAD_TIMEOUT_S = 10.0
PRESET = "classic+target_score=10000"


def start_server(database: str) -> tuple[subprocess.Popen[bytes], str, float]:
    """``unoverse serve`` on ``database``: the process, its base URL and the seconds it took
    to answer."""
    port = free_port()
    env = os.environ.copy()
    if (COMPILED / "unoverse.stamp.json").exists():
        env["PYTHONPATH"] = str(COMPILED)
    command = [sys.executable, "-m", "unoverse.cli", "serve", "--port", str(port)]
    command += ["--database", database, "--log-level", "warning"]
    began = time.monotonic()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    while time.monotonic() - began < 300:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return proc, base, time.monotonic() - began
        except httpx.HTTPError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not start in 300 s")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


# -- restart ---------------------------------------------------------------------------------
async def store_rooms(database: str, count: int) -> None:
    """``count`` never-started rooms of 4 seats (one player each), written in one go."""
    from sqlalchemy import insert

    from unoverse.server.store import Store
    from unoverse.server.tables import RoomRow, SeatRow

    settings = {"preset": "classic", "seats": 4, "timer": "normal", "public": True}
    settings["spectators"] = True
    store = await Store.open(database)
    try:
        async with store.engine.begin() as conn:
            for first in range(0, count, 2000):
                codes = [f"R{i:07d}" for i in range(first, min(count, first + 2000))]
                await conn.execute(
                    insert(RoomRow),
                    [{"code": c, "settings": settings, "host": 0, "started": False} for c in codes],
                )
                seats = [
                    {"room": c, "seat": s, "name": "p" if s == 0 else None, "bot": None,
                     "token": secrets.token_bytes(32) if s == 0 else None}
                    for c in codes for s in range(4)
                ]  # fmt: skip
                await conn.execute(insert(SeatRow), seats)
    finally:
        await store.close()


def postgres_database() -> tuple[str, Callable[[], None]]:
    """A new PostgreSQL database, and how to drop it."""
    import asyncpg

    name = "bench_" + secrets.token_hex(5)

    async def sql(statement: str) -> None:
        conn = await asyncpg.connect(POSTGRES)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    asyncio.run(sql(f"CREATE DATABASE {name}"))
    url = POSTGRES.replace("postgresql://", "postgresql+asyncpg://", 1).rsplit("/", 1)[0]
    return f"{url}/{name}", lambda: asyncio.run(sql(f"DROP DATABASE {name} WITH (FORCE)"))


def restart(stored: int) -> dict[str, float]:
    """Seconds from start to first answer, with ``stored`` rooms, on each database."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = f"sqlite+aiosqlite:///{tmp}/bench.db"
        asyncio.run(store_rooms(sqlite, stored))
        proc, _, seconds = start_server(sqlite)
        stop_server(proc)
        out["sqlite"] = round(seconds, 2)
    url, drop = postgres_database()
    try:
        asyncio.run(store_rooms(url, stored))
        proc, _, seconds = start_server(url)
        stop_server(proc)
        out["postgresql"] = round(seconds, 2)
    finally:
        drop()
    return out


# -- victims ---------------------------------------------------------------------------------
class Victim:
    """One victim seat: it answers its windows after ``THINK_MS`` and times each ack."""

    def __init__(self, room: str, token: str, seat: int) -> None:
        self.room, self.token, self.seat = room, token, seat
        self.latencies: list[tuple[float, float]] = []  # (when, ms)
        self.errors = 0

    async def play(self, ws_url: str, until: list[float]) -> None:
        async with websockets.connect(ws_url, max_size=2**22, local_addr=(VICTIM_ADDRESS, 0)) as ws:
            hello = {"type": "hello", "protocol": 1, "room": self.room, "token": self.token}
            await ws.send(json.dumps(hello))
            view: dict[str, Any] | None = None
            sent: dict[int, float] = {}
            seq = 0
            acted: tuple[int, int] = (-1, -1)
            game = -1
            while time.monotonic() < until[0]:
                try:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                now = time.monotonic()
                if frame["type"] == "update":
                    view, game = frame["view"], frame["game"]
                elif frame["type"] in ("ack", "error") and frame.get("seq") in sent:
                    began = sent.pop(frame["seq"])
                    self.latencies.append((now, (now - began) * 1000))
                    self.errors += frame["type"] == "error"
                if view is None or sent or not view["legal"] or view["winner"] is not None:
                    continue
                if not any(w.get("seat") == self.seat for w in view["windows"]):
                    continue
                if (game, view["version"]) == acted:
                    continue
                await asyncio.sleep(THINK_MS / 1000)
                legal = [a for a in view["legal"] if not a.startswith("catch")] or view["legal"]
                seq += 1
                sent[seq] = time.monotonic()
                acted = (game, view["version"])
                await ws.send(
                    json.dumps(
                        {"type": "act", "seq": seq, "based_on_version": view["version"],
                         "action": legal[0]}
                    )
                )  # fmt: skip


async def victims(base: str, count: int) -> list[Victim]:
    transport = httpx.AsyncHTTPTransport(local_address=VICTIM_ADDRESS)
    out = []
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        for _ in range(count):
            r = (
                await http.post(
                    "/api/rooms", json={"name": "v0", "preset": PRESET, "seats": 2, "timer": "off"}
                )
            ).json()
            j = (await http.post(f"/api/rooms/{r['room']}/join", json={"name": "v1"})).json()
            out += [
                Victim(r["room"], r["token"], r["seat"]),
                Victim(r["room"], j["token"], j["seat"]),
            ]
            await http.post(
                f"/api/rooms/{r['room']}/start", headers={"Authorization": f"Bearer {r['token']}"}
            )
    return out


# -- attacks ---------------------------------------------------------------------------------
Attack = Callable[[str, float], Awaitable[str]]


async def nothing(_base: str, seconds: float) -> str:
    await asyncio.sleep(seconds)
    return "-"


async def create_rooms(base: str, seconds: float) -> str:
    counts: dict[int, int] = {}
    end = time.monotonic() + seconds

    async def one(http: httpx.AsyncClient) -> None:
        while time.monotonic() < end:
            r = await http.post("/api/rooms", json={"name": "x"})
            counts[r.status_code] = counts.get(r.status_code, 0) + 1

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        await asyncio.gather(*(one(http) for _ in range(20)))
    return ", ".join(f"{n}x{status}" for status, n in sorted(counts.items()))


async def big_bodies(base: str, seconds: float) -> str:
    port = int(base.rsplit(":", 1)[1])
    answers: list[str] = []
    end = time.monotonic() + seconds

    async def one(size: int) -> None:
        while time.monotonic() < end:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(
                f"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {size}\r\n\r\n".encode()
            )
            chunk = b" " * 65536
            try:
                for _ in range(size // len(chunk)):
                    writer.write(chunk)
                    await writer.drain()
                    if reader.at_eof():
                        break
            except (ConnectionError, OSError):
                pass
            try:
                head = await asyncio.wait_for(reader.readline(), 10)
                answers.append(head.decode().split(" ")[1] if head else "closed")
            except (TimeoutError, ConnectionError, IndexError):
                answers.append("closed")
            writer.close()

    await asyncio.gather(*(one(size) for size in (10_000_000, 100_000_000) for _ in range(2)))
    return ", ".join(f"{answers.count(a)}x{a}" for a in sorted(set(answers)))


async def half_sent(base: str, seconds: float) -> str:
    port = int(base.rsplit(":", 1)[1])
    writers = []
    for _ in range(500):
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /health HTTP/1.1\r\nHost: x\r\n")
        writers.append((reader, writer))
    began = time.monotonic()
    await asyncio.sleep(max(seconds, HEAD_TIMEOUT_S + 2))  # (long enough to see them cut)
    for reader, _ in writers:  # what the server sent, if anything, and whether it closed
        with contextlib.suppress(TimeoutError, ConnectionError):
            await asyncio.wait_for(reader.read(), 0.01)
    closed = sum(reader.at_eof() for reader, _ in writers)
    for _, writer in writers:
        writer.close()
    return f"{closed}/500 closed by the server within {time.monotonic() - began:.0f} s"


async def many_sockets(base: str, seconds: float) -> str:
    ws_url = base.replace("http://", "ws://") + "/ws"
    opened: list[Any] = []
    refused = 0
    for _ in range(1000):
        try:
            ws = await websockets.connect(ws_url, open_timeout=5)
            opened.append(ws)
        except (OSError, websockets.WebSocketException, TimeoutError):
            refused += 1
    frames = 0
    for ws in opened:
        try:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 0.05))
            frames += frame.get("code") == "too_many"
        except (TimeoutError, websockets.ConnectionClosed):
            pass
    await asyncio.sleep(seconds)
    for ws in opened:
        await ws.close()
    return f"{len(opened) - frames} held, {frames} refused too_many, {refused} failed"


async def spectators(base: str, seconds: float) -> str:
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        code = (await http.post("/api/rooms", json={"name": "s", "seats": 2})).json()["room"]
    ws_url = base.replace("http://", "ws://") + "/ws"
    joined = 0
    presence = 0
    sockets: list[Any] = []
    end = time.monotonic() + seconds
    for i in range(1000):
        ws = await websockets.connect(ws_url, local_addr=(f"127.0.1.{10 + i // 40}", 0))
        await ws.send(json.dumps({"type": "hello", "protocol": 1, "room": code}))
        sockets.append(ws)
        joined += 1
    for ws in sockets:
        try:
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 0.002))
                presence += frame["type"] == "presence"
        except (TimeoutError, websockets.ConnectionClosed):
            pass
    await asyncio.sleep(max(0.0, end - time.monotonic()))
    for ws in sockets:
        await ws.close()
    return f"{joined} joined, {presence} presence frames to them"


ATTACKS: dict[str, Attack] = {
    "none (reference)": nothing,
    "room creation flood": create_rooms,
    "10 MB and 100 MB bodies": big_bodies,
    "500 half-sent requests": half_sent,
    "1,000 websockets, one address": many_sockets,
    "1,000 spectators of a room": spectators,
}


def play_victims(base: str, count: int, out: Any, stop: Any) -> None:
    """The victims, in a process of their own (an attacker's own load must not delay their
    clocks): their rooms made, played until ``stop`` is set; every latency put on ``out``
    (first a ``ready`` once every victim has had an answer)."""

    async def run() -> None:
        seats = await victims(base, count)
        until = [time.monotonic() + 3600]
        ws_url = base.replace("http://", "ws://") + "/ws"
        tasks = [asyncio.create_task(v.play(ws_url, until)) for v in seats]
        while not all(v.latencies for v in seats):
            await asyncio.sleep(0.1)
        out.put("ready")
        while not stop.is_set():
            await asyncio.sleep(0.1)
        until[0] = 0
        await asyncio.gather(*tasks, return_exceptions=True)
        out.put([x for v in seats for x in v.latencies])

    asyncio.run(run())


async def attacks(seconds: float, count: int) -> list[dict[str, Any]]:
    context = multiprocessing.get_context("spawn")
    out, stop = context.Queue(), context.Event()
    phases = []
    with tempfile.TemporaryDirectory() as tmp:
        proc, base, _ = start_server(f"sqlite+aiosqlite:///{tmp}/bench.db")
        try:
            player = context.Process(target=play_victims, args=(base, count, out, stop))
            player.start()
            assert await asyncio.to_thread(out.get, True, 120) == "ready"
            for name, attack in ATTACKS.items():
                began = time.monotonic()  # (one clock for every process of the machine)
                outcome = await attack(base, seconds)
                phases.append((name, outcome, began, time.monotonic()))
                await asyncio.sleep(1.0)
            stop.set()
            latencies = await asyncio.to_thread(out.get, True, 120)
            player.join(30)
        finally:
            stop_server(proc)
    rows = []
    for name, outcome, began, ended in phases:
        got = [ms for at, ms in latencies if began <= at <= ended]
        rows.append(
            {
                "attack": name,
                "outcome": outcome,
                "acks": len(got),
                "p50_ms": round(percentile(got, 0.5), 2),
                "p99_ms": round(percentile(got, 0.99), 2),
            }
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--stored", type=int, default=10_000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--victims", type=int, default=5)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    build = "compiled" if (COMPILED / "unoverse.stamp.json").exists() else "plain"
    started = restart(args.stored)
    rows = asyncio.run(attacks(args.seconds, args.victims))
    if args.json:
        print(json.dumps({"build": build, "restart_s": started, "attacks": rows}))
        return
    print(f"unoverse server under attack, engine {build}, {os.cpu_count()} cores, loopback")
    print(f"restart with {args.stored:,} stored rooms: first answer after "
          + ", ".join(f"{s} s ({db})" for db, s in started.items()))  # fmt: skip
    print(f"{'attack':32} {'acks':>5} {'p50 ms':>8} {'p99 ms':>8}  what the attacker got")
    for r in rows:
        print(f"{r['attack']:32} {r['acks']:>5} {r['p50_ms']:>8} {r['p99_ms']:>8}  {r['outcome']}")
    ok = all(s < TARGET_RESTART_S for s in started.values()) and all(
        r["p99_ms"] < TARGET_P99_MS for r in rows
    )
    print(f"targets: serving within {TARGET_RESTART_S:g} s, victims' p99 < {TARGET_P99_MS:g} ms "
          "during every attack: " + ("met" if ok else "NOT met"))  # fmt: skip


if __name__ == "__main__":
    main()
