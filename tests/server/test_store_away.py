"""The database away for a while: an action the server could not store is refused with a
typed error (``unavailable``), never acknowledged; the room takes nothing in until it is
rebuilt from the store, and the same message sent again once the store is back is played
and acknowledged, once."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from unoverse.server.store import Store

from .players import Client, in_process, room


def test_an_action_the_store_cannot_keep_is_refused_and_played_when_sent_again(
    tmp_path: Path,
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'u.db'}"

    async def main() -> None:
        async with in_process(database) as server:
            code, [(seat, token)] = await room(server, "classic", 2, {1: "easy"}, ["Ana"])
            hub = server.app.state.hub
            store: Store = hub.store
            away = True
            original = store.append_all
            reads = store.games

            async def failing(*args: Any, **kwargs: Any) -> None:
                if away:
                    raise ConnectionError("the database is away")
                await original(*args, **kwargs)

            async def failing_reads(*args: Any, **kwargs: Any) -> Any:
                if away:
                    raise ConnectionError("the database is away")
                return await reads(*args, **kwargs)

            async with Client.connect(server, code, token, seat) as client:
                while client.choice() is None:  # our turn
                    await client.recv()
                action = client.choice()
                assert action is not None
                version = client.view["version"]  # type: ignore[index]
                store.append_all, store.games = failing, failing_reads  # type: ignore[method-assign]
                seq = await client.act(action)
                refused = await client.answer(seq)
                assert refused["type"] == "error" and refused["code"] == "unavailable"
                assert refused["reason"] == "reason.unavailable"
                live = hub.rooms[code]
                assert live.stale  # the store could not rebuild it either
                again = await client.act(action, version, seq)  # still away: refused again
                del client.answers[seq]
                assert (await client.answer(again))["code"] == "unavailable"
                away = False
                del client.answers[seq]
                await client.act(action, version, seq)
                accepted = await client.answer(seq)
                assert accepted["type"] == "ack", accepted
                assert not live.stale
                gid = live.record.id
            log = await store.log(gid)
            assert [(e.seat, e.seq) for e in log].count((seat, seq)) == 1

    asyncio.run(main())
