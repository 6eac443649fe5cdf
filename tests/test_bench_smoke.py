"""The benchmarks still run: tiny runs as subprocesses, exactly as a person would type them.

No timing is asserted (the machines are shared and noisy); only that each script exits 0
and prints its rows, that instruction counts repeat, and the counts that do not depend on
speed: rows that play the same games (the engine loop and the driver, the checked and the
unchecked loop, the plain and the compiled build, RLCard's game loop and its rules core, a
tree and itself as the baseline) play the same number of actions. Under ``make test-compiled``
(``UNOVERSE_EXPECT_COMPILED=1``) the compiled rows must have run; otherwise they may say the
build is missing or stale.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.any_build  # (the benchmarks pick their builds themselves)

ROOT = Path(__file__).resolve().parent.parent
BENCH_ENGINE = ROOT / "benchmarks" / "bench_engine.py"
BENCH_MEMORY = ROOT / "benchmarks" / "bench_memory.py"
BENCH_INSTRUCTIONS = ROOT / "benchmarks" / "bench_instructions.py"
CLASSIC_ROWS = ("unoverse engine 2p", "unoverse engine 4p", "unoverse driver 2p")
LIVE_ROWS = ("unoverse driver blast, BLAST mode 2p",)
BESIDE_ROWS = tuple(
    f"{label} {n}p"
    for n in (2, 4)
    for label in (
        "variant minecraft",
        "variant attack",
        "variant full_spectrum",
        "variant full_spectrum, 3 modes",
        "variant blast",
        "variant blast, BLAST mode",
        "house stacking=progressive",
        "house seven_zero",
        "house jump_in",
        "house every house rule",
    )
)
OUR_ROWS = (*CLASSIC_ROWS, *LIVE_ROWS, "unoverse unchecked 2p", *BESIDE_ROWS)
BESIDE_KEYS = tuple(
    f"{key}_{n}"
    for n in (2, 4)
    for key in (
        "minecraft",
        "attack",
        "full_spectrum",
        "fs_modes",
        "blast",
        "blast_live",
        "stacking",
        "seven_zero",
        "jump_in",
        "all_house",
    )
)
RLCARD_ROWS = ("RLCard env.run 2p", "RLCard bare UnoGame 2p", "RLCard UnoRound core 2p")
EXPECT_COMPILED = os.environ.get("UNOVERSE_EXPECT_COMPILED", "") not in ("", "0")
COMPILED_MISSING = ("not built (make compile)", "stale (make compile)")


def run(*argv: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(
        [sys.executable, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "120"},
    )
    assert r.returncode == 0, r.stderr
    return r


def by_build(report: dict[str, Any]) -> dict[str | None, dict[str, dict[str, Any]]]:
    """The JSON report's rows by build (``None``: RLCard), then by key."""
    out: dict[str | None, dict[str, dict[str, Any]]] = {}
    for row in report["rows"]:
        out.setdefault(row["build"], {})[row["key"]] = row
    return out


def test_engine_bench_quick_prints_our_rows() -> None:
    out = run(str(BENCH_ENGINE), "--quick", "--no-rlcard").stdout
    for line in ("Python", "unoverse", "plain", "compiled", "machine", "cpu"):
        assert line in out
    for name in (*CLASSIC_ROWS, *BESIDE_ROWS):
        row = next((ln for ln in out.splitlines() if name in ln), None)
        assert row is not None, f"no row {name!r} in:\n{out}"
        assert any(ch.isdigit() for ch in row.split(name, 1)[1]), row
    assert "unoverse unchecked 2p" in out
    for name in RLCARD_ROWS:
        assert any(name in ln and "skipped" in ln for ln in out.splitlines()), out
    assert "over env.run" in out and "over bare UnoGame" in out and "over UnoRound core" in out
    assert "Variants and house rules: actions/s over Classic's" in out


