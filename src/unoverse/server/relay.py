"""Any process of a set answers for every room (``peers``): what concerns a room another
process owns is relayed there, so a client never needs to know which process has its room.

* A request under ``/api/rooms/{code}`` is forwarded to the owner as it came (method, path,
  query, headers with the client's address in ``X-Forwarded-For``, body), and the owner's
  answer goes back as it came (``RelayRooms``, an ASGI middleware).
* A websocket is read up to its ``hello``, which names the room; then a socket to the owner
  carries the hello and every frame after it, both ways, untouched (``pipe``). When the
  owner goes, the client's socket is closed with 1012 and the client comes back, through any
  process, to the room's new owner, where it resynchronises from its last version.

A relayed request carries ``X-Unoverse-Hop``: the process it reaches answers it itself or,
if the room has moved on meanwhile, refuses it (503 ``unavailable``, a websocket closed with
1013) rather than relaying it again; the relaying process then asks once more where the
room is. A room whose owner's lease has run out is claimed by the process a client asks
(``locate``), so a room with players in it is playing again as soon as that lease is over.

Why relay rather than send the client to the owner: the clients (the page, the terminal
game, bots) stay as they are, a load balancer in front needs no knowledge of the rooms,
and a client behind a proxy that allows one origin reaches every room. It costs one more
hop on loopback or the local network for two processes out of three (docs/performance.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import protocol as p

if TYPE_CHECKING:
    import httpx

    from .hub import Hub
    from .live import Live
    from .store import Store

#: The header a relayed request carries (its value: "1").
HOP: Final = "x-unoverse-hop"
#: The header a relayed request carries the client's ``Host`` in.
FORWARDED_HOST: Final = b"x-forwarded-host"
#: Headers not forwarded: the connection's own, and the ones the relay sets.
_SKIPPED: Final = frozenset(
    {b"host", b"connection", b"keep-alive", b"transfer-encoding", b"upgrade", b"content-length",
     b"x-forwarded-for", FORWARDED_HOST, HOP.encode()}
)  # fmt: skip


class Relay:
    """Where each room is, and the connections that reach the other processes."""

    def __init__(self, hub: Hub[Store]) -> None:
        import httpx  # (the cluster extra's, as redis-py and websockets)

        assert hub.peers is not None
        self.hub = hub
        self.peers = hub.peers
        self.http: httpx.AsyncClient = httpx.AsyncClient(
            timeout=httpx.Timeout(30.0, connect=self.peers.lease_s)
        )
        #: room -> the lock of the clients waiting for it to be taken over (``locate``)
        self._waits: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    async def close(self) -> None:
        """Close the connections to the other processes."""
        await self.http.aclose()

    async def locate(
        self, code: str, relayed: bool, unreachable: str | None = None
    ) -> Live | str | None:
        """Room ``code``: this process's (its ``Live``), the owner's address, or None (no
        such room: it never was, or it ended). A room whose owner's lease has run out is
        taken over here; ``unreachable``: an owner's address that did not answer, where the
        room is not looked for again (its lease is waited out, if need be). ``relayed``:
        the request was relayed here already, so only this process's room will do
        (``unavailable`` otherwise)."""
        code = code.upper()
        deadline = time.monotonic() + self.peers.lease_s + 2.0
        while True:
            live = self.hub.rooms.get(code)
            if live is not None:
                return live
            if code in self.hub.adopting:  # being taken over here: in a moment
                await asyncio.sleep(0.01)
                continue
            owner = await self.peers.owner(code, fresh=unreachable is not None)
            if owner is None:
                if not await self._open(code):  # (an ended room is not open either)
                    return None
            elif owner.alive and owner.node != self.peers.id and owner.url != unreachable:
                if relayed:
                    raise p.ProtocolError("unavailable", "the room is moving: try again")
                return owner.url
            # one client of the room waits for its owner's lease to run out and takes the
            # room over; its others wait behind it (not each asking the database)
            async with self._waiting(code):
                if code in self.hub.rooms or code in self.hub.adopting:
                    continue
                await self.hub.adopt([code])
                if code in self.hub.rooms:
                    continue
                left = deadline - time.monotonic()
                if left <= 0:
                    raise p.ProtocolError("unavailable", "the room is moving: try again")
                # as it is now (another process may have taken it over meanwhile), not as
                # it was before this client's turn to wait came
                now = await self.peers.owner(code, fresh=True)
                if now is not None and now.alive and now.url != unreachable:
                    continue
                await asyncio.sleep(min(left, max(0.05, (now.left_s if now else 0.0) + 0.01)))

    def _waiting(self, code: str) -> asyncio.Lock:
        """The lock of those waiting for room ``code`` to be taken over here."""
        lock = self._waits.get(code)
        if lock is None:
            lock = self._waits[code] = asyncio.Lock()
        return lock

    async def _open(self, code: str) -> bool:
        """Whether ``code`` is a stored room that has not ended."""
        return bool(await self.hub.store.rooms([code]))


class RelayRooms:
    """ASGI middleware: a request about a room another process owns goes to that process
    (see the module's docstring)."""

    def __init__(self, app: ASGIApp, relay: Callable[[], Relay | None]) -> None:
        self.app = app
        self.relay = relay

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        relay = self.relay()
        parts = scope["path"].split("/") if scope["type"] == "http" else []
        if relay is None or len(parts) < 4 or parts[1:3] != ["api", "rooms"] or not parts[3]:
            await self.app(scope, receive, send)
            return
        relayed = any(k == HOP.encode() for k, _ in scope["headers"])
        try:
            where = await relay.locate(parts[3], relayed)
        except p.ProtocolError as exc:
            await _answer(send, 503, p.encode_refusal(exc.code, exc.message), [])
            return
        if not isinstance(where, str):  # this process's room, or none (the app says so)
            await self.app(scope, receive, send)
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        client = scope.get("client")
        headers = [(k, v) for k, v in scope["headers"] if k.lower() not in _SKIPPED]
        headers += [(b"x-forwarded-for", (client[0] if client else "?").encode()), (HOP, b"1")]
        # the host the client asked, which a signed-in request's origin is checked against
        headers += [(FORWARDED_HOST, v) for k, v in scope["headers"] if k.lower() == b"host"]
        url = (
            where
            + scope["path"]
            + ("?" + scope["query_string"].decode() if scope["query_string"] else "")
        )
        for attempt in range(2):
            try:
                answer = await relay.http.request(
                    scope["method"], url, headers=headers, content=body
                )
            except Exception:  # (httpx's errors) the owner went: ask again where the room is
                answer = None
            if answer is not None and answer.status_code != 503:
                break
            if attempt == 0:  # the room moved, or its owner went: where is it now?
                gone = where if answer is None else None
                try:
                    where = await relay.locate(parts[3], False, gone)
                except p.ProtocolError as exc:
                    await _answer(send, 503, p.encode_refusal(exc.code, exc.message), [])
                    return
                if not isinstance(where, str):
                    await self.app(scope, _body(body), send)
                    return
                url = where + url[url.index("/api/") :]
        if answer is None:
            refusal = p.encode_refusal("unavailable", "the room is moving: try again")
            await _answer(send, 503, refusal, [])
            return
        kept = [
            (k.encode(), v.encode())
            for k, v in answer.headers.items()
            if k.lower()
            not in ("content-length", "transfer-encoding", "connection", "content-encoding")
        ]
        await _answer(send, answer.status_code, answer.content, kept)


def _body(body: bytes) -> Receive:
    """A request's body, read already, for the application."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


async def _answer(send: Send, status: int, body: bytes, headers: list[tuple[bytes, bytes]]) -> None:
    if not any(k.lower() == b"content-type" for k, _ in headers):
        headers = [*headers, (b"content-type", b"application/json")]
    headers = [*headers, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def pipe(
    websocket: WebSocket,
    first: str | bytes,
    url: str,
    address: str,
    frame: Callable[[WebSocket], Awaitable[str | bytes]],
    lease_s: float,
) -> bool:
    """Carry a client's socket to the room's owner at ``url``: its ``first`` frame (the
    hello), then every frame both ways, until either side closes; the owner's close code
    goes to the client, and 1012 (come back) if the owner went without one. False if the
    owner could not be reached (the client's socket untouched)."""
    import websockets

    target = url.replace("http", "ws", 1) + "/ws"
    try:
        upstream = await websockets.connect(
            target,
            additional_headers={"x-forwarded-for": address, HOP: "1"},
            open_timeout=lease_s,
            # an owner paused or cut off is noticed within a lease or two: the client is
            # then sent back (1012) to the room's next owner
            ping_interval=lease_s / 2,
            ping_timeout=lease_s,
            max_size=4 * p.MAX_FRAME,
            compression=None,
        )
    except (OSError, TimeoutError, websockets.WebSocketException):
        return False
    code = 1012
    try:
        await upstream.send(first)

        async def down() -> None:
            nonlocal code
            with contextlib.suppress(websockets.ConnectionClosed):
                async for message in upstream:
                    if isinstance(message, bytes):
                        await websocket.send_bytes(message)
                    else:
                        await websocket.send_text(message)
            received = upstream.close_code
            code = received if received is not None and received not in (1005, 1006) else 1012

        async def up() -> None:
            with contextlib.suppress(WebSocketDisconnect, websockets.ConnectionClosed):
                while True:
                    await upstream.send(await frame(websocket))

        tasks = [asyncio.create_task(down()), asyncio.create_task(up())]
        _, waiting = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in waiting:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        await upstream.close()
        with contextlib.suppress(Exception):
            await websocket.close(code)
    return True
