"""``unoverse simulate`` at scale, as a person types it: results files, workers, resuming
after Ctrl-C, and bad input as one line on stderr that changes nothing."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

CLI = [sys.executable, "-m", "unoverse.cli"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=600, check=False)


def one_error_line(r: subprocess.CompletedProcess[str], text: str) -> None:
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith("error: ") and r.stderr.count("\n") == 1, r.stderr
    assert text in r.stderr, r.stderr


def interrupted(argv: list[str], path: Path, size: int) -> str:
    """Start ``argv``, press Ctrl-C once ``path`` holds more than ``size`` bytes, and return
    its stderr (it must exit with status 130). The file is looked at every 10 ms: the run
    must have games left to play well past that when it crosses ``size``."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline:
        if path.exists() and path.stat().st_size > size:
            break
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    return stderr


def test_ctrl_c_keeps_whole_records_and_resume_plays_the_rest(tmp_path: Path) -> None:
    args = ("simulate", "--players", "3", "--games", "3000", "--seed", "5", "--workers", "2")
    whole = tmp_path / "whole.jsonl"
    assert run(*args, "--results", str(whole), "--json").returncode == 0
    path = tmp_path / "r.jsonl"
    stderr = interrupted([*CLI, *args, "--results", str(path)], path, 50_000)
    kept = path.read_text().splitlines()
    assert stderr == (
        f"error: interrupted; the {len(kept) - 1} games played so far are in {path}; "
        "--resume plays the rest\n"
    )
    assert 1 < len(kept) < 3001
    assert [json.loads(line)["game"] for line in kept[1:]] == list(range(len(kept) - 1))
    resumed = run(*args, "--results", str(path), "--resume", "--json")
    assert resumed.returncode == 0, resumed.stderr
    report = json.loads(resumed.stdout)
    assert report["timing"]["games_played"] == 3001 - len(kept)
    assert path.read_bytes() == whole.read_bytes()


def test_bad_input_is_one_line_and_touches_nothing(tmp_path: Path) -> None:
    existing = tmp_path / "r.jsonl"
    assert run("simulate", "--games", "5", "--results", str(existing)).returncode == 0
    data = existing.read_bytes()
    one_error_line(run("simulate", "--games", "5", "--results", str(existing)), "exists: --resume")
    one_error_line(
        run("simulate", "--games", "5", "--seed", "3", "--results", str(existing), "--resume"),
        "holds another run (seed 0), not this one (seed 3)",
    )
    one_error_line(run("simulate", "--resume"), "--resume needs --results")
    one_error_line(run("simulate", "--backend", "spark"), "unknown backend 'spark'")
    one_error_line(
        run("simulate", "--backend", "ray", "--ray-address", "127.0.0.1:9"),
        "no Ray cluster answers at 127.0.0.1:9",
    )
    assert existing.read_bytes() == data
    damaged = tmp_path / "damaged.jsonl"
    lines = data.decode().splitlines()
    damaged.write_text("\n".join([lines[0], lines[1], "{oops", *lines[3:]]) + "\n")
    one_error_line(
        run("simulate", "--games", "5", "--results", str(damaged), "--resume"),
        f"{damaged} line 3: not JSON",
    )


def test_parquet_results_and_their_report(tmp_path: Path) -> None:
    path = tmp_path / "r.parquet"
    r = run("simulate", "--variant", "attack", "--players", "3", "--games", "40",
            "--results", str(path), "--json")  # fmt: skip
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["games"] == 40 and report["rules_per_game"]["presses"]["mean"] > 0
    assert path.read_bytes()[:4] == b"PAR1"


def test_tournament_on_workers_and_a_ray_address_that_does_not_answer(tmp_path: Path) -> None:
    args = ("tournament", "--bot", "naive", "--bot", "random", "--games", "40", "--json")
    one = run(*args, "--workers", "1")
    two = run(*args, "--workers", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    one_error_line(
        run(*args, "--backend", "ray", "--ray-address", "127.0.0.1:9"), "no Ray cluster answers"
    )


def test_ctrl_c_stops_a_tournament_that_resumes_to_the_same_table(tmp_path: Path) -> None:
    """2,000 games in chunks of 64: Ctrl-C comes after three or four, with some 28 left."""
    args = ("tournament", "--bot", "naive", "--bot", "random", "--games", "2000", "--json",
            "--workers", "2")  # fmt: skip
    whole = tmp_path / "whole.jsonl"
    full = run(*args, "--out", str(whole))
    assert full.returncode == 0, full.stderr
    path = tmp_path / "t.jsonl"
    stderr = interrupted([*CLI, *args, "--out", str(path)], path, 20_000)
    assert stderr == (
        f"error: interrupted; the games played so far are in {path}: --resume plays the rest\n"
    )
    assert 1 < len(path.read_text().splitlines()) < 2001
    again = run(*args, "--out", str(path), "--resume")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout) == json.loads(full.stdout)
    assert path.read_bytes() == whole.read_bytes()
