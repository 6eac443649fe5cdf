"""A ``GameStore`` in memory: for a hub whose rooms nobody takes up again once its process
ends, the terminal game's table on this machine (``tui/local.py``).

It reads back what the server's database reads back (``store.Store``: a game's record, its
log in order, its result as JSON keeps it, the last chat lines) and refuses what the
database refuses (an action number already stored), with none of the database's cost: no
SQLAlchemy or Alembic to import, no schema to migrate, no file to sync. It keeps no rows of
the rooms themselves: the database keeps those for a restarted server (``Hub.open``) and
for the links of ended rooms, and here the hub's own rooms are all there is.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .records import ChatLine, CodeTaken, Entry, GameRecord

if TYPE_CHECKING:
    from .ranking import RatedRound
    from .room import Room


class RepeatedAction(Exception):
    """An action number of a game stored already (the database refuses it with its
    integrity error): a log has no repeats."""


class MemoryStore:
    """The games, logs and chat of a hub's rooms, in memory (see the module's docstring)."""

    def __init__(self) -> None:
        self._games: dict[int, GameRecord] = {}
        #: game -> action number -> the action (the numbers as given: as the database, it
        #: refuses a repeat, not a gap)
        self._logs: dict[int, dict[int, Entry]] = {}
        self._chat: dict[str, list[ChatLine]] = {}
        self._codes: set[str] = set()

    async def close(self) -> None:
        """Nothing to let go of."""

    async def insert_room(self, room: Room, node: str | None = None) -> None:
        """Only the code, so that no two rooms have it (``CodeTaken``)."""
        if room.code in self._codes:
            raise CodeTaken(room.code)
        self._codes.add(room.code)

    async def save_room(self, room: Room) -> None:
        """Nothing to keep: the hub holds its rooms (see the module's docstring)."""

    async def end_room(self, code: str) -> None:
        """Nothing to mark: an ended room is never read back here."""

    async def start_game(
        self,
        room: str,
        preset: str,
        players: int,
        seed: int,
        dealer: int | None = None,
        *,
        match: int = 0,
        round: int = 0,
        eliminated: tuple[int, ...] = (),
        salt: str = "",
        commitment: str = "",
        dealt_at: float | None = None,
    ) -> int:
        """Record a new game of ``room``: its id, from 1 as the database numbers them."""
        game = len(self._games) + 1
        self._games[game] = GameRecord(
            game, room, preset, players, seed, dealer, match, round, tuple(eliminated), salt,
            commitment, dealt_at=dealt_at,
        )  # fmt: skip
        self._logs[game] = {}
        return game

    async def append_all(self, game: int, first: int, entries: list[Entry]) -> None:
        """Keep ``entries`` as the actions ``first``, ``first + 1``... of ``game``: all of
        them, or none and ``RepeatedAction`` if one of those numbers is stored already."""
        log = self._logs[game]
        numbers = range(first, first + len(entries))
        stored = [n for n in numbers if n in log]
        if stored:
            raise RepeatedAction(f"game {game}: action {stored[0]} is stored already")
        log.update(zip(numbers, entries, strict=True))

    async def stood_in(self, game: int) -> None:
        """Mark ``game`` as one where a labelled bot played for an absent player."""
        self._games[game] = replace(self._games[game], stood_in=True)

    async def finish_game(
        self, game: int, result: dict[str, object], rated: RatedRound | None = None
    ) -> None:
        """Mark ``game`` over, with its result as the database's JSON column reads it back
        (lists for tuples, a copy the caller's changes do not reach). (A local table has no
        accounts: nothing is rated.)"""
        assert rated is None, "a local table is never rated"
        kept: dict[str, Any] = json.loads(json.dumps(result))
        self._games[game] = replace(self._games[game], finished=True, result=kept)

    async def set_turns(self, room: str, waiting: list[int], deadline: float | None) -> None:
        """(A local table is never turn-based: nobody lists its turns.)"""

    async def games(self, room: str) -> list[GameRecord]:
        """Every game of ``room``, oldest first."""
        return [g for g in self._games.values() if g.room == room]

    async def game(self, game: int) -> GameRecord | None:
        """The game ``game``, or None."""
        return self._games.get(game)

    async def log(self, game: int) -> list[Entry]:
        """Every stored action of ``game``, in order."""
        log = self._logs.get(game, {})
        return [log[n] for n in sorted(log)]

    async def add_chat(self, room: str, line: ChatLine) -> None:
        """Keep a chat line of ``room``."""
        self._chat.setdefault(room, []).append(line)

    async def chat(self, room: str, last: int = 100) -> list[ChatLine]:
        """The ``last`` chat lines of ``room``, oldest first."""
        lines = self._chat.get(room, [])
        return lines[max(0, len(lines) - last) :]
