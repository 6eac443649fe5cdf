"""The server's HTTP API and its websocket (FastAPI; docs/protocol.md, the OpenAPI page at
``/docs``).

The browser client (``unoverse.web``) is served at ``/`` with its files under ``/static``.
The HTTP API manages rooms (create, list, join, leave, the host's powers, start, play again)
and serves finished games step by step and as files ``unoverse replay`` checks. A room is
played over the websocket ``/ws``: a ``hello``, then actions and chat, each answered once.
A request's seat token travels as ``Authorization: Bearer <token>``.

Every refusal is a typed error that changed nothing: ``{"code": ..., "message": ...}``
with a status that fits (401 unauthorised, 404 not found, 409 room full or not ready, 422
anything else).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Final

from fastapi import Depends, FastAPI, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnect

from .. import __version__
from ..core.errors import UnoverseError
from ..core.registry import variants
from ..web import STATIC
from . import protocol as p
from .export import export
from .hub import Hub
from .live import DEFAULTS, Config, Live
from .room import Settings
from .store import DEFAULT_URL
from .wire import events_for, seat_view

log = logging.getLogger("unoverse.server")

#: Frames a slow client may have waiting before it is disconnected.
MAX_QUEUED: Final = 1000
#: Seconds a new socket has to say ``hello``.
HELLO_WITHIN: Final = 10.0
_STATUS: Final = {"unauthorised": 401, "not_found": 404, "room_full": 409, "not_ready": 409}
_bearer = HTTPBearer(auto_error=False, description="the seat token joining gave")
Token = Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]


# -- requests ------------------------------------------------------------------------------
class NewRoom(BaseModel):
    """A room to create, and its host."""

    name: str = Field(description="the host's name, 1-24 characters", max_length=200)
    preset: str = Field(
        "classic",
        description="variant and options, e.g. classic+stacking=progressive+target_score=300",
        max_length=1000,
    )
    seats: int = Field(4, description="2 to 10 seats (the variant may allow fewer)")
    timer: str = Field("normal", description="off, relaxed (60 s), normal (30 s), fast (15 s)")
    public: bool = Field(False, description="listed in the public room list")
    spectators: bool = Field(True, description="whether spectators may watch")
    bots: dict[int, str] = Field(
        default_factory=dict,
        description="seat -> bot: a level (easy, normal, hard) or any bot spec",
    )


class Join(BaseModel):
    """A player taking a seat."""

    name: str = Field(description="1-24 characters, unique in the room", max_length=200)
    seat: int | None = Field(None, description="the seat wanted (default: the first open)")


class SeatChoice(BaseModel):
    """A seat the host acts on."""

    seat: int


class AddBot(BaseModel):
    """A bot the host seats."""

    seat: int
    spec: str = Field("normal", description="easy, normal, hard, or any bot spec", max_length=200)


class Joined(BaseModel):
    """A seat taken: keep the token, it is the only key to the seat."""

    room: str
    seat: int
    token: str
    link: str


# -- the application -----------------------------------------------------------------------
def create_app(url: str = DEFAULT_URL, config: Config = DEFAULTS) -> FastAPI:
    """The server on the database at ``url``."""
    hubs: list[Hub] = []

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hubs.append(await Hub.open(url, config))
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

    def hub() -> Hub:
        return hubs[0]

    def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
        return None if credentials is None else credentials.credentials

    @app.middleware("http")
    async def log_requests(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        began = time.perf_counter()
        response = await call_next(request)
        log.info(
            "request",
            extra={
                "method": request.method,
                "path": request.url.path,
                "status": response.status_code,
                "ms": round((time.perf_counter() - began) * 1000, 2),
            },
        )
        return response

    @app.exception_handler(p.ProtocolError)
    async def refused(_request: Request, exc: p.ProtocolError) -> JSONResponse:
        status = _STATUS.get(exc.code, 422)
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=status)

    @app.exception_handler(UnoverseError)
    async def refused_by_engine(_request: Request, exc: UnoverseError) -> JSONResponse:
        return JSONResponse({"code": exc.code, "message": exc.message}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(
            f"{'.'.join(str(x) for x in e['loc'])}: {e['msg']}" for e in exc.errors()[:5]
        )
        return JSONResponse({"code": "bad_message", "message": where}, status_code=422)

    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        # the page is small and names its files with their version: never a stale page
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/variants", summary="Every variant and its options, for creating a room")
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
                    for s in v.option_specs
                ],
            }
            for v in variants()
        ]

    @app.get("/health", summary="Whether the server is up")
    async def health() -> dict[str, object]:
        return {"ok": True, "rooms": len(hub().rooms)}

    @app.post("/api/rooms", summary="Create a room; its host takes a seat", status_code=201)
    async def create_room(body: NewRoom, request: Request) -> Joined:
        settings = Settings.make(body.preset, body.seats, body.timer, body.public, body.spectators)
        live, seat, token = await hub().create(settings, body.name, body.bots)
        return _joined(request, live, seat, token)

    @app.get("/api/rooms", summary="The public rooms")
    async def public_rooms() -> list[dict[str, Any]]:
        rooms = hub().rooms.values()
        return [live.room.listing() for live in rooms if live.room.settings.public]

    @app.get("/api/rooms/{code}", summary="A room, by its code")
    async def room(code: str) -> dict[str, Any]:
        live = hub().get(code)
        listing = live.room.listing()
        listing["presence"] = live.presence().seats
        listing["match_over"] = live.match_over
        return listing

    @app.post("/api/rooms/{code}/join", summary="Take a seat", status_code=201)
    async def join(code: str, body: Join, request: Request) -> Joined:
        live = hub().get(code)
        seat, token = await hub().change(live, "join", lambda room: room.join(body.name, body.seat))
        return _joined(request, live, seat, token)

    @app.post("/api/rooms/{code}/leave", summary="Leave your seat (before the match)")
    async def leave(code: str, credentials: Token) -> dict[str, int]:
        live = hub().get(code)
        seat = await hub().change(live, "leave", lambda room: room.leave(token_of(credentials)))
        return {"seat": seat}

    @app.post("/api/rooms/{code}/bots", summary="The host seats a bot")
    async def add_bot(code: str, body: AddBot, credentials: Token) -> dict[str, int]:
        live = hub().get(code)
        await hub().change(
            live, "add bot", lambda room: room.add_bot(token_of(credentials), body.seat, body.spec)
        )
        return {"seat": body.seat}

    @app.delete("/api/rooms/{code}/bots/{seat}", summary="The host removes a bot")
    async def remove_bot(code: str, seat: int, credentials: Token) -> dict[str, int]:
        live = hub().get(code)
        await hub().change(
            live, "remove bot", lambda room: room.remove_bot(token_of(credentials), seat)
        )
        return {"seat": seat}

    @app.post("/api/rooms/{code}/kick", summary="The host sends a player away")
    async def kick(code: str, body: SeatChoice, credentials: Token) -> dict[str, int]:
        live = hub().get(code)
        old = live.conns.get(body.seat)
        await hub().change(live, "kick", lambda room: room.kick(token_of(credentials), body.seat))
        if old is not None:
            old.send(p.encode(p.Bye(reason="kicked")))
            old.close(4003)
        return {"seat": body.seat}

    @app.post("/api/rooms/{code}/host", summary="The host hands the role to another player")
    async def hand_host(code: str, body: SeatChoice, credentials: Token) -> dict[str, int]:
        live = hub().get(code)
        await hub().change(
            live, "hand host", lambda room: room.hand_host(token_of(credentials), body.seat)
        )
        return {"host": body.seat}

    @app.post("/api/rooms/{code}/start", summary="The host starts the match")
    async def start(code: str, credentials: Token) -> dict[str, str]:
        live = hub().get(code)
        await hub().change(live, "start", lambda room: room.start(token_of(credentials)))
        await live.start_match()
        return {"room": live.room.code}

    @app.post("/api/rooms/{code}/again", summary="The host opens the table for another match")
    async def again(code: str, credentials: Token) -> dict[str, str]:
        live = hub().get(code)

        def play_again(room: Any) -> None:
            if not live.match_over:
                raise p.ProtocolError("not_ready", "the match is not over")
            room.play_again(token_of(credentials))

        await hub().change(live, "play again", play_again)
        return {"room": live.room.code}

    @app.get("/api/games/{game}", summary="A game: how it was dealt, and its result")
    async def game(game: int) -> dict[str, Any]:
        record = await hub().store.game(game)
        if record is None:
            raise p.ProtocolError("not_found", f"no game {game}")
        out: dict[str, Any] = {
            "game": record.id,
            "room": record.room,
            "preset": record.preset,
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
            out["actions"] = len(await hub().store.log(record.id))
        return out

    @app.get("/api/games/{game}/steps/{step}", summary="A finished game after `step` actions")
    async def step(game: int, step: int) -> dict[str, Any]:
        record, entries = await _finished(hub(), game)
        if not 0 <= step <= len(entries):
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

    @app.get("/api/games/{game}/export", summary="A finished game as a file for unoverse replay")
    async def export_game(game: int) -> dict[str, Any]:
        record, entries = await _finished(hub(), game)
        return export(record, entries)

    @app.websocket("/ws")
    async def play(websocket: WebSocket) -> None:
        await websocket.accept()
        await _serve_socket(hub(), websocket)

    return app


def _joined(request: Request, live: Live, seat: int, token: str) -> Joined:
    link = str(request.base_url).rstrip("/") + f"/?room={live.room.code}"
    return Joined(room=live.room.code, seat=seat, token=token, link=link)


async def _finished(hub: Hub, game: int) -> tuple[Any, list[Any]]:
    record = await hub.store.game(game)
    if record is None:
        raise p.ProtocolError("not_found", f"no game {game}")
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
        self.queue: asyncio.Queue[bytes | int] = asyncio.Queue()
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

    async def _write(self) -> None:
        try:
            while True:
                item = await self.queue.get()
                if isinstance(item, int):
                    await self.websocket.close(item)
                    return
                await self.websocket.send_text(item.decode())
        except Exception:  # the client went away: the reader sees it too
            self.closing = True


async def _serve_socket(hub: Hub, websocket: WebSocket) -> None:
    conn = Socket(websocket)
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
            live = hub.get(hello.room)
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
                await live.act(conn, seat, message)
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
