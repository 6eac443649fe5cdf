"""Regenerate the ready reports of docs/reports/ (``make reports``).

A report of each variant's default rules at four players, and one page comparing each of the
twelve house rules (RULES.md §1.8) with Classic, all between ``heuristic`` bots (the
``normal`` level: unlike ``naive``, it jumps in, challenges and catches, so every house rule
is used) on the same run seed. Each page is written by the commands a user would type,
``unoverse simulate --results`` then ``unoverse report``, and ``unoverse compare``; the
results files go to a temporary folder (they are large and any run regenerates them), or
to ``--keep DIR``.

    .venv/bin/python tools/make_reports.py                  # the defaults below
    .venv/bin/python tools/make_reports.py --games 2000     # a quick look
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "reports"
UNOVERSE = [sys.executable, "-m", "unoverse.cli"]
VARIANTS = ("classic", "minecraft", "attack", "full_spectrum", "blast", "flip", "no_mercy")
#: The twelve house rules of RULES.md §1.8, each on Classic (revive needs stacking).
HOUSE_RULES = (
    "stacking=progressive",
    "draw_until_playable",
    "seven_zero",
    "jump_in",
    "zero_chooses_direction",
    "play_duplicates",
    "zero_discard_color",
    "downpour",
    "bar_special",
    "boomerang",
    "friendly_swap",
    "stacking=progressive+revive",
)
PLAYERS = "4"
BOTS = "heuristic"
SEED = "2026"


def call(*args: str) -> None:
    print("+ unoverse " + " ".join(args), flush=True)
    subprocess.run([*UNOVERSE, *args], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per variant")
    parser.add_argument(
        "--house-games", type=int, default=10_000, help="games per house rule (and Classic)"
    )
    parser.add_argument(
        "--keep", type=Path, help="keep the results files in this folder (new or empty)"
    )
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    common = ("--players", PLAYERS, "--bots", BOTS, "--seed", SEED)
    with tempfile.TemporaryDirectory() as scratch:
        tmp = args.keep or Path(scratch)
        tmp.mkdir(parents=True, exist_ok=True)
        for variant in VARIANTS:
            results = Path(tmp) / f"{variant}.jsonl"
            call("simulate", "--variant", variant, "--games", str(args.games), *common,
                 "--results", str(results))  # fmt: skip
            call("report", str(results), "--html", str(OUT / f"{variant}.html"),
                 "--title", f"{variant}: default rules, 4 players, heuristic bots")  # fmt: skip
        presets = ["classic", *(f"classic+{rule}" for rule in HOUSE_RULES)]
        title = "The twelve house rules against Classic, 4 players, heuristic bots"
        call("compare", *presets, "--games", str(args.house_games), *common,
             "--html", str(OUT / "house-rules.html"), "--results-dir", str(tmp / "house"),
             "--title", title)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
