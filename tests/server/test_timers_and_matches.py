"""The turn timer (the deadline in every view, the referee's timeout when it passes), a match
played again at the same table, the public room list, and the server's JSON log lines."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from unoverse.server.logs import JsonLines

from .players import FAST, QUICK, Client, bearer, in_process, room
from .test_races import Stopped


def test_a_turn_timer_puts_the_deadline_in_views_and_times_the_window_out(
    tmp_path: Path,
) -> None:
    clock = Stopped()
    config = replace(FAST, clock=clock, grace_s=3600.0)

    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}", config) as server:
            code, [(s0, t0), _] = await room(server, "classic", 2, {}, ["Ana", "Bo"], timer="fast")
            async with Client.connect(server, code, t0, s0) as a:
                first = await a.until("update")
                assert first["deadline"] == clock.ms + 15_000  # 15 s: the fast timer
                window = first["view"]["windows"][0]
                holder = window["seat"]
                clock.ms += 15_001
                async with Client.connect(server, code, None, None) as watcher:  # wakes it
                    await watcher.until("update")
                    # the turn's timeout draws a card; when that card plays, the seat's window
                    # to play it times out at the same instant (U-C-18: a timed-out turn costs
                    # one deadline), a second action, in the same update or the next
                    # (a Wild turned up to start: its colour times out, one action)
                    updates = [await a.until("update")]
                    while window["kind"] == "turn" and (
                        updates[-1]["view"]["windows"][0]["seat"] == holder
                    ):
                        assert len(updates) < 2, updates
                        updates.append(await a.until("update"))
            timed_out = updates[-1]
            events = [e for u in updates for e in u["events"]]
            timeouts = [e["seat"] for e in events if e["kind"] == "timeout"]
            assert timeouts in ([holder], [holder, holder])
            assert timed_out["version"] in (first["version"] + 1, first["version"] + 2)
            if window["kind"] == "color":  # the same seat's turn follows, with its deadline
                assert timed_out["view"]["windows"][0] == {"kind": "turn", "seat": holder}
            else:
                assert timed_out["view"]["windows"][0]["seat"] != holder
            assert timed_out["deadline"] == first["deadline"] + 15_000  # from the timeout

    asyncio.run(main())


def test_the_host_plays_again_at_the_same_table(tmp_path: Path) -> None:
    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            code, [(s0, t0)] = await room(
                server, "classic+scoring=none", 2, {1: QUICK["easy"]}, ["Ana"], public=True
            )
            async with httpx.AsyncClient(base_url=server.base) as http:
                listed = (await http.get("/api/rooms")).json()["rooms"]
                assert [r["code"] for r in listed] == [code]
                assert listed[0]["options"] == {"scoring": "none"}
                async with Client.connect(server, code, t0, s0) as ana:
                    await ana.play_match()
                    assert (await http.get(f"/api/rooms/{code}")).json()["match_over"] is True
                    r = await http.post(f"/api/rooms/{code}/again", headers=bearer(t0))
                    assert r.status_code == 200
                    lobby = await ana.until("lobby")
                    assert lobby["room"]["started"] is False
                    assert [s["kind"] for s in lobby["room"]["seats"]] == ["player", "bot"]
                    r = await http.post(f"/api/rooms/{code}/start", headers=bearer(t0))
                    assert r.status_code == 200
                    deal = await ana.until("deal")
                    assert (deal["match"], deal["round"]) == (1, 0)
                    assert (await ana.until("update"))["game"] == deal["game"]

    asyncio.run(main())


def test_log_lines_are_json_with_their_fields(caplog: pytest.LogCaptureFixture) -> None:
    record = logging.makeLogRecord(
        {"name": "unoverse.server", "levelname": "INFO", "msg": "deal", "room": "K7QPZ2"}
    )
    line = json.loads(JsonLines().format(record))
    assert (line["event"], line["room"], line["level"]) == ("deal", "K7QPZ2", "info")
    assert line["time"].endswith("Z")
