"""The store in memory (a local table's) reads back what the server's database reads back,
and refuses what it refuses: the same writes to both, the same answers."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from unoverse.server.memory import MemoryStore, RepeatedAction
from unoverse.server.records import ChatLine, Entry, GameStore
from unoverse.server.room import Room, Settings
from unoverse.server.store import Store


async def played(store: GameStore) -> dict[str, Any]:
    """A room's life on ``store``: two games (the first finished with a result, a stand-in
    in the second), their logs in two writes and a repeat refused, eleven chat lines; what
    the store then reads back."""
    room = Room("ABCD2345", Settings.make("classic", 3, "off", False, False))
    await store.save_room(room)
    first = await store.start_game(
        room.code, "classic", 3, 2**63 + 5, None, match=0, round=0, salt="s", commitment="c"
    )
    second = await store.start_game(
        room.code, "classic", 3, 7, 1, match=0, round=1, eliminated=(2,), salt="t"
    )
    entries = [
        Entry(1, "draw", 1.5, 1, 9),
        Entry(None, "timeout", 2.0, 2),
        Entry(2, "pass", 3.0, 3),
    ]
    await store.append_all(first, 0, entries[:2])
    await store.append_all(first, 2, entries[2:])
    refused: type[Exception] = IntegrityError if isinstance(store, Store) else RepeatedAction
    with pytest.raises(refused):
        await store.append_all(first, 1, [Entry(0, "pass", 4.0, 4)])
    await store.append_all(second, 0, [Entry(0, "R5", 9.25, 1, None, True)])
    result = {"winner": 1, "leftovers": (0, 12, 30), "out": None, "winners": None}
    await store.finish_game(first, result)
    result["winner"] = 2  # (what the store keeps is not the caller's dict)
    await store.stood_in(second)
    for i in range(11):
        await store.add_chat(room.code, ChatLine(i % 3, f"seat {i % 3}", f"line {i}", 100.0 + i))
    await store.end_room(room.code)
    return {
        "ids": (first, second),
        "games": await store.games(room.code),
        "other room": await store.games("ZZZZ2345"),
        "game": await store.game(second),
        "no game": await store.game(99),
        "logs": [await store.log(first), await store.log(second)],
        "chat": await store.chat(room.code, 4),
        "no chat": await store.chat(room.code, 0),
    }


def test_the_memory_store_reads_back_what_the_database_does(tmp_path: Path) -> None:
    async def both() -> tuple[dict[str, Any], dict[str, Any]]:
        database = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'unoverse.db'}")
        try:
            stored = await played(database)
        finally:
            await database.close()
        memory = MemoryStore()
        kept = await played(memory)
        await memory.close()
        return stored, kept

    stored, kept = asyncio.run(both())
    assert kept == stored
    assert kept["ids"] == (1, 2)
    assert kept["games"][0].result == {
        "winner": 1, "leftovers": [0, 12, 30], "out": None, "winners": None
    }  # fmt: skip
    assert [line.text for line in kept["chat"]] == ["line 7", "line 8", "line 9", "line 10"]
