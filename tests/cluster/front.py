"""A set of ``unoverse serve`` processes behind nginx, for tests of the server scaled out
(``Front``): the processes share a new PostgreSQL database and the local Redis under a name
of their own, nginx runs ``deploy/nginx/unoverse.conf`` in front of them, and a test kills,
stops, pauses and starts the processes again while clients play through nginx.

Without ``cluster``, one process of today's server runs behind nginx (on SQLite or
PostgreSQL), with none of the set's options: the harness checked on its own."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import string
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Literal

from server.players import LOGS, Forked, Server, Zygote, _answering, _serving, free_port
from server.postgres import ASYNC, execute

#: The nginx configuration the harness runs, as production does.
TEMPLATE = Path(__file__).resolve().parents[2] / "deploy" / "nginx" / "unoverse.conf"
#: The Redis every set shares (each under its own key prefix).
REDIS = os.environ.get("UNOVERSE_TEST_REDIS", "redis://127.0.0.1:6379/0")
#: nginx's own configuration around the template: one process in the foreground (no workers
#: to outlive it), and every file it writes in ``dir`` or beside the servers' logs.
MAIN = string.Template("""\
daemon off;
master_process off;
worker_rlimit_nofile 65536;
pid ${dir}/nginx.pid;
error_log ${log} warn;
events {
    worker_connections 20000;
}
http {
    log_format unoverse '$remote_addr "$request" $status '
                        'upstream=$upstream_addr status=$upstream_status $request_time';
    access_log ${access} unoverse;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/unoverse.conf;
}
""")


def nginx() -> str:
    """nginx's binary (Debian's is in /usr/sbin, which a user's PATH may lack)."""
    found = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
    if found is None:
        raise RuntimeError("nginx is missing: apt-get install nginx (.ci/run installs it)")
    return found


@dataclass
class Node:
    """One ``unoverse serve`` process of the set, on its port for good (``Front.restart``
    starts it there again)."""

    port: int
    #: the running process, or the last one
    process: Forked
    #: where its output goes (a new file each time it starts)
    log: Path
    #: how many times it has started
    lives: int = 1

    @property
    def base(self) -> str:
        """Its own HTTP address, past nginx."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def server(self) -> Server:
        """Its own address for ``players``' helpers (``room``, ``Client.connect``)."""
        return Server(self.base)

    @property
    def pid(self) -> int:
        return self.process.pid


