"""A server killed with SIGKILL at random points of a running match and started again on the
same database: every action it acknowledged is in the game's log, every game in progress is
rebuilt from its seed and log, the clients resynchronise from their last version, and play
goes on. Against SQLite and against a real PostgreSQL."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import Callable
from pathlib import Path

import websockets

from unoverse.server.store import Store

from .players import QUICK, Client, Process, Server, Zygote, room

KILLS = 6


async def play_for(
    client: Client,
    seconds: float,
    acked: list[tuple[int, int, int, int]],
    enough: Callable[[Client], bool] = lambda _: False,
) -> None:
    """Play ``client``'s seat for ``seconds`` (or until its socket closes, or
    ``enough(client)``), recording every acknowledgement as (seat, seq, version, game)."""
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline and client.match_over is None and not enough(client):
            await client.drain()
            choice = client.choice()
            if choice is None:
                continue
            assert client.view is not None and client.game is not None
            client.acted_on, client.acted_in = client.view["version"], client.game
            game = client.game
            answer = await client.answer(await client.act(choice))
            if answer["type"] == "ack":
                assert client.seat is not None
                acked.append((client.seat, answer["seq"], answer["version"], game))
            elif answer["code"] in ("rate_limited", "unavailable"):  # again, a moment later
                client.acted_on = -1
                await asyncio.sleep(0.25)
    except (websockets.ConnectionClosed, OSError, TimeoutError):
        pass


def test_sigkill_at_random_points_loses_no_acknowledged_action(
    database: str, zygote: Zygote
) -> None:
    rng = random.Random(int(os.environ.get("UNOVERSE_TEST_SEED", "20")))
    acked: list[tuple[int, int, int, int]] = []
    args = ("--between-rounds", "0", "--grace", "30")
    proc, server = zygote.start(database, *args)
    code, joined = asyncio.run(
        room(
            server,
            "classic+target_score=1000000",  # (a match that lasts the test)
            4,
            {2: QUICK["normal"], 3: QUICK["easy"]},
            ["Ana", "Bo"],
        )
    )
    seqs = {seat: 0 for seat, _ in joined}
    last: dict[int, tuple[int | None, int | None]] = {seat: (None, None) for seat, _ in joined}

    async def session(
        server: Server, seconds: float, enough: Callable[[Client], bool] = lambda _: False
    ) -> list[Client]:
        async def one(seat: int, token: str) -> Client:
            version, game = last[seat]
            async with Client.connect(
                server, code, token, seat, last_version=version, game=game
            ) as client:
                client.seq = seqs[seat]  # a client numbers its messages on across sockets
                await play_for(client, seconds, acked, enough)
                seqs[seat] = client.seq
                if client.view is not None:
                    last[seat] = (client.view["version"], client.game)
                return client

        return list(await asyncio.gather(*(one(s, t) for s, t in joined)))

    kills = 0
    over = False
    try:
        while kills < KILLS and not over:
            # play, and kill the server at a random moment while the clients play
            async def run_and_kill(server: Server = server, proc: Process = proc) -> list[Client]:
                playing = asyncio.ensure_future(session(server, 30.0))
                await asyncio.sleep(rng.uniform(0.05, 0.6))
                proc.kill()
                return await playing

            played = asyncio.run(run_and_kill())
            proc.wait(10)
            kills += 1
            over = any(c.match_over is not None for c in played)
            proc, server = zygote.start(database, *args)
            # the clients come back with their last version: their views pick up from it
            clients = asyncio.run(session(server, 5.0, lambda c: c.view is not None))
            over = over or any(c.match_over is not None for c in clients)
            for client in clients:
                assert client.view is not None
                mine = [v for s, _, v, g in acked if s == client.seat and g == client.game]
                assert client.view["version"] >= max(mine, default=0)
        before = len(acked)
        # and play goes on
        clients = asyncio.run(session(server, 5.0, lambda _: len(acked) >= before + 10))
        assert len(acked) > before or any(c.match_over is not None for c in clients)
        assert kills >= 3
    finally:
        proc.kill()
        proc.wait(10)

    async def stored() -> set[tuple[int | None, int | None, int, int]]:
        store = await Store.open(database)
        try:
            out = set()
            for record in await store.games(code):
                out |= {(e.seat, e.seq, e.version, record.id) for e in await store.log(record.id)}
            return out
        finally:
            await store.close()

    log = asyncio.run(stored())
    assert len(acked) > 20
    missing = [a for a in acked if a not in log]
    assert missing == []  # every acknowledged action was stored before its ack


def test_a_round_stored_to_its_last_action_but_not_ended_is_ended_on_restart(
    tmp_path: Path,
) -> None:
    """A server stopped between storing a round's last action and recording its end: when it
    starts again, the round is scored and the next one dealt."""
    from unoverse.bots.base import make_bot
    from unoverse.core.setup import new_game
    from unoverse.server.hub import Hub
    from unoverse.server.room import Room, Settings
    from unoverse.server.store import Entry

    from .players import FAST

    url = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"
    preset, seed = "classic", 3

    async def main() -> None:
        store = await Store.open(url)
        room = Room("AAAAAA", Settings.make(preset, 2, "off"))
        _, token = room.join("Ana")
        room.add_bot(token, 1, "easy")
        room.start(token)
        await store.save_room(room)
        game = new_game(preset, 2, seed)
        gid = await store.start_game(room.code, preset, 2, seed, salt="ab", commitment="cd")
        bots = [make_bot("easy", seed, s) for s in range(2)]
        n = 0
        while not game.over:
            seat = game.acting_seats()[0]
            action = bots[seat].act(game.view(seat), game.legal_actions(seat))
            game.apply(seat, action, float(n))
            await store.append(gid, n, Entry(seat, str(action), float(n), game.version))
            n += 1
        await store.close()
        hub = await Hub.open(url, FAST)
        try:
            live = hub.rooms[room.code]
            (record,) = [g for g in await hub.store.games(room.code) if g.id == gid]
            assert record.finished and record.result is not None
            assert record.result["winner"] == game.winner
            assert live.scorer.scores[game.winner] > 0  # classic scores the round
        finally:
            await hub.close()

    asyncio.run(main())
