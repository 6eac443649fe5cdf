"""Whole matches through the protocol: two test clients and two bots at a 4-seat table of
every variant, in this process and against ``unoverse serve`` in a subprocess."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from unoverse.variants import VARIANTS

from .players import QUICK, Client, Server, in_process, room, start_subprocess

#: Every variant (its modes too), each match short: a low target where rounds are scored.
PRESETS = [
    "classic+target_score=100",
    "classic+jump_in+stacking=progressive+seven_zero+target_score=100",
    "minecraft",
    "attack+target_score=100",
    "full_spectrum",
    "blast",
    "blast+mode=blast",
    "flip+target_score=100",
    "no_mercy+scoring=winner_takes+target_score=300",
]


def test_the_presets_cover_every_variant() -> None:
    assert {p.split("+")[0] for p in PRESETS} == {v.name for v in VARIANTS}


async def a_match(server: Server, preset: str) -> None:
    bots = {2: QUICK["normal"], 3: QUICK["easy"]}
    code, joined = await room(server, preset, 4, bots, ["Ana", "Bo"])
    (s0, t0), (s1, t1) = joined
    async with (
        Client.connect(server, code, t0, s0) as a,
        Client.connect(server, code, t1, s1) as b,
        Client.connect(server, code, None, None) as watcher,
    ):
        over_a, over_b = await asyncio.gather(a.play_match(), b.play_match())
        await watcher.drain()
    assert over_a == over_b
    assert over_a["winners"] and set(over_a["winners"]) <= {0, 1, 2, 3}
    for client in (a, b, watcher):
        kinds = [f["type"] for f in client.frames]
        assert kinds[0] == "welcome" and "deal" in kinds and "round_over" in kinds
        rounds = [f for f in client.frames if f["type"] == "round_over"]
        assert all(f["winner"] in range(4) for f in rounds)
    # every acknowledged action is in a finished game's log
    acked = [f for f in a.frames + b.frames if f["type"] == "ack"]
    assert acked


@pytest.mark.parametrize("preset", PRESETS)
def test_a_match_of_every_variant_in_process(preset: str, tmp_path: Path) -> None:
    async def main() -> None:
        database = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"
        # the clients play at machine speed: a person's flood limit is not what this checks
        async with in_process(database, flood_limit=False) as server:
            await a_match(server, preset)

    asyncio.run(main())


def test_a_match_against_a_server_in_a_subprocess(tmp_path: Path) -> None:
    proc, server = start_subprocess(
        f"sqlite+aiosqlite:///{tmp_path / 'u.db'}", "--between-rounds", "0"
    )
    try:
        asyncio.run(a_match(server, "classic+target_score=100"))
    finally:
        proc.terminate()
        proc.wait(10)
