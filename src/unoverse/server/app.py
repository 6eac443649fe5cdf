"""The server's HTTP API and its websocket (FastAPI; docs/protocol.md, the OpenAPI page at
``/docs``).

The browser client (``unoverse.web``) is served at ``/`` with its files under ``/static``.
The HTTP API manages rooms (create, list, join, leave, the host's powers, start, play again)
and serves finished games step by step and as files ``unoverse replay`` checks. A room is
played over the websocket ``/ws``: a ``hello``, then actions and chat, each answered once.
A request's seat token travels as ``Authorization: Bearer <token>``.

Every refusal is a typed error that changed nothing: ``{"code": ..., "message": ...}``
with a status that fits (400 unreadable, 401 unauthorised, 404 not found, 409 room full or
not ready, 413 too large, 429 over a client's limit, 503 over the server's, 422 anything
else); the OpenAPI document lists each one an endpoint can give. Requests are read strictly:
a number is a JSON number, a flag ``true`` or ``false``, and the schema states every limit.

A room's code is its only key: nothing answers an outsider with a private room, its code or
its games (a game is asked for under its room's code), and an address that asks for too
many unknown codes is slowed down (``quotas``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any, Final, Literal

from fastapi import Depends, FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect

from .. import __version__
from ..core.errors import UnoverseError
from ..core.registry import variants
from ..web import STATIC
from . import protocol as p
from .account_api import Members, Viewer, account_routes
from .accounts import Accounts
from .export import export
from .hub import Hub
from .live import DEFAULTS, Config, Live
from .open_data import open_data_routes
from .profile_api import profile_routes
from .profiles import open_seats
from .quotas import LIMITS, Limits
from .records import DEFAULT_URL, Entry, GameRecord, LeaseLost
from .relay import HOP, Relay, RelayRooms, pipe
from .results import results
from .room import MAX_NAME, Settings, rules_of
from .serving import BodyLimit, Gate
from .sessions import Session, Sessions
from .store import Store
from .wire import events_for, seat_view

log = logging.getLogger("unoverse.server")

#: Frames a slow client may have waiting before it is disconnected.
MAX_QUEUED: Final = 1000
#: Seconds a new socket has to say ``hello``.
HELLO_WITHIN: Final = 10.0
_STATUS: Final = {
    "unauthorised": 401,
    "forbidden": 403,
    "not_found": 404,
    "name_taken": 409,
    "room_full": 409,
    "not_ready": 409,
    "too_large": 413,
    "rate_limited": 429,
    "too_many": 429,
    "server_full": 503,
    "unavailable": 503,
}
#: The largest id of a stored game (a 32-bit signed integer, as both databases store it).
MAX_GAME: Final = 2**31 - 1
#: A preset as the HTTP API takes it: a variant, then ``+name`` or ``+name=value`` options.
PRESET: Final = r"^[a-z0-9_]+(\+[a-z0-9_.]+(=[A-Za-z0-9_.:,\-]+)?)*$"
_bearer = HTTPBearer(auto_error=False, description="the seat token joining gave")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


# -- requests and answers --------------------------------------------------------------
class Strict(BaseModel):
    """A request body: exactly its fields, each of its JSON type (no ``"4"`` for 4)."""

    model_config = ConfigDict(strict=True, extra="forbid")


def _whole(value: object) -> object:
    """A JSON number with no fraction (``5.0``, which JSON Schema counts an integer) as an
    int; anything else as it came, for the strict check to refuse text."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME, pattern=r"\S")]
SeatNumber = Annotated[int, BeforeValidator(_whole), Field(ge=0, le=9)]
#: A seat as a JSON object's key: its digit.
SeatKey = Annotated[int, Field(strict=False, ge=0, le=9)]
BotSpec = Annotated[str, Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9_:=,.\-]+$")]


