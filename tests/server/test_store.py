"""The server's storage against SQLite and a real PostgreSQL (127.0.0.1:5432, database
``test``, as on every machine of this project): the migrations build the schema the tables
declare, rooms come back as saved, a game's log comes back in order without gaps or
repeats, and a game rebuilt from its seed and log is the game that was played.

PostgreSQL is used for real: when it cannot be reached these tests fail, they never skip.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, text
from sqlalchemy.engine import Result, ScalarResult
from sqlalchemy.exc import IntegrityError

import unoverse as uv
from unoverse.bots.base import make_bot
from unoverse.server.room import Room, Settings
from unoverse.server.store import Entry, Store
from unoverse.server.tables import Base

from .postgres import ASYNC, execute


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """A database URL and engine arguments: a new SQLite file, or a new PostgreSQL schema
    (dropped afterwards) so that parallel tests do not meet."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'unoverse.db'}", {}
        return
    schema = "t_" + secrets.token_hex(6)
    execute(f"CREATE SCHEMA {schema}")
    args = {"connect_args": {"server_settings": {"search_path": schema}}}
    try:
        yield ASYNC, args
    finally:
        execute(f"DROP SCHEMA {schema} CASCADE")


def with_store(url: tuple[str, dict[str, Any]], body: Callable[[Store], Awaitable[None]]) -> None:
    async def main() -> None:
        store = await Store.open(url[0], **url[1])
        try:
            await body(store)
        finally:
            await store.close()

    asyncio.run(main())


def test_the_migrations_build_the_schema_the_tables_declare(
    url: tuple[str, dict[str, Any]],
) -> None:
    def differences(conn: Connection) -> list[Any]:
        return list(compare_metadata(MigrationContext.configure(conn), Base.metadata))

    async def body(store: Store) -> None:
        async with store.engine.connect() as conn:
            assert await conn.run_sync(differences) == []
        await store.migrate()  # a second time: nothing to do, nothing lost
        async with store.engine.connect() as conn:
            version = (await conn.execute(text("SELECT version_num FROM alembic_version"))).all()
        assert version == [("0009",)]

    with_store(url, body)


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    async def body(store: Store) -> None:
        async with store.engine.connect() as conn:
            mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
            keys = (await conn.execute(text("PRAGMA foreign_keys"))).scalar()
        assert (mode, keys) == ("wal", 1)

    with_store((f"sqlite+aiosqlite:///{tmp_path / 'u.db'}", {}), body)


def test_a_room_comes_back_as_saved(url: tuple[str, dict[str, Any]]) -> None:
    room = Room("K7QPZ2", Settings.make("attack+attack.launcher=bernoulli", 4, "fast", True))
    _, host = room.join("<b>Ana</b>")
    room.join("Bo")
    room.add_bot(host, 3, "hard")

    async def body(store: Store) -> None:
        await store.save_room(room)
        room.hand_host(host, 1)  # saved again: the rows are updated, not added
        await store.save_room(room)
        (back,) = await store.rooms()
        assert back.settings == room.settings
        assert (back.code, back.host, back.started) == ("K7QPZ2", 1, False)
        assert back.seats == room.seats
        assert [s.kind for s in back.seats] == ["player", "player", "open", "bot"]
        assert back.seat_of(host) == 0  # the token still opens its seat

    with_store(url, body)


def test_rooms_come_back_in_one_pass_over_the_seats(
    url: tuple[str, dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restart reads every stored room: its seats are matched to their rooms in one pass,
    not one scan of every seat per room (which made a restart grow with the square of the
    rooms: 90 s for 5,000 rooms; benchmarks/bench_hostile.py times 10,000)."""
    rooms = [Room(f"R{i:05d}", Settings.make("classic", 3)) for i in range(40)]
    for i, room in enumerate(rooms):
        room.join(f"p{i}")
    scans = [0]

    class Counted(list[Any]):
        def __iter__(self) -> Iterator[Any]:
            scans[0] += 1
            return super().__iter__()

    def counted(all_rows: Callable[[Any], list[Any]]) -> Callable[[Any], list[Any]]:
        return lambda self: Counted(all_rows(self))

    async def body(store: Store) -> None:
        for room in rooms:
            await store.save_room(room)
        for kind in (Result, ScalarResult):  # rows read as tuples or as objects
            monkeypatch.setattr(kind, "all", counted(kind.all))
        back = await store.rooms()
        assert [r.code for r in back] == [r.code for r in rooms]
        assert [r.seats for r in back] == [r.seats for r in rooms]
        assert scans[0] <= 2  # the rooms' rows once, the seats' rows once

    with_store(url, body)


def test_a_log_comes_back_in_order_and_refuses_a_repeat(url: tuple[str, dict[str, Any]]) -> None:
    async def body(store: Store) -> None:
        await store.save_room(Room("AAAAAA", Settings.make("classic", 2)))
        seed = 2**70 + 3  # any integer the engine takes
        game = await store.start_game("AAAAAA", "classic", 2, seed)
        entries = [Entry(0, "R5", 10.0, 1), Entry(None, "timeout", 30010.5, 2)]
        for n, e in enumerate(entries):
            await store.append(game, n, e)
        with pytest.raises(IntegrityError):
            await store.append(game, 1, Entry(1, "draw", 30020.0, 3))
        assert await store.log(game) == entries
        (record,) = await store.games_in_progress()
        assert (record.id, record.seed, record.players) == (game, seed, 2)
        await store.finish_game(game, {"winner": 0})
        assert await store.games_in_progress() == []

    with_store(url, body)


def test_a_game_rebuilt_from_its_seed_and_log_is_the_game_played(
    url: tuple[str, dict[str, Any]],
) -> None:
    preset, players, seed = "classic+jump_in+stacking=progressive", 3, 11
    played = uv.new_game(preset, players, seed)
    bots = [make_bot("easy", seed, s) for s in range(players)]

    async def body(store: Store) -> None:
        await store.save_room(Room("BBBBBB", Settings.make(preset, players)))
        game = await store.start_game("BBBBBB", preset, players, seed)
        n = 0
        while not played.over and n < 40:  # stopped mid-game, as a crash would
            seat = played.acting_seats()[0]
            action = bots[seat].act(played.view(seat), played.legal_actions(seat))
            played.apply(seat, action)
            await store.append(game, n, Entry(seat, str(action), float(n), played.version))
            n += 1
        (record,) = await store.games_in_progress()
        rebuilt = uv.new_game(record.preset, record.players, record.seed)
        for entry in await store.log(record.id):
            rebuilt.apply(entry.seat, entry.action)
            assert rebuilt.version == entry.version
        assert uv.to_json(rebuilt) == uv.to_json(played)

    with_store(url, body)
