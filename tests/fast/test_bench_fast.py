"""The batched engine's benchmark still runs: tiny runs of ``benchmarks/bench_fast.py`` as
subprocesses, exactly as a person would type them.

No timing is asserted (the machines are shared and noisy); only that the script exits 0 and
prints its rows, and the counts that do not depend on speed: a row deals the same seeds in
every round, so it plays the same number of actions each time; naive and random rounds all
end; the vector environment steps envs x calls times, never refusing the benchmark's random
legal action. Under ``make test-compiled``
(``UNOVERSE_EXPECT_COMPILED=1``) the reference engine's rows must have run; otherwise they may
say the build is missing or stale. The vector environment's row and ``--simulate`` say they
are not available where this tree lacks them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pytest import approx

pytestmark = pytest.mark.any_build  # (the benchmark picks its builds itself)

ROOT = Path(__file__).resolve().parents[2]
BENCH = ROOT / "benchmarks" / "bench_fast.py"
EXPECT_COMPILED = os.environ.get("UNOVERSE_EXPECT_COMPILED", "") not in ("", "0")
COMPILED_MISSING = ("not built (make compile)", "stale (make compile)")
NO_VECTOR = "not available in this tree (no unoverse.rl.vector_env)"
NO_SIMULATE = "simulate --engine fast not available in this tree"
HOUSE = (
    "stacking=same",
    "stacking=progressive",
    "seven_zero",
    "draw_until_playable",
    "jump_in",
    "all four house rules",
)
FAST_ROWS = (
    "fast naive classic 2p",
    "fast naive classic 4p",
    "fast naive classic 10p",
    "fast random classic 2p",
    *(f"fast naive {label} {n}p" for n in (2, 4) for label in HOUSE),
)


def run(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    r = subprocess.run(
        [sys.executable, str(BENCH), *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "120"},
    )
    assert r.returncode == 0, r.stderr
    return r


def by_key(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {row["key"]: row for row in report["rows"]}


def test_quick_json_counts_repeat_round_after_round() -> None:
    report = json.loads(run("--quick", "--json").stdout)
    rows = by_key(report)
    assert (report["games"], report["random_games"], report["runs"]) == (200, 2, 2)
    fast = [row for row in rows.values() if row["engine"] == "fast"]
    assert [row["name"] for row in fast] == list(FAST_ROWS)
    for row in fast:
        assert row["status"] == "ok", row
        games = report["random_games"] if row["policy"] == "random" else report["games"]
        assert row["games"] == games and row["truncated"] == 0, row
        # the same seeds every round: the same games, action for action
        assert len(row["actions_by_run"]) == 2, row
        assert row["actions_by_run"][0] == row["actions_by_run"][1] == row["actions"], row
        assert row["actions"] >= games and row["actions_per_s"] > 0
        assert row["cpu_seconds"] > 0
        ratios = report["ratios"][row["key"]]
        assert ratios["quoted_c_actions"] == approx(row["actions_per_s"] / 17_000_000)
        assert ratios["quoted_numba_actions"] == approx(row["actions_per_s"] / 7_500_000)
    # random play takes many more actions a round than naive (calls, catches, draws)
    assert rows["random_2"]["actions_per_game"] > 5 * rows["naive_2"]["actions_per_game"]
    assert report["quoted"] == {"c": 17_000_000, "numba": 7_500_000}
    assert {rows[k]["status"] for k in ("quoted_c", "quoted_numba")} == {"quoted"}

    reference = [row for row in rows.values() if row["engine"] == "reference"]
    assert len(reference) == len(FAST_ROWS) - 1  # every naive row
    status = reference[0]["status"]
    if EXPECT_COMPILED:
        assert status == "ok"
    assert status == "ok" or status in COMPILED_MISSING, status
    for row in reference:
        assert row["status"] == status
        if status == "ok":
            assert row["games"] == 10 and row["actions_by_run"][0] == row["actions_by_run"][1]
            assert report["ratios"][row["key"].removeprefix("ref_")]["reference_games"] > 0
    if status != "ok":
        assert report["ratios"]["naive_2"]["reference_games"] is None

    core = rows["rlcard_core"]
    if importlib.util.find_spec("rlcard") is not None:
        assert core["status"] == "ok" and core["games"] == 10
        assert core["actions_by_run"][0] == core["actions_by_run"][1]  # seeded: the same games
        assert (
            report["targets"]["core_games"]["measured"]
            == report["ratios"]["naive_2"]["rlcard_core_games"]
        )
    else:
        assert core["status"] == "not installed"

    for key in ("vector", "vector_naive"):
        vector = rows[key]
        assert vector["status"] in ("ok", NO_VECTOR)
        if vector["status"] == "ok":  # envs x calls steps, each with a legal action
            assert vector["actions"] == report["envs"] * report["steps"] == 64 * 10
            assert vector["env_actions_per_s"] >= vector["actions_per_s"] > 0
    if rows["vector"]["status"] != "ok":
        assert report["targets"]["vector_steps"]["measured"] is None
    assert report["simulate"]["status"] == "not run (--simulate)"
    assert report["targets"]["simulate_seconds"]["met"] is None


def test_quick_prints_every_row_and_the_targets() -> None:
    out = run("--quick", "--no-rlcard", "--no-reference").stdout
    for line in ("Python", "unoverse", "reference", "RLCard", "machine", "load", "games"):
        assert any(ln.startswith(line) for ln in out.splitlines()), line
    for name in FAST_ROWS:
        row = next((ln for ln in out.splitlines() if f" {name} " in ln), None)
        assert row is not None, f"no row {name!r} in:\n{out}"
        assert any(ch.isdigit() for ch in row.split(name, 1)[1]), row
    lines = out.splitlines()
    assert any("RLCard UnoRound core 2p" in ln and "skipped" in ln for ln in lines)
    assert any("reference naive classic 2p" in ln and "skipped" in ln for ln in lines)
    assert any("C loop (quoted)" in ln and "17,000,000" in ln for ln in lines)
    assert any("numba loop (quoted)" in ln and "7,500,000" in ln for ln in lines)
    assert "vector env classic 2p" in out and "vector env classic 2p, naive opponent" in out
    assert "Each fast row over RLCard's core, the reference engine, the quoted loops" in out
    assert "The targets" in out and ">= 10x" in out and ">= 1,000,000" in out


def test_simulate_runs_or_says_it_is_not_there() -> None:
    argv = ("--quick", "--no-rlcard", "--no-reference", "--json")
    report = json.loads(run(*argv, "--simulate", "--simulate-games", "20").stdout)
    sim = report["simulate"]
    assert sim["status"] in ("ok", NO_SIMULATE), sim
    if sim["status"] == "ok":
        assert sim["finished"] == sim["games"] == 20 and sim["seconds"] > 0
    target = report["targets"]["simulate_seconds"]
    assert target["met"] is None  # 20 games are not the million the target is about


def test_bad_counts_are_refused() -> None:
    r = subprocess.run(
        [sys.executable, str(BENCH), "--games", "0"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 2 and "--games must be at least 1" in r.stderr
