"""Bot accounts (docs/protocol.md, "Bots"): a player makes one and gets its API key; a host
invites it to a seat by name; its program (``unoverse bot``'s ``serve``) takes the seat up
with the key and plays the round over the same protocol as a person."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from server.players import Client, bearer, in_process
from server.signed_in import browsers
from unoverse.bots.base import Bot
from unoverse.cli.bot_program import bot_maker, serve
from unoverse.core.actions import Action
from unoverse.core.view import View


class FirstLegal(Bot):
    """A researcher's own bot: the first legal action, always."""

    name = "first_legal"

    def act(self, view: View, legal: Sequence[Action]) -> Action | None:
        return legal[0] if legal else None


def test_a_bot_account_plays_a_round_against_a_person(tmp_path: Path) -> None:
    async def main() -> None:
        async with (
            in_process(f"sqlite+aiosqlite:///{tmp_path / 'u.db'}") as server,
            browsers(server, "Ana", None) as (ana, stranger),
        ):
            made = await ana.post("/api/me/bots", json={"name": "Robo"})
            assert made.status_code == 201, made.text
            key = made.json()["key"]
            assert key.startswith("unoverse_bot_")
            assert (await ana.get("/api/me/bots")).json() == {"bots": ["Robo"]}
            # a new key voids the old one
            fresh = (await ana.post("/api/me/bots/Robo/key")).json()["key"]
            old = await stranger.get("/api/me/games", headers={"Authorization": f"Bearer {key}"})
            assert (old.status_code, old.json()["code"]) == (401, "unauthorised")
            key = fresh
            as_bot = {"Authorization": f"Bearer {key}"}
            # the key plays; it manages nothing
            refused = await stranger.post("/api/me/bots", json={"name": "Robo2"}, headers=as_bot)
            assert (refused.status_code, refused.json()["code"]) == (401, "unauthorised")
            # a room, the bot account invited to seat 1 by name
            room = await ana.post(
                "/api/rooms", json={"preset": "classic+scoring=none", "seats": 2, "rated": True}
            )
            code, seat, token = (room.json()[k] for k in ("room", "seat", "token"))
            invited = await ana.post(
                f"/api/rooms/{code}/bots",
                json={"seat": 1, "account": "Robo"},
                headers=bearer(token),
            )
            assert invited.status_code == 200, invited.text
            nobody = await ana.post(
                f"/api/rooms/{code}/bots", json={"seat": 1, "account": "Nobody"},
                headers=bearer(token),
            )  # fmt: skip
            assert nobody.json()["code"] == "not_found"
            seats = (await stranger.get(f"/api/rooms/{code}")).json()["seats"]
            assert seats == [{"kind": "player", "name": "Ana"}, {"kind": "player", "name": "Robo"}]
            assert (
                await ana.post(f"/api/rooms/{code}/start", headers=bearer(token))
            ).status_code == 200
            program = asyncio.create_task(
                serve(
                    server.base,
                    key,
                    bot_maker("tests.server.test_bot_api:FirstLegal", 0),
                    once=True,
                )
            )
            async with Client.connect(server, code, token, seat) as person:
                over = await person.play_match(timeout=120)
            assert over["winners"]
            assert await asyncio.wait_for(program, 60) == 1
            store = server.app.state.hub.store
            [game] = await store.games(code)
            robo = [e for e in await store.log(game.id) if e.seat == 1]
            assert robo and not all(e.stand_in for e in robo)  # the program played its seat
            profile = (await stranger.get("/api/players/Robo")).json()
            assert profile["kind"] == "bot" and profile["ratings"][0]["games"] == 1

    asyncio.run(main())


def test_unoverse_bot_refuses_a_bad_spec_or_key(tmp_path: Path) -> None:
    for args, said in (
        (["--bot", "no_such_bot"], "no_such_bot"),
        (["--bot", "json:Nothing"], "json:Nothing"),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "unoverse.cli", "bot", "--connect", "http://127.0.0.1:9",
             "--key", "unoverse_bot_x", *args],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 2 and done.stderr.startswith("error:"), done.stderr
        assert said in done.stderr
