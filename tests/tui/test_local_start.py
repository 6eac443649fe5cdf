"""A table on this machine starts without the server's database or network libraries: its
room keeps its games in memory (``server.memory``), and only ``--connect`` needs HTTP and
websockets. (How long the start takes is measured by ``benchmarks/bench_start.py``.)"""

from __future__ import annotations

import json
import subprocess
import sys

#: What a local game has no use for: the database's libraries, the web server's, the
#: network clients'.
UNUSED = ("sqlalchemy", "alembic", "aiosqlite", "asyncpg", "fastapi", "uvicorn", "httpx",
          "websockets")  # fmt: skip

#: In a fresh interpreter: what ``unoverse play`` loads, then a local table opened and
#: dealt, and closed; prints the frames' types and the unused libraries that were loaded.
CHILD = f"""
import asyncio, json, sys
import unoverse.cli.app
from unoverse.tui.app import PlayApp
from unoverse.tui.launch import local

async def main():
    frames = []
    link = local("classic", 3, "normal", "Ana", "off", 1)
    await link.open(frames.append)
    await link.close()
    return [f["type"] for f in frames]

kinds = asyncio.run(main())
print(json.dumps([kinds, [m for m in {UNUSED!r} if m in sys.modules]]))
"""


def test_a_local_table_deals_without_the_database_or_the_network() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    kinds, loaded = json.loads(done.stdout)
    assert "deal" in kinds and "update" in kinds
    assert loaded == []
