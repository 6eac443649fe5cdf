"""Turn-based tables (docs/accounts.md, "Turn-based tables"): a move a day, nobody standing
in for a player away, each player's list of the tables waiting for their move, the same
across a restart with its deadline, and a room that does not end while its players are
away for less than a month."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from server.players import Client, bearer, in_process
from server.signed_in import browser, browsers, sign_up


def test_a_turn_based_table_waits_for_its_player_across_a_restart(tmp_path: Path) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"

    async def main() -> None:
        async with in_process(database) as server, browsers(server, "Ana", "Bo") as (ana, bo):
            made = await ana.post("/api/rooms", json={"seats": 2, "timer": "day"})
            assert made.status_code == 201, made.text
            code, seat, token = (made.json()[k] for k in ("room", "seat", "token"))
            assert (await bo.post(f"/api/rooms/{code}/join", json={})).status_code == 201
            listing = (await ana.get(f"/api/rooms/{code}")).json()
            assert listing["turn_based"] is True and listing["timer"] == "day"
            started = await ana.post(f"/api/rooms/{code}/start", headers=bearer(token))
            assert started.status_code == 200
            async with Client.connect(server, code, token, seat) as client:
                first = await client.until("update")
            window = first["view"]["windows"][0]["seat"]
            assert first["deadline"] is not None
            # everyone away past the grace a quick table would give: nobody stands in
            await asyncio.sleep(server.app.state.hub.config.grace_s + 1.0)
            room = (await ana.get(f"/api/rooms/{code}")).json()
            assert [p["stand_in"] for p in room["presence"]] == [False, False]
            assert [p["grace"] for p in room["presence"]] == [None, None]
            lists = [(await who.get("/api/me/games")).json() for who in (ana, bo)]
            mover = lists[window]  # Ana took seat 0, Bo seat 1
            assert mover["your_turn"] == 1
            assert mover["games"][0]["room"] == code
            assert mover["games"][0]["deadline"] == first["deadline"]
            other = lists[1 - window]
            assert other["your_turn"] == 0 and other["games"][0]["deadline"] is None
            cookies = (dict(ana.cookies), dict(bo.cookies))
            # left alone longer than a quick table may be: it stays
            hub = server.app.state.hub
            assert await hub.sweep(time.monotonic() + hub.limits.abandoned_s + 60) == []
        # the server restarted: the same wait, the same deadline
        async with in_process(database) as server, browser(server) as ana:
            ana.cookies.update(cookies[window])
            again = (await ana.get("/api/me/games")).json()
            assert again["your_turn"] == 1
            assert again["games"][0]["deadline"] == first["deadline"]
            async with Client.connect(server, code, token, seat) as client:
                view = await client.until("update")
            assert view["deadline"] == first["deadline"]
            hub = server.app.state.hub
            month = hub.limits.turn_based_idle_s
            assert await hub.sweep(time.monotonic() + month + 60) == [code]

    asyncio.run(main())


def test_the_list_of_games_is_its_own_accounts(tmp_path: Path) -> None:
    async def main() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana", None) as (ana, guest),
        ):
            made = await ana.post("/api/rooms", json={"seats": 2, "timer": "hour"})
            assert made.status_code == 201
            assert len((await ana.get("/api/me/games")).json()["games"]) == 1
            refused = await guest.get("/api/me/games")
            assert (refused.status_code, refused.json()["code"]) == (401, "unauthorised")

    asyncio.run(main())


def test_a_signed_in_player_takes_their_seat_up_on_another_device(tmp_path: Path) -> None:
    async def main() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana", None) as (phone, laptop),
        ):
            made = (await phone.post("/api/rooms", json={"seats": 2, "timer": "day"})).json()
            code, old_token = made["room"], made["token"]
            signed = await laptop.post(
                "/api/session", json={"name": "Ana", "password": "correct horse battery"}
            )
            laptop.headers["X-CSRF-Token"] = signed.json()["csrf"]
            taken = await laptop.post(f"/api/rooms/{code}/reclaim")
            assert taken.status_code == 200, taken.text
            assert taken.json()["seat"] == made["seat"] and taken.json()["token"] != old_token
            # the token the phone had is void; the laptop's holds the seat
            left = await phone.post(f"/api/rooms/{code}/leave", headers=bearer(old_token))
            assert (left.status_code, left.json()["code"]) == (401, "unauthorised")
            async with Client.connect(server, code, taken.json()["token"], made["seat"]) as c:
                assert (await c.until("welcome"))["seat"] == made["seat"]
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browser(server) as guest,
            browser(server) as bo,
        ):
            refused = await guest.post(f"/api/rooms/{code}/reclaim")
            assert (refused.status_code, refused.json()["code"]) == (401, "unauthorised")
            await sign_up(bo, "Bo")
            other = await bo.post(f"/api/rooms/{code}/reclaim")  # Bo holds no seat there
            assert (other.status_code, other.json()["code"]) == (401, "unauthorised")

    asyncio.run(main())