def test_engine_bench_quick_json_counts() -> None:
    report = json.loads(run(str(BENCH_ENGINE), "--quick", "--no-rlcard", "--json").stdout)
    rows = by_build(report)
    assert report["games"] == 10 and report["runs"] == 1 and report["warmup"] is False
    plain = rows["plain"]
    for key in ("engine", "engine4", "driver", *BESIDE_KEYS):
        assert plain[key]["status"] == "ok", plain[key]
        assert plain[key]["games"] == 10 and plain[key]["actions"] >= 10
        assert plain[key]["actions_per_s"] > 0
    # The engine loop and the driver play the very same seeded games.
    assert plain["engine"]["actions"] == plain["driver"]["actions"]
    # So does the unchecked fast path, once the engine has it.
    if report["builds"]["plain"]["apply_unchecked"]:
        assert plain["unchecked"]["actions"] == plain["engine"]["actions"]
    else:
        assert plain["unchecked"]["status"] == "n/a (no apply_unchecked)"
    assert set(report["beside_ratios"]["plain"]) == set(BESIDE_KEYS)
    assert all(ratio is not None for ratio in report["beside_ratios"]["plain"].values())
    # The compiled build plays the same games as the plain source, action for action.
    compiled = rows["compiled"]
    status = report["builds"]["compiled"]["status"]
    if EXPECT_COMPILED:
        assert status == "ok", status
    if status == "ok":
        for key, row in plain.items():
            assert compiled[key]["status"] == row["status"], key
            assert compiled[key].get("actions") == row.get("actions"), key
    else:
        assert status in COMPILED_MISSING
        assert all(row["status"] == status for row in compiled.values())
        assert all(ratio is None for ratio in report["beside_ratios"]["compiled"].values())
    assert rows[None]["rlcard_env"]["status"] == "skipped"
    assert report["ratios"]["plain"]["env_run_actions"] is None


def test_engine_bench_without_rlcard_still_prints_ours() -> None:
    # Make `import rlcard` fail in the child, as if the bench extra were not installed.
    hide = (
        "import runpy, sys; sys.modules['rlcard'] = None; "
        f"sys.argv = [{str(BENCH_ENGINE)!r}, '--quick', '--games', '3']; "
        f"sys.path.insert(0, {str(BENCH_ENGINE.parent)!r}); "
        f"runpy.run_path({str(BENCH_ENGINE)!r}, run_name='__main__')"
    )
    out = run("-c", hide).stdout
    assert "RLCard    not installed" in out
    for name in OUR_ROWS:
        assert name in out
    for name in RLCARD_ROWS:
        assert any(name in ln and "not installed" in ln for ln in out.splitlines()), out


@pytest.mark.skipif(importlib.util.find_spec("rlcard") is None, reason="RLCard not installed")
def test_engine_bench_quick_with_rlcard() -> None:
    report = json.loads(run(str(BENCH_ENGINE), "--quick", "--games", "3", "--json").stdout)
    rlcard = by_build(report)[None]
    for key in ("rlcard_env", "rlcard_bare", "rlcard_core"):
        assert rlcard[key]["status"] == "ok" and rlcard[key]["actions"] > 0
    # RLCard's rules core draws from the seeded RNG as its UnoGame loop does: the same games.
    assert rlcard["rlcard_core"]["actions"] == rlcard["rlcard_bare"]["actions"]
    assert rlcard["rlcard_core"]["games"] == rlcard["rlcard_bare"]["games"] == 3
    assert report["targets"]["core_games"] == 1.0
    assert report["rlcard"] == "1.2.0"
    assert all(value is not None for value in report["ratios"]["plain"].values())
    if report["builds"]["compiled"]["status"] == "ok":
        assert all(value is not None for value in report["ratios"]["compiled"].values())