class NewRoom(Strict):
    """A room to create, and its host."""

    name: Name | None = Field(
        None, description="the host's name, 1-24 characters (signed in: the account's)"
    )
    preset: str = Field(
        "classic",
        description="variant and options, e.g. classic+stacking=progressive+target_score=300",
        max_length=1000,
        pattern=PRESET,
    )
    seats: Annotated[int, BeforeValidator(_whole)] = Field(
        4, ge=2, le=10, description="2 to 10 seats (the variant may allow fewer)"
    )
    timer: Literal["off", "relaxed", "normal", "fast", "hour", "day", "three_days"] = Field(
        "normal",
        description="off, relaxed (60 s), normal (30 s), fast (15 s); turn-based: hour, day, "
        "three_days (a move each)",
    )
    bot_speed: Literal["relaxed", "normal", "fast"] = Field(
        "normal",
        description="the bots' human pace: relaxed (x1.5 their times), normal, fast (x0.6)",
    )
    public: bool = Field(False, description="listed in the public room list")
    rated: bool = Field(False, description="each round changes the ratings; signed-in players only")
    spectators: bool = Field(True, description="whether spectators may watch")
    bots: dict[SeatKey, BotSpec] = Field(
        default_factory=dict,
        max_length=9,
        description="seat -> bot: a level (easy, normal, hard) or any bot spec",
        json_schema_extra={"propertyNames": {"pattern": "^[0-9]$"}},
    )


class Join(Strict):
    """A player taking a seat."""

    name: Name | None = Field(
        None, description="1-24 characters, unique in the room (signed in: the account's)"
    )
    seat: SeatNumber | None = Field(None, description="the seat wanted (default: the first open)")


class SeatChoice(Strict):
    """A seat the host acts on."""

    seat: SeatNumber


class AddBot(Strict):
    """A bot the host seats: one of the server's (``spec``), or a bot account by its name
    (``account``), whose program plays it with its API key."""

    seat: SeatNumber
    spec: BotSpec = Field("normal", description="easy, normal, hard, or any bot spec")
    account: str | None = Field(
        None, min_length=1, max_length=64, description="a bot account's name, instead of spec"
    )


class Joined(BaseModel):
    """A seat taken: keep the token, it is the only key to the seat."""

    room: str
    seat: int
    token: str
    link: str


class Refusal(BaseModel):
    """A refused request: nothing changed."""

    code: str = Field(description="one of the protocol's error codes (docs/protocol.md)")
    message: str = Field(description="why, in an English sentence")
    reason: str | None = Field(
        default=None,
        description="an engine refusal's reason: a catalogue key (docs/languages.md)",
    )
    fields: dict[str, Any] | None = Field(
        default=None, description="the reason's typed fields (docs/languages.md)"
    )


