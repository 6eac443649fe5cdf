"""examples/train_classic.py runs: it trains, evaluates and saves its learning curve."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

# the example's script runs; the environments are checked on both builds
import pytest

pytestmark = pytest.mark.any_build

ROOT = Path(__file__).resolve().parents[2]


def test_the_training_example_runs_and_saves_its_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_classic.py"),
         "--episodes", "40", "--every", "20", "--eval", "10", "--out", str(out)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if "win rate" in line]
    assert [line.split()[0] for line in lines] == ["0", "20", "40"]
    assert "against random" in lines[0] and "against naive" in lines[0]
    assert out.read_bytes().startswith(b"\x89PNG")
