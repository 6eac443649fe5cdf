"""Test helpers: a server in this process (uvicorn on a free port, in the test's event loop)
or in a subprocess (``unoverse serve``: a new Python, or a process forked from one that has
the server's modules loaded), the HTTP calls that set a room up, and a websocket client that
plays its seat through the protocol."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest.mock
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import httpx
import uvicorn
import websockets

from unoverse.server import live, serving
from unoverse.server.app import create_app
from unoverse.server.limits import Bucket
from unoverse.server.live import Config
from unoverse.server.quotas import LIMITS, Limits

#: Fast rounds for tests: the next deal at once, a short grace window, and bots at their own
#: reaction times rather than a person's pace (``test_pace`` plays at that pace).
FAST = Config(grace_s=1.0, between_rounds_s=0.0, human_pace=False)
#: The server's limits, but for those a test run from one address reaches by design.
ROOMY = replace(
    LIMITS,
    requests_per_minute=10**6,
    rooms_per_minute=10**6,
    rooms_per_address=10**6,
    misses_per_minute=10**6,
    sockets_per_address=10**6,
)
#: The limits on one address, which ``ROOMY`` lifts.
PER_ADDRESS = (
    "requests_per_minute",
    "rooms_per_minute",
    "rooms_per_address",
    "misses_per_minute",
    "sockets_per_address",
)
#: Bots that answer at once (a 2 ms median reaction time).
QUICK = {"easy": "easy:median_ms=2", "normal": "normal:median_ms=2"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """A running server: its HTTP base and its websocket address."""

    base: str
    #: the application, for a server in this process
    app: Any = None

    @property
    def ws(self) -> str:
        return self.base.replace("http://", "ws://") + "/ws"


#: A flood limit no test client reaches: ``in_process(..., flood_limit=False)``.
UNLIMITED = functools.partial(Bucket, rate=10**9)


@contextlib.asynccontextmanager
async def in_process(
    database: str,
    config: Config = FAST,
    *,
    flood_limit: bool = True,
    limits: Limits = ROOMY,
) -> AsyncIterator[Server]:
    """A server in this process and event loop, as ``unoverse serve`` runs it (its
    connections bounded by ``serving``), held to ``limits``: by default the server's, with
    room for a test's many rooms and sockets from one address. Without its ``flood_limit``
    (a person's pace: ``limits.RATE`` messages per ``PERIOD``), clients play at machine speed
    all match long: two of them left alone at a BLAST-mode table would otherwise crawl at 5
    messages a second each."""
    if not flood_limit:
        with unittest.mock.patch.object(live, "Bucket", UNLIMITED):
            async with in_process(database, config, limits=limits) as unlimited:
                yield unlimited
        return
    port = free_port()
    app = create_app(database, config, limits)
    server = uvicorn.Server(serving.config(app, "127.0.0.1", port, limits, log_level="warning"))
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    try:
        yield Server(f"http://127.0.0.1:{port}", app)
    finally:
        server.should_exit = True
        await task


#: Where servers in subprocesses write their logs.
LOGS = Path(tempfile.gettempdir()) / "unoverse-test-servers"


class Process(Protocol):
    """A server's process, as a test ends it: a ``Popen``, or a ``Forked``."""

    def poll(self) -> int | None: ...

    def wait(self, timeout: float | None = None) -> int: ...

    def kill(self) -> None: ...


def start_subprocess(database: str, *args: str) -> tuple[subprocess.Popen[bytes], Server]:
    """``unoverse serve`` in a subprocess, once it answers."""
    port = free_port()
    command = [sys.executable, "-m", "unoverse.cli", "serve", *_serving(port, database, args)]
    log = LOGS / f"serve-{port}.log"
    LOGS.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as err:  # a file, not a pipe: a full pipe would block the server
        proc = subprocess.Popen(command, env=os.environ.copy(), stderr=err)
    return proc, _answering(proc, port, log)


def _serving(port: int, database: str, args: tuple[str, ...]) -> list[str]:
    """``unoverse serve``'s arguments (with ``ROOMY``'s limits)."""
    roomy = [f"--limit={name}={getattr(ROOMY, name)}" for name in PER_ADDRESS]
    return ["--port", str(port), "--database", database, "--log-level", "warning", *roomy, *args]


def _answering(proc: Process, port: int, log: Path) -> Server:
    """The server ``proc`` runs on ``port``, once it answers."""
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                return Server(base)
        except httpx.HTTPError:
            time.sleep(0.02)
    proc.kill()
    raise RuntimeError("the server did not start in 60 s")


@dataclass
class Forked:
    """A server forked by a ``Zygote`` (which reaps it: its exit status is not kept)."""

    pid: int

    def poll(self) -> int | None:
        """None while it runs, then -1."""
        try:
            os.kill(self.pid, 0)
        except (ProcessLookupError, PermissionError):  # gone (its id since taken, even)
            return -1
        return None

    def wait(self, timeout: float | None = None) -> int:
        deadline = time.monotonic() + (60.0 if timeout is None else timeout)
        while (code := self.poll()) is None:
            if time.monotonic() > deadline:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 60.0)
            time.sleep(0.005)
        return code

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)


