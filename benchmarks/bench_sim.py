"""Simulation at scale: ``unoverse simulate`` on every core, beside the engine loop it drives.

Rows, each timed in a child process of its own (so its peak memory is its own), Classic at
4 players between ``naive`` bots, game ``i`` seeded as ``simulate`` seeds it:

* ``engine loop``: the bare engine loop of ``bench_engine.py`` (``run_engine``) on one core:
  what the simulator drives, with nothing recorded;
* ``simulate, 1 worker`` and ``simulate, 2 workers``: ``sim.run.run`` writing a JSON Lines
  results file, one record per game; their ratio is the scaling from one core to two
  (target: at least ``SCALING_TARGET``), and the first over the engine loop is what the
  driver, the records and the tally cost. These three rows run in ``--runs`` interleaved
  rounds, each keeping its median;
* ``simulate, 2 workers, Ray``: the same on a local Ray started by the run (its start
  included: that is what a user waits for), beside the process pool;
* ``memory``: the peak resident memory of the parent and of its largest worker for a run of
  ``--games`` games and for one of ``MEMORY_FACTOR`` times as many: flat when the ratio is
  about 1;
* ``a million games``: ``--million`` games (one million by default) on 2 workers, results
  to JSON Lines (target: under ``MILLION_TARGET_S`` seconds on the compiled build).

The children inherit this process's environment: run it on the compiled build as ``make
bench-sim`` does (``PYTHONPATH=build/compiled``); the report says which build ran. Figures are
wall-clock on a shared machine: compare rows of the same run, never runs of different days.

    .venv/bin/python benchmarks/bench_sim.py                     # every row, the million too
    .venv/bin/python benchmarks/bench_sim.py --games 5000 --million 0
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

HERE = Path(__file__).resolve().parent
PRESET = "classic"
PLAYERS = 4
SCALING_TARGET = 1.8
MILLION_TARGET_S = 300.0
MEMORY_FACTOR = 5


def child(args: argparse.Namespace) -> dict[str, Any]:
    """One row, in this (child) process."""
    import unoverse

    if args.child == "engine":
        spec = importlib.util.spec_from_file_location("bench_engine", HERE / "bench_engine.py")
        assert spec is not None and spec.loader is not None
        bench_engine = importlib.util.module_from_spec(spec)
        sys.modules["bench_engine"] = bench_engine  # (its dataclasses look their module up)
        spec.loader.exec_module(bench_engine)
        m = bench_engine.run_engine(args.games, players=PLAYERS, preset=PRESET)
        seconds = m.seconds
    else:
        from unoverse.sim.run import run
        from unoverse.sim.simulate import Simulation
        from unoverse.sim.workers import Workers

        with tempfile.TemporaryDirectory() as tmp:
            start = time.perf_counter()
            run(
                Simulation(PRESET, PLAYERS, args.games, 0),
                results=Path(tmp) / "results.jsonl",
                where=Workers(args.workers, args.child),
            )
            seconds = time.perf_counter() - start
    return {
        "games": args.games,
        "seconds": seconds,
        "build": "compiled" if unoverse.engine_build().compiled else "plain",
        # peak resident memory, kB (Linux): this process, and its largest child process
        "rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        "workers_rss_kb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
    }


def measure(kind: str, games: int, workers: int = 1) -> dict[str, Any]:
    """Run one row in a child process and return what it measured."""
    argv = [sys.executable, __file__, "--child", kind, "--games", str(games)]
    argv += ["--workers", str(workers)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{kind} row failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per timed row")
    parser.add_argument(
        "--million", type=int, default=1_000_000, help="games of the long run (0: skip it)"
    )
    parser.add_argument(
        "--runs", type=int, default=3, help="rounds of the 1- and 2-worker rows (median kept)"
    )
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray row")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    parser.add_argument("--child", choices=("engine", "process", "ray"), help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args)))
        return 0

    log = Console(stderr=True)
    n = args.games
    rows: dict[str, dict[str, Any]] = {}
    # The rows the scaling compares run in interleaved rounds, so that the machine's load
    # weighs on both alike; each keeps its median round.
    paired: list[tuple[str, str, int, int]] = [
        ("engine loop, 1 core", "engine", n, 1),
        ("simulate, 1 worker", "process", n, 1),
        ("simulate, 2 workers", "process", n, 2),
    ]
    samples: dict[str, list[dict[str, Any]]] = {label: [] for label, *_ in paired}
    for round_ in range(args.runs):
        for label, kind, games, workers in paired:
            log.print(f"[dim]{label}: {games:,} games (round {round_ + 1}) ...[/]")
            samples[label].append(measure(kind, games, workers))
    for label, runs in samples.items():
        rows[label] = sorted(runs, key=lambda r: r["seconds"])[len(runs) // 2]
        rows[label]["games_per_s"] = rows[label]["games"] / rows[label]["seconds"]
    plan: list[tuple[str, str, int, int]] = []
    if not args.no_ray:
        plan.append(("simulate, 2 workers, Ray", "ray", n, 2))
    plan.append((f"simulate, 2 workers, {MEMORY_FACTOR}x games", "process", n * MEMORY_FACTOR, 2))
    if args.million:
        plan.append((f"a million games: {args.million:,}, 2 workers", "process", args.million, 2))
    for label, kind, games, workers in plan:
        log.print(f"[dim]{label}: {games:,} games ...[/]")
        rows[label] = measure(kind, games, workers)
        rows[label]["games_per_s"] = games / rows[label]["seconds"]

    def rate(label: str) -> float:
        return float(rows[label]["games_per_s"])

    one, two = rate("simulate, 1 worker"), rate("simulate, 2 workers")
    big = rows[f"simulate, 2 workers, {MEMORY_FACTOR}x games"]
    small = rows["simulate, 2 workers"]
    summary: dict[str, Any] = {
        "preset": PRESET,
        "players": PLAYERS,
        "build": small["build"],
        "simulate 1 worker over the engine loop": one / rate("engine loop, 1 core"),
        "scaling, 2 workers over 1": two / one,
        "scaling target": SCALING_TARGET,
        "memory, parent, 5x games over 1x": big["rss_kb"] / small["rss_kb"],
        "memory, largest worker, 5x games over 1x": (
            big["workers_rss_kb"] / small["workers_rss_kb"]
        ),
    }
    if not args.no_ray:
        summary["Ray over the process pool, games/s"] = rate("simulate, 2 workers, Ray") / two
    if args.million:
        seconds = rows[f"a million games: {args.million:,}, 2 workers"]["seconds"]
        summary["long run seconds"] = seconds
        summary["long run projected to 1,000,000 games, s"] = seconds * 1_000_000 / args.million
        summary["long run target, s"] = MILLION_TARGET_S
    if args.json:
        print(json.dumps({"rows": rows, "summary": summary}, indent=2))
        return 0
    out = Console()
    table = Table(
        f"{PRESET} {PLAYERS}p, naive ({small['build']} build)",
        "games",
        "seconds",
        "games/s",
        "peak MB (parent)",
        "peak MB (worker)",
    )
    for label, row in rows.items():
        table.add_row(
            label,
            f"{row['games']:,}",
            f"{row['seconds']:.1f}",
            f"{row['games_per_s']:,.0f}",
            f"{row['rss_kb'] / 1024:.0f}",
            f"{row['workers_rss_kb'] / 1024:.0f}" if row["workers_rss_kb"] else "-",
        )
    out.print(table)
    for key, value in summary.items():
        out.print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
