"""Several processes on one PostgreSQL database (``server.peers``), at the database itself:
a room has one owner; a process takes a room over only once its owner's lease has run out,
raising the room's fence; and the database refuses every write that carries a stale fence
(the log, a new game, the room's table, its chat), so a process paused past its lease
writes nothing once it wakes up. Against the real PostgreSQL and Redis of every machine of
this project: when they cannot be reached these tests fail, they never skip."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Awaitable, Callable, Iterator

import pytest
from sqlalchemy import text

from unoverse.server.lease import DatabaseInUse, Lease
from unoverse.server.peers import Peers
from unoverse.server.records import ChatLine, CodeTaken, LeaseLost
from unoverse.server.room import Room, Settings
from unoverse.server.store import Entry, Store

from .postgres import ASYNC, execute

REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def schema() -> Iterator[str]:
    """A new PostgreSQL schema, dropped afterwards."""
    name = "t_" + secrets.token_hex(6)
    execute(f"CREATE SCHEMA {name}")
    try:
        yield name
    finally:
        execute(f"DROP SCHEMA {name} CASCADE")


async def store_in(schema: str) -> Store:
    return await Store.open(ASYNC, connect_args={"server_settings": {"search_path": schema}})


def two(schema: str, body: Callable[[Peers, Peers], Awaitable[None]]) -> None:
    """``body`` with two processes' peers (each with its own store) on ``schema``."""

    async def main() -> None:
        a, b = await store_in(schema), await store_in(schema)
        pa = Peers(a, REDIS, "t" + secrets.token_hex(4), "http://a", lease_s=1.0)
        pb = Peers(b, REDIS, pa.name, "http://b", lease_s=1.0)
        try:
            await pa.join()
            await pb.join()
            await body(pa, pb)
        finally:
            for p in (pa, pb):
                await p.redis.aclose()
                await p.store.close()

    asyncio.run(main())


async def expire(peers: Peers) -> None:
    """``peers``' lease runs out (as if its process had been paused past it)."""
    async with peers.store.engine.begin() as conn:
        await conn.execute(
            text("UPDATE nodes SET expires = now() - interval '1 second' WHERE id = :id"),
            {"id": peers.id},
        )


def new_room(code: str) -> Room:
    room = Room(code, Settings.make("classic", 2, "off"))
    _, token = room.join("Ana")
    room.add_bot(token, 1, "easy")
    return room


def test_a_room_is_taken_over_only_once_its_owners_lease_has_run_out(schema: str) -> None:
    async def body(a: Peers, b: Peers) -> None:
        await a.store.insert_room(new_room("ROOM1"), a.id)
        assert await b.claim("ROOM1") is None  # its owner's lease holds
        assert await b.orphans() == []
        assert (await b.owner("ROOM1")).node == a.id  # type: ignore[union-attr]
        await expire(a)
        assert await b.orphans() == ["ROOM1"]
        assert await b.claim("ROOM1") == 2  # the fence rises with each takeover
        assert await a.claim("ROOM1") is None  # b's lease holds now
        assert await a.renew() == {}
        assert await b.renew() == {"ROOM1": 2}

    two(schema, body)


def test_the_database_refuses_every_write_with_a_stale_fence(schema: str) -> None:
    async def body(a: Peers, b: Peers) -> None:
        room = new_room("ROOM2")
        await a.store.insert_room(room, a.id)
        gid = await a.store.start_game("ROOM2", "classic", 2, 7)
        await a.store.append(gid, 0, Entry(0, "draw", 1.0, 1))
        await expire(a)
        assert await b.claim("ROOM2") == 2
        await b.store.games("ROOM2")  # b learns the room's games, as a takeover does
        # a wakes up and writes under its old fence: every write refused, nothing stored
        with pytest.raises(LeaseLost):
            await a.store.append(gid, 1, Entry(1, "draw", 2.0, 2))
        with pytest.raises(LeaseLost):
            await a.store.start_game("ROOM2", "classic", 2, 8)
        room.host = 1  # (a change: a save that changes nothing writes nothing)
        with pytest.raises(LeaseLost):
            await a.store.save_room(room)
        with pytest.raises(LeaseLost):
            await a.store.add_chat("ROOM2", ChatLine(0, "Ana", "hi", 1.0))
        with pytest.raises(LeaseLost):
            await a.store.finish_game(gid, {"winner": 0})
        # the new owner writes on where the log stopped
        await b.store.append(gid, 1, Entry(1, "draw", 3.0, 2))
        assert [e.at for e in await b.store.log(gid)] == [1.0, 3.0]
        assert len(await b.store.games("ROOM2")) == 1

    two(schema, body)


def test_a_new_rooms_code_is_unique_across_the_processes(schema: str) -> None:
    async def body(a: Peers, b: Peers) -> None:
        await a.store.insert_room(new_room("SAME"), a.id)
        with pytest.raises(CodeTaken):
            await b.store.insert_room(new_room("SAME"), b.id)
        assert "SAME" not in b.store.fences

    two(schema, body)