class Zygote:
    """``zygote.py`` in a subprocess: it loads the server's modules once, and each server
    it forks (``unoverse serve`` in a process of its own) answers in a few tenths of a
    second. For a test that kills servers and starts them again many times."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("zygote.py"))],
            env=os.environ.copy(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )

    def start(self, database: str, *args: str) -> tuple[Forked, Server]:
        """``unoverse serve`` on ``database`` with ``args``, once it answers."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        port = free_port()
        log = LOGS / f"serve-{port}.log"
        LOGS.mkdir(parents=True, exist_ok=True)
        line = json.dumps([_serving(port, database, args), str(log)])
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        pid = self.proc.stdout.readline()
        if not pid:
            raise RuntimeError(f"the zygote ended ({self.proc.wait(10)})")
        forked = Forked(int(pid))
        return forked, _answering(forked, port, log)

    def close(self) -> None:
        """End it, and every server it started that still runs."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(10)


async def room(
    server: Server,
    preset: str,
    seats: int,
    bots: dict[int, str],
    names: list[str],
    *,
    timer: str = "off",
    start: bool = True,
    **settings: Any,
) -> tuple[str, list[tuple[int, str]]]:
    """A room with ``bots``, and ``names`` joined: its code and each player's (seat, token).
    The first name is the host, who starts the match."""
    async with httpx.AsyncClient(base_url=server.base) as http:
        r = await http.post(
            "/api/rooms",
            json={
                "name": names[0],
                "preset": preset,
                "seats": seats,
                "timer": timer,
                "bots": {str(k): v for k, v in bots.items()},
                **settings,
            },
        )
        assert r.status_code == 201, r.text
        code = r.json()["room"]
        joined = [(r.json()["seat"], r.json()["token"])]
        for name in names[1:]:
            r = await http.post(f"/api/rooms/{code}/join", json={"name": name})
            assert r.status_code == 201, r.text
            joined.append((r.json()["seat"], r.json()["token"]))
        if start:
            r = await http.post(f"/api/rooms/{code}/start", headers=bearer(joined[0][1]))
            assert r.status_code == 200, r.text
    return code, joined


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


class Client:
    """One websocket: every frame it received, the last view, and the answers by ``seq``."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.view: dict[str, Any] | None = None
        self.game: int | None = None
        self.answers: dict[int, dict[str, Any]] = {}
        self.seq = 0
        self.closed = False
        self.match_over: dict[str, Any] | None = None
        self.acted_on = -1  # the last version (of game acted_in) this client acted on
        self.acted_in: int | None = None
        #: (game, version) of every state this client's own accepted actions made
        self.made: set[tuple[int | None, int]] = set()

    @classmethod
    @contextlib.asynccontextmanager
    async def connect(
        cls, server: Server, code: str, token: str | None, seat: int | None, **hello: Any
    ) -> AsyncIterator[Client]:
        async with websockets.connect(server.ws, max_size=2**22) as ws:
            client = cls(ws, seat)
            frame = {"type": "hello", "protocol": 1, "room": code, "token": token, **hello}
            await ws.send(json.dumps({k: v for k, v in frame.items() if v is not None}))
            yield client

    def _take(self, text: str) -> dict[str, Any]:
        self.raw.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "update":
            self.view, self.game = frame["view"], frame["game"]
        elif frame["type"] == "match_over":
            self.match_over = frame
        elif frame["type"] in ("ack", "error") and frame.get("seq") is not None:
            self.answers[frame["seq"]] = frame
            if frame["type"] == "ack":
                self.made.add((self.game, frame["version"]))
        return frame

    async def recv(self, timeout: float = 20.0) -> dict[str, Any]:
        try:
            return self._take(await asyncio.wait_for(self.ws.recv(), timeout))
        except websockets.ConnectionClosed:
            self.closed = True
            raise

    async def drain(self) -> None:
        """Take every frame already here (waiting at most a moment for the first)."""
        with contextlib.suppress(TimeoutError):
            await self.recv(0.02)
            while True:
                await self.recv(0.0005)

    async def until(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        """Read frames up to the next one of ``kind``."""
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.recv(max(0.01, deadline - time.monotonic()))
            if frame["type"] == kind:
                return frame

    async def send(self, frame: dict[str, Any]) -> None:
        await self.ws.send(json.dumps(frame))

    async def act(self, action: str, version: int | None = None, seq: int | None = None) -> int:
        """Send an action (on the last view's version): its ``seq``."""
        if seq is None:
            self.seq += 1
            seq = self.seq
        if version is None:
            assert self.view is not None
            version = self.view["version"]
        await self.send({"type": "act", "seq": seq, "based_on_version": version, "action": action})
        return seq

    async def answer(self, seq: int, timeout: float = 20.0) -> dict[str, Any]:
        """The answer to message ``seq``."""
        deadline = time.monotonic() + timeout
        while seq not in self.answers:
            await self.recv(max(0.01, deadline - time.monotonic()))
        return self.answers[seq]

    def choice(self) -> str | None:
        """What this seat plays now, from its view: nothing in another seat's turn; a card
        before drawing; never a catch or an arming (the other seats' UNO calls are theirs to
        make). With nothing else to do in BLAST mode, a card picked up or put back, once
        another seat has moved (not back and forth on the state its own move made)."""
        view = self.view
        if view is None or not view["legal"] or view["winner"] is not None:
            return None
        if view["version"] <= self.acted_on and self.game == self.acted_in:
            return None  # refused on this state: wait for the next
        mine = any(w.get("seat") == self.seat for w in view["windows"])
        if not mine and view["phase"] in ("turn", "penalty"):
            return None  # another seat's turn: only jump-ins and catches would be ours
        legal = [a for a in view["legal"] if not a.startswith(("catch", "arm", "pass"))]
        legal = legal or view["legal"]
        if legal[0].startswith(("arm", "disarm")) and (self.game, view["version"]) in self.made:
            return None
        return legal[0]

    async def play_match(self, timeout: float = 120.0) -> dict[str, Any]:
        """Play this seat until the match is over: the ``match_over`` frame."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            await self.drain()
            if self.match_over is not None:
                return self.match_over
            action = self.choice()
            if action is not None:
                assert self.view is not None
                self.acted_on, self.acted_in = self.view["version"], self.game
                answer = await self.answer(await self.act(action))
                if answer.get("code") == "rate_limited":  # faster than a person: wait
                    self.acted_on = -1
                    await asyncio.sleep(0.25)
        last = [f["type"] for f in self.frames[-8:]]
        error = next((f for f in reversed(self.frames) if f["type"] == "error"), None)
        raise TimeoutError(
            f"seat {self.seat}: the match did not end; last frames {last}, last error {error}, "
            f"view {self.view}"
        )
