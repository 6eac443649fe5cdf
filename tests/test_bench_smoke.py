"""The benchmarks still run: tiny runs as subprocesses, exactly as a person would type them.

No timing is asserted (the machines are shared and noisy); only that each script exits 0
and prints its rows, and the counts that do not depend on speed.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH_ENGINE = ROOT / "benchmarks" / "bench_engine.py"
BENCH_MEMORY = ROOT / "benchmarks" / "bench_memory.py"
OUR_ROWS = ("unoverse engine 2p", "unoverse engine 4p", "unoverse driver 2p")
RLCARD_ROWS = ("RLCard env.run 2p", "RLCard bare UnoGame 2p")


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


def test_engine_bench_quick_prints_our_rows() -> None:
    out = run(str(BENCH_ENGINE), "--quick", "--no-rlcard").stdout
    for line in ("Python", "unoverse", "machine", "cpu"):
        assert line in out
    for name in OUR_ROWS:
        row = next((ln for ln in out.splitlines() if name in ln), None)
        assert row is not None, f"no row {name!r} in:\n{out}"
        assert any(ch.isdigit() for ch in row.split(name, 1)[1]), row
    for name in RLCARD_ROWS:
        assert any(name in ln and "skipped" in ln for ln in out.splitlines()), out
    assert "over env.run" in out and "over bare UnoGame" in out


def test_engine_bench_quick_json_counts() -> None:
    report = json.loads(run(str(BENCH_ENGINE), "--quick", "--no-rlcard", "--json").stdout)
    rows = {row["key"]: row for row in report["rows"]}
    assert report["games"] == 10 and report["runs"] == 1 and report["warmup"] is False
    for key in ("engine", "engine4", "driver"):
        assert rows[key]["status"] == "ok"
        assert rows[key]["games"] == 10 and rows[key]["actions"] >= 10
        assert rows[key]["actions_per_s"] > 0
    # The engine loop and the driver play the very same seeded games.
    assert rows["engine"]["actions"] == rows["driver"]["actions"]
    assert rows["rlcard_env"]["status"] == "skipped"
    assert report["ratios"]["env_run_actions"] is None


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
    rows = {row["key"]: row for row in report["rows"]}
    for key in ("rlcard_env", "rlcard_bare"):
        assert rows[key]["status"] == "ok" and rows[key]["actions"] > 0
    assert report["rlcard"] == "1.2.0"
    assert all(value is not None for value in report["ratios"].values())


def test_memory_bench_quick() -> None:
    out = run(str(BENCH_MEMORY), "--games", "200").stdout
    assert "held games: 200 games" in out
    assert "current" in out and "peak" in out and "MB" in out
    assert "state JSON: 100 games" in out and "largest" in out
