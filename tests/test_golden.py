"""Golden playthroughs: seeded transcripts that make any behaviour change visible in review.

A difference fails the test; if the change is intended, regenerate the files with
``UNOVERSE_UPDATE_GOLDEN=1 make test`` and review the diff like code.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.engine_build

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "classic-4p-seed7.txt": ["--players", "4", "--seed", "7"],
    "classic-3p-permissive-seed3.txt": [
        "--players", "3", "--seed", "3", "--bots", "random,naive,naive",
        "--variant", "classic+permissive_illegal_plays+false_uno_penalty=2",
    ],
    "classic-2p-modern-seed5.txt": [
        "--players", "2", "--seed", "5", "--bots", "naive,random",
        "--variant", "classic+deck=112_modern+first_card=seed_as_dealer",
    ],
    "minecraft-3p-seed11.txt": [
        "--players", "3", "--seed", "11", "--bots", "naive,random,naive",
        "--variant", "minecraft",
    ],
    "full_spectrum-4p-modes-seed6.txt": [
        "--players", "4", "--seed", "6", "--bots", "naive,random,naive,random",
        "--variant", "full_spectrum+seven_zero+stacking=progressive+jump_in",
    ],
    "blast-mode-blast-3p-seed2.txt": [
        "--players", "3", "--seed", "2", "--bots", "naive,random,naive:median_ms=300",
        "--variant", "blast+mode=blast",
    ],
    "blast-3p-seed4.txt": [
        "--players", "3", "--seed", "4", "--bots", "naive,random,naive", "--variant", "blast",
    ],
    "attack-3p-seed4.txt": [
        "--players", "3", "--seed", "4", "--bots", "naive,naive,random",
        "--variant", "attack",
    ],
    # the table turning both ways, a Wild Draw Color taken and one challenged (guilty)
    "flip-3p-seed8.txt": [
        "--players", "3", "--seed", "8", "--bots", "naive,random,naive", "--variant", "flip",
    ],
    # chains by value and a two-player Wild Reverse Draw 4 aimed at its player, Wild Color
    # Roulettes revealed, a 0's Pass, 7's Swaps, a Discard All and two Mercy knockouts
    "no_mercy-4p-seed2.txt": [
        "--players", "4", "--seed", "2", "--bots", "naive,random,naive,random",
        "--variant", "no_mercy",
    ],
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "unoverse.cli", "demo", *CASES[name]],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    path = GOLDEN / name
    if os.environ.get("UNOVERSE_UPDATE_GOLDEN"):
        path.write_text(result.stdout)
    assert result.stdout == path.read_text()
