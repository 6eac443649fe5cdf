"""benchmarks/bench_rl.py runs, times every row and prints the ratios to RLCard."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_build  # (the benchmark picks its builds itself)

ROOT = Path(__file__).resolve().parents[2]


def test_the_rl_benchmark_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_rl.py"),
         "--games", "3", "--runs", "1", "--others", "1"],
        capture_output=True, text=True, timeout=600, cwd=ROOT / "benchmarks",
        env={**os.environ, "COLUMNS": "200"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "RLCard env.run 2p" in out and "unoverse aec classic 2p" in out
    assert "unoverse aec blast+mode=blast 3p" in out and "unoverse aec attack 10p" in out
    assert "unoverse aec flip 2p" in out and "unoverse aec flip 10p" in out
    assert "unoverse aec no_mercy 2p" in out and "unoverse aec no_mercy 4p" in out
    assert "classic 2p steps/s:" in out and "classic 2p games/s:" in out
