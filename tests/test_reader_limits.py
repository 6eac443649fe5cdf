"""The readers of results and tournament files (``report``, ``simulate --resume``,
``tournament --resume``) take a line at most ``MAX_LINE_BYTES`` long and only UTF-8 text:
input that never ends (``/dev/zero``, ``/dev/full``), an over-long line or bytes that are not
text are one typed error, read in bounded memory and time."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from unoverse.sim.record import ResultsError
from unoverse.sim.results import MAX_LINE_BYTES, Resumable, read
from unoverse.sim.run import run
from unoverse.sim.simulate import Simulation
from unoverse.sim.workers import Workers

# the readers are plain Python on either build
pytestmark = pytest.mark.any_build

#: The address space a command may take here: enough to start, far from what reading a
#: device that never ends into memory would take.
MEMORY = 1 << 30
#: Seconds a refusal may take (starting the interpreter included).
SECONDS = 60


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def unoverse(*args: str) -> subprocess.CompletedProcess[str]:
    """``unoverse ARGS`` in a process held to ``MEMORY`` and ``SECONDS``."""
    return subprocess.run(
        [sys.executable, "-m", "unoverse.cli", *args],
        capture_output=True,
        text=True,
        timeout=SECONDS,
        preexec_fn=_limited,
    )


ENDLESS = [
    (("report", "/dev/zero"), "/dev/zero line 1", "not a unoverse results file"),
    (("report", "/dev/full"), "/dev/full line 1", "not a unoverse results file"),
    (
        ("tournament", "--bot", "naive", "--bot", "random", "--out", "/dev/zero", "--resume"),
        "/dev/zero line 1",
        "not a tournament file",
    ),
]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/zero or /dev/full here")
@pytest.mark.parametrize(
    ("args", "where", "what"), ENDLESS, ids=["report zero", "report full", "tournament zero"]
)
def test_input_that_never_ends_is_one_line_in_bounded_memory(
    args: tuple[str, ...], where: str, what: str
) -> None:
    r = unoverse(*args)
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr == f"error: {where}: longer than {MAX_LINE_BYTES} bytes ({what})\n"
    assert r.stdout == ""


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_resume_from_a_device_is_refused_before_reading() -> None:
    r = unoverse("simulate", "--games", "2", "--results", "/dev/zero", "--resume")
    assert r.returncode == 2, r.stderr[-2000:]
    assert r.stderr == (
        "error: /dev/zero: not a regular file: --resume continues a results file on disk\n"
    )


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A results file of three games, as bytes."""
    path = tmp_path_factory.mktemp("results") / "r.jsonl"
    run(Simulation("classic", 2, 3, 1), results=path, where=Workers(1))
    return path.read_bytes()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (b"0" * (MAX_LINE_BYTES + 1), f"longer than {MAX_LINE_BYTES} bytes"),
        (b'{"game": "\xff"}\n', "not UTF-8 text"),
        (b"[" * 100_000 + b"\n", "not JSON"),  # nested deeper than the parser goes
    ],
    ids=["over-long", "binary", "nested"],
)
def test_a_line_the_readers_do_not_take_is_a_results_error(
    tmp_path: Path, results: bytes, line: bytes, message: str
) -> None:
    header, *records = results.splitlines(keepends=True)
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"".join([header, records[0], line, *records[1:]]))
    with pytest.raises(ResultsError, match=f"^{path} line 3: {message}"):
        list(read(path))
    with pytest.raises(ResultsError, match=f"^{path} line 3: {message}"):
        Resumable.find(path, json.loads(header))


def test_a_line_of_the_longest_length_is_read(tmp_path: Path, results: bytes) -> None:
    header, *records = results.splitlines(keepends=True)
    padded = records[0][:-2] + b" " * (MAX_LINE_BYTES + 1 - len(records[0])) + b"}\n"
    assert len(padded) == MAX_LINE_BYTES + 1  # (and its newline)
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"".join([header, padded, *records[1:]]))
    assert [r["game"] for _h, r, _w in read(path)] == [0, 1, 2]
