"""Open game data (docs/accounts.md, "Open game data"): ``GET /api/games/export`` gives every
finished game of a public room as JSON Lines, a page at a time in the order they
finished, each line a game file ``unoverse replay`` checks, names as each account chose;
``unoverse export`` writes it as JSON Lines or Parquet."""

from __future__ import annotations

import asyncio
import itertools
import json
import subprocess
import sys
import threading
import unittest.mock
from pathlib import Path
from typing import Any

import httpx
import pyarrow.parquet as pq
import pytest

from server.players import Client, Server, bearer, in_process
from server.signed_in import browsers
from unoverse.server import open_data


async def a_played_room(
    server: Server, http: httpx.AsyncClient, public: bool, name: str | None = None
) -> str:
    """A room of one round between its host (signed in with ``http``, or the guest
    ``name``) and a bot, played to its end: its code."""
    body: dict[str, Any] = {
        "preset": "classic+scoring=none",
        "seats": 2,
        "bots": {"1": "easy"},
        "public": public,
    }
    if name is not None:
        body["name"] = name
    made = (await http.post("/api/rooms", json=body)).json()
    code, seat, token = made["room"], made["seat"], made["token"]
    assert (await http.post(f"/api/rooms/{code}/start", headers=bearer(token))).status_code == 200
    async with Client.connect(server, code, token, seat) as client:
        await client.play_match()
    return code


def lines(answer: httpx.Response) -> list[dict[str, Any]]:
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return [json.loads(line) for line in answer.text.splitlines()]


def replayed(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unoverse.cli", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_public_games_are_open_data_with_names_as_each_account_chose(tmp_path: Path) -> None:
    async def main() -> tuple[list[str], list[dict[str, Any]]]:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana", "Bo", None) as (ana, bo, guest),
        ):
            assert (await bo.patch("/api/me", json={"shown": False})).json()["shown"] is False
            codes = [
                await a_played_room(server, ana, public=True),
                await a_played_room(server, bo, public=True),
                await a_played_room(server, ana, public=False),  # never exported
                await a_played_room(server, guest, public=True, name="Zed"),
            ]
            every = lines(await guest.get("/api/games/export"))
            # a page at a time: each ends with where the next begins, the last with nothing,
            # whether a page is read from the database in one batch or in several
            for batch, size in itertools.product((2, open_data.BATCH), (1, 2, 3)):
                paged: list[dict[str, Any]] = []
                pages = 0
                after = None
                while True:
                    params: dict[str, Any] = {"limit": size}
                    if after:
                        params["after"] = after
                    with unittest.mock.patch.object(open_data, "BATCH", batch):
                        page = lines(await guest.get("/api/games/export", params=params))
                    pages += 1
                    after = page.pop()["next"] if "next" in page[-1] else None
                    paged += page
                    if after is None:
                        break
                assert [g["game"] for g in paged] == [g["game"] for g in every]
                assert pages == -(-len(every) // size)  # no empty page after an exact fit
            later = lines(
                await guest.get("/api/games/export", params={"since": every[1]["finished_at"]})
            )
            assert [g["game"] for g in later] == [g["game"] for g in every[1:]]
            for bad in ({"limit": 0}, {"limit": 10_001}, {"after": "yesterday"}, {"since": "x"}):
                refused = await guest.get("/api/games/export", params=bad)
                assert (refused.status_code, refused.json()["code"]) == (422, "bad_message")
            return codes, every

    codes, every = asyncio.run(main())
    assert [g["room"] for g in every] == [codes[0], codes[1], codes[3]]
    assert [g["names"] for g in every] == [
        ["Ana", "bot easy"],
        ["anonymous", "bot easy"],
        ["guest", "bot easy"],
    ]
    assert [g["finished_at"] for g in every] == sorted(g["finished_at"] for g in every)
    # each line is a game file unoverse replay checks, alone or all together
    for i, game in enumerate(every):
        one = tmp_path / f"game{i}.json"
        one.write_text(json.dumps(game))
        done = replayed(one)
        assert done.returncode == 0, done.stderr
    together = tmp_path / "games.jsonl"
    together.write_text("".join(json.dumps(g) + "\n" for g in every))
    done = replayed(together)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok: 3 games;")
    # a changed move in one game of the file: refused, and which line says so
    broken = [dict(g) for g in every]
    broken[1]["actions"] = broken[1]["actions"][:-1]
    together.write_text("".join(json.dumps(g) + "\n" for g in broken))
    done = replayed(together)
    assert done.returncode == 2 and "line 2" in done.stderr


@pytest.mark.parametrize("suffix", [".jsonl", ".parquet"])
def test_unoverse_export_writes_the_open_data(tmp_path: Path, suffix: str) -> None:
    ready = threading.Event()
    stop = threading.Event()
    base: list[str] = []

    async def serve() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana") as (ana,),
        ):
            for _ in range(3):
                await a_played_room(server, ana, public=True)
            base.append(server.base)
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    thread = threading.Thread(target=lambda: asyncio.run(serve()))
    thread.start()
    try:
        assert ready.wait(120)
        out = tmp_path / f"games{suffix}"
        done = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "export", "--connect", base[0],
             "--out", str(out), "--page", "2"],
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stderr.strip() == f"3 games written to {out}"
        if suffix == ".parquet":
            table = pq.read_table(out)
            assert table.num_rows == 3
            assert table.column("names").to_pylist() == [["Ana", "bot easy"]] * 3
            files = table.column("file").to_pylist()
            out = tmp_path / "from-parquet.jsonl"
            out.write_text("".join(f + "\n" for f in files))
        checked = replayed(out)
        assert checked.returncode == 0, checked.stderr
        bad = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "export", "--connect", base[0],
             "--out", str(tmp_path / "games.txt")],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert bad.returncode == 2 and bad.stderr.startswith("error: --out: a .jsonl or .parquet")
    finally:
        stop.set()
        thread.join(60)
