"""``unoverse simulate --engine fast`` as a run: records of the reference's format that
``unoverse report`` reads, the same file on any number of workers, resumed after a stop,
and everything the batched engine cannot honour refused before a game is played, in one
line with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from unoverse.sim.record import ResultsError
from unoverse.sim.results import read
from unoverse.sim.run import run
from unoverse.sim.simulate import Simulation
from unoverse.sim.workers import Workers

from .test_report import invoke, one_error
from .test_results import Stop, stop_after
from .test_simulate_cli import interrupted

ONE = Workers(1)
#: Games that end and games cut off at the cap, with catches, challenges and jump-ins.
SIM = Simulation("classic+jump_in", 3, 400, 9, "random,naive,naive", max_actions=150, engine="fast")
CLI = [sys.executable, "-m", "unoverse.cli"]


def records(path: Path) -> list[dict[str, Any]]:
    return [record for _header, record, _where in read(path)]


def header(path: Path) -> dict[str, Any]:
    return next(iter(read(path)))[0]


def without_timing(report: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in report.items() if k != "timing"}


def test_the_records_have_the_reference_format_and_report_reads_them(tmp_path: Path) -> None:
    fast, reference = tmp_path / "fast.jsonl", tmp_path / "reference.jsonl"
    report = run(SIM, results=fast, where=ONE)
    run(Simulation("classic+jump_in", 3, 2, 9, "random,naive,naive"), results=reference)
    assert header(fast)["engine"] == "fast" and header(reference)["engine"] == "reference"
    assert list(header(fast)) == list(header(reference))
    recs = records(fast)  # (read checks every record: sim.record.check_record)
    assert [r["game"] for r in recs] == list(range(400))
    assert {tuple(r) for r in recs} == {tuple(records(reference)[0])}  # fields, in order
    assert 0 < report["unfinished"] < 400 and report["engine"] == "fast"
    assert report["unfinished_games"] == [
        {"game": r["game"], "seed": r["seed"]} for r in recs if r["unfinished"]
    ]
    result = invoke("report", str(fast), "--json")
    assert result.exit_code == 0, result.stderr
    [group] = json.loads(result.stdout)["groups"]
    assert (group["games"], group["finished"]) == (400, report["finished"])
    assert group["length"]["turns"]["mean"] == report["turns_per_game"]["mean"]


def test_the_results_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    one, two, rows = tmp_path / "one.jsonl", tmp_path / "two.jsonl", tmp_path / "two.parquet"
    by_one = run(SIM, results=one, where=ONE)
    by_two = run(SIM, results=two, where=Workers(2))
    assert one.read_bytes() == two.read_bytes()
    assert without_timing(by_one) == without_timing(by_two)
    assert without_timing(run(SIM, results=rows, where=Workers(2))) == without_timing(by_one)
    assert records(rows) == records(one)


@pytest.mark.parametrize("name", ["r.jsonl", "r.parquet"])
def test_a_run_stopped_midway_resumes_to_the_same_file_and_report(
    tmp_path: Path, name: str
) -> None:
    whole = tmp_path / ("whole" + name)
    full = run(SIM, results=whole, where=ONE)
    path = tmp_path / name
    with pytest.raises(Stop):
        run(SIM, results=path, where=Workers(2), progress=stop_after(100))
    kept = len(records(path))
    assert 100 <= kept < 400
    again = run(SIM, results=path, resume=True, where=ONE)
    assert again["timing"]["games_played"] == 400 - kept
    assert without_timing(again) == without_timing(full)
    assert records(path) == records(whole)
    if name.endswith(".jsonl"):
        assert path.read_bytes() == whole.read_bytes()


def test_ctrl_c_keeps_whole_records_and_resume_plays_the_rest(tmp_path: Path) -> None:
    """16,000 games in 16 chunks of 1,000 (about 550 KB each): Ctrl-C comes once the first
    chunk is written, with 14 or more left."""
    args = ("simulate", "--engine", "fast", "--games", "16000", "--seed", "5", "--workers", "2")
    whole = tmp_path / "whole.jsonl"
    done = subprocess.run([*CLI, *args, "--results", str(whole)], capture_output=True, check=False)
    assert done.returncode == 0, done.stderr
    path = tmp_path / "r.jsonl"
    stderr = interrupted([*CLI, *args, "--results", str(path)], path, 100_000)
    kept = path.read_text().splitlines()
    assert stderr == (
        f"error: interrupted; the {len(kept) - 1} games played so far are in {path}; "
        "--resume plays the rest\n"
    )
    assert 1 < len(kept) < 16001
    resumed = subprocess.run(
        [*CLI, *args, "--results", str(path), "--resume", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["timing"]["games_played"] == 16001 - len(kept)
    assert path.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize(("played", "asked"), [("reference", "fast"), ("fast", "reference")])
def test_resuming_with_the_other_engine_is_refused_and_changes_nothing(
    tmp_path: Path, played: str, asked: str
) -> None:
    path = tmp_path / "r.jsonl"
    base = ("simulate", "--games", "20", "--results", str(path))
    assert invoke(*base, "--engine", played).exit_code == 0
    data = path.read_bytes()
    error = one_error(invoke(*base, "--engine", asked, "--resume", "--games", "30"))
    assert error == (
        f"error: {path} holds games played by the {played} engine, not the {asked} one: "
        f"resume it with --engine {played}, or write to a new file"
    )
    assert path.read_bytes() == data


def test_a_header_without_an_engine_is_the_reference_engines(tmp_path: Path) -> None:
    """Files written before headers named the engine resume as the reference engine's."""
    path = tmp_path / "r.jsonl"
    sim = Simulation("classic", 3, 20, 4)
    whole = run(sim, results=path, where=ONE)
    head, *rest = path.read_text().splitlines(keepends=True)
    older = {k: v for k, v in json.loads(head).items() if k != "engine"}
    path.write_text(json.dumps(older) + "\n" + "".join(rest[:12]))
    fast = Simulation("classic", 3, 20, 4, engine="fast")
    with pytest.raises(ResultsError, match="played by the reference engine, not the fast one"):
        run(fast, results=path, resume=True, where=ONE)
    again = run(sim, results=path, resume=True, where=ONE)
    assert again["timing"]["games_played"] == 8
    assert without_timing(again) == without_timing(whole)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--option", "play_duplicates=true"],
            "option play_duplicates=true: the fast engine plays play_duplicates=false only",
        ),
        (["--variant", "attack"], "the fast engine plays Classic UNO and its house rules, not"),
        (["--bots", "heuristic"], "bot heuristic: the fast engine plays the random and naive"),
        (
            ["--bots", "random,naive:median_ms=300"],
            "bot naive:median_ms=300: the fast engine has no clock",
        ),
        (["--match"], "--match: the fast engine plays single rounds, not matches"),
        (["--out", "{tmp}/x.replay"], "--out: the fast engine writes no replay file"),
        (["--engine", "turbo"], "unknown engine 'turbo'; engines are: reference, fast"),
    ],
)
def test_what_the_fast_engine_cannot_honour_is_refused_before_any_game(
    tmp_path: Path, args: list[str], message: str
) -> None:
    results = tmp_path / "r.jsonl"
    argv = ["simulate", "--engine", "fast", "--players", "2", "--results", str(results)]
    error = one_error(invoke(*argv, *(a.format(tmp=tmp_path) for a in args)))
    assert error.startswith("error: " + message), error
    assert list(tmp_path.iterdir()) == []  # nothing written, the results file included


