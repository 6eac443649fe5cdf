"""docs/rl-spaces.md is what tools/rl_spaces.py writes from the code today."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.any_build

ROOT = Path(__file__).resolve().parents[2]


def test_the_listed_spaces_are_the_code_s() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "rl_spaces.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
