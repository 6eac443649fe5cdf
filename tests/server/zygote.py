"""A process that loads ``unoverse serve``'s modules once and starts servers by forking
(``players.Zygote``): for each line it reads, the command's arguments and a log file in
JSON, it forks a process that runs the command with its output in the log, and writes back
that process's id. A server started so answers in a few tenths of a second, where a new
Python first takes a second or more to load the same modules. At the end of its input it
kills the servers it started that still run."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import traceback
from typing import NoReturn

import uvicorn  # noqa: F401  (loaded once, for every server forked)

import unoverse.cli.app
import unoverse.server.app


def serve(args: list[str], log: str) -> NoReturn:
    """In the forked process: ``unoverse serve ARGS`` with its output in ``log``."""
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    out = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    code = 1
    try:
        sys.argv[1:] = ["serve", *args]
        unoverse.cli.app.main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)


def main() -> None:
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # a server that ends is reaped at once
    started = []
    for line in sys.stdin:
        args, log = json.loads(line)
        pid = os.fork()
        if pid == 0:
            serve(args, log)
        started.append(pid)
        print(pid, flush=True)
    for pid in started:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
