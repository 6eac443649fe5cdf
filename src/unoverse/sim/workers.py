"""Where a run's games are played: in this process, on a pool of processes (one per CPU by
default), or on a Ray cluster (``ray`` extra).

A run is cut into tasks (chunks of consecutive games); ``ordered`` submits them a bounded
window ahead of the one awaited, never the whole run up front, and yields their results in
task order, whatever order they finish in. A task's result depends only on the task, so a
run gives the same results on every backend and any number of workers.

Workers ignore Ctrl-C: the parent stops between tasks (the caller's ``stop``), cancels what
is queued and keeps what it received.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from ..core.errors import UnoverseError

BACKENDS: Final = ("process", "ray")
#: Tasks in flight per worker: enough that no worker waits for the next.
WINDOW_PER_WORKER: Final = 3
#: Seconds to wait for a Ray address to answer before giving up.
CONNECT_TIMEOUT_S: Final = 5.0

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Workers:
    """Where to play: ``workers`` processes (0: one per CPU) on ``backend`` (``process``
    or ``ray``; ``ray_address``: the cluster, or None for a local Ray)."""

    workers: int = 0
    backend: str = "process"
    ray_address: str | None = None


class BackendError(UnoverseError):
    """A backend that cannot run: unknown, a worker count below 0, Ray not installed, or a
    Ray address that does not answer."""

    code = "bad_backend"


def cpus() -> int:
    """The CPUs this process may run on (its affinity, where the system tells it)."""
    count = getattr(os, "process_cpu_count", None)  # (Python 3.13)
    if count is not None:
        return int(count() or 1)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def worker_count(workers: int, tasks: int) -> int:
    """The processes to run ``tasks`` tasks on when ``workers`` are asked for (0: one per
    CPU): never more than the CPUs (more would only compete for them) or the tasks."""
    return max(1, min(workers or cpus(), cpus(), tasks))


def chunk_size(tasks: int, where: Workers, most: int) -> int:
    """How many of ``tasks`` to send a worker at once: at most ``most``, and small enough
    that each of the processes ``where`` plays on gets about eight chunks (a Ray cluster's
    size is not known here: as one process)."""
    n = worker_count(where.workers, max(1, tasks)) if where.backend == "process" else 1
    return max(1, min(most, -(-tasks // (8 * n))))


def check(backend: str, workers: int, ray_address: str | None = None) -> None:
    """Refuse an unknown backend or a worker count below 0, before anything runs; for Ray,
    refuse too when it is not installed or nothing answers at ``ray_address``."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 0:
        raise BackendError(
            f"workers must be a whole number from 0 (0: one per CPU), not {workers!r}"
        )
    if backend == "ray":
        _import_ray()
        if ray_address not in (None, "auto", "local"):
            _check_answers(ray_address)


def ordered(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 0,
    backend: str = "process",
    ray_address: str | None = None,
) -> Iterator[R]:
    """``fn(task)`` for each task, in task order. ``fn`` must be a module-level function
    (it is sent to other processes by name)."""
    check(backend, workers, ray_address)
    if not tasks:
        return
    if backend == "ray":
        yield from _ray(fn, tasks, workers, ray_address)
        return
    n = worker_count(workers, len(tasks))
    if n == 1:
        yield from map(fn, tasks)
        return
    pool = ProcessPoolExecutor(n, initializer=_ignore_interrupts)
    try:
        yield from _windowed(lambda t: pool.submit(fn, t).result, tasks, n * WINDOW_PER_WORKER)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _windowed(
    submit: Callable[[T], Callable[[], R]], tasks: Sequence[T], window: int
) -> Iterator[R]:
    """Keep ``window`` tasks submitted ahead of the one awaited; yield results in order."""
    pending: deque[Callable[[], R]] = deque()
    it = iter(tasks)
    for task in it:
        pending.append(submit(task))
        if len(pending) >= window:
            break
    while pending:
        result = pending.popleft()()
        for task in it:
            pending.append(submit(task))
            break
        yield result


def _ignore_interrupts() -> None:
    """A worker's start: Ctrl-C is the parent's to handle (it stops between tasks)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ray(
    fn: Callable[[T], R], tasks: Sequence[T], workers: int, address: str | None
) -> Iterator[R]:
    """The tasks on Ray: the cluster at ``address``, or a local Ray started here (with
    ``workers`` CPUs, 0: all) and stopped at the end."""
    ray = _import_ray()
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {
            "address": address or "local",  # (None would join a cluster ray start left)
            "log_to_driver": False,
            "logging_level": logging.WARNING,
        }
        if address in (None, "local"):
            kwargs.update(num_cpus=workers or cpus(), include_dashboard=False)
        try:
            ray.init(**kwargs)
        except (ConnectionError, RuntimeError) as exc:
            raise BackendError(f"cannot start or join Ray at {address or 'local'}: {exc}") from None
        started = True
    try:
        remote = ray.remote(fn).options(num_cpus=1)
        window = max(1, int(ray.cluster_resources().get("CPU", 1))) * WINDOW_PER_WORKER

        def submit(task: T) -> Callable[[], R]:
            ref = remote.remote(task)
            return lambda: ray.get(ref)

        yield from _windowed(submit, tasks, window)
    finally:
        if started:
            ray.shutdown()


def _import_ray() -> Any:
    try:
        import ray
    except ModuleNotFoundError:
        raise BackendError("--backend ray needs Ray: pip install 'unoverse[ray]'") from None
    return ray


def _check_answers(address: str) -> None:
    """Fail fast, with the reason, when nothing answers at a Ray address (``ray.init``
    itself would retry for a minute)."""
    hostport = address.removeprefix("ray://")
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit():
        raise BackendError(f"Ray address {address!r}: write host:port (or ray://host:port)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BackendError(f"no Ray cluster answers at {address}: {reason}") from None
