"""The Ray backend (``sim.workers``): the same results as the process pool, on a local Ray
and on a cluster started here by ``ray start``; an address that does not answer fails fast."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from unoverse.sim.run import run
from unoverse.sim.simulate import Simulation
from unoverse.sim.tournament import Tournament
from unoverse.sim.tournament import run as run_tournament
from unoverse.sim.workers import BackendError, Workers

# Ray only carries the simulation's chunks, whose games tests/sim's other modules check on
# both builds. Its time is two Ray start-ups (a local Ray, and a cluster by `ray start`).
pytestmark = pytest.mark.any_build

RAY = Path(sys.executable).with_name("ray")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_ray_gives_the_results_of_the_process_pool(tmp_path: Path) -> None:
    sim = Simulation("classic+jump_in", 3, 120, 6, "naive,random,naive")
    reference = tmp_path / "process.jsonl"
    expected = run(sim, results=reference, where=Workers(2))
    expected.pop("timing")

    local = tmp_path / "local.jsonl"  # no address: a local Ray, started and stopped by run
    report = run(sim, results=local, where=Workers(2, "ray"))
    report.pop("timing")
    assert report == expected and local.read_bytes() == reference.read_bytes()

    port = free_port()
    head = subprocess.Popen(
        [str(RAY), "start", "--head", "--block", f"--port={port}", "--num-cpus=2",
         "--include-dashboard=false", "--disable-usage-stats"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        address = f"127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:  # the head answers once its control store listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert head.poll() is None, "ray start --head exited"
                assert time.monotonic() < deadline, "ray start --head did not come up in 60 s"
                time.sleep(0.1)
        cluster = tmp_path / "cluster.jsonl"
        report = run(sim, results=cluster, where=Workers(0, "ray", address))
        report.pop("timing")
        assert report == expected and cluster.read_bytes() == reference.read_bytes()

        duel = Tournament("classic", 2, ("naive", "random"), 20, 3)
        assert run_tournament(duel, where=Workers(0, "ray", address)) == run_tournament(
            duel, where=Workers(1)
        )
    finally:
        head.terminate()
        head.wait(timeout=60)


def test_a_ray_address_that_does_not_answer_fails_fast(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    start = time.monotonic()
    with pytest.raises(BackendError, match=r"no Ray cluster answers at 127\.0\.0\.1:\d+"):
        run(
            Simulation("classic", 2, 5, 0),
            results=path,
            where=Workers(0, "ray", f"127.0.0.1:{free_port()}"),
        )
    assert time.monotonic() - start < 30
    assert not path.exists()
    with pytest.raises(BackendError, match="write host:port"):
        run(Simulation("classic", 2, 5, 0), where=Workers(0, "ray", "nowhere"))


def test_an_unknown_backend_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    with pytest.raises(BackendError, match="unknown backend 'spark'; backends are: process, ray"):
        run(Simulation("classic", 2, 5, 0), results=path, where=Workers(0, "spark"))
    assert not path.exists()
