"""Open game data (docs/accounts.md, "Open game data"): every finished game of a public
room, as JSON Lines, a page at a time in the order the games finished.

Each line is the game's file as ``unoverse replay`` checks it (``export``: the deal's
commitment with its seed and salt revealed, every action, the state-hash chain, the
winner), with three fields that the check does not need: the room's code, when the game
finished, and the players' names. A name follows its player's choice: an account that
chose to be shown is named, any other account is ``anonymous``, a guest is ``guest``
(nobody chose for them), and a bot is its spec. A private room's games are never in it,
nor a round cut short by its room's end (it has no winner to check).

The server reads the games a batch at a time (``BATCH``), by key, and writes each line as
it is made, so a page of any length holds no more than a batch in memory.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any, Final, overload

from fastapi import APIRouter, Query, Request
from fastapi.responses import StreamingResponse
from sqlalchemy import and_, select, tuple_

from .accounts import ANONYMOUS
from .export import export
from .protocol import ProtocolError
from .records import GameRecord
from .store import Store
from .tables import AccountRow, GameRow, RoomRow, SeatRow

#: Games read from the database at once.
BATCH: Final = 200
#: The most games one page gives.
MAX_PAGE: Final = 10_000
#: Where a cursor's time counts from, and the largest game number.
EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
MAX_GAME: Final = 2**31 - 1
#: What a guest is called in the open data.
GUEST: Final = "guest"
#: The media type of a page.
NDJSON: Final = "application/x-ndjson"


def cursor(finished_at: datetime, game: int) -> str:
    """Where the next page starts: after the game ``game``, finished at ``finished_at``
    (microseconds since the epoch): ``MICROS~GAME``."""
    micros = (finished_at - EPOCH) // timedelta(microseconds=1)
    return f"{micros}~{game}"


def _after(given: str) -> tuple[datetime, int]:
    micros, _, game = given.partition("~")
    return EPOCH + timedelta(microseconds=int(micros)), min(int(game), MAX_GAME)


async def lines(
    store: Store, since: datetime | None, until: datetime | None, after: str | None, limit: int
) -> AsyncIterator[str]:
    """The page's lines (see the module's docstring), then, if more games follow, a last
    line ``{"next": CURSOR}`` for the page after it (a page's last batch reads one game
    more than it sends, to know)."""
    public = RoomRow.settings["public"].as_boolean()
    where = [
        GameRow.finished.is_(True),
        GameRow.finished_at.is_not(None),
        GameRow.result["winner"].as_integer().is_not(None),
        public,
    ]
    if since is not None:
        where.append(GameRow.finished_at >= since)
    if until is not None:
        where.append(GameRow.finished_at < until)
    key = tuple_(GameRow.finished_at, GameRow.id)
    last = _after(after) if after else None
    sent = 0
    while True:
        want = limit - sent
        batch = where if last is None else [*where, key > tuple_(*last)]
        async with store.engine.connect() as conn:
            rows = (
                await conn.execute(
                    select(GameRow.id, GameRow.room, GameRow.finished_at)
                    .join(RoomRow, RoomRow.code == GameRow.room)
                    .where(and_(*batch))
                    .order_by(GameRow.finished_at, GameRow.id)
                    .limit(min(BATCH, want + 1))
                )
            ).all()
        more, rows = len(rows) > want, rows[:want]
        if rows:
            ids = [game for game, _, _ in rows]
            names = await _names(store, {room for _, room, _ in rows})
            records = {r.id: r for r in await store.games_of(ids)}
            logs = await store.logs(ids)
            for game, room, finished_at in rows:
                assert finished_at is not None
                finished_at = _utc(finished_at)
                yield _line(records[game], logs[game], room, finished_at, names[room])
                sent += 1
                last = (finished_at, game)
        if more:
            assert last is not None  # (a page is at least one game long)
            yield json.dumps({"next": cursor(*last)}) + "\n"
            return
        if len(rows) < BATCH:
            return


def _line(
    record: GameRecord, entries: list[Any], room: str, finished_at: datetime, names: list[str]
) -> str:
    data = export(record, entries)
    data["room"] = room
    data["finished_at"] = finished_at.astimezone(UTC).isoformat()
    data["names"] = names[: record.players]
    return json.dumps(data, separators=(",", ":")) + "\n"


async def _names(store: Store, rooms: set[str]) -> dict[str, list[str]]:
    """Each room's seats as the open data names them (see the module's docstring)."""
    async with store.engine.connect() as conn:
        rows = (
            await conn.execute(
                select(SeatRow.room, SeatRow.seat, SeatRow.bot, SeatRow.account, AccountRow.name,
                       AccountRow.shown)
                .outerjoin(AccountRow, AccountRow.id == SeatRow.account)
                .where(SeatRow.room.in_(sorted(rooms)))
                .order_by(SeatRow.room, SeatRow.seat)
            )
        ).all()  # fmt: skip
    out: dict[str, list[str]] = {room: [] for room in rooms}
    for room, _seat, bot, account, name, shown in rows:
        if bot is not None:
            out[room].append(f"bot {bot}")
        elif account is None:
            out[room].append(GUEST)
        else:
            out[room].append(name if shown else ANONYMOUS)
    return out


def open_data_routes(responses: Callable[..., dict[int | str, dict[str, Any]]]) -> APIRouter:
    """``GET /api/games/export`` (``responses``: the OpenAPI refusals of the given
    statuses)."""
    router = APIRouter()

    @router.get(
        "/api/games/export",
        summary="Every finished game of a public room, as JSON Lines, in the order they finished",
        response_class=StreamingResponse,
        responses={
            **responses(429),
            200: {"content": {NDJSON: {}}, "description": "one game file a line"},
        },
    )
    async def games_export(
        request: Request,
        since: Moment = None,
        until: Moment = None,
        after: Annotated[
            str | None,
            Query(
                min_length=3,
                max_length=30,
                pattern=r"^\d{1,16}~\d{1,10}$",
                description="the `next` the page before ended with",
            ),
        ] = None,
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE, description="games in the page")] = 1000,
    ) -> StreamingResponse:
        store: Store = request.app.state.hub.store
        start, end = _moment("since", since), _moment("until", until)
        return StreamingResponse(lines(store, start, end, after, limit), media_type=NDJSON)

    return router


#: A day of the calendar (a leap day in a leap year only) and, if given, its time and zone.
_DAY: Final = (
    r"(?:[1-9]\d{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])"
    r"|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))"
    r"|(?:[1-9]\d(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29)"
)
_TIME: Final = (
    r"(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?"
    r"(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?"
)
#: An instant in a query: an ISO 8601 date, or date and time (UTC unless it says).
Moment = Annotated[
    str | None,
    Query(
        max_length=40,
        pattern=f"^{_DAY}{_TIME}$",
        description="ISO 8601, e.g. 2026-12-01 or 2026-12-01T12:00:00Z",
    ),
]


def _moment(name: str, given: str | None) -> datetime | None:
    """A query's instant, or ``bad_message`` for a day no calendar has."""
    if given is None:
        return None
    try:
        return _utc(datetime.fromisoformat(given))
    except ValueError:
        raise ProtocolError("bad_message", f"{name}: no such instant, {given!r}") from None


@overload
def _utc(moment: datetime) -> datetime: ...
@overload
def _utc(moment: None) -> None: ...
def _utc(moment: datetime | None) -> datetime | None:
    """``moment`` in UTC (SQLite gives a stored instant back without its zone)."""
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
