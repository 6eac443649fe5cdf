"""A seat at a server's table, over the websocket protocol (docs/protocol.md), as the browser
takes one: join over HTTP for a seat token, then ``hello`` on ``/ws``. A seat taken back
with its token is checked before the app opens: a ``hello`` the server must answer with its
``welcome``.

A dropped connection is reported (``status`` ``lost``) and retried with backoff by
``websockets``' reconnecting ``connect``; each new socket says ``hello`` with the last state
version seen, so the server sends only the events missed. The server ending the seat for
good (``bye``: taken over in another window, kicked; or a refused ``hello``) stops the
retries.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from functools import partial
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.client import backoff
from websockets.exceptions import ConnectionClosed, WebSocketException
from websockets.sync.client import connect as connect_now

from ..i18n import t
from .link import Deliver, Frame, FrameLink, status
from .refusals import bye_words, http_refusal_words, refusal_words

#: The protocol version spoken.
PROTOCOL = 1
#: Seconds an HTTP request to the server may take.
HTTP_TIMEOUT = 10.0
#: Seconds between attempts to reconnect: the first, and at most (growing in between).
RETRY_S = (0.5, 8.0)


class JoinError(Exception):
    """The server refused the seat, or could not be reached: one line for the player."""


@dataclass(frozen=True)
class Seat:
    """A seat taken at a server's table: where, and the token that holds it."""

    url: str
    room: str
    seat: int
    token: str


def base_url(url: str) -> str:
    """The server's address without a trailing slash (``http://`` assumed)."""
    if "://" not in url:
        url = "http://" + url
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise JoinError(t("tui.join.address", url=repr(url)))
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def socket_url(base: str) -> str:
    """The websocket address of the server at ``base`` (``base_url``)."""
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return urlunsplit((scheme, parts.netloc, parts.path + "/ws", "", ""))


def hello(room: str, token: str) -> dict[str, Any]:
    """The first frame on a socket: the seat ``token`` holds in ``room``."""
    return {"type": "hello", "protocol": PROTOCOL, "room": room, "token": token}


def _refusal(response: httpx.Response) -> str:
    """The server's reason for refusing a request, in the player's language (its code's
    words: ``refusals``)."""
    try:
        body = response.json()
    except ValueError:
        body = None
    return http_refusal_words(response.status_code, body)


def join(url: str, room: str, name: str) -> Seat:
    """Take a seat in ``room`` under ``name``; ``JoinError`` says why not."""
    base = base_url(url)
    try:
        response = httpx.post(
            f"{base}/api/rooms/{room}/join", json={"name": name}, timeout=HTTP_TIMEOUT
        )
    except httpx.HTTPError as exc:
        raise JoinError(t("tui.join.unreachable", url=base, error=exc)) from None
    if response.status_code != 201:
        raise JoinError(t("tui.join.refused", room=room, why=_refusal(response)))
    body = response.json()
    return Seat(base, body["room"], body["seat"], body["token"])


def reclaim(url: str, room: str, token: str) -> Seat:
    """The seat ``token`` holds in ``room``, checked by saying ``hello`` (and leaving at
    once); ``JoinError`` with the server's reason for refusing it, or if it cannot be
    reached."""
    base = base_url(url)
    try:
        with connect_now(socket_url(base), open_timeout=HTTP_TIMEOUT) as socket:
            socket.send(json.dumps(hello(room, token)))
            frame = json.loads(socket.recv(timeout=HTTP_TIMEOUT))
    except (OSError, TimeoutError, WebSocketException, ValueError) as exc:
        raise JoinError(t("tui.join.unreachable", url=base, error=exc)) from None
    if frame.get("type") == "welcome" and isinstance(frame.get("seat"), int):
        return Seat(base, room, frame["seat"], token)
    why = refusal_words(frame) if frame.get("type") == "error" else t("tui.join.refused.seat")
    raise JoinError(t("tui.join.refused", room=room, why=why))


class RemoteLink(FrameLink):
    """The player's seat at a server's table (see the module's docstring)."""

    def __init__(self, seat: Seat) -> None:
        super().__init__()
        self.place = seat
        self.seat = seat.seat
        self.ws_url = socket_url(seat.url)
        self._socket: ClientConnection | None = None
        self._runner: asyncio.Task[None] | None = None
        self._last: tuple[int, int] | None = None  # (game, version) of the last update
        self._ended = ""  # why the server ended the seat for good

    async def open(self, deliver: Deliver) -> None:
        await super().open(deliver)
        self._runner = asyncio.create_task(self._run())

    async def _run(self) -> None:
        self._deliver(status("connecting", self.place.url))
        retries = partial(
            backoff, initial_delay=RETRY_S[0], min_delay=RETRY_S[0], max_delay=RETRY_S[1]
        )
        async for socket in connect(
            self.ws_url, open_timeout=HTTP_TIMEOUT, reconnect_delays=retries
        ):
            self._socket = socket
            try:
                await socket.send(json.dumps(self._hello()))
                self._deliver(status("connected", self.place.url))
                async for raw in socket:
                    self._received(raw)
            except ConnectionClosed:
                pass
            self._socket = None
            self._drop_waiting()
            if self._ended:
                self._deliver(status("closed", self._ended))
                return
            self._deliver(status("lost", t("tui.status.reconnecting", url=self.place.url)))

    def _hello(self) -> dict[str, Any]:
        frame = hello(self.place.room, self.place.token)
        if self._last is not None:
            frame["game"], frame["last_version"] = self._last
        return frame

    def _take(self, frame: Frame) -> None:
        kind = frame.get("type")
        if kind == "update":
            self._last = (frame["game"], frame["version"])
        elif kind == "bye":
            self._ended = bye_words(frame.get("reason"))
        elif kind == "error" and frame.get("seq") is None and frame.get("code") != "bad_message":
            self._ended = t("tui.status.refused", why=refusal_words(frame))
        super()._take(frame)

    async def _send(self, frame: bytes) -> None:
        socket = self._socket
        if socket is None:
            raise ConnectionError("not connected")
        await socket.send(frame.decode())

    async def again(self) -> None:
        """Another match: the host reopens the table and starts it."""
        headers = {"Authorization": f"Bearer {self.place.token}"}
        base = f"{self.place.url}/api/rooms/{self.place.room}"
        async with httpx.AsyncClient(timeout=HTTP_TIMEOUT) as client:
            for step in ("again", "start"):
                response = await client.post(f"{base}/{step}", headers=headers)
                if response.status_code >= 300:
                    raise JoinError(_refusal(response))

    async def close(self) -> None:
        await super().close()
        if self._runner is not None:
            self._runner.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._runner