_WHY: Final = {
    400: "unreadable request",
    401: "no seat or not the host, or not signed in",
    403: "a signed-in request without its forgery token, or from another site",
    404: "no such room or game",
    409: "the room is full or not ready, or the name has an account",
    413: "request body too large",
    422: "a value the server refuses",
    429: "over a limit of this address",
    503: "over a limit of the server",
}


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of the refusals an endpoint can give (with those every
    endpoint can: 400, 413, 422)."""
    return {
        status: {"model": Refusal, "description": _WHY[status]}
        for status in sorted({400, 413, 422, *statuses})
    }


#: The most rooms a page of the public list holds.
MAX_PAGE: Final = 50
After = Annotated[str, Query(max_length=p.MAX_ROOM, description="the last code of the page before")]
PageSize = Annotated[int, Query(ge=1, le=MAX_PAGE, description="rooms per page")]
Code = Annotated[str, Path(min_length=1, max_length=p.MAX_ROOM, description="the room's code")]
GameId = Annotated[int, Path(ge=1, le=MAX_GAME, description="the game's number")]


# -- the application -----------------------------------------------------------------------
def create_app(
    url: str = DEFAULT_URL,
    config: Config = DEFAULTS,
    limits: Limits = LIMITS,
    hub: Hub[Store] | None = None,
) -> FastAPI:
    """The server on the database at ``url``, its rooms run by ``config``, its clients held
    to ``limits``: its hub opened when the application starts and closed when it stops, or
    ``hub``, opened and closed by the caller (``serving.run``)."""
    hubs: list[Hub[Store]] = [] if hub is None else [hub]
    relays: list[Relay] = []

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if hub is not None:
            _app.state.hub = hub
            _app.state.members = _members(hub)
            if hub.peers is not None:
                relays.append(Relay(hub))
            try:
                yield
            finally:
                for relay in relays:
                    await relay.close()
            return
        hubs.append(await Hub.open(url, config, limits))
        _app.state.hub = hubs[0]
        _app.state.members = _members(hubs[0])
        try:
            yield
        finally:
            await hubs[0].close()

    app = FastAPI(
        title="unoverse",
        version=__version__,
        description="Rooms, seats and games of the UNO family; play over the websocket /ws "
        "(docs/protocol.md).",
        lifespan=lifespan,
    )

    def the_hub() -> Hub[Store]:
        return hubs[0]

    def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
        return None if credentials is None else credentials.credentials

    def room_of(request: Request, code: str) -> Live:
        """The room ``code``; an unknown code counts against the asking address."""
        return the_hub().find(code, _address(request))

    @app.exception_handler(p.ProtocolError)
    async def refused(_request: Request, exc: p.ProtocolError) -> JSONResponse:
        return _refusal(_STATUS.get(exc.code, 422), exc.code, exc.message)

    @app.exception_handler(UnoverseError)
    async def refused_by_engine(_request: Request, exc: UnoverseError) -> JSONResponse:
        body: dict[str, object] = {"code": exc.code, "message": exc.message}
        if exc.reason:  # an engine refusal with its reason: a client says it in its language
            body["reason"] = exc.reason
            body["fields"] = exc.fields
        return JSONResponse(body, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:5]
        )
        return _refusal(422, "bad_message", where[:1000])

    @app.exception_handler(HTTPException)
    async def by_the_framework(request: Request, exc: HTTPException) -> JSONResponse:
        # an unreadable body (JSON too deep, say), an unknown path or method
        code: p.ErrorCode = "not_found" if exc.status_code == 404 else "bad_message"
        reason = exc.detail if isinstance(exc.detail, str) else "refused"
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # every method of the path, not just its first route's
            methods = {
                method
                for route in app.routes
                if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
                for method in route.methods or ()
            }
            headers["Allow"] = ", ".join(sorted(methods))
        return _refusal(exc.status_code, code, reason, headers)

    app.add_middleware(RelayRooms, relay=lambda: relays[0] if relays else None)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(BodyLimit, limit=limits.body_bytes, timeout=limits.body_timeout_s)
    app.add_middleware(  # the outermost: a request over its rate costs the least
        Gate, quotas=lambda: hubs[0].quotas if hubs else None, log=log, path=_logged_path
    )
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(account_routes(_address, refusals))
    app.include_router(profile_routes(refusals))
    app.include_router(open_data_routes(refusals))

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        # the page is small and names its files with their version: never a stale page
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get(
        "/api/variants",
        summary="Every variant with its options and quick starts, for creating a room",
        responses=refusals(),
    )
    async def all_variants() -> list[dict[str, Any]]:
        return [
            {
                "name": v.name,
                "title": v.title,
                "aliases": list(v.aliases),
                "min_players": v.min_players,
                "max_players": v.max_players,
                "options": [
                    {
                        "name": s.name,
                        "short": s.short,
                        "type": s.type,
                        "default": s.default,
                        "choices": list(s.choices),
                        "minimum": s.minimum,
                        "maximum": s.maximum,
                        "help": s.help,
                    }
                    for s in v.offered.values()
                ],
                "quick_starts": [{"preset": q.preset, "id": q.id} for q in v.quick_starts],
            }
            for v in variants()
        ]

    @app.get("/health", summary="Whether the server is up", responses=refusals())
    async def health() -> dict[str, object]:
        return {"ok": True, "rooms": len(the_hub().rooms)}

    @app.post(
        "/api/rooms",
        summary="Create a room; its host takes a seat",
        status_code=201,
        responses=refusals(401, 403, 409, 429, 503),
    )
    async def create_room(body: NewRoom, request: Request, session: Viewer) -> Joined:
        settings = Settings.make(
            body.preset,
            body.seats,
            body.timer,
            body.public,
            body.spectators,
            body.bot_speed,
            body.rated,
        )
        name, account = await _player(body.name, session, the_hub())
        live, seat, token = await the_hub().create(
            settings, name, body.bots, _address(request), account
        )
        return _joined(request, live, seat, token)

    @app.get(
        "/api/rooms",
        summary="The public rooms, a page at a time (by code, from after `after`)",
        responses=refusals(),
    )
    async def public_rooms(after: After = "", limit: PageSize = MAX_PAGE) -> dict[str, Any]:
        hub = the_hub()
        listed = {c: x.room.listing() for c, x in hub.rooms.items() if x.room.settings.public}
        if hub.peers is not None:  # every process's, as they keep them in Redis
            listed = await hub.peers.public(listed)
        codes = sorted(code for code in listed if code > after.upper())
        page = codes[:limit]
        return {
            "rooms": [listed[code] for code in page],
            "next": page[-1] if len(codes) > limit else None,
        }

    @app.get("/api/rooms/{code}", summary="A room, by its code", responses=refusals(404, 429))
    async def room(code: Code, request: Request) -> dict[str, Any]:
        hub = the_hub()
        live = hub.rooms.get(code.upper())
        if live is None:  # an ended room keeps its link: its final results
            ended = await hub.store.ended_room(code.upper())
            if ended is None:
                room_of(request, code)  # not_found, counted against the address
                raise AssertionError("unreachable")  # pragma: no cover
            listing = ended.listing()
            listing["presence"] = [
                {"kind": s.kind, "name": s.name, "connected": False, "stand_in": False,
                 "grace": None}
                for s in ended.seats
            ]  # fmt: skip
            final = await results(hub.store, ended)
            listing["results"] = final
            listing["match_over"] = bool(final and final["winners"])
            listing["ended"] = True
            return listing
        listing = live.room.listing()
        listing["presence"] = live.presence().seats
        listing["match_over"] = live.match_over
        listing["ended"] = False
        listing["results"] = await results(hub.store, live.room) if live.match_over else None
        return listing

    @app.post(
        "/api/rooms/{code}/join",
        summary="Take a seat",
        status_code=201,
        responses=refusals(401, 403, 404, 409, 429),
    )
    async def join(code: Code, body: Join, request: Request, session: Viewer) -> Joined:
        live = room_of(request, code)
        name, account = await _player(body.name, session, the_hub())
        seat, token = await the_hub().change(
            live, "join", lambda room: room.join(name, body.seat, account)
        )
        return _joined(request, live, seat, token)

    @app.post(
        "/api/rooms/{code}/reclaim",
        summary="Take your account's seat up here (a new token; the one before is void)",
        responses=refusals(401, 403, 404, 429),
    )
    async def reclaim(code: Code, request: Request, session: Viewer) -> Joined:
        if session is None:
            raise p.ProtocolError("unauthorised", "not signed in")
        live = room_of(request, code)
        account = session.account.id
        seat, token = await the_hub().change(live, "reclaim", lambda room: room.reclaim(account))
        old = live.conns.get(seat)
        if old is not None:  # the device that held it: its token is void now
            old.send(p.encode(p.Bye(reason="taken_over")))
            old.close(4003)
        return _joined(request, live, seat, token)

    @app.post(
        "/api/rooms/{code}/leave",
        summary="Leave your seat (before the match)",
        responses=refusals(401, 404, 409, 429),
    )
    async def leave(code: Code, credentials: Token, request: Request) -> dict[str, int]:
        live = room_of(request, code)
        seat = await the_hub().change(live, "leave", lambda room: room.leave(token_of(credentials)))
        return {"seat": seat}

    @app.post(
        "/api/rooms/{code}/bots",
        summary="The host seats a bot",
        responses=refusals(401, 404, 409, 429),
    )
    async def add_bot(
        code: Code, body: AddBot, credentials: Token, request: Request
    ) -> dict[str, int]:
        live = room_of(request, code)
        if body.account is None:
            await the_hub().change(
                live,
                "add bot",
                lambda room: room.add_bot(token_of(credentials), body.seat, body.spec),
            )
            return {"seat": body.seat}
        bot = await request.app.state.members.accounts.bot_named(body.account)
        if bot is None:
            raise p.ProtocolError("not_found", f"no bot account is called {body.account!r}")
        await the_hub().change(
            live,
            "invite a bot account",
            lambda room: room.invite(token_of(credentials), body.seat, bot.id, bot.name),
        )
        return {"seat": body.seat}

    @app.delete(
        "/api/rooms/{code}/bots/{seat}",
        summary="The host removes a bot",
        responses=refusals(401, 404, 409, 429),
    )
    async def remove_bot(
        code: Code,
        seat: Annotated[int, Path(ge=0, le=9)],
        credentials: Token,
        request: Request,
    ) -> dict[str, int]:
        live = room_of(request, code)
        await the_hub().change(
            live, "remove bot", lambda room: room.remove_bot(token_of(credentials), seat)
        )
        return {"seat": seat}

    @app.post(
        "/api/rooms/{code}/kick",
        summary="The host sends a player away",
        responses=refusals(401, 404, 409, 429),
    )
    async def kick(
        code: Code, body: SeatChoice, credentials: Token, request: Request
    ) -> dict[str, int]:
        live = room_of(request, code)
        old = live.conns.get(body.seat)
        await the_hub().change(
            live, "kick", lambda room: room.kick(token_of(credentials), body.seat)
        )
        if old is not None:
            old.send(p.encode(p.Bye(reason="kicked")))
            old.close(4003)
        return {"seat": body.seat}

    @app.post(
        "/api/rooms/{code}/host",
        summary="The host hands the role to another player",
        responses=refusals(401, 404, 429),
    )
    async def hand_host(
        code: Code, body: SeatChoice, credentials: Token, request: Request
    ) -> dict[str, int]:
        live = room_of(request, code)
        await the_hub().change(
            live, "hand host", lambda room: room.hand_host(token_of(credentials), body.seat)
        )
        return {"host": body.seat}

    @app.post(
        "/api/rooms/{code}/start",
        summary="The host starts the match",
        responses=refusals(401, 404, 409, 429),
    )
    async def start(code: Code, credentials: Token, request: Request) -> dict[str, str]:
        live = room_of(request, code)
        await the_hub().change(live, "start", lambda room: room.start(token_of(credentials)))
        await live.start_match()
        return {"room": live.room.code}

    @app.post(
        "/api/rooms/{code}/again",
        summary="The host opens the table for another match",
        responses=refusals(401, 404, 409, 429),
    )
    async def again(code: Code, credentials: Token, request: Request) -> dict[str, str]:
        live = room_of(request, code)

        def play_again(room: Any) -> None:
            if not live.match_over:
                raise p.ProtocolError("not_ready", "the match is not over")
            room.play_again(token_of(credentials))

        await the_hub().change(live, "play again", play_again)
        return {"room": live.room.code}

    @app.get(
        "/api/rooms/{code}/games/{game}",
        summary="A game of the room: how it was dealt, and its result",
        responses=refusals(404, 429),
    )
    async def game(code: Code, game: GameId, request: Request) -> dict[str, Any]:
        record = await _game_of(the_hub(), code, game, _address(request))
        variant, options = rules_of(record.preset)
        out: dict[str, Any] = {
            "game": record.id,
            "room": record.room,
            "preset": record.preset,
            "variant": variant,
            "options": options,
            "players": record.players,
            "match": record.match,
            "round": record.round,
            "commitment": record.commitment,
            "stood_in": record.stood_in,
            "finished": record.finished,
            "result": record.result,
        }
        if record.finished:  # revealed only once the game is over
            out["seed"], out["salt"] = str(record.seed), record.salt
            out["actions"] = len(await the_hub().store.log(record.id))
        return out

    @app.get(
        "/api/rooms/{code}/games/{game}/steps/{step}",
        summary="A finished game after `step` actions",
        responses=refusals(404, 409, 429),
    )
    async def step(
        code: Code,
        game: GameId,
        step: Annotated[int, Path(ge=0, le=MAX_GAME)],
        request: Request,
    ) -> dict[str, Any]:
        record, entries = await _finished(the_hub(), code, game, _address(request))
        if step > len(entries):
            raise p.ProtocolError("not_found", f"game {game} has steps 0 to {len(entries)}")
        played = record.deal()
        events = list(played.setup_events)
        for e in entries[:step]:
            events = played.apply(e.seat, e.action, e.at)
        last = entries[step - 1] if step else None
        return {
            "game": game,
            "step": step,
            "steps": len(entries),
            "action": None if last is None else {"seat": last.seat, "action": last.action},
            "events": events_for(events, None),
            "view": seat_view(played, None),
        }

    @app.get(
        "/api/rooms/{code}/games/{game}/export",
        summary="A finished game as a file for unoverse replay",
        responses=refusals(404, 409, 429),
    )
    async def export_game(code: Code, game: GameId, request: Request) -> dict[str, Any]:
        record, entries = await _finished(the_hub(), code, game, _address(request))
        return export(record, entries)

    @app.websocket("/ws")
    async def play(websocket: WebSocket) -> None:
        await websocket.accept()
        await _serve_socket(the_hub(), websocket, relays[0] if relays else None)

    return app


def _members(hub: Hub[Store]) -> Members:
    engine = hub.store.engine
    return Members(Accounts(engine), Sessions(engine), hub.quotas)


async def _player(
    name: str | None, session: Session | None, hub: Hub[Store]
) -> tuple[str, int | None]:
    """The name a seat is taken under, and its account: a signed-in player's account name
    (a ``name`` given must be it; ``too_many`` past the seats an account may hold), or a
    guest's ``name``."""
    if session is None:
        if name is None:
            raise p.ProtocolError("bad_message", "name: required to play as a guest")
        return name, None
    account = session.account
    if name is not None and " ".join(name.split()) != account.name:
        raise p.ProtocolError("bad_message", f"name: signed in, you play as {account.name}")
    most = hub.limits.seats_per_account
    if await open_seats(hub.store.engine, account.id) >= most:
        raise p.ProtocolError(
            "too_many", f"your account holds {most} seats at tables that have not ended"
        )
    return account.name, account.id


