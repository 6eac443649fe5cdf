"""What a fault test breaks between the set's processes and the services they share:

* ``Link``: a TCP relay in front of a service (PostgreSQL), which a test cuts (every
  connection through it closed at once, new ones refused: the database is away for the
  processes) and mends;
* ``OwnRedis``: a Redis server of the test's own, which it restarts (with nothing kept, as
  the machine's Redis keeps nothing on disk) without touching the machine's."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import subprocess
import threading
import time

import redis

from server.players import LOGS, free_port


class Link:
    """A TCP relay from a free port of this machine to ``port`` (see the module)."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.port = free_port()
        self.cut_off = False
        self._writers: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        started = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(started,), daemon=True)
        self._thread.start()
        started.wait(10)

    def cut(self) -> None:
        """Close every connection through the link, and refuse new ones until ``mend``."""
        self.cut_off = True
        asyncio.run_coroutine_threadsafe(self._close_all(), self._loop).result(10)

    def mend(self) -> None:
        """Let connections through again."""
        self.cut_off = False

    def close(self) -> None:
        self.cut()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def _run(self, started: threading.Event) -> None:
        asyncio.set_event_loop(self._loop)
        server = self._loop.run_until_complete(
            asyncio.start_server(self._relay, "127.0.0.1", self.port)
        )
        started.set()
        try:
            self._loop.run_forever()
        finally:
            server.close()

    async def _close_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()  # as a server going away: no goodbye
        self._writers.clear()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_off:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.transport.abort()
            return
        self._writers.update((writer, up_writer))

        async def pump(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ConnectionError):
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            dst.transport.abort()

        await asyncio.gather(pump(reader, up_writer), pump(up_reader, writer))
        self._writers.difference_update((writer, up_writer))


class OwnRedis:
    """``redis-server`` on a free port, keeping nothing on disk (see the module)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._command = [binary, "--port", str(self.port), "--bind", "127.0.0.1",
                         "--save", "", "--appendonly", "no"]  # fmt: skip
        self._proc = self._start()

    def restart(self) -> None:
        """Stop it (what it held is gone) and start it again on its port."""
        self.stop()
        self.start()

    def stop(self) -> None:
        """Stop it: what it held is gone."""
        self._stop()

    def start(self) -> None:
        """Start it again on its port, empty."""
        self._proc = self._start()

    def close(self) -> None:
        self._stop()

    def _start(self) -> subprocess.Popen[bytes]:
        LOGS.mkdir(parents=True, exist_ok=True)
        with (LOGS / f"redis-{self.port}.log").open("ab") as log:
            proc = subprocess.Popen(self._command, stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        client = redis.Redis(port=self.port)
        try:
            while True:
                try:
                    client.ping()
                    return proc
                except redis.ConnectionError:
                    if time.monotonic() > deadline or proc.poll() is not None:
                        raise RuntimeError("redis-server did not start") from None
                    time.sleep(0.02)
        finally:
            client.close()

    def _stop(self) -> None:
        self._proc.kill()
        self._proc.wait(10)
