"""Ratings (docs/accounts.md, "Ratings" and "Profiles"): a rated room's rounds move its
players' ratings, bots' levels included, once per round; profiles and leaderboards say so,
and a profile shows a private room's games to its own account only."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.players import Client, Server, bearer, in_process
from server.signed_in import browsers
from unoverse.server.ranking import RatedRound, ranks
from unoverse.server.ratings import shown


def test_a_round_ranks_its_winner_then_the_fewest_points() -> None:
    assert ranks(2, [10, 0, 0, 10], [0, 1, 2, 3]) == {2: 1, 1: 2, 0: 3, 3: 3}
    assert ranks(0, [0, 5, 7], [0, 2]) == {0: 1, 2: 2}  # seat 1 eliminated: not ranked
    assert shown(25.0, 25.0 / 3) == 1000


async def rated_room(
    server: Server, http: httpx.AsyncClient, bots: dict[str, str], **kw: Any
) -> tuple[str, int, str]:
    made = await http.post(
        "/api/rooms",
        json={
            "preset": "classic+scoring=none",
            "seats": 1 + len(bots),
            "rated": True,
            "bots": bots,
            **kw,
        },
    )
    assert made.status_code == 201, made.text
    code, seat, token = (made.json()[k] for k in ("room", "seat", "token"))
    return code, seat, token


async def play(server: Server, code: str, seat: int, token: str) -> None:
    async with httpx.AsyncClient(base_url=server.base) as http:
        assert (
            await http.post(f"/api/rooms/{code}/start", headers=bearer(token))
        ).status_code == 200
    async with Client.connect(server, code, token, seat) as me:
        await me.play_match()


def test_a_rated_round_moves_every_players_rating_once(database: str) -> None:
    async def main() -> None:
        async with (
            in_process(database) as server,
            browsers(server, "Ana", None) as (ana, other),
        ):
            # two bots of one level: one account in two seats
            code, seat, token = await rated_room(
                server, ana, {"1": "normal", "2": "normal", "3": "easy"}
            )
            await play(server, code, seat, token)
            mine = (await ana.get("/api/players/Ana")).json()
            assert mine["played"] == 1
            [classic] = mine["ratings"]
            assert classic["variant"] == "classic" and classic["games"] == 1
            assert classic["wins"] == mine["won"]
            assert len(classic["history"]) == 1
            assert classic["history"][0]["rating"] == classic["rating"] != 1000
            assert [g["room"] for g in mine["games"]] == [code]  # its own: private too
            assert mine["games"][0]["rated"] is True
            seen = (await other.get("/api/players/ana")).json()
            assert seen["games"] == []  # a private room's games: not to others
            assert seen["ratings"] == mine["ratings"]
            normal = (await other.get("/api/players/unoverse-normal")).json()
            assert normal["kind"] == "bot" and normal["ratings"][0]["games"] == 1
            board = (await other.get("/api/leaderboard/classic")).json()["players"]
            assert sorted(p["name"] for p in board) == [
                "Ana", "unoverse-easy", "unoverse-normal"
            ]  # fmt: skip
            assert [p["rank"] for p in board] == [1, 2, 3]
            assert [p["rating"] for p in board] == sorted(
                (p["rating"] for p in board), reverse=True
            )
            # the round's end again (a retry, a takeover): nothing moves twice
            store = server.app.state.hub.store
            [game] = await store.games(code)
            await store.finish_game(game.id, game.result, RatedRound("classic", ((1, 1),)))
            again = (await ana.get("/api/players/Ana")).json()
            assert again["ratings"] == mine["ratings"]
            # a public room's games are everyone's to see and replay
            code, seat, token = await rated_room(server, ana, {"1": "easy"}, public=True)
            await play(server, code, seat, token)
            seen = (await other.get("/api/players/Ana")).json()
            assert [g["room"] for g in seen["games"]] == [code]
            step = await other.get(f"/api/rooms/{code}/games/{seen['games'][0]['game']}/steps/0")
            assert step.status_code == 200
            assert seen["ratings"][0]["games"] == 2
            assert (await other.get("/api/players/nobody")).json()["code"] == "not_found"
            unknown = await other.get("/api/leaderboard/nonesuch")
            assert unknown.status_code == 422

    asyncio.run(main())


@pytest.mark.parametrize("spec", ["ismcts:iterations=10", "naive"])
def test_a_rated_room_seats_bots_by_level_only(tmp_path: Path, spec: str) -> None:
    async def main() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana") as (ana,),
        ):
            made = await ana.post(
                "/api/rooms", json={"seats": 2, "rated": True, "bots": {"1": spec}}
            )
            assert (made.status_code, made.json()["code"]) == (422, "bad_message")

    asyncio.run(main())
