"""Absence and return: a second tab takes a seat over; a player who drops is held for the
grace window, then a labelled bot plays their seat until they come back; a reconnecting
client gets the events it missed and its view."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import websockets

from .players import QUICK, Client, Server, in_process, room


def run(tmp_path: Path, body: Any) -> None:
    async def main() -> None:
        async with in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server:
            await body(server)

    asyncio.run(main())


def test_a_second_tab_takes_the_seat_and_the_first_is_told_why(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(server, "classic", 2, {1: "easy"}, ["Ana"])
        async with Client.connect(server, code, t0, s0) as first:
            await first.until("update")
            async with Client.connect(server, code, t0, s0) as second:
                assert (await second.until("welcome"))["seat"] == s0
                assert (await first.until("bye"))["reason"] == "taken_over"
                await asyncio.sleep(0.05)
                try:
                    await first.recv(2)
                    raise AssertionError("the first tab's socket stays open")
                except websockets.ConnectionClosed:
                    pass
                update = await second.until("update")
                assert update["view"]["hand"]  # the seat's own view, in the new tab

    run(tmp_path, body)


def test_a_stand_in_plays_an_absent_seat_until_its_player_returns(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0), (s1, t1)] = await room(
            server, "classic", 3, {2: QUICK["easy"]}, ["Ana", "Bo"]
        )
        async with Client.connect(server, code, t1, s1) as bo:
            async with Client.connect(server, code, t0, s0) as ana:
                left_at = (await ana.until("update"))["version"]
            # Ana is away: her seat is held for the grace window (1 s here) while she has to
            # act, then a labelled bot plays it; Bo plays on
            seen_stand_in = False
            for _ in range(400):
                await bo.drain()
                presence = [f for f in bo.frames if f["type"] == "presence"]
                if presence and presence[-1]["seats"][s0]["stand_in"]:
                    seen_stand_in = True
                    break
                choice = bo.choice()
                if choice is not None:
                    await bo.answer(await bo.act(choice))
            assert seen_stand_in
            assert bo.view is not None
            game = bo.game
            async with httpx.AsyncClient(base_url=server.base) as http:
                record = (await http.get(f"/api/rooms/{code}/games/{game}")).json()
            assert record["stood_in"] is True and "seed" not in record  # hidden until over
            labelled = [s for s in presence[-1]["seats"] if s["stand_in"]]
            assert [s["name"] for s in labelled] == ["Ana"]
            # the bot plays for her: Bo sees seat 0's actions while she is away
            for _ in range(400):
                await bo.drain()
                acted = [
                    e for f in bo.frames if f["type"] == "update" and f["game"] == game
                    for e in f["events"] if e.get("seat") == s0 and e["kind"] in ("play", "draw")
                ]  # fmt: skip
                if acted:
                    break
                choice = bo.choice()
                if choice is not None:
                    await bo.answer(await bo.act(choice))
            assert acted
            version = bo.view["version"]
            # Ana comes back with the last version she saw: the events since, and her view
            async with Client.connect(
                server, code, t0, s0, last_version=left_at, game=game
            ) as back:
                welcome = await back.until("welcome")
                assert welcome["presence"][s0] == {
                    "kind": "player", "name": "Ana", "connected": True, "stand_in": False,
                    "grace": None,
                }  # fmt: skip
                update = await back.until("update")
                assert update["game"] == game and update["version"] >= version
                missed = [e for e in update["events"] if e.get("seat") == s0]
                assert missed  # what her stand-in did while she was away, among the rest
                assert update["view"]["seat"] == s0 and update["view"]["hand"]
                # the stand-in stopped the moment she returned: Bo is told
                await bo.drain()
                last = [f for f in bo.frames if f["type"] == "presence"][-1]
                assert last["seats"][s0]["stand_in"] is False
                assert last["seats"][s0]["connected"] is True

    run(tmp_path, body)


def test_a_client_that_saw_everything_gets_no_events_again(tmp_path: Path) -> None:
    async def body(server: Server) -> None:
        code, [(s0, t0)] = await room(server, "classic", 2, {1: "easy"}, ["Ana"])
        async with Client.connect(server, code, t0, s0) as ana:
            update = await ana.until("update")
        game, version = update["game"], update["view"]["version"]
        async with Client.connect(server, code, t0, s0, last_version=version, game=game) as ana:
            again = await ana.until("update")
        assert again["events"] == [] and again["view"]["version"] == version

    run(tmp_path, body)