def test_a_set_and_a_server_alone_exclude_each_other(schema: str) -> None:
    async def main() -> None:
        a, b = await store_in(schema), await store_in(schema)
        try:
            shared = await Lease.take(a.engine, shared=True)
            also = await Lease.take(b.engine, shared=True)  # a second process of the set
            await also.release()
            with pytest.raises(DatabaseInUse, match="set of them"):
                await Lease.take(b.engine)
            await shared.release()
            alone = await Lease.take(b.engine)
            with pytest.raises(DatabaseInUse, match="a server alone"):
                await Lease.take(a.engine, shared=True)
            await alone.release()
        finally:
            await a.close()
            await b.close()

    asyncio.run(main())


def test_of_two_processes_claiming_a_room_at_once_one_takes_it(schema: str) -> None:
    """Claims race: each time the owner's lease runs out, both remaining processes claim the
    room at the same moment, and exactly one of them gets it, under a fence one higher."""

    async def body(a: Peers, b: Peers) -> None:
        await a.store.insert_room(new_room("RACE"), a.id)
        fence = 1
        for _ in range(20):
            owner = await a.owner("RACE", fresh=True)
            assert owner is not None
            holder, others = (a, [b]) if owner.node == a.id else (b, [a])
            await expire(holder)
            third = Peers(holder.store, REDIS, holder.name, "http://c", lease_s=1.0)
            await third.join()
            try:
                got = await asyncio.gather(*(p.claim("RACE") for p in [*others, third]))
            finally:
                await third.redis.aclose()
            assert sorted(g is not None for g in got) == [False, True], got
            fence += 1
            assert max(g for g in got if g is not None) == fence
            winner = next(p for p, g in zip([*others, third], got, strict=True) if g is not None)
            if winner is third:  # hand it back to a process with a store of its own
                await expire(third)
                assert await holder.claim("RACE") == fence + 1
                fence += 1
            await holder.renew()  # its lease again (the loser's is still running)

    two(schema, body)


def test_of_two_processes_claiming_many_rooms_at_once_each_room_goes_to_one(
    schema: str,
) -> None:
    """Claims in one transaction (``Peers.claims``, a dead owner's rooms taken over at
    once): two processes claim overlapping sets of a dead owner's rooms at the same moment;
    every room goes to exactly one of them, under a fence one higher, and a room a live
    owner holds goes to neither."""
    codes = [f"MANY{i}" for i in range(12)]

    async def body(a: Peers, b: Peers) -> None:
        for code in codes:
            await a.store.insert_room(new_room(code), a.id)
        await b.store.insert_room(new_room("HELD"), b.id)
        fences = dict.fromkeys(codes, 1)
        for turn in range(10):
            await expire(a)
            third = Peers(a.store, REDIS, a.name, "http://c", lease_s=1.0)
            await third.join()
            try:
                got_b, got_c = await asyncio.gather(
                    b.claims([*codes[: 8 + turn % 4], "HELD"]),
                    third.claims([*reversed(codes[turn % 5 :]), "HELD"]),
                )
            finally:
                await third.redis.aclose()
            assert got_b.pop("HELD") == 1  # b's own room, under its fence
            assert "HELD" not in got_c  # a live owner's
            assert not got_b.keys() & got_c.keys()
            for code, fence in {**got_b, **got_c}.items():
                fences[code] += 1
                assert fence == fences[code], (code, fence)
            # the rooms neither took (a deadlock let a claim go) are taken at the next try
            rest = [c for c in codes if c not in got_b and c not in got_c]
            again = await b.claims(rest)
            assert set(again) == set(rest)
            for code in rest:
                fences[code] += 1
            # every room back to a (as a process with a store of its own)
            await expire(b)
            await expire(third)
            back = await a.claims(codes)
            assert back == {c: fences[c] + 1 for c in codes}
            fences = back
            await b.renew()

    two(schema, body)


def test_a_route_written_back_by_a_late_heartbeat_is_forgotten_when_the_room_is_dropped(
    schema: str,
) -> None:
    """A process paused between renewing its lease and telling Redis its rooms writes back,
    on waking, the route of a room another process took over meanwhile; dropping the room
    forgets that route (only its own), and the room is found at its new owner again."""

    async def body(a: Peers, b: Peers) -> None:
        await a.store.insert_room(new_room("ROOM1"), a.id)
        await a.routed("ROOM1", None)
        await expire(a)
        assert await b.claim("ROOM1") == 2
        await b.routed("ROOM1", None)
        await a.heartbeat({"ROOM1": None})  # late: a still held the room when it renewed
        assert (await b.owner("ROOM1")).node == a.id  # type: ignore[union-attr]
        await b.unroute("ROOM1")  # (not b's route: left as it is)
        assert (await b.owner("ROOM1")).node == a.id  # type: ignore[union-attr]
        await a.unroute("ROOM1")
        owner = await b.owner("ROOM1")
        assert owner is not None and owner.node == b.id  # from the database now

    two(schema, body)
