"""Where the server keeps rooms, games and every accepted action: SQLite (a file in WAL mode,
the default) or PostgreSQL, through SQLAlchemy's async engine.

``append`` commits an accepted action before it returns, so the server acknowledges an
action only once it is stored: after a crash, each game in progress is rebuilt from its seed
and its log (``games_in_progress``, ``log``). ``Store.open`` brings the schema up to date
with the migrations (``server/migrations``, Alembic) first. What it stores, and the
interface a room writes through, are ``records``' (a local table keeps them in memory
instead: ``memory``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Iterable
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from sqlalchemy import ColumnElement, Connection, delete, event, insert, select, text, update
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import (
    AsyncConnection,
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

from .ranking import RatedRound
from .ratings import bot_accounts, rate
from .records import DEFAULT_URL, ChatLine, CodeTaken, Entry, GameRecord, LeaseLost
from .room import Room, Seat, Settings
from .tables import ActionRow, ChatRow, GameRow, NodeRow, RoomLeaseRow, RoomRow, SeatRow

MIGRATIONS: Final = Path(__file__).with_name("migrations")
#: A stored action's columns, in the order of ``Entry``'s fields.
_ENTRY: Final = (
    ActionRow.seat,
    ActionRow.action,
    ActionRow.at,
    ActionRow.version,
    ActionRow.seq,
    ActionRow.stand_in,
)
#: The error the database's fence trigger raises (migration 0004).
STALE_FENCE: Final = "UL001"
#: Connections a store keeps to a server database (PostgreSQL), at most.
POOL: Final = 15


class Store:
    """The server's database (see the module's docstring): a ``records.GameStore``."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._sessions = async_sessionmaker(engine, expire_on_commit=False)
        #: appends waiting for the next group commit, and the task writing them
        self._queued: list[tuple[list[dict[str, Any]], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        #: room -> the fence this process holds it under, for a set of processes sharing
        #: the database (``peers``); every write of such a room carries it
        self.fences: dict[str, int] = {}
        #: game -> its room, for the games this process writes
        self._room_of: dict[int, str] = {}
        #: each bot level's rated account (``ratings.bot_accounts``), made as the store opens
        self.bot_accounts: dict[str, int] = {}

    @classmethod
    async def open(cls, url: str = DEFAULT_URL, **engine_args: Any) -> Store:
        """A store on ``url`` (``sqlite+aiosqlite:///path`` or ``postgresql+asyncpg://...``),
        its schema migrated to the latest revision."""
        if url.startswith("sqlite") and not engine_args:
            # one connection: SQLite has one writer at a time, and a second connection
            # waiting for the lock sleeps in steps of up to 100 ms; queued on one
            # connection, the writes wait only for each other
            engine_args = {"pool_size": 1, "max_overflow": 0}
        elif not url.startswith("sqlite"):
            # up to 15 connections, each kept once opened: a pool that opened connections
            # past its size and closed them again would pay a server process's start for
            # each (SQLAlchemy's default, 5 kept and 10 more), when a burst of clients
            # comes back after a failover and every room is looked up at once
            engine_args = {"pool_size": POOL, "max_overflow": 0, **engine_args}
        engine = create_async_engine(url, **engine_args)
        if engine.dialect.name == "sqlite":
            event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        store = cls(engine)
        await store.migrate()
        async with store._sessions.begin() as s:
            store.bot_accounts = await bot_accounts(s)
        return store

    async def migrate(self) -> None:
        """Run every migration not yet applied (Alembic's ``upgrade head``)."""
        async with self.engine.begin() as conn:
            await conn.run_sync(_upgrade)

    async def close(self) -> None:
        """Close every connection."""
        await self.engine.dispose()

    # -- rooms -----------------------------------------------------------------------------
    async def save_room(self, room: Room) -> None:
        """Store a room as it is now: its settings, host, state and seats."""
        async with self._write([room.code]) as s:
            await s.merge(
                RoomRow(
                    code=room.code,
                    settings=asdict(room.settings),
                    host=room.host,
                    started=room.started,
                )
            )
            for row in _seat_rows(room):
                await s.merge(row)

    async def insert_room(self, room: Room, node: str | None = None) -> None:
        """Store a new room with its seats, owned by process ``node`` (under fence 1) if
        given, or ``CodeTaken`` (nothing stored)."""
        try:
            async with self._sessions.begin() as s:
                if node is not None:
                    self.fences[room.code] = 1
                    await self._fence(s, [room.code])
                s.add(
                    RoomRow(
                        code=room.code,
                        settings=asdict(room.settings),
                        host=room.host,
                        started=room.started,
                        ended=False,
                    )
                )
                if node is not None:
                    s.add(RoomLeaseRow(room=room.code, node=node, fence=1))
                await s.flush()  # the code's uniqueness first: the seats refer to it
                s.add_all(_seat_rows(room))
        except IntegrityError as exc:
            self.fences.pop(room.code, None)
            raise CodeTaken(room.code) from exc

    async def forget_owners(self) -> None:
        """Forget which process owned each room (a server alone on the database, holding
        its lease: a set that used it before has gone, and its rooms are this server's)."""
        async with self._sessions.begin() as s:
            await s.execute(delete(RoomLeaseRow))
            await s.execute(delete(NodeRow))

    async def rooms(self, codes: Iterable[str] | None = None) -> list[Room]:
        """Every stored room that has not ended (of ``codes``, if given), as it was last
        saved. (Read as plain rows, the rooms once and the seats once: a restart with 10,000
        rooms reads 50,000 rows.)"""
        open_rooms: ColumnElement[bool] = RoomRow.ended.is_(False)
        if codes is not None:
            open_rooms = open_rooms & RoomRow.code.in_(list(codes))
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(RoomRow.code, RoomRow.settings, RoomRow.host, RoomRow.started)
                .where(open_rooms)
                .order_by(RoomRow.code)
            )
            seats = await conn.execute(
                select(SeatRow.room, SeatRow.name, SeatRow.bot, SeatRow.token, SeatRow.account)
                .join(RoomRow, RoomRow.code == SeatRow.room)
                .where(open_rooms)
                .order_by(SeatRow.room, SeatRow.seat)
            )
            room_rows, seat_rows = rows.all(), seats.all()
        by_room: dict[str, list[Seat]] = {}
        for room_code, name, bot, token, account in seat_rows:  # one pass for every room
            by_room.setdefault(room_code, []).append(Seat(name, bot, token, account))
        out = []
        for code, given, host, started in room_rows:
            room = _room(code, given, host, started)
            room.seats = by_room.get(code, [])
            out.append(room)
        return out

    async def ended_room(self, code: str) -> Room | None:
        """The ended room ``code`` as it was last saved, or None (no such room, or one not
        ended)."""
        async with self.engine.connect() as conn:
            row = (
                await conn.execute(
                    select(RoomRow.settings, RoomRow.host, RoomRow.started).where(
                        RoomRow.code == code, RoomRow.ended.is_(True)
                    )
                )
            ).first()
            if row is None:
                return None
            seats = await conn.execute(
                select(SeatRow.name, SeatRow.bot, SeatRow.token, SeatRow.account)
                .where(SeatRow.room == code)
                .order_by(SeatRow.seat)
            )
            seat_rows = seats.all()
        given, host, started = row
        room = _room(code, given, host, started)
        room.seats = [Seat(*row) for row in seat_rows]
        return room

    async def end_room(self, code: str) -> None:
        """Mark the room ``code`` ended: kept with its games, never taken up again (and
        owned by no process)."""
        async with self._write([code]) as s:
            await s.execute(update(RoomRow).where(RoomRow.code == code).values(ended=True))
            await s.execute(delete(RoomLeaseRow).where(RoomLeaseRow.room == code))
        self.fences.pop(code, None)

    async def set_turns(self, room: str, waiting: list[int], deadline: float | None) -> None:
        """A turn-based room now waits for the moves of the seats ``waiting``, the first of
        them timing out at ``deadline`` (ms): what each player's list of games reads."""
        async with self._write([room]) as s:
            await s.execute(
                update(RoomRow)
                .where(RoomRow.code == room)
                .values(waiting=waiting, deadline=deadline)
            )

    # -- games -----------------------------------------------------------------------------
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
        """Record a new game of ``room`` (its deal's commitment with it), dealt at
        ``dealt_at`` (ms): its id."""
        async with self._write([room]) as s:
            row = GameRow(
                room=room,
                preset=preset,
                players=players,
                seed=str(seed),
                dealer=dealer,
                match=match,
                round=round,
                eliminated=list(eliminated),
                salt=salt,
                commitment=commitment,
                stood_in=False,
                finished=False,
                dealt_at=dealt_at,
            )
            s.add(row)
            await s.flush()
        self._room_of[row.id] = room
        return row.id

    async def append(self, game: int, n: int, entry: Entry) -> None:
        """Store the ``n``-th accepted action of ``game`` (from 0), committed on return. The
        same ``n`` twice is refused by the database (``IntegrityError``): a log has no gaps
        and no repeats."""
        await self.append_all(game, n, [entry])

    async def append_all(self, game: int, first: int, entries: list[Entry]) -> None:
        """Store ``entries`` as the actions ``first``, ``first + 1``... of ``game``, all of
        them or none, committed on return.

        Appends that arrive while a commit is under way are written together in the next
        one (a group commit): one transaction, and one sync to disk, for every room that
        had an action to store, instead of one each. An append the database refuses (a
        repeated ``n``) fails alone: the others of its group are written without it."""
        rows = [
            {
                "game": game,
                "n": first + i,
                "seat": e.seat,
                "action": e.action,
                "at": e.at,
                "version": e.version,
                "seq": e.seq,
                "stand_in": e.stand_in,
            }
            for i, e in enumerate(entries)
        ]
        done = asyncio.get_running_loop().create_future()
        self._queued.append((rows, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_queued())
        await done

    async def _write_queued(self) -> None:
        while self._queued:
            group, self._queued = self._queued, []
            try:
                async with self.engine.begin() as conn:
                    await self._fence(conn, {r["game"] for rows, _ in group for r in rows})
                    await conn.execute(insert(ActionRow), [r for rows, _ in group for r in rows])
            except Exception:
                await self._write_each(group)
            else:
                for _, done in group:
                    if not done.done():
                        done.set_result(None)

    async def _write_each(
        self, group: list[tuple[list[dict[str, Any]], asyncio.Future[None]]]
    ) -> None:
        """A group the database refused, appended one by one: each gets its own answer."""
        for rows, done in group:
            try:
                async with self.engine.begin() as conn:
                    await self._fence(conn, {r["game"] for r in rows})
                    await conn.execute(insert(ActionRow), rows)
            except Exception as exc:
                if not done.done():
                    done.set_exception(_lost(exc))
            else:
                if not done.done():
                    done.set_result(None)

    async def stood_in(self, game: int) -> None:
        """Mark ``game`` as one where a labelled bot played for an absent player."""
        async with self._write(games=[game]) as s:
            row = await s.get_one(GameRow, game)
            row.stood_in = True

    async def finish_game(
        self, game: int, result: dict[str, object], rated: RatedRound | None = None
    ) -> None:
        """Mark ``game`` over, with its result, and rate it (``ratings``) in the same
        transaction: under the room's fence, so only its owner rates it, once."""
        async with self._write(games=[game]) as s:
            row = await s.get_one(GameRow, game)
            if rated is not None and not row.finished:  # (a round is rated once)
                await rate(s, game, rated, self.bot_accounts)
            row.finished = True
            row.result = result
            row.finished_at = datetime.now(UTC)

    async def games_in_progress(self) -> list[GameRecord]:
        """The games not finished, oldest first: the ones a restarted server rebuilds."""
        return await self._games(GameRow.finished.is_(False))

    async def games(self, room: str) -> list[GameRecord]:
        """Every game of ``room``, oldest first."""
        return await self._games(GameRow.room == room)

    async def game(self, game: int) -> GameRecord | None:
        """The game ``game``, or None."""
        found = await self._games(GameRow.id == game)
        return found[0] if found else None

    async def _games(self, where: Any) -> list[GameRecord]:
        async with self._sessions() as s:
            rows = (await s.scalars(select(GameRow).where(where).order_by(GameRow.id))).all()
        if self.fences:
            self._room_of.update((r.id, r.room) for r in rows if r.room in self.fences)
        return [
            GameRecord(
                r.id,
                r.room,
                r.preset,
                r.players,
                int(r.seed),
                r.dealer,
                r.match,
                r.round,
                tuple(r.eliminated),
                r.salt,
                r.commitment,
                r.stood_in,
                r.finished,
                r.result,
                r.dealt_at,
            )
            for r in rows
        ]

    async def log(self, game: int) -> list[Entry]:
        """Every stored action of ``game``, in order."""
        return (await self.logs([game]))[game]

    async def logs(self, games: list[int]) -> dict[int, list[Entry]]:
        """Every stored action of each game of ``games``, in order (one query: plain rows,
        what a thousand games' export reads)."""
        out: dict[int, list[Entry]] = {game: [] for game in games}
        async with self.engine.connect() as conn:
            rows = await conn.execute(
                select(ActionRow.game, *_ENTRY)
                .where(ActionRow.game.in_(games))
                .order_by(ActionRow.game, ActionRow.n)
            )
            for game, seat, action, at, version, seq, stand_in in rows:
                out[game].append(Entry(seat, action, at, version, seq, stand_in))
        return out

    async def games_of(self, games: list[int]) -> list[GameRecord]:
        """The games ``games`` (those that exist), in order of their numbers."""
        return await self._games(GameRow.id.in_(games))

    # -- chat ------------------------------------------------------------------------------
    async def add_chat(self, room: str, line: ChatLine) -> None:
        """Store a chat line of ``room``, committed on return."""
        async with self._write([room]) as s:
            s.add(ChatRow(room=room, seat=line.seat, name=line.name, text=line.text, at=line.at))

    async def chat(self, room: str, last: int = 100) -> list[ChatLine]:
        """The ``last`` chat lines of ``room``, oldest first."""
        async with self._sessions() as s:
            query = select(ChatRow).where(ChatRow.room == room).order_by(ChatRow.id.desc())
            rows = (await s.scalars(query.limit(last))).all()
        return [ChatLine(r.seat, r.name, r.text, r.at) for r in reversed(rows)]

    # -- the fence every write of a room carries (``peers``) -----------------------------------
    @contextlib.asynccontextmanager
    async def _write(
        self, rooms: Iterable[str] = (), games: Iterable[int] = ()
    ) -> AsyncIterator[AsyncSession]:
        """A transaction writing ``rooms`` (or the rooms of ``games``), committed on exit,
        carrying their fences; ``LeaseLost`` if the database refuses a fence."""
        try:
            async with self._sessions.begin() as s:
                await self._fence(s, [*rooms, *(self._room_of.get(g, "") for g in games)])
                yield s
        except DBAPIError as exc:
            raise _lost(exc) from exc

    async def _fence(self, target: AsyncConnection | AsyncSession, written: Iterable[Any]) -> None:
        """Tell the database's fence trigger, for this transaction, the fences of the rooms
        ``written`` (codes, or game ids) that this process holds (none: nothing to say)."""
        if not self.fences:
            return
        fences = {}
        for key in written:
            room = self._room_of.get(key, "") if isinstance(key, int) else key
            if room in self.fences:
                fences[room] = self.fences[room]
        if fences:
            await target.execute(
                text("SELECT set_config('unoverse.fences', :fences, true)"),
                {"fences": json.dumps(fences)},
            )


def _lost(exc: BaseException) -> BaseException:
    """``LeaseLost`` for the database's refusal of a stale fence; any other error as is."""
    if isinstance(exc, DBAPIError) and getattr(exc.orig, "sqlstate", None) == STALE_FENCE:
        return LeaseLost(str(exc.orig).splitlines()[0][:300])
    return exc


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    """SQLite in WAL mode (readers do not block the writer), with foreign keys enforced and
    every commit synced to disk."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


def _upgrade(connection: Connection) -> None:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


def _room(code: str, given: dict[str, Any], host: int | None, started: bool) -> Room:
    """A stored room without its seats; its settings are checked again, as when the room
    was created."""
    settings = Settings.make(
        given["preset"],
        given["seats"],
        given["timer"],
        given["public"],
        given["spectators"],
        given.get("bot_speed", "normal"),  # (rooms stored before it had one)
        given.get("rated", False),
    )
    room = Room(code, settings)
    room.host, room.started = host, started
    return room


def _seat_rows(room: Room) -> list[SeatRow]:
    """A room's seats as rows, in seat order (a new room's, or a room saved again)."""
    return [
        SeatRow(room=room.code, seat=i, name=x.name, bot=x.bot, token=x.token, account=x.account)
        for i, x in enumerate(room.seats)
    ]
