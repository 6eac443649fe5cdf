"""The search bot's worker processes end with their server, however it ends: here killed
(SIGKILL), which runs none of its own code."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

import pytest

from .players import room, start_subprocess

PROC = Path("/proc")
pytestmark = pytest.mark.skipif(
    not (PROC / "self" / "stat").exists(), reason="counts processes in /proc (Linux)"
)


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (None: no such process)."""
    try:
        text = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return None
    return text.rpartition(")")[2].split()


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that still runs (a zombie has ended)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def _helpers(server: int) -> list[int]:
    """The processes ``multiprocessing`` started for ``server``: its pool's workers and
    their resource tracker."""
    found = []
    for entry in PROC.iterdir():
        fields = _stat(int(entry.name)) if entry.name.isdigit() else None
        if fields is None or int(fields[1]) != server:
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"multiprocessing" in command:
            found.append(int(entry.name))
    return found


def test_the_workers_end_when_their_server_is_killed(tmp_path: Path) -> None:
    # no grace window: a stand-in plays the host's seat at once, and the hard bot's turn
    # comes within a move or two
    database = f"sqlite+aiosqlite:///{tmp_path / 'server.db'}"
    proc, server = start_subprocess(database, "--grace", "0")
    workers: list[int] = []
    try:
        asyncio.run(room(server, "classic", 2, {1: "hard:median_ms=5"}, ["Ana"]))
        deadline = time.monotonic() + 60
        while len(workers := _helpers(proc.pid)) < 2:  # a worker and the tracker
            assert time.monotonic() < deadline, "the pool did not start"
            time.sleep(0.05)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        deadline = time.monotonic() + 10
        while any(_running(pid) for pid in workers):
            assert time.monotonic() < deadline, (
                f"still running after their server was killed: {workers}"
            )
            time.sleep(0.05)
    finally:
        proc.kill()
        proc.wait(10)
        for pid in workers:  # (left over only if the test failed)
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