def test_engine_bench_baseline_times_both_trees_side_by_side() -> None:
    """``--baseline`` with this very checkout: both trees' rows, the same games, a ratio per
    measured row (no timing asserted)."""
    argv = ("--quick", "--games", "3", "--no-rlcard", "--json", "--baseline", str(ROOT))
    report = json.loads(run(str(BENCH_ENGINE), *argv).stdout)
    base = report["baseline"]
    assert base["path"] == str(ROOT.resolve()) and base["commit"] == report["commit"]
    assert base["target"] == 1.0
    current = by_build(report)
    baseline = by_build({"rows": base["rows"]})
    for build in ("plain", "compiled"):
        assert baseline[build].keys() == current[build].keys()
        status = base["builds"][build]["status"]
        assert status == report["builds"][build]["status"]
        for key, row in current[build].items():
            theirs = baseline[build][key]
            assert theirs["status"] == row["status"], (build, key)
            assert theirs.get("actions") == row.get("actions"), (build, key)
            assert (base["ratios"][build][key] is not None) == (row["status"] == "ok"), key
        if status == "ok":  # each child imported its tree's build
            where = ROOT / ("src" if build == "plain" else "build/compiled")
            for builds in (report["builds"], base["builds"]):
                assert Path(builds[build]["engine_file"]).is_relative_to(where.resolve())
    assert base["ratios"]["plain"]["engine"] is not None


def test_engine_bench_baseline_imports_the_other_tree(tmp_path: Path) -> None:
    """A baseline elsewhere (a copy of the source, never compiled): its child imports the
    copy, this tree's child this tree, and the missing compiled build is said so."""
    shutil.copytree(ROOT / "src" / "unoverse", tmp_path / "src" / "unoverse")
    argv = ("--quick", "--games", "2", "--no-rlcard", "--json", "--baseline", str(tmp_path))
    report = json.loads(run(str(BENCH_ENGINE), *argv).stdout)
    base = report["baseline"]
    assert base["builds"]["compiled"]["status"] == "not built (make compile)"
    assert all(ratio is None for ratio in base["ratios"]["compiled"].values())
    plain = Path(base["builds"]["plain"]["engine_file"]).resolve()
    assert plain.is_relative_to(tmp_path.resolve() / "src")
    mine = Path(report["builds"]["plain"]["engine_file"]).resolve()
    assert mine.is_relative_to((ROOT / "src").resolve())
    theirs = by_build({"rows": base["rows"]})["plain"]
    for key, row in by_build(report)["plain"].items():
        assert theirs[key].get("actions") == row.get("actions"), key