class Front:
    """``n`` ``unoverse serve`` processes behind nginx, started when made, and everything
    they hold taken back by ``close`` (or at the end of a ``with``): the processes and nginx
    ended, the database dropped, the set's Redis keys deleted.

    With ``cluster`` (the default: three processes), they are a set named ``name`` on a new
    PostgreSQL database (reached on ``postgres_port``, a ``links.Link`` say, if given) and
    the Redis at ``redis`` (the local one by default); without it, one process of today's server on
    ``database``. Each gets ``players``' room for a test's many rooms from one address,
    ``args``, and its own ``--node-url``. They are forked from ``zygote`` (a new one, ended
    at the close, when none is given). nginx's timeouts are the template's placeholders
    (``deploy/nginx/unoverse.conf`` says what each does)."""

    #: nginx, in front of the processes
    server: Server
    #: nginx's process
    proxy: subprocess.Popen[bytes]
    #: every request nginx passed on: to which process, and its answer
    access_log: Path

    def __init__(
        self,
        n: int | None = None,
        *,
        cluster: bool = True,
        database: Literal["postgresql", "sqlite"] = "postgresql",
        args: Sequence[str] = (),
        zygote: Zygote | None = None,
        fail_timeout: str = "2s",
        read_timeout: str = "10s",
        ws_timeout: str = "1h",
        redis: str = REDIS,
        postgres_port: int | None = None,
    ) -> None:
        n = (3 if cluster else 1) if n is None else n
        if n < 1 or (not cluster and n != 1):
            raise ValueError("one process without cluster (a second finds the database taken)")
        if cluster and database != "postgresql":
            raise ValueError("a set of processes shares a PostgreSQL database")
        self.name = "t_" + secrets.token_hex(6)
        self.cluster = cluster
        self.nodes: list[Node] = []
        # what is set up leaves its undoing here (``_database`` and ``_front`` too), all of it
        # undone should a step fail, and otherwise kept for ``close``
        self._cleanup = contextlib.ExitStack()
        with self._cleanup as cleanup:
            self._dir = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="nginx-")))
            if zygote is None:
                zygote = Zygote()
                cleanup.callback(zygote.close)
            self._zygote = zygote
            self.database = self._database(database)
            if cluster:
                cleanup.callback(self._forget)
            cleanup.callback(self._end_nodes)
            self._args = list(args)
            self.redis = redis
            #: the database as the processes reach it (through a ``links.Link``, say)
            self.reached = self.database
            if postgres_port is not None:
                self.reached = self.database.replace(":5432/", f":{postgres_port}/", 1)
            # the first brings the schema up to date alone, then the others start together
            self._start(free_port())
            ports: set[int] = set()
            while len(ports) < n - 1:
                ports.add(free_port())
            for port in ports:
                self._start(port, wait=False)
            for node in self.nodes[1:]:
                _answering(node.process, node.port, node.log)
            self.server = self._front(fail_timeout, read_timeout, ws_timeout)
            self._cleanup = cleanup.pop_all()

    # the set's processes

    def kill(self, i: int) -> None:
        """Kill process ``i`` (SIGKILL): it ends at once, with no word to anyone."""
        self.nodes[i].process.kill()

    def pause(self, i: int) -> None:
        """Freeze process ``i`` (SIGSTOP): its sockets stay open, and nothing answers."""
        os.kill(self.nodes[i].pid, signal.SIGSTOP)

    def resume(self, i: int) -> None:
        """Let process ``i`` run on after ``pause`` (SIGCONT)."""
        os.kill(self.nodes[i].pid, signal.SIGCONT)

    def stop(self, i: int, timeout: float = 30.0) -> None:
        """Stop process ``i`` as an operator does (SIGTERM, and SIGCONT should it be paused)
        and wait until it has ended."""
        node = self.nodes[i]
        os.kill(node.pid, signal.SIGTERM)
        with contextlib.suppress(ProcessLookupError):  # (it may have ended already)
            os.kill(node.pid, signal.SIGCONT)
        node.process.wait(timeout)

    def restart(self, i: int, timeout: float = 10.0) -> Node:
        """Start process ``i`` again, on its port with its arguments, once it has ended
        (``kill`` or ``stop`` first): the node, once it answers."""
        node = self.nodes[i]
        try:
            node.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError(f"process {i} still runs: kill or stop it first") from None
        node.lives += 1
        node.log = self._log(i, node.lives)
        node.process = self._fork(node.port, i, node.log)
        _answering(node.process, node.port, node.log)
        return node

    # nginx in front

    @property
    def base(self) -> str:
        """nginx's HTTP address."""
        return self.server.base

    @property
    def ws(self) -> str:
        """nginx's address for the websocket."""
        return self.server.ws

    def close(self) -> None:
        """End nginx and every process, drop the database and delete the set's Redis keys:
        every step, even when one before it fails."""
        self._cleanup.close()

    def __enter__(self) -> Front:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # setting up, and taking down

    def _database(self, kind: str) -> str:
        """A new database for the set (dropped at the close)."""
        if kind == "sqlite":
            return f"sqlite+aiosqlite:///{self._dir / 'unoverse.db'}"
        execute(f"CREATE DATABASE {self.name}")
        self._cleanup.callback(execute, f"DROP DATABASE {self.name} WITH (FORCE)")
        return ASYNC.rsplit("/", 1)[0] + "/" + self.name

    def _start(self, port: int, *, wait: bool = True) -> None:
        """Start the next process on ``port`` (once it answers, with ``wait``)."""
        i = len(self.nodes)
        log = self._log(i, 1)
        node = Node(port, self._fork(port, i, log), log)
        self.nodes.append(node)
        if wait:
            _answering(node.process, port, log)

    def _fork(self, port: int, i: int, log: Path) -> Forked:
        """Process ``i`` forked by the zygote on ``port`` (``Zygote.start`` picks a new port:
        a process started again keeps its own)."""
        args = [*self._args]
        if self.cluster:
            node_url = f"http://127.0.0.1:{port}"
            args = [
                *("--redis-url", self.redis, "--cluster", self.name, "--node-url", node_url),
                *args,
            ]
        proc = self._zygote.proc
        assert proc.stdin is not None and proc.stdout is not None
        line = json.dumps([_serving(port, self.reached, tuple(args)), str(log)])
        proc.stdin.write(line.encode() + b"\n")
        proc.stdin.flush()
        pid = proc.stdout.readline()
        if not pid:
            raise RuntimeError(f"the zygote ended ({proc.wait(10)})")
        return Forked(int(pid))

    def _log(self, i: int, life: int) -> Path:
        """Where process ``i`` writes in its ``life``-th run."""
        LOGS.mkdir(parents=True, exist_ok=True)
        return LOGS / f"{self.name}-{i}.{life}.log"

    def _end_nodes(self) -> None:
        """Kill every process (a paused one too) and wait until each has ended."""
        for node in self.nodes:
            node.process.kill()
        for node in self.nodes:
            node.process.wait(10)

    def _forget(self) -> None:
        """Delete the set's Redis keys (its name is their prefix)."""
        import redis  # only a set uses Redis (the project's ``cluster`` extra)

        client = redis.Redis.from_url(self.redis)
        try:
            keys = list(client.scan_iter(match=self.name + "*", count=1000))
            if keys:
                client.delete(*keys)
        finally:
            client.close()

    def _front(self, fail_timeout: str, read_timeout: str, ws_timeout: str) -> Server:
        """nginx on a free port in front of the processes, once it answers."""
        port = free_port()
        servers = "\n".join(
            f"    server 127.0.0.1:{node.port} max_fails=3 fail_timeout={fail_timeout};"
            for node in self.nodes
        )
        site = string.Template(TEMPLATE.read_text()).safe_substitute(
            listen=f"127.0.0.1:{port}",
            servers=servers,
            read_timeout=read_timeout,
            ws_timeout=ws_timeout,
        )
        (self._dir / "unoverse.conf").write_text(site)
        log = LOGS / f"{self.name}-nginx.log"
        self.access_log = log.with_suffix(".access.log")
        main = MAIN.safe_substitute(dir=self._dir, log=log, access=self.access_log)
        (self._dir / "nginx.conf").write_text(main)
        command = [nginx(), "-p", str(self._dir), "-c", str(self._dir / "nginx.conf")]
        with log.open("ab") as err:  # nginx writes there too (error_log), before and after
            self.proxy = subprocess.Popen([*command, "-e", str(log)], stdout=err, stderr=err)
        self._cleanup.callback(_end, self.proxy)
        return _answering(self.proxy, port, log)


def _end(proc: subprocess.Popen[bytes]) -> None:
    """End nginx: at once (SIGTERM), or killed when it lingers."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