def test_a_fast_and_a_reference_run_of_one_seed_are_not_reported_together(
    tmp_path: Path,
) -> None:
    """They deal the same games: reported together, each deal would count twice."""
    fast, reference, other = (tmp_path / f"{n}.jsonl" for n in ("fast", "reference", "other"))
    run(Simulation("classic", 3, 30, 4, engine="fast"), results=fast, where=ONE)
    run(Simulation("classic", 3, 30, 4), results=reference, where=ONE)
    run(Simulation("classic", 3, 30, 5), results=other, where=ONE)
    error = one_error(invoke("report", str(fast), str(reference), "--json"))
    assert "hold the same run" in error and "would count twice" in error
    result = invoke("report", str(fast), str(other), "--json")
    assert result.exit_code == 0, result.stderr
    [group] = json.loads(result.stdout)["groups"]
    assert group["games"] == 60


def test_without_its_extra_the_fast_engine_is_refused_in_one_line(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['numba'] = None\n"  # (as if numba were not installed)
        "from unoverse.cli.app import app; app()"
    )
    results = tmp_path / "r.jsonl"
    argv = ["simulate", "--engine", "fast", "--results", str(results)]
    r = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, check=False
    )
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr == (
        "error: --engine fast: unoverse.fast needs its extra: pip install 'unoverse[fast]' "
        "(no module 'numba')\n"
    )
    assert not results.exists()
