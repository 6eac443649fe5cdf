"""The server as a set of processes behind nginx (docs/deployment.md), on loopback: how
much more two processes carry than one, a thousand rooms across three, and how soon the
rooms of a killed process play again.

Each run starts a set of ``unoverse serve`` processes (the compiled engine when ``make
compile`` built it) on a new PostgreSQL database and the machine's Redis, behind Debian's
nginx with ``deploy/nginx/unoverse.conf`` (the cluster tests' harness, ``tests/cluster``),
and plays rooms of 4 websocket clients through nginx with ``bench_server``'s clients: each
answers its own windows after a think time (lognormal), and connects again with its last
version when its socket closes. The latency of an action is the time from sending it to
receiving the update that shows it.

* **scale**: one process pinned to one core, then two processes pinned to one core each
  (nginx, PostgreSQL, Redis and the clients share the machine's cores with them). For each,
  the number of rooms grows by half until the p99 passes ``--p99`` (100 ms); a set's
  capacity is the actions/s of the largest load within it. Target: two processes carry at
  least 1.7 times what one does, at the same p99.
* **relay**: 100 rooms across three processes, two clients of each room connected to its
  owner and two to another process (past nginx): what the relay adds to an action's
  latency.
* **thousand**: ``--rooms`` (1,000) rooms across three processes, the clients thinking as
  people do (a median of 450 ms). Target: p99 under 100 ms, nothing lost or duplicated.
* **failover**: then the process that owns the most rooms is killed (SIGKILL); for each of
  its rooms, the time from the kill to the room's next acknowledged action. Target: p99
  under 5 s. Measured twice: in the thousand rooms' run, and in a run of
  ``--failover-rooms`` (200) rooms, a load the machine carries within the p99 target, so
  that the takeover's own time is not hidden by a machine at the end of its cores.

``python benchmarks/bench_cluster.py`` (everything, about ten minutes);
``--only thousand --rooms 50 --seconds 5`` for a quick look. Runs are bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from bench_server import COMPILED, check, make_room, percentile, play, welcomed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the cluster tests' harness: the set and nginx

from cluster.front import Front  # noqa: E402
from server.players import Zygote  # noqa: E402
from unoverse.server.serving import open_files  # noqa: E402

TARGET_P99_MS = 100.0
TARGET_SCALE = 1.7
TARGET_FAILOVER_S = 5.0
#: The first seconds of a run (every room dealt at once) are left out of its latencies.
WARM_UP = 3.0
#: The lease of the processes (seconds): a killed owner's rooms are free after it.
LEASE = "2"  # (the default)
#: Seconds between two clients' first connections: a thousand rooms' players arrive over
#: twelve seconds, not in the same instant.
ARRIVAL_S = 0.003


async def arriving(after: float, playing: Coroutine[Any, Any, None]) -> None:
    """A client that connects ``after`` seconds in (players arrive one after another)."""
    await asyncio.sleep(after)
    await playing


async def owners(front: Front) -> dict[str, int]:
    """Room -> the port of the process that owns it."""
    conn = await asyncpg.connect(front.database.replace("+asyncpg", ""))
    try:
        rows = await conn.fetch(
            "SELECT l.room, n.url FROM room_leases l JOIN nodes n ON n.id = l.node"
        )
    finally:
        await conn.close()
    return {r["room"]: int(r["url"].rsplit(":", 1)[1]) for r in rows}


async def load(
    front: Front,
    rooms: int,
    seconds: float,
    think_ms: float,
    seed: int,
    kill_after: float | None = None,
    split: bool = False,
) -> dict[str, Any]:
    """Play ``rooms`` rooms through the set's nginx for ``seconds``; with ``kill_after``,
    kill the process owning the most rooms that many seconds in. With ``split``, two
    clients of each room connect to its owner and two to another process, past nginx, and
    their latencies are reported apart (the relay's cost)."""
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=front.base, timeout=60, limits=limits) as http:
        tables = await asyncio.gather(*(make_room(http, i, False) for i in range(rooms)))
        seats = [s for t in tables for s in t]
        for s in seats:
            s.think_ms = think_ms
        until = [time.monotonic() + 3600]
        rng = random.Random(seed)
        where = {id(s): front.base for s in seats}
        relayed: set[int] = set()
        if split:
            owned = await owners(front)
            for i, s in enumerate(seats):
                port = owned[s.room]
                other = next(n.port for n in front.nodes if n.port != port)
                where[id(s)] = f"http://127.0.0.1:{port if i % 4 < 2 else other}"
                if i % 4 >= 2:
                    relayed.add(id(s))
        tasks = [
            asyncio.create_task(
                arriving(
                    i * ARRIVAL_S, play(where[id(s)], s, until, random.Random(rng.random()), True)
                )
            )
            for i, s in enumerate(seats)
        ]
        await welcomed(seats, tasks)
        for t in tables:
            await http.post(
                f"/api/rooms/{t[0].room}/start",
                headers={"Authorization": f"Bearer {t[0].token}"},
            )
        began = time.monotonic()
        cpu = (_cpu_s([n.pid for n in front.nodes]), time.process_time())
        until[0] = began + seconds
        killed_at, killed_rooms, owned = None, set(), await owners(front)
        if kill_after is not None:
            await asyncio.sleep(kill_after)
            ports = [owned[t[0].room] for t in tables]
            port = max(set(ports), key=ports.count)
            killed_rooms = {t[0].room for t in tables if owned[t[0].room] == port}
            front.kill(next(i for i, n in enumerate(front.nodes) if n.port == port))
            killed_at = time.monotonic()
        # bounded: a client still closing its socket half a minute after the end is left
        _, late = await asyncio.wait(tasks, timeout=seconds + 30.0)
        for task in late:
            task.cancel()
        elapsed = time.monotonic() - began
        if killed_at is None:
            cpu = (_cpu_s([n.pid for n in front.nodes]) - cpu[0], time.process_time() - cpu[1])
    lost, duplicated = await check(front.database, seats)
    steady = began + WARM_UP
    stop = killed_at if killed_at is not None else math.inf
    latencies = [x for s in seats for t, x in s.latencies if steady <= t < stop]
    actions = sum(len(s.acked) for s in seats)
    out: dict[str, Any] = {
        "rooms": rooms,
        "processes": len(front.nodes),
        "spread": sorted(list(owned.values()).count(n.port) for n in front.nodes),
        "seconds": round(elapsed, 1),
        "actions": actions,
        "actions_per_s": round(
            sum(1 for s in seats for t, _ in s.latencies if steady <= t < stop)
            / max(1e-9, min(stop, began + elapsed) - steady),
            1,
        ),
        "p50_ms": round(percentile(latencies, 0.5), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "refused": sum(s.errors for s in seats),
        "lost": lost,
        "duplicated": duplicated,
    }
    if killed_at is None:  # (a killed process's CPU time can no longer be read)
        # the CPU time of an action: the set's processes', and the clients' (this process)
        out["server_cpu_ms_per_action"] = round(cpu[0] * 1000 / max(1, actions), 3)
        out["clients_cpu_ms_per_action"] = round(cpu[1] * 1000 / max(1, actions), 3)
    if split:
        for label, group in (("owner", False), ("relayed", True)):
            mine = [x for s in seats if (id(s) in relayed) == group for t, x in s.latencies
                    if t >= steady]  # fmt: skip
            out[f"{label}_p50_ms"] = round(percentile(mine, 0.5), 2)
            out[f"{label}_p99_ms"] = round(percentile(mine, 0.99), 2)
    if killed_at is not None:
        back = []
        for room in killed_rooms:
            times = [t for s in seats if s.room == room for t in s.back if t > killed_at]
            back.append(min(times) - killed_at if times else math.inf)
        out["killed_rooms"] = len(killed_rooms)
        out["failover_p50_s"] = round(percentile(back, 0.5), 2)
        out["failover_p99_s"] = round(percentile(back, 0.99), 2)
        out["failover_max_s"] = round(max(back), 2)
    return out


def _cpu_s(pids: list[int]) -> float:
    """The CPU time (user and system, seconds) the processes ``pids`` have used so far."""
    total = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    return total / os.sysconf("SC_CLK_TCK")


def a_set(zygote: Zygote, n: int, pinned: bool) -> Front:
    """``n`` processes behind nginx (pinned to a core each, with ``pinned``)."""
    front = Front(n, zygote=zygote, args=("--lease", LEASE, "--between-rounds", "1"))
    if pinned:
        for i, node in enumerate(front.nodes):
            os.sched_setaffinity(node.pid, {i % (os.cpu_count() or 1)})
    return front


def capacity(zygote: Zygote, n: int, p99: float, seconds: float, seed: int) -> dict[str, Any]:
    """The most actions/s ``n`` pinned processes carry with a p99 within ``p99`` ms: the
    rooms grow by half a step until the p99 passes it (clients thinking 50 ms)."""
    steps = []
    rooms = 20
    best: dict[str, Any] | None = None
    while rooms <= 2000:
        with a_set(zygote, n, pinned=True) as front:
            run = asyncio.run(load(front, rooms, seconds, 50.0, seed))
        steps.append(run)
        print(f"  {n} process(es), {rooms} rooms: {run['actions_per_s']} actions/s, "
              f"p99 {run['p99_ms']} ms", file=sys.stderr)  # fmt: skip
        if run["p99_ms"] > p99 or run["lost"] or run["duplicated"]:
            break
        best = run
        rooms = math.ceil(rooms * 1.5)
    return {"best": best, "steps": steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=("scale", "relay", "thousand", "failover"), default=None)
    parser.add_argument("--rooms", type=int, default=1000)
    parser.add_argument("--failover-rooms", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--scale-seconds", type=float, default=12.0)
    parser.add_argument("--p99", type=float, default=TARGET_P99_MS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    build = "compiled" if (COMPILED / "unoverse.stamp.json").exists() else "plain"
    open_files()  # four thousand sockets, and nginx's and the processes' own
    if build == "compiled":  # the set's processes are forked from a zygote that has it
        os.environ["PYTHONPATH"] = f"{COMPILED}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"
    report: dict[str, Any] = {"build": build}
    zygote = Zygote()
    try:
        if args.only in (None, "scale"):
            one = capacity(zygote, 1, args.p99, args.scale_seconds, args.seed)
            two = capacity(zygote, 2, args.p99, args.scale_seconds, args.seed)
            report["scale"] = {"one": one, "two": two}
        if args.only in (None, "relay"):
            with a_set(zygote, 3, pinned=False) as front:
                report["relay"] = asyncio.run(
                    load(front, 100, args.scale_seconds, 450.0, args.seed, split=True)
                )
        kill = max(WARM_UP + 2.0, args.seconds - 15.0)  # 15 s to come back in
        for run, rooms in (("thousand", args.rooms), ("failover", args.failover_rooms)):
            if args.only in (None, run):
                with a_set(zygote, 3, pinned=False) as front:
                    report[run] = asyncio.run(
                        load(front, rooms, args.seconds, 450.0, args.seed, kill_after=kill)
                    )
    finally:
        zygote.close()
    if args.json:
        print(json.dumps(report))
        return
    print(f"unoverse server as a set behind nginx, engine {build}, {os.cpu_count()} cores, "
          "loopback, PostgreSQL and Redis")  # fmt: skip
    if "scale" in report:
        one, two = report["scale"]["one"]["best"], report["scale"]["two"]["best"]
        for label, run in (("one process", one), ("two processes", two)):
            if run is None:
                print(f"{label}: no load within p99 {args.p99:g} ms")
                continue
            print(f"{label}: {run['rooms']} rooms, {run['actions_per_s']} actions/s, "
                  f"p50 {run['p50_ms']} ms, p99 {run['p99_ms']} ms; CPU per action: "
                  f"{run['server_cpu_ms_per_action']} ms in the set's processes, "
                  f"{run['clients_cpu_ms_per_action']} ms in the clients")  # fmt: skip
        if one and two:
            ratio = two["actions_per_s"] / one["actions_per_s"]
            met = ratio >= TARGET_SCALE
            print(f"two against one: {ratio:.2f}x (target {TARGET_SCALE}x at p99 within "
                  f"{args.p99:g} ms): " + ("met" if met else "NOT met"))  # fmt: skip
    if "relay" in report:
        r = report["relay"]
        print(f"the relay, {r['rooms']} rooms on 3 processes, two clients of each on its "
              f"owner and two on another process: p50 {r['owner_p50_ms']} / "
              f"{r['relayed_p50_ms']} ms, p99 {r['owner_p99_ms']} / {r['relayed_p99_ms']} ms "
              "(owner / relayed)")  # fmt: skip
    for run in ("thousand", "failover"):
        if run in report:
            _print_kill_run(report[run])


def _print_kill_run(t: dict[str, Any]) -> None:
    """A run of ``load`` that killed a process, against its targets."""
    print(f"{t['rooms']} rooms on {t['processes']} processes (rooms each: {t['spread']}): "
          f"{t['actions_per_s']} actions/s, p50 {t['p50_ms']} ms, p99 {t['p99_ms']} ms, "
          f"lost {t['lost']}, duplicated {t['duplicated']}")  # fmt: skip
    print(f"failover of {t['killed_rooms']} rooms: p50 {t['failover_p50_s']} s, "
          f"p99 {t['failover_p99_s']} s, max {t['failover_max_s']} s")  # fmt: skip
    ok = t["p99_ms"] < TARGET_P99_MS and not t["lost"] and not t["duplicated"]
    ok = ok and t["failover_p99_s"] < TARGET_FAILOVER_S
    print(f"targets (p99 < {TARGET_P99_MS:g} ms, nothing lost, failover p99 < "
          f"{TARGET_FAILOVER_S:g} s): " + ("met" if ok else "NOT met"))  # fmt: skip


if __name__ == "__main__":
    main()
