"""The open game data at scale (docs/performance.md, "Open game data"): ``unoverse export``
reading 100,000 finished games from a server, with the memory of both processes sampled
all along.

The benchmark writes a SQLite database of ``--games`` finished Classic games of two seats
in public rooms, ``--distinct`` of them played (the ``normal`` bot at each seat, the server's
own deal and commitment), each stored again under new game numbers until there
are ``--games``: every row is exported as if it were its own game (read, dealt again,
replayed for its hash chain, written). Then it starts ``unoverse serve`` on the database
and ``unoverse export --out FILE.jsonl`` against it, and samples each process's resident
memory (``VmRSS``) with the count of lines written, twice a second. Flat memory means the
samples at 10% and at 100% of the games are alike; the figures are the resident memory at
each tenth of the run, the peak, and the games per second. Both processes use the
compiled engine when ``make compile`` built it.

    python benchmarks/bench_open_data.py                      # 100,000 games
    python benchmarks/bench_open_data.py --games 5000 --json  # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if COMPILED.is_dir():
        env["PYTHONPATH"] = f"{COMPILED}{os.pathsep}{env.get('PYTHONPATH', '')}"
    return env


def played(distinct: int) -> list[dict[str, Any]]:
    """``distinct`` games of two seats, each played to its end by the ``normal`` bot at
    each seat (games of a table's length, about 60 actions)."""
    from unoverse.bots.base import make_bot
    from unoverse.core.setup import new_game
    from unoverse.server.shuffle import Deal

    games = []
    for n in range(distinct):
        deal = Deal(1000 + n, f"{n:064x}")
        game = new_game("classic", 2, deal.seed, dealer=0)
        bots = [make_bot("normal", n, seat) for seat in range(2)]
        actions, at = [], 0.0
        while not game.over:
            seat = next(s for s in range(2) if game.legal_actions(s))
            action = bots[seat].act(game.view(seat), game.legal_actions(seat))
            if action is None:
                action = game.legal_actions(seat)[0]
            at += 500.0
            game.apply(seat, action, at)
            actions.append((seat, str(action), at))
        games.append(
            {"seed": deal.seed, "salt": deal.salt, "commitment": deal.commitment,
             "winner": game.winner, "actions": actions}
        )  # fmt: skip
    return games


async def build(database: str, games: int, distinct: int) -> None:
    """The database: ``games`` finished games in public rooms, ``distinct`` of them played."""
    from sqlalchemy import insert

    from unoverse.server.store import Store
    from unoverse.server.tables import ActionRow, GameRow, RoomRow, SeatRow

    store = await Store.open(database)
    rounds = played(distinct)
    settings = {"preset": "classic", "seats": 2, "timer": "off", "public": True,
                "spectators": True, "bot_speed": "normal", "rated": False}  # fmt: skip
    start = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        async with store.engine.begin() as conn:
            rooms = max(1, games // 100)
            await conn.execute(
                insert(RoomRow),
                [{"code": f"R{r:07d}", "settings": settings, "host": None, "started": True,
                  "ended": True} for r in range(rooms)],
            )  # fmt: skip
            await conn.execute(
                insert(SeatRow),
                [{"room": f"R{r:07d}", "seat": s, "name": "bot naive", "bot": "naive",
                  "token": None} for r in range(rooms) for s in range(2)],
            )  # fmt: skip
            for first in range(0, games, 2000):
                batch = range(first, min(games, first + 2000))
                await conn.execute(
                    insert(GameRow),
                    [{"id": g + 1, "room": f"R{g % rooms:07d}", "preset": "classic",
                      "players": 2, "seed": str(rounds[g % distinct]["seed"]), "dealer": 0,
                      "match": 0, "round": g, "eliminated": [],
                      "salt": rounds[g % distinct]["salt"],
                      "commitment": rounds[g % distinct]["commitment"], "stood_in": False,
                      "finished": True, "result": {"winner": rounds[g % distinct]["winner"]},
                      "finished_at": start + timedelta(seconds=g)} for g in batch],
                )  # fmt: skip
                await conn.execute(
                    insert(ActionRow),
                    [{"game": g + 1, "n": i, "seat": seat, "action": action, "at": at,
                      "version": i + 1, "seq": None, "stand_in": False}
                     for g in batch
                     for i, (seat, action, at) in enumerate(rounds[g % distinct]["actions"])],
                )  # fmt: skip
    finally:
        await store.close()


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def run(database: str, out: Path, games: int) -> dict[str, Any]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "unoverse.cli", "serve", "--port", str(port), "--database",
         database, "--log-level", "warning", "--limit", "requests_per_minute=100000"],
        env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.5).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        began = time.monotonic()
        client = subprocess.Popen(
            [sys.executable, "-m", "unoverse.cli", "export", "--connect",
             f"http://127.0.0.1:{port}", "--out", str(out)],
            env=_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        samples = []
        while client.poll() is None:
            time.sleep(0.5)
            written = out.stat().st_size and _lines(out) if out.exists() else 0
            samples.append((written, rss_kb(server.pid), rss_kb(client.pid)))
        took = time.monotonic() - began
        assert client.returncode == 0, client.stderr.read().decode() if client.stderr else ""
    finally:
        server.terminate()
        server.wait(30)
    done = _lines(out)
    assert done == games, f"{done} games written of {games}"
    tenths = []
    for k in range(1, 11):
        at = next((s for s in samples if s[0] >= games * k / 10), samples[-1])
        tenths.append({"games": at[0], "server_mb": at[1] / 1024, "client_mb": at[2] / 1024})
    return {
        "games": games,
        "seconds": took,
        "games_per_s": games / took,
        "server_peak_mb": max(s[1] for s in samples) / 1024,
        "client_peak_mb": max(s[2] for s in samples) / 1024,
        "tenths": tenths,
    }


def _lines(path: Path) -> int:
    with path.open("rb") as f:
        return sum(chunk.count(b"\n") for chunk in iter(lambda: f.read(1 << 20), b""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games in the database")
    parser.add_argument("--distinct", type=int, default=1000, help="games actually played")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database = f"sqlite+aiosqlite:///{tmp}/open.db"
        began = time.monotonic()
        asyncio.run(build(database, args.games, min(args.distinct, args.games)))
        built = time.monotonic() - began
        report = run(database, Path(tmp) / "games.jsonl", args.games)
    report["database_built_s"] = built
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['games']} games exported in {report['seconds']:.1f} s "
        f"({report['games_per_s']:.0f} games/s); peak resident memory: server "
        f"{report['server_peak_mb']:.1f} MB, unoverse export {report['client_peak_mb']:.1f} MB"
    )
    print(f"{'games written':>14}{'server MB':>11}{'client MB':>11}")
    for t in report["tenths"]:
        print(f"{t['games']:>14}{t['server_mb']:>11.1f}{t['client_mb']:>11.1f}")


if __name__ == "__main__":
    main()
