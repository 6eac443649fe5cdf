"""Command lines that cannot do what they say are one line ``error: ...`` and status 2,
before anything starts or is written: ``serve`` on a port out of range or in use, or on a
database it cannot open; ``play`` with more seats than the variant has, or with options
``--connect`` does not take; ``simulate`` writing its replay and its results to one file;
``report`` writing its page over a file it reads. A write error names the file as given."""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from unoverse.cli.app import app

# the command line's own checks: plain Python on either build
pytestmark = pytest.mark.any_build


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def one_error(result: Result, *fragments: str) -> str:
    """The one line of a refusal with status 2, holding each of ``fragments``."""
    assert result.exit_code == 2, (result.output, result.exception)
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert result.stdout == ""
    for fragment in fragments:
        assert fragment in result.stderr, result.stderr
    return result.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


# --- serve -------------------------------------------------------------------------------


@pytest.fixture
def no_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """``uvicorn.run`` replaced: a command that gets as far as starting the server fails
    here instead of serving."""
    import uvicorn

    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError(f"the server was started on port {kwargs.get('port')}")

    monkeypatch.setattr(uvicorn, "run", started)


@pytest.mark.usefixtures("no_server")
@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1"])
def test_serve_on_a_port_out_of_range_is_one_line(port: str) -> None:
    # (99999 was listened on as 99999 % 65536 = 34463, while the address printed said 99999)
    one_error(invoke("serve", "--port", port), "--port")


@pytest.mark.usefixtures("no_server")
@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("bogus://x", "cannot open it: Can't load plugin: sqlalchemy.dialects:bogus"),
        ("not a url", "is not a database URL"),
        ("sqlite+aiosqlite:///{tmp}/missing/unoverse.db", "no directory {tmp}/missing for the"),
        ("sqlite+aiosqlite:///{tmp}", "{tmp} is a directory, not a SQLite file"),
        ("postgresql+asyncpg://ana:secret@127.0.0.1:{port}/db", "ana:***@127.0.0.1"),
    ],
    ids=["scheme", "not a URL", "no directory", "a directory", "no database there"],
)
def test_serve_on_a_database_it_cannot_open_is_one_line(
    tmp_path: Path, url: str, said: str
) -> None:
    closed = free_port()  # (nothing listens there: the connection is refused at once)
    url, said = (x.format(tmp=tmp_path, port=closed) for x in (url, said))
    line = one_error(invoke("serve", "--port", str(free_port()), "--database", url), said)
    assert "secret" not in line
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port something listens on."""
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield listening.getsockname()[1]


def test_serve_on_a_port_in_use_is_one_line_naming_the_port(
    tmp_path: Path, taken_port: int
) -> None:
    database = f"sqlite+aiosqlite:///{tmp_path / 'unoverse.db'}"
    command = [sys.executable, "-m", "unoverse.cli", "serve", "--port", str(taken_port)]
    proc = subprocess.Popen(
        [*command, "--database", database],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        stdout, stderr = proc.communicate(timeout=60)
    finally:
        proc.kill()  # (a server that started anyway does not outlive the test)
        proc.wait()
    assert proc.returncode == 2, stderr[-2000:]
    assert stderr == (
        f"error: cannot listen on 127.0.0.1 port {taken_port}: Address already in use; is "
        "another server on it? choose another --port\n"
    )
    assert stdout == ""


# --- play ----------------------------------------------------------------------------------


@pytest.fixture
def no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal game's tables replaced: a command that gets as far as making one (a
    local table with its seats, or a seat at a server) fails here instead."""
    from unoverse.tui import launch

    def made(*args: Any) -> None:
        raise AssertionError(f"a table was made: {args}")

    monkeypatch.setattr(launch, "local", made)
    monkeypatch.setattr(launch, "remote", made)


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--players", "1000000000"), "Classic UNO is played by 2 to 10 players, not 1000000000"),
        (("--variant", "attack", "--players", "11"), "2 to 10 players, not 11"),
        (("--room", "K7QPZ2"), "--room: only with --connect"),
        (("--token", "abc"), "--token: only with --connect"),
        (("--room", "K7QPZ2", "--token", "abc"), "--room, --token: only with --connect"),
    ],
    ids=["a billion seats", "eleven seats", "--room", "--token", "--room --token"],
)
def test_play_refuses_a_local_table_it_cannot_seat_or_a_room_without_a_server(
    args: tuple[str, ...], said: str
) -> None:
    one_error(invoke("play", *args), said)


@pytest.mark.usefixtures("no_table")
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("--players", "3"), "--players: for a table on this machine"),
        (("--variant", "attack", "--seed", "4"), "--variant, --seed: for a table on this"),
        (("--bots", "hard", "--timer", "fast"), "--bots, --timer: for a table on this"),
        (("--option", "jump_in=true"), "--option: for a table on this machine"),
        (("--bot-speed", "fast"), "--bot-speed: for a table on this machine"),
    ],
    ids=["--players", "--variant --seed", "--bots --timer", "--option", "--bot-speed"],
)
def test_play_with_connect_refuses_the_options_of_a_local_table(
    args: tuple[str, ...], said: str
) -> None:
    connect = ("--connect", "http://127.0.0.1:9", "--room", "K7QPZ2", "--name", "Ana")
    one_error(invoke("play", *connect, *args), said, "with --connect, the room on the server")


# --- simulate and report -------------------------------------------------------------------


@pytest.mark.parametrize("how", ["the same name", "another path", "a link"])
def test_simulate_refuses_one_file_for_replay_and_results(tmp_path: Path, how: str) -> None:
    out = tmp_path / "games.jsonl"
    results = {
        "the same name": out,
        "another path": tmp_path / "sub" / ".." / "games.jsonl",
        "a link": tmp_path / "link.jsonl",
    }[how]
    (tmp_path / "sub").mkdir()
    if how == "a link":
        out.write_text("a previous run\n")
        results.symlink_to(out)
    before = sorted(p.name for p in tmp_path.iterdir())
    r = invoke("simulate", "--games", "2", "--out", str(out), "--results", str(results))
    one_error(r, f"--out and --results both name {out}: give each a file of its own")
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    if how == "a link":
        assert out.read_text() == "a previous run\n"


def test_a_replay_that_cannot_be_written_names_the_file_given(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "games.jsonl"
    r = invoke("simulate", "--games", "2", "--out", str(out))
    assert one_error(r) == f"error: cannot write {out}: No such file or directory\n"
    results = tmp_path / "games.jsonl"
    r = invoke("simulate", "--games", "2", "--out", str(out), "--results", str(results))
    assert one_error(r) == f"error: cannot write {out}: No such file or directory\n"


def test_report_refuses_to_write_its_page_over_a_results_file(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")  # (the report extra, which --html needs first)
    results = tmp_path / "r.jsonl"
    assert invoke("simulate", "--games", "2", "--results", str(results)).exit_code == 0
    data = results.read_bytes()
    r = invoke("report", str(results), "--html", str(results))
    one_error(r, f"--html {results} is a results file to read")
    assert results.read_bytes() == data
