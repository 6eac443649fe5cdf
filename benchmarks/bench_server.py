"""The game server under load, on loopback: many rooms of websocket clients at once.

Two runs side by side, each against a fresh ``unoverse serve`` in a subprocess (the engine
build ``make compile`` made, when there is one; SQLite in a temporary directory):

* ``reference``: ``--rooms`` rooms (200) of 4 websocket clients each, every client playing
  its seat like a bot: it answers its own windows after a human-like reaction time
  (lognormal, median 450 ms, the bots' model) with the first legal action of its view;
* ``with hard bots``: the same, plus ``--hard-rooms`` rooms (20) where two clients play
  against two of the server's ``hard`` bots (ISMCTS, thinking in the server's bot pool).

Each run plays for ``--seconds`` after every room has started. For every action a client
sends, the latency is the time from sending it to receiving the update that shows it (the
view at the version its ``ack`` names). Reported: actions/s, latency p50/p99 in the steady
state (after the first ``WARM_UP`` seconds, whose p99 is shown apart), and the server's
memory per room (its resident set after the rooms started, less before, per room). Checked:
no action lost or duplicated (every acknowledgement is in the server's log exactly once,
every client saw every version of its game once, in order). The targets: p99 under 100 ms in
both runs, the hard-bot rooms' neighbours included.

``python benchmarks/bench_server.py`` (defaults as above), ``--rooms 5 --seconds 3`` for a
quick look. Runs are bounded in time: setup, ``--seconds`` of play, and the checks.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
TARGET_P99_MS = 100.0
MEDIAN_MS = 450.0
SIGMA = 0.35
#: The server's hard bot with the clients' reaction time (a spec that sets its own timing
#: keeps it at a table: docs/bots.md, "Pace at a table").
HARD = f"hard:median_ms={MEDIAN_MS:g},sigma={SIGMA:g}"
#: Latencies in the first seconds after the start (every room dealt at once, 800 sockets
#: busy at the same moment) are reported apart from the steady state's.
WARM_UP = 5.0
PRESET = "classic+target_score=10000"  # long matches: every room plays the whole run
#: The server's limits on one address (bench_hostile.py measures them).
PER_ADDRESS = (
    "requests_per_minute",
    "rooms_per_minute",
    "rooms_per_address",
    "misses_per_minute",
    "sockets_per_address",
)
#: Seconds the server has to answer every client's hello before the rooms start.
HELLO_TIMEOUT = 60.0


@dataclass
class Seat:
    """One client: what it sent and saw."""

    room: str
    seat: int
    token: str
    sent: dict[int, float] = field(default_factory=dict)  # seq -> when sent
    waiting: dict[int, int] = field(default_factory=dict)  # version awaited -> seq
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (when, ms)
    acked: list[tuple[int, int, int]] = field(default_factory=list)  # (seq, version, game)
    #: game -> versions seen (None where the client connected again: it resynchronised)
    versions: dict[int, list[int | None]] = field(default_factory=dict)
    errors: int = 0
    #: the median of its think time (lognormal)
    think_ms: float = MEDIAN_MS
    #: the last ``seq`` it sent (numbered on across connections)
    seq: int = 0
    #: the last (game, version) seen, for a hello after a lost connection
    last: tuple[int, int] | None = None
    #: when the room's first acknowledgement after each reconnection came
    back: list[float] = field(default_factory=list)
    welcomed: asyncio.Event = field(default_factory=asyncio.Event)  # the server took its hello


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(database: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = os.environ.copy()
    if (COMPILED / "unoverse.stamp.json").exists():
        env["PYTHONPATH"] = str(COMPILED)
    command = [sys.executable, "-m", "unoverse.cli", "serve", "--port", str(port)]
    command += ["--database", database, "--log-level", "warning", "--between-rounds", "1"]
    # every client comes from one address: the per-address limits are not what this measures
    command += [f"--limit={name}=1000000" for name in PER_ADDRESS]
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def make_room(http: httpx.AsyncClient, index: int, hard: bool) -> list[Seat]:
    # the hard bots at the clients' pace (450 ms), not a person's: the load this measures
    bots = {"2": HARD, "3": HARD} if hard else {}
    body = {"name": "p0", "preset": PRESET, "seats": 4, "timer": "off", "bots": bots}
    r = (await http.post("/api/rooms", json=body)).json()
    seats = [Seat(r["room"], r["seat"], r["token"])]
    for name in ("p1",) if hard else ("p1", "p2", "p3"):
        j = (await http.post(f"/api/rooms/{r['room']}/join", json={"name": name})).json()
        seats.append(Seat(r["room"], j["seat"], j["token"]))
    return seats


async def play(
    base: str, me: Seat, until: list[float], rng: random.Random, again: bool = False
) -> None:
    """Play ``me``'s seat until the time in ``until[0]``; ``again``: connect again whenever
    the server closes the socket, with the last version seen (as the page does)."""
    while time.monotonic() < until[0]:
        try:
            await _play(base, me, until, rng)
            return
        except (websockets.ConnectionClosed, OSError):
            if not again:
                raise
        for versions in me.versions.values():
            versions.append(None)
        me.sent.clear()
        me.waiting.clear()
        await asyncio.sleep(0.05)


async def _play(base: str, me: Seat, until: list[float], rng: random.Random) -> None:
    url = base.replace("http://", "ws://") + "/ws"
    async with websockets.connect(url, max_size=2**22) as ws:
        hello: dict[str, Any] = {"type": "hello", "protocol": 1, "room": me.room}
        hello["token"] = me.token
        if me.last is not None:
            hello["game"], hello["last_version"] = me.last
        await ws.send(json.dumps(hello))
        view: dict[str, Any] | None = None
        game = -1
        pending = False
        acted_on = (-1, -1)
        due = math.inf
        resumed = me.last is not None
        while time.monotonic() < until[0]:
            timeout = max(0.0, min(due, until[0]) - time.monotonic())
            try:
                frame = json.loads(await asyncio.wait_for(ws.recv(), timeout))
            except TimeoutError:
                frame = None
            now = time.monotonic()
            if frame is not None:
                kind = frame["type"]
                if kind == "welcome":
                    me.welcomed.set()
                elif kind == "update":
                    view, game = frame["view"], frame["game"]
                    version = view["version"]
                    me.versions.setdefault(game, []).append(version)
                    me.last = (game, version)
                    for v in [v for v in me.waiting if v <= version]:
                        me.latencies.append((now, (now - me.sent.pop(me.waiting.pop(v))) * 1000))
                    due = math.inf
                elif kind == "ack":
                    me.acked.append((frame["seq"], frame["version"], game))
                    if resumed:
                        me.back.append(now)
                        resumed = False
                    if view is not None and view["version"] >= frame["version"]:
                        me.latencies.append((now, (now - me.sent.pop(frame["seq"])) * 1000))
                    else:
                        me.waiting[frame["version"]] = frame["seq"]
                    pending = False
                elif kind == "error":
                    me.errors += 1
                    me.sent.pop(frame.get("seq") or -1, None)
                    pending = False
            if view is None or pending or not view["legal"] or view["winner"] is not None:
                continue
            if not any(w.get("seat") == me.seat for w in view["windows"]):
                continue
            if (game, view["version"]) == acted_on:
                continue
            if due == math.inf:  # think first, as a person would
                due = now + rng.lognormvariate(math.log(me.think_ms), SIGMA) / 1000
                continue
            if now < due:
                continue
            legal = [a for a in view["legal"] if not a.startswith("catch")] or view["legal"]
            me.seq += 1
            me.sent[me.seq] = time.monotonic()
            pending, acted_on, due = True, (game, view["version"]), math.inf
            action = {"type": "act", "seq": me.seq, "based_on_version": view["version"]}
            await ws.send(json.dumps({**action, "action": legal[0]}))


async def welcomed(seats: list[Seat], clients: list[asyncio.Task[None]]) -> None:
    """Wait until the server has answered every seat's hello (its seat is connected); a
    client that stopped first raises its error."""

    async def every_hello() -> None:
        for s in seats:
            await s.welcomed.wait()

    hello = asyncio.create_task(every_hello())
    waited: set[asyncio.Task[None]] = {hello, *clients}
    done, _ = await asyncio.wait(waited, timeout=HELLO_TIMEOUT, return_when=asyncio.FIRST_COMPLETED)
    if hello in done:
        return
    hello.cancel()
    for client in done:
        client.result()
    raise RuntimeError(f"the server did not answer every hello in {HELLO_TIMEOUT:g} s")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else math.nan


async def run(rooms: int, hard_rooms: int, seconds: float, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite+aiosqlite:///{tmp}/bench.db"
        proc, base = start_server(database)
        try:
            base_rss = rss_kib(proc.pid)
            limits = httpx.Limits(max_connections=50)
            async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
                tables = await asyncio.gather(
                    *(make_room(http, i, False) for i in range(rooms)),
                    *(make_room(http, i, True) for i in range(hard_rooms)),
                )
                normal = [s for t in tables[:rooms] for s in t]
                hard = [s for t in tables[rooms:] for s in t]
                until = [time.monotonic() + 3600]
                rng = random.Random(seed)
                tasks = [
                    asyncio.create_task(play(base, s, until, random.Random(rng.random())))
                    for s in normal + hard
                ]
                await welcomed(normal + hard, tasks)
                for t in tables:
                    token = t[0].token
                    await http.post(
                        f"/api/rooms/{t[0].room}/start",
                        headers={"Authorization": f"Bearer {token}"},
                    )
                began = time.monotonic()
                until[0] = began + seconds
                await asyncio.sleep(min(5.0, seconds / 2))
                rss = rss_kib(proc.pid)
                await asyncio.gather(*tasks)
                elapsed = time.monotonic() - began
        finally:
            proc.terminate()
            proc.wait(30)
        lost, duplicated = await check(database, normal + hard)
    steady = began + WARM_UP
    latencies = [x for s in normal for t, x in s.latencies if t >= steady]
    hard_latencies = [x for s in hard for t, x in s.latencies if t >= steady]
    start = [x for s in normal + hard for t, x in s.latencies if t < steady]
    actions = sum(len(s.acked) for s in normal + hard)
    return {
        "rooms": rooms,
        "hard_rooms": hard_rooms,
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1),
        "p50_ms": round(percentile(latencies, 0.5), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "p99_start_ms": round(percentile(start, 0.99), 2),
        "hard_rooms_p99_ms": round(percentile(hard_latencies, 0.99), 2) if hard else None,
        "kib_per_room": round((rss - base_rss) / (rooms + hard_rooms), 1),
        "refused": sum(s.errors for s in normal + hard),
        "lost": lost,
        "duplicated": duplicated,
    }


async def check(database: str, seats: list[Seat]) -> tuple[int, int]:
    """Acknowledged actions missing from the log, and versions seen twice or skipped."""
    from unoverse.server.store import Store

    store = await Store.open(database)
    try:
        stored: dict[tuple[int, int, int], int] = {}
        for game in {g for s in seats for _, _, g in s.acked}:
            for e in await store.log(game):
                if e.seat is not None and e.seq is not None:
                    key = (game, e.seat, e.seq)
                    stored[key] = stored.get(key, 0) + 1
    finally:
        await store.close()
    lost = sum(1 for s in seats for seq, _, g in s.acked if (g, s.seat, seq) not in stored)
    duplicated = sum(1 for n in stored.values() if n > 1)
    for s in seats:
        for versions in s.versions.values():
            duplicated += _out_of_order(versions)
    return lost, duplicated


def _out_of_order(versions: list[int | None]) -> int:
    """Versions seen twice or skipped: one by one on a connection; after a reconnection
    (None), on from the last one seen, which the resynchronising update may repeat."""
    bad, last, resumed = 0, None, False
    for v in versions:
        if v is None:
            resumed = True
            continue
        if last is not None and (v < last if resumed else v != last + 1):
            bad += 1
        last, resumed = v, False
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--hard-rooms", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    build = "compiled" if (COMPILED / "unoverse.stamp.json").exists() else "plain"
    reference = asyncio.run(run(args.rooms, 0, args.seconds, args.seed))
    loaded = asyncio.run(run(args.rooms, args.hard_rooms, args.seconds, args.seed))
    if args.json:
        print(json.dumps({"build": build, "reference": reference, "hard": loaded}))
        return
    print(f"unoverse server, engine {build}, {os.cpu_count()} cores, loopback, SQLite")
    rows = [
        ("rooms of 4 clients", "rooms"),
        ("rooms with 2 hard bots", "hard_rooms"),
        ("seconds played", "seconds"),
        ("actions", "actions"),
        ("actions/s", "actions_per_s"),
        ("p50 ms (send -> view)", "p50_ms"),
        ("p99 ms (send -> view)", "p99_ms"),
        (f"p99 ms, first {WARM_UP:g} s", "p99_start_ms"),
        ("p99 ms in hard-bot rooms", "hard_rooms_p99_ms"),
        ("KiB per room", "kib_per_room"),
        ("refused (stale, late)", "refused"),
        ("lost actions", "lost"),
        ("duplicated actions", "duplicated"),
    ]
    print(f"{'':28} {'reference':>12} {'with hard bots':>15} {'ratio':>7}")
    for label, key in rows:
        a, b = reference[key], loaded[key]
        ratio = f"{b / a:.2f}" if isinstance(a, int | float) and a and b is not None else ""
        print(f"{label:28} {a!s:>12} {b!s:>15} {ratio:>7}")
    ok = all(r["p99_ms"] < TARGET_P99_MS and not r["lost"] and not r["duplicated"]
             for r in (reference, loaded))  # fmt: skip
    print(f"target: p99 < {TARGET_P99_MS:g} ms in both, nothing lost or duplicated: "
          + ("met" if ok else "NOT met"))  # fmt: skip


if __name__ == "__main__":
    main()
