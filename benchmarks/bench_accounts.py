"""What accounts cost (docs/performance.md, "Accounts"): the time a rating update adds to a
round's end, and the weight of the profile page.

**A round's end.** ``Store.finish_game`` marks a game over; in a rated room it also rates
the round (``server/ratings``) in the same transaction. Each run times both, interleaved
(one unrated then one rated end, each on a game of its own), for tables of 2, 4 and 10
players, every seat an account (10 players: one account per seat, so the update reads and
writes ten ratings), on SQLite (a file, WAL, synced) and on the machine's PostgreSQL. The
figure is the difference of the medians (and of the 95th percentiles): what rating adds.
The target (the issue): under 5 ms.

**The profile page.** Chromium loads ``/?player=NAME`` for an account with a rating in two
variants and 50 finished games, cold (no cache), and the benchmark sums what came over the
network (``transferSize`` of every resource, the page's own included): the target is under
300 KB. The bytes uncompressed are printed beside it.

    python benchmarks/bench_accounts.py                 # 200 round ends a row
    python benchmarks/bench_accounts.py --rounds 50 --json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from server.postgres import ASYNC, execute  # noqa: E402
from unoverse.server.accounts import Accounts  # noqa: E402
from unoverse.server.ranking import RatedRound  # noqa: E402
from unoverse.server.room import Room, Settings  # noqa: E402
from unoverse.server.store import Store  # noqa: E402

PASSWORD = "correct horse battery"


async def round_ends(url: str, players: int, rounds: int) -> dict[str, float]:
    """Median and 95th percentile of ``finish_game`` unrated and rated, in ms."""
    store = await Store.open(url)
    try:
        accounts = Accounts(store.engine)
        ids = [
            (await accounts.create(f"p{players}x{i}{secrets.token_hex(3)}", PASSWORD)).id
            for i in range(players)
        ]
        room = Room(f"B{players}{secrets.token_hex(3).upper()}", Settings.make("classic", players))
        await store.insert_room(room)
        times: dict[str, list[float]] = {"plain": [], "rated": []}
        result: dict[str, object] = {"winner": 0, "leftovers": [0] * players}
        for n in range(rounds):
            for kind in ("plain", "rated"):
                game = await store.start_game(room.code, "classic", players, n)
                rated = (
                    RatedRound("classic", tuple((a, 1 + (i > 0)) for i, a in enumerate(ids)))
                    if kind == "rated"
                    else None
                )
                began = time.perf_counter()
                await store.finish_game(game, result, rated)
                times[kind].append((time.perf_counter() - began) * 1000)
        out: dict[str, float] = {}
        for kind, xs in times.items():
            xs.sort()
            out[f"{kind}_p50"] = statistics.median(xs)
            out[f"{kind}_p95"] = xs[int(0.95 * (len(xs) - 1))]
        out["added_p50"] = out["rated_p50"] - out["plain_p50"]
        out["added_p95"] = out["rated_p95"] - out["plain_p95"]
        return out
    finally:
        await store.close()


def profile_weight(tmp: Path) -> dict[str, int]:
    """Bytes over the network (and uncompressed) for a cold load of a profile."""
    from playwright.sync_api import sync_playwright

    from web.browser import CHROMIUM, CHROMIUM_ARGS, serve

    site_gen = serve(tmp)
    site = next(site_gen)
    try:
        asyncio.run(_a_played_account(site.base, f"sqlite+aiosqlite:///{tmp / 'web.db'}"))
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"{site.base}/?player=Ana", wait_until="networkidle")
            page.locator(".rating-value").first.wait_for()
            sizes = page.evaluate(
                """() => {
                  const all = [...performance.getEntriesByType('navigation'),
                               ...performance.getEntriesByType('resource')];
                  return [all.reduce((n, e) => n + e.transferSize, 0),
                          all.reduce((n, e) => n + e.decodedBodySize, 0), all.length];
                }"""
            )
            browser.close()
        return {"transferred": sizes[0], "uncompressed": sizes[1], "requests": sizes[2]}
    finally:
        site_gen.close()


async def _a_played_account(base: str, database: str) -> None:
    """Ana, rated in two variants over 50 finished rounds in 10 public rooms (the rounds
    written to the store as a rated room's ends write them)."""
    import httpx

    codes = []
    async with httpx.AsyncClient(base_url=base) as http:
        made = await http.post("/api/accounts", json={"name": "Ana", "password": PASSWORD})
        made.raise_for_status()
        http.headers["X-CSRF-Token"] = made.json()["csrf"]
        for i in range(10):  # (an address makes 10 rooms a minute)
            variant = ("classic", "minecraft")[i % 2]
            body = {"preset": variant, "seats": 2, "rated": True, "public": True}
            room = await http.post("/api/rooms", json={**body, "bots": {"1": "normal"}})
            room.raise_for_status()
            codes.append((variant, room.json()["room"]))
    store = await Store.open(database)
    try:
        ana = await Accounts(store.engine).verify("Ana", PASSWORD)
        assert ana is not None
        for i in range(50):
            variant, code = codes[i % len(codes)]
            game = await store.start_game(code, variant, 2, i)
            won = i % 3 != 0
            rated = RatedRound(variant, ((ana.id, 1 if won else 2), ("normal", 2 if won else 1)))
            await store.finish_game(game, {"winner": 0 if won else 1, "leftovers": [0, 9]}, rated)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=200, help="round ends timed per row")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()
    rows: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for players in (2, 4, 10):
            rows[f"sqlite, {players} players"] = asyncio.run(
                round_ends(f"sqlite+aiosqlite:///{tmp}/bench{players}.db", players, args.rounds)
            )
        name = "bench_" + secrets.token_hex(4)
        execute(f"CREATE DATABASE {name}")
        try:
            url = ASYNC.rsplit("/", 1)[0] + "/" + name
            for players in (2, 4, 10):
                rows[f"postgresql, {players} players"] = asyncio.run(
                    round_ends(url, players, args.rounds)
                )
        finally:
            execute(f"DROP DATABASE {name} WITH (FORCE)")
        weight = profile_weight(Path(tmp))
    if args.json:
        print(json.dumps({"round_end_ms": rows, "profile_page": weight}, indent=2))
        return
    heads = ("plain p50", "rated p50", "added p50", "added p95")
    print(f"{'round end (ms)':<24}" + "".join(f"{h:>10}" for h in heads))
    for row, x in rows.items():
        print(
            f"{row:<24}{x['plain_p50']:>10.2f}{x['rated_p50']:>10.2f}"
            f"{x['added_p50']:>10.2f}{x['added_p95']:>10.2f}"
        )
    print(
        f"profile page: {weight['transferred'] / 1024:.1f} KB over the network "
        f"({weight['uncompressed'] / 1024:.1f} KB uncompressed, {weight['requests']} requests)"
    )


if __name__ == "__main__":
    main()
