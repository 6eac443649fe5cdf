"""After a round: the deal's commitment checks against the seed and salt revealed, the game
is served step by step in the spectator's view, and its export passes ``unoverse replay``
(a tampered one does not)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import httpx

import unoverse as uv
from unoverse.server.shuffle import verify

from .players import QUICK, Client, in_process, room


def test_a_round_reveals_its_deal_and_replays_step_by_step(tmp_path: Path) -> None:
    async def main() -> tuple[dict[str, object], dict[str, object]]:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            code, [(s0, t0)] = await room(
                server, "classic+scoring=none", 2, {1: QUICK["normal"]}, ["Ana"]
            )
            async with Client.connect(server, code, t0, s0) as ana:
                await ana.play_match()
            deal = next(f for f in ana.frames if f["type"] == "deal")
            over = next(f for f in ana.frames if f["type"] == "round_over")
            assert over["commitment"] == deal["commitment"] and over["game"] == deal["game"]
            assert verify(deal["commitment"], int(over["seed"]), over["salt"])
            assert not verify(deal["commitment"], int(over["seed"]) + 1, over["salt"])
            game = deal["game"]
            async with httpx.AsyncClient(base_url=server.base) as http:
                record = (await http.get(f"/api/rooms/{code}/games/{game}")).json()
                assert (record["seed"], record["salt"]) == (over["seed"], over["salt"])
                # its rules as a room lists them: the variant, the options off its defaults
                assert (record["variant"], record["options"]) == ("classic", {"scoring": "none"})
                steps = record["actions"]
                start = (await http.get(f"/api/rooms/{code}/games/{game}/steps/0")).json()
                end = (await http.get(f"/api/rooms/{code}/games/{game}/steps/{steps}")).json()
                beyond = await http.get(f"/api/rooms/{code}/games/{game}/steps/{steps + 1}")
                assert beyond.status_code == 404
                export = (await http.get(f"/api/rooms/{code}/games/{game}/export")).json()
            return start, end | {"export": export}

    start, end = asyncio.run(main())
    export = end.pop("export")
    assert isinstance(export, dict)
    first = uv.new_game("classic+scoring=none", 2, int(export["seed"]))
    assert start["view"] == json.loads(json.dumps(start["view"]))
    assert start["view"]["hand"] == []  # the spectator's view: no hand
    assert start["view"]["hand_sizes"] == [len(h) for h in first.hands]
    assert end["view"]["winner"] == export["winner"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    ok = subprocess.run(
        [sys.executable, "-m", "unoverse.cli", "replay", str(path)], capture_output=True, text=True
    )
    assert ok.returncode == 0 and ok.stdout.startswith("ok: the seed and salt match"), ok.stderr
    tampered = (
        ("seed", str(int(export["seed"]) + 1), "commitment"),
        ("winner", 1 - export["winner"], "winner"),
    )
    for field, value, why in tampered:
        path.write_text(json.dumps({**export, field: value}))
        bad = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "replay", str(path)],
            capture_output=True,
            text=True,
        )
        assert bad.returncode == 2 and bad.stderr.startswith("error:"), bad.stderr
        assert why in bad.stderr
