"""The server's connections under uvicorn, bounded (docs/protocol.md, "Limits").

uvicorn bounds what it can: connections at once (``limit_concurrency``: the next gets a
503), an idle keep-alive connection (``timeout_keep_alive``), a websocket message
(``ws_max_size``). What it cannot, this module adds: a time limit on a request's head
(``HeadTimeout``: a client that trickles its headers is cut off, where uvicorn would wait
for ever) and on its body, and a limit on the body's size (``BodyLimit``: 413 as soon as
the declared or received length passes it, before the application sees any of it).
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import uvicorn
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.loops.auto import auto_loop_factory
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from . import protocol as p
from .live import Config

if TYPE_CHECKING:
    from .hub import Membership
from .quotas import LIMITS, Limits, Quotas

#: File descriptors kept for the database, the bots' pool and the logs.
RESERVED_FDS: Final = 64


class HeadTimeout(HttpToolsProtocol):
    """uvicorn's HTTP protocol, with a time limit on each request's head."""

    head_timeout_s: float = LIMITS.head_timeout_s

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._head = self.loop.call_later(self.head_timeout_s, self._head_late)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head.cancel()
        self._head = self.loop.call_later(self.head_timeout_s, self._head_late)

    def on_headers_complete(self) -> None:
        self._head.cancel()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._head.cancel()
        super().connection_lost(exc)

    def _head_late(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()


class BodyLimit:
    """ASGI middleware: a request's body is read here first, within ``limit`` bytes and
    ``timeout`` seconds, and only then handed to the application; over the limit it gets
    413 ``too_large`` (at once when its declared length says so), too slow 408."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        too_large = f"a request body is at most {self.limit} bytes"
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _refuse(send, 413, "too_large", too_large)
            return
        body: list[Message] = []
        size = 0
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    message = await receive()
                    body.append(message)
                    size += len(message.get("body", b""))
                    if size > self.limit:
                        await _refuse(send, 413, "too_large", too_large)
                        return
                    if message["type"] != "http.request" or not message.get("more_body"):
                        break
        except TimeoutError:
            await _refuse(send, 408, "bad_message", f"no whole body within {self.timeout:g} s")
            return

        async def replay() -> Message:
            return body.pop(0) if body else await receive()

        await self.app(scope, replay, send)


class Gate:
    """ASGI middleware in front of the HTTP API: a request from an address over its request
    rate is refused (429 ``rate_limited``) before anything else reads it, as cheaply as a
    request can be answered; every request is logged (method, path with any room code left
    out, status, milliseconds)."""

    def __init__(
        self,
        app: ASGIApp,
        quotas: Callable[[], Quotas | None],
        log: logging.Logger,
        path: Callable[[str], str],
    ) -> None:
        self.app = app
        self.quotas = quotas
        self.log = log
        self.path = path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        began = time.perf_counter()
        status = [500]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            await send(message)

        quotas = self.quotas()
        client = scope.get("client")
        if quotas is not None and not quotas.may_request(client[0] if client else "?"):
            per_minute = quotas.limits.requests_per_minute
            await _refuse(sending, 429, "rate_limited", f"at most {per_minute} requests a minute")
        else:
            await self.app(scope, receive, sending)
        self.log.info(
            "request",
            extra={
                "method": scope["method"],
                "path": self.path(scope["path"]),
                "status": status[0],
                "ms": round((time.perf_counter() - began) * 1000, 2),
            },
        )


async def _refuse(send: Send, status: int, code: p.ErrorCode, message: str) -> None:
    body = p.encode_refusal(code, message)
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def open_files() -> int:
    """Raise this process's limit of open files to the most it may have: its new limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return soft


def config(app: Any, host: str, port: int, limits: Limits = LIMITS, **more: Any) -> uvicorn.Config:
    """uvicorn's configuration for ``app`` with ``limits``: at most as many connections as
    the process may open files for."""
    protocol = type("Head", (HeadTimeout,), {"head_timeout_s": limits.head_timeout_s})
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol,
        limit_concurrency=max(1, min(limits.connections_total, open_files() - RESERVED_FDS)),
        timeout_keep_alive=max(1, round(limits.idle_timeout_s)),
        ws_max_size=4 * p.MAX_FRAME,  # a larger frame gets its typed refusal, not a cut
        log_config=None,
        access_log=False,
        **more,
    )


def run(
    url: str,
    rooms: Config,
    limits: Limits,
    host: str,
    port: int,
    ready: Callable[[], None] = lambda: None,
    workers: int = 0,
    membership: Membership | None = None,
    forwarded_allow_ips: str = "127.0.0.1",
) -> None:
    """Serve until stopped: the hub opened first (its lease taken, so a second server on
    the database stops here with ``DatabaseInUse`` before it listens), ``ready`` called,
    then uvicorn on ``host``:``port`` with ``limits``; the hub closed however it ends. The
    searching bots decide on ``workers`` processes (0: one per CPU). With ``membership``,
    one of a set of processes on the database (``peers``). A client's address is the one
    ``X-Forwarded-For`` gives when the connection comes from ``forwarded_allow_ips``."""
    from .app import create_app
    from .hub import Hub

    async def serve() -> None:
        hub = await Hub.open(url, rooms, limits, workers, membership)
        try:
            app = create_app(url, rooms, limits, hub)
            server = uvicorn.Server(
                config(
                    app,
                    host,
                    port,
                    limits,
                    proxy_headers=True,
                    forwarded_allow_ips=forwarded_allow_ips,
                )
            )
            ready()
            await server.serve()
        finally:
            await hub.close()

    # the event loop uvicorn would run (uvloop where it is installed)
    with asyncio.Runner(loop_factory=auto_loop_factory(use_subprocess=False)) as runner:
        runner.run(serve())