def _address(request: Request | WebSocket) -> str:
    """The client's address, as the limits count it."""
    return request.client.host if request.client is not None else "?"


def _logged_path(path: str) -> str:
    """A request's path as the log keeps it: a room's code is its key, so it stays out."""
    parts = path.split("/")
    if len(parts) > 3 and parts[1:3] == ["api", "rooms"]:
        parts[3] = "{code}"
    return "/".join(parts)


def _refusal(
    status: int, code: p.ErrorCode, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    return JSONResponse({"code": code, "message": message}, status_code=status, headers=headers)


def _joined(request: Request, live: Live, seat: int, token: str) -> Joined:
    link = str(request.base_url).rstrip("/") + f"/?room={live.room.code}"
    return Joined(room=live.room.code, seat=seat, token=token, link=link)


async def _game_of(hub: Hub[Store], code: str, game: int, address: str) -> GameRecord:
    """Game ``game`` of room ``code`` (an ended room's too), or ``not_found``, counted
    against ``address`` like an unknown room."""
    record = await hub.store.game(game)
    if record is None or record.room != code.upper():
        hub.quotas.missed(address)
        raise p.ProtocolError("not_found", f"room {code[:16]!r} has no game {game}")
    return record


async def _finished(
    hub: Hub[Store], code: str, game: int, address: str
) -> tuple[GameRecord, list[Entry]]:
    record = await _game_of(hub, code, game, address)
    if not record.finished:
        raise p.ProtocolError("not_ready", f"game {game} is being played")
    return record, await hub.store.log(game)


# -- the websocket -------------------------------------------------------------------------
class Socket:
    """A client's websocket as a room sees it: frames queue and a writer sends them, so a
    slow client never holds a room up; one that falls ``MAX_QUEUED`` frames behind is
    disconnected."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket
        self.queue: asyncio.Queue[bytes | int | None] = asyncio.Queue()
        self.closing = False
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: bytes) -> None:
        """Queue a frame."""
        if self.closing:
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.close(1008)
            return
        self.queue.put_nowait(frame)

    def close(self, code: int) -> None:
        """Close after the frames queued."""
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(code)

    async def hand_over(self) -> None:
        """Stop writing (the socket open): another writer takes it over (``relay.pipe``)."""
        self.closing = True
        self.queue.put_nowait(None)
        await self.writer

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if item is None:
                    return
                if isinstance(item, int):
                    await self.websocket.close(item)
                    return
                await self.websocket.send_text(item.decode())
        except Exception:  # the client went away: the reader sees it too
            self.closing = True


async def _serve_socket(hub: Hub[Store], websocket: WebSocket, relay: Relay | None) -> None:
    conn = Socket(websocket)
    address = _address(websocket)
    try:
        hub.quotas.open_socket(address)
    except p.ProtocolError as exc:
        conn.send(p.encode(p.error_for(None, exc)))
        conn.close(1008)
        await conn.writer
        return
    try:
        await _serve_counted(hub, websocket, conn, address, relay)
    finally:
        hub.quotas.close_socket(address)


async def _serve_counted(
    hub: Hub[Store], websocket: WebSocket, conn: Socket, address: str, relay: Relay | None
) -> None:
    live: Live | None = None
    seat: int | None = None
    try:
        try:
            first = await asyncio.wait_for(_frame(websocket), HELLO_WITHIN)
            hello = p.decode(first)
            if not isinstance(hello, p.Hello):
                raise p.ProtocolError("bad_message", "the first frame is a hello")
            if hello.protocol != p.PROTOCOL:
                raise p.ProtocolError(
                    "bad_message", f"this server speaks protocol {p.PROTOCOL}, not {hello.protocol}"
                )
            if relay is None:
                live = hub.find(hello.room, address)
            else:
                found = await _owner_of(relay, websocket, hello.room, first, address)
                if found is None:  # relayed to the owner, or moving (the client comes back)
                    await conn.hand_over()
                    return
                live = found if isinstance(found, Live) else hub.find(hello.room, address)
            if hello.token is not None:
                seat = live.room.seat_of(hello.token)
            elif not live.room.settings.spectators:
                raise p.ProtocolError("unauthorised", "this room has no spectators")
        except p.ProtocolError as exc:
            conn.send(p.encode(p.error_for(None, exc)))
            conn.close(1008)
            await conn.writer
            return
        except (TimeoutError, WebSocketDisconnect):
            conn.close(1008)
            await conn.writer
            return
        await live.attach(conn, seat, hello.last_version, hello.game)
        while not conn.closing:
            frame = await _frame(websocket)
            verdict = live.flood(seat if seat is not None else conn)
            if verdict == "cut":
                conn.send(p.encode(p.Bye(reason="flood")))
                conn.close(1008)
                break
            try:
                if verdict == "slow":
                    raise p.ProtocolError("rate_limited", "too many messages: slow down")
                message = p.decode(frame)
                if isinstance(message, p.Hello):
                    raise p.ProtocolError("bad_message", "hello is the first frame only")
                if seat is None:
                    raise p.ProtocolError("unauthorised", "a spectator only watches")
            except p.ProtocolError as exc:
                conn.send(p.encode(p.error_for(_seq(frame), exc)))
                continue
            if isinstance(message, p.Act):
                try:
                    await live.act(conn, seat, message)
                except LeaseLost:  # the room is another process's now: come back there
                    conn.close(1012)
                    break
            elif isinstance(message, p.Emote):
                await live.emote(conn, seat, message)
            else:
                await live.chat(conn, seat, message)
    except WebSocketDisconnect:
        pass
    finally:
        if live is not None:
            await live.detach(conn, seat)
        conn.close(1000)
        with contextlib.suppress(Exception):  # the frames queued, then the close frame
            await asyncio.wait_for(conn.writer, 5.0)


async def _owner_of(
    relay: Relay, websocket: WebSocket, code: str, first: str | bytes, address: str
) -> Live | bool | None:
    """Where a socket's room is: this process's room, or False (no such room); None once
    the socket has been relayed to the room's owner, or closed with 1013 (the room is
    moving: the client comes back in a moment)."""
    relayed = any(k == HOP.encode() for k, _ in websocket.scope["headers"])
    unreachable = None
    for _ in range(3):
        try:
            where = await relay.locate(code, relayed, unreachable)
        except p.ProtocolError:
            break
        if not isinstance(where, str):
            return False if where is None else where
        if await pipe(websocket, first, where, address, _frame, relay.peers.lease_s):
            return None
        unreachable = where  # the owner went: its lease is waited out, then the room taken
    await websocket.close(1013)
    return None


def _seq(frame: str | bytes) -> int | None:
    """The ``seq`` of a refused frame, when it has a readable one."""
    try:
        return getattr(p.decode(frame), "seq", None)
    except p.ProtocolError:
        return None


async def _frame(websocket: WebSocket) -> str | bytes:
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""