def test_engine_bench_baseline_must_be_a_checkout(tmp_path: Path) -> None:
    r = subprocess.run(
        [sys.executable, str(BENCH_ENGINE), "--baseline", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2 and "not a checkout (no src/unoverse in it)" in r.stderr


def test_instruction_counts_repeat_beside_a_baseline() -> None:
    """Callgrind on three games of the plain engine loop, this tree beside itself: both
    lines count the same games, and the counts repeat (they are the point of the script),
    two counts at a time."""
    argv = ("--games", "3", "--loop", "engine", "--build", "plain", "--json", "--jobs", "2")
    report = json.loads(run(str(BENCH_INSTRUCTIONS), *argv, "--baseline", str(ROOT)).stdout)
    assert report["trees"]["baseline"]["path"] == str(ROOT.resolve())
    lines = {line["tree"]: line for line in report["lines"]}
    assert lines.keys() == {"current", "baseline"}
    for line in lines.values():
        assert (line["build"], line["loop"], line["status"]) == ("plain", "engine", "ok")
        assert line["instructions_per_action"] > 1000
    assert lines["current"]["actions"] == lines["baseline"]["actions"] >= 3
    assert set(report["ratios"]) == {"plain engine"}
    assert report["ratios"]["plain engine"] == pytest.approx(1.0, abs=0.01)


def test_engine_bench_profile_plain() -> None:
    out = run(str(BENCH_ENGINE), "--profile", "--games", "3").stdout
    assert "profiling plain Python" in out
    assert "top 10 by own time" in out and "Game.apply" in out


@pytest.mark.skipif(not EXPECT_COMPILED, reason="the compiled build: make test-compiled")
def test_engine_bench_profile_compiled() -> None:
    out = run(str(BENCH_ENGINE), "--profile", "--build", "compiled", "--games", "3").stdout
    assert "profiling the compiled build" in out
    assert "Game.apply (compiled)" in out


def test_memory_bench_quick() -> None:
    out = run(str(BENCH_MEMORY), "--games", "200").stdout
    assert "held games: 200 games" in out
    assert "current" in out and "peak" in out and "MB" in out
    assert "state JSON: 100 games" in out and "largest" in out


def test_the_ismcts_benchmark_runs_and_reports_every_row() -> None:
    """A tiny run on the plain source: every row reports its decisions and iterations."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_ismcts.py"), "--plain", "--games",
         "1", "--spec", "ismcts:iterations=4"],
        check=True, capture_output=True, text=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert "ismcts:iterations=4, plain build" in out
    for row in ("classic", "minecraft", "attack", "full_spectrum", "blast, Normal mode",
                "blast, BLAST mode", "flip", "no_mercy"):  # fmt: skip
        line = next(line for line in out.splitlines() if line.startswith(row))
        assert line.split()[-2] == "4.0"  # iterations per decision


def test_the_server_benchmark_runs_and_loses_nothing() -> None:
    """Six rooms and two hard-bot rooms for two seconds a run: as many actions to check for
    loss as three and one for four seconds (some twenty a run, at 450 ms a move)."""
    bench = ROOT / "benchmarks" / "bench_server.py"
    command = [sys.executable, str(bench), "--rooms", "6", "--hard-rooms", "2"]
    out = subprocess.run(
        [*command, "--seconds", "2", "--json"], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for run in (report["reference"], report["hard"]):
        assert run["actions"] > 0 and run["lost"] == 0 and run["duplicated"] == 0
    assert (report["reference"]["hard_rooms"], report["hard"]["hard_rooms"]) == (0, 2)


def test_the_table_benchmark_runs_and_measures() -> None:
    """One room of each kind for eight seconds, bots at the fast speed (a turn takes about
    a second): bot turns follow each other, the BLAST-mode client enters races (catches need
    a round's end game: too long for a smoke run)."""
    bench = ROOT / "benchmarks" / "bench_table.py"
    command = [sys.executable, str(bench), "--rooms", "1", "--seconds", "8", "--json"]
    command += ["--bot-speed", "fast"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["classic"]["bot_turns"] >= 1 and report["classic"]["bot_speed"] == "fast"
    assert report["classic"]["bot_turn_median_s"] > 0.3  # a person's pace, not 0.47 s of old
    assert report["blast"]["races"] >= 1
    assert 0 <= report["blast"]["won"] <= report["blast"]["races"]


def test_the_browser_benchmark_runs_and_measures() -> None:
    bench = ROOT / "benchmarks" / "bench_web.py"
    command = [sys.executable, str(bench), "--loads", "1", "--moves", "3", "--bot-moves", "3"]
    command += ["--rest", "0.05", "--json"]
    out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["first_load"]["bytes_median"] > 10_000  # the page and its modules
    assert report["first_load"]["interactive_ms_median"] > 0
    assert report["first_load"]["words_fetches_max"] == 1  # the preload's, taken by the page
    load = report["first_load"]
    assert load["words_read_ms_median"] >= load["words_asked_ms_median"] > 0
    assert report["own_move"]["moves"] >= 3
    assert report["own_move"]["accepted_ms_median"] >= report["own_move"]["shown_ms_median"]
    assert report["bot_move"]["moves"] >= 3
    assert report["bot_move"]["not_animated"] < report["bot_move"]["moves"]
    assert report["bot_move"]["animated_ms_median"] >= 0


def test_the_simulation_benchmark_runs_every_row(deep: bool) -> None:
    """Eight games a row, one each for the pool's eight tasks (two workers). The Ray row
    runs in the deep profile only: starting Ray is most of its time (about 5 s), and
    tests/sim/test_ray.py checks the Ray backend in every profile."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_sim.py"), "--games", "8",
         "--million", "16", "--runs", "1", "--json", *([] if deep else ["--no-ray"])],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    rows = report["rows"]
    assert set(rows) == {
        "engine loop, 1 core",
        "simulate, 1 worker",
        "simulate, 2 workers",
        *(["simulate, 2 workers, Ray"] if deep else []),
        "simulate, 2 workers, 5x games",
        "a million games: 16, 2 workers",
    }
    assert rows["simulate, 2 workers, 5x games"]["games"] == 40
    assert all(row["seconds"] > 0 and row["rss_kb"] > 0 for row in rows.values())
    assert rows["simulate, 2 workers"]["workers_rss_kb"] > 0  # the pool's processes ran
    summary = report["summary"]
    assert summary["scaling target"] == 1.8 and summary["long run target, s"] == 300.0
    assert summary["build"] == (
        "compiled" if os.environ.get("UNOVERSE_EXPECT_COMPILED") else summary["build"]
    )


def test_the_start_benchmark_runs_and_measures() -> None:
    """One run of each row, no warm-up: ``unoverse play`` draws its first table in the
    pseudo-terminal, with and without bytecode caches, beside the references (the compiled
    rows when the build is there: under ``make test-compiled`` it must be)."""
    bench = ROOT / "benchmarks" / "bench_start.py"
    report = json.loads(run(str(bench), "--runs", "1", "--warmup", "0", "--json").stdout)
    assert report["terminal"] == "80x24" and report["target_s"] == 1.5
    status = report["builds"]["current"]
    assert status["plain"] == "ok"
    if EXPECT_COMPILED:
        assert status["compiled"] == "ok"
    builds = [b for b in ("plain", "compiled") if status[b] == "ok"]
    seen = {(line["key"], line["moment"]): line for line in report["lines"]}
    expected = {("python", "exit"), ("textual", "app drawn")} | {
        (f"current_{build}{kind}", moment)
        for build in builds
        for kind in ("", "_uncached")
        for moment in ("app drawn", "first table")
    }
    assert set(seen) == expected
    for (key, moment), line in seen.items():
        assert 0 < line["min_s"] <= line["median_s"] <= line["max_s"]
        assert ("target_met" in line) == (moment == "first table")
        if moment == "first table":
            assert line["min_s"] >= seen[(key, "app drawn")]["min_s"]


def test_the_cluster_benchmark_runs_and_loses_nothing() -> None:
    """Six rooms across three processes behind nginx, the owner of the most killed: the
    run loses nothing, and the killed rooms play again (their failover is measured)."""
    bench = ROOT / "benchmarks" / "bench_cluster.py"
    command = [sys.executable, str(bench), "--only", "thousand", "--rooms", "6"]
    out = subprocess.run(
        [*command, "--seconds", "22", "--json"], capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    run = json.loads(out.stdout)["thousand"]
    assert run["actions"] > 0 and run["lost"] == 0 and run["duplicated"] == 0
    assert run["processes"] == 3 and sum(run["spread"]) == 6
    assert run["killed_rooms"] >= 1 and math.isfinite(run["failover_max_s"])


def test_the_accounts_benchmark_runs_and_measures() -> None:
    """A few round ends a row, rated and not, on SQLite and PostgreSQL, and one cold load of
    a profile in Chromium."""
    bench = ROOT / "benchmarks" / "bench_accounts.py"
    report = json.loads(run(str(bench), "--rounds", "5", "--json").stdout)
    rows = report["round_end_ms"]
    assert set(rows) == {
        f"{db}, {n} players" for db in ("sqlite", "postgresql") for n in (2, 4, 10)
    }
    for row in rows.values():
        assert row["plain_p50"] > 0 and row["rated_p50"] > 0
        assert row["added_p50"] == row["rated_p50"] - row["plain_p50"]
    page = report["profile_page"]
    assert 0 < page["transferred"] < page["uncompressed"] and page["requests"] > 1


def test_the_open_data_benchmark_runs_and_exports_every_game() -> None:
    """A few hundred games through ``unoverse serve`` and ``unoverse export``, both
    processes' memory sampled."""
    bench = ROOT / "benchmarks" / "bench_open_data.py"
    report = json.loads(run(str(bench), "--games", "300", "--distinct", "20", "--json").stdout)
    assert report["games"] == 300 and report["games_per_s"] > 0
    assert len(report["tenths"]) == 10
    assert report["server_peak_mb"] > 0 and report["client_peak_mb"] > 0
