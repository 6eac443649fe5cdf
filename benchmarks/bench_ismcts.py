"""ISMCTS decision time: p50 and p95 per searched decision, and iterations per decision.

The ``ismcts`` bot's default iteration budget is calibrated so that the 95th percentile of
its decision time stays within 200 ms on the project's 2-core machine, on the compiled build
(``make compile``; ``--plain`` times the source as installed). Each row plays ``--games``
games of a variant at two players, ``ismcts`` (the spec given, default ``ismcts``) against
``heuristic`` (seats swapped every other game), and times every decision the search made
(``act`` calls whose answer came from a search), with the run's other process idle. The
ratio column is p95 / 200 ms (at most 1.0 meets the target).

    python benchmarks/bench_ismcts.py                 # the compiled build, every variant
    python benchmarks/bench_ismcts.py --spec ismcts:iterations=500 --games 10 --plain
    python benchmarks/bench_ismcts.py --only flip     # one row: the preset's
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
TARGET_MS = 200.0
#: (label, preset) of each row, two players each.
ROWS = (
    ("classic", "classic"),
    ("minecraft", "minecraft"),
    ("attack", "attack"),
    ("full_spectrum", "full_spectrum"),
    ("blast, Normal mode", "blast"),
    ("blast, BLAST mode", "blast+blast.mode=blast"),
    ("flip", "flip"),
    ("no_mercy", "no_mercy"),
)


def worker(spec: str, games: int, seed: int, only: str = "") -> dict[str, Any]:
    """Time the searched decisions of every row (in this process's build), or of the rows
    whose preset is ``only``."""
    from unoverse.bots.base import Bot, make_bot
    from unoverse.bots.ismcts import IsmctsBot
    from unoverse.core.setup import new_game
    from unoverse.sim.driver import RoundRecord, play_round

    class Timed(Bot):
        """An ``ismcts`` bot whose searched answers are timed."""

        name = "timed"

        def __init__(self, inner: IsmctsBot, times: list[float]) -> None:
            super().__init__(0)
            self.inner = inner
            self.times = times

        def act(self, view: Any, legal: Any) -> Any:
            before = len(self.inner.searched)
            start = time.perf_counter()
            answer = self.inner.act(view, legal)
            if len(self.inner.searched) > before:
                self.times.append((time.perf_counter() - start) * 1000)
            return answer

        def delay(self) -> float:
            return self.inner.delay()

    rows = []
    for label, preset in ROWS:
        if only and preset != only:
            continue
        times: list[float] = []
        iterations: list[int] = []
        for i in range(games):
            game = new_game(preset, 2, seed + i)
            me = i % 2
            inner = make_bot(spec, seed + i, me)
            assert isinstance(inner, IsmctsBot)
            bots: list[Bot] = [make_bot("heuristic", seed + i, 1 - me)] * 2
            bots[me] = Timed(inner, times)
            play_round(game, bots, RoundRecord(seed + i, None))
            iterations.extend(inner.searched)
        times.sort()
        rows.append(
            {
                "row": label,
                "decisions": len(times),
                "p50_ms": round(times[len(times) // 2], 1),
                "p95_ms": round(times[min(len(times) - 1, int(len(times) * 0.95))], 1),
                "max_ms": round(times[-1], 1),
                "iterations": round(sum(iterations) / len(iterations), 1),
            }
        )
    return {"compiled": IsmctsBot.__module__ in sys.modules and _compiled(), "rows": rows}


def _compiled() -> bool:
    import unoverse.bots.ismcts as module

    return (module.__file__ or "").endswith((".so", ".pyd"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="ismcts")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1_000_000_000)
    parser.add_argument("--plain", action="store_true", help="time the plain source")
    parser.add_argument("--only", default="", help="the row of this preset alone (flip)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        print(json.dumps(worker(args.spec, args.games, args.seed, args.only)))
        return
    env = dict(os.environ)
    # the plain source: without the compiled build on the path (``make test-compiled`` puts
    # it there)
    paths = [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p) != COMPILED]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    if not args.plain:
        if not COMPILED.exists():
            sys.exit("no compiled build: run `make compile`, or pass --plain")
        env["PYTHONPATH"] = str(COMPILED)
    out = subprocess.run(
        [sys.executable, __file__, "--worker", "--spec", args.spec, "--games", str(args.games),
         "--seed", str(args.seed), "--only", args.only],
        env=env, check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    report = json.loads(out)
    build = "compiled" if report["compiled"] else "plain"
    print(f"{args.spec}, {build} build, {args.games} games per row vs heuristic, 2 players")
    print(f"{'row':<20} {'decisions':>9} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} "
          f"{'its/dec':>8} {'p95/200':>8}")  # fmt: skip
    for r in report["rows"]:
        print(
            f"{r['row']:<20} {r['decisions']:>9} {r['p50_ms']:>7} {r['p95_ms']:>7} "
            f"{r['max_ms']:>7} {r['iterations']:>8} {r['p95_ms'] / TARGET_MS:>8.2f}"
        )


if __name__ == "__main__":
    main()
