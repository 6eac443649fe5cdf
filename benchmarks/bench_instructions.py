"""Instructions per action, counted by callgrind: a speed figure a shared machine cannot move.

Wall-clock figures on a shared machine move by a third between two runs of the same build;
``valgrind --tool=callgrind`` counts the instructions a run executes, the same every time for
the same build, inputs and ``PYTHONHASHSEED``. This runs ``bench_engine``'s engine loop (the
engine row) or its simulation-driver loop (the driver row) under callgrind twice (or, with
``--loop copy``, the engine loop copying the game before every action: less the engine
row, the instructions of a copy), in a child
process that imports the build as ``bench_engine``'s children do: once playing one warm-up
game only, once playing the warm-up game and then ``--games`` games (seeds 0 onwards, naive
bots seeded as ``simulate`` seeds them). The difference, divided by the actions of those
games, leaves out the interpreter's start, the imports and the tables built on first use.
Both runs read their bytecode from a cache of this run's own (``PYTHONPYCACHEPREFIX``),
filled first by the same child run natively: neither compiles a module the other reads
compiled, whether or not the tree has ``__pycache__`` directories or the environment lets
Python write them.

``--baseline PATH`` counts another checkout's builds too (its ``src``, and its
``build/compiled`` built by its own ``tools/build_compiled.py``) and prints them beside this
tree's, with the change. The loops are this checkout's, so the baseline must offer the same
engine API. ``--jobs N`` runs N counts at a time (on N cores): a count does not depend on
what else runs.

    .venv/bin/python benchmarks/bench_instructions.py                 # both builds, both loops
    .venv/bin/python benchmarks/bench_instructions.py --games 300 --loop engine --build compiled
    .venv/bin/python benchmarks/bench_instructions.py --baseline /path/to/other/checkout
    .venv/bin/python benchmarks/bench_instructions.py --jobs 2    # two counts at a time
    .venv/bin/python benchmarks/bench_instructions.py --loop copy --build compiled  # copies

Needs ``valgrind`` (Debian's package) and, for the compiled build, ``make compile``. Under
callgrind a run is about fifty times slower than natively: a count of 300 plain Classic games
takes about half a minute of CPU.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from rich.table import Table

from bench_engine import (
    BUILDS,
    CURRENT,
    PRESET,
    Tree,
    compiled_status,
    engine_is_compiled,
    git_commit,
    imported_from,
    report_console,
    run_driver,
    run_engine,
    worker_env,
)
from rlcard_reference import Measurement

LOOPS: dict[str, Callable[..., Measurement]] = {
    "engine": run_engine,
    "driver": run_driver,
    "copy": partial(run_engine, copy=True),
}
#: The loops ``--loop both`` counts (the copy loop only when asked for).
BOTH = ("engine", "driver")
#: The seed of the warm-up game both runs play first (outside the measured seeds 0 .. n-1).
WARMUP_SEED = 1_000_000
#: The environment that makes a run's instruction count repeat: str hashes, so set and dict
#: orders, are fixed.
HASHSEED = "0"


@dataclass(frozen=True)
class Count:
    """What one run under callgrind executed and played."""

    instructions: int
    actions: int


@dataclass(frozen=True)
class Line:
    """One build's and loop's instructions per action in one tree, or why there is none."""

    tree: str
    build: str
    loop: str
    actions: int | None = None
    per_action: float | None = None
    status: str = "ok"

    def to_dict(self) -> dict[str, Any]:
        return {
            "tree": self.tree,
            "build": self.build,
            "loop": self.loop,
            "status": self.status,
            "actions": self.actions,
            "instructions_per_action": None if self.per_action is None else round(self.per_action),
        }


def child_argv(loop: str, games: int, args: argparse.Namespace) -> list[str]:
    """The child that plays the warm-up game and ``games`` games of ``loop``."""
    script = str(Path(__file__).resolve())
    return [sys.executable, script, "--child", loop, str(games), "--players", str(args.players),
            "--preset", args.preset]  # fmt: skip


def child_env(tree: Tree, build: str, cache: Path, *, write: bool) -> dict[str, str]:
    """A child's environment: the tree's build first on ``PYTHONPATH``, the fixed hash seed,
    and the bytecode cache ``cache``, written to only with ``write``."""
    env = {**worker_env(build, tree), "PYTHONHASHSEED": HASHSEED}
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not write:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def compile_bytecode(
    tree: Tree, build: str, loop: str, args: argparse.Namespace, cache: Path
) -> None:
    """Run the counted child natively once, writing the bytecode of every module it
    imports into ``cache``; exit if it fails."""
    argv = child_argv(loop, args.games, args)
    r = subprocess.run(argv, env=child_env(tree, build, cache, write=True), capture_output=True)
    if r.returncode != 0:
        what = f"the {build} {loop} loop of {tree.root}"
        stderr = r.stderr.decode(errors="replace")
        raise SystemExit(f"bench_instructions: {what} failed (exit {r.returncode}):\n{stderr}")


def callgrind(
    tree: Tree, build: str, loop: str, games: int, args: argparse.Namespace, cache: Path
) -> Count:
    """Run the warm-up game and ``games`` games of ``loop`` on a tree's build in a child
    process under callgrind, its bytecode read from ``cache``; exit if the child fails or
    imported another build."""
    argv = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    argv += child_argv(loop, games, args)
    env = child_env(tree, build, cache, write=False)
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    what = f"the {build} {loop} loop of {tree.root}"
    if r.returncode != 0:
        raise SystemExit(f"bench_instructions: {what} failed (exit {r.returncode}):\n{r.stderr}")
    found = re.search(r"Collected : (\d+)", r.stderr)
    if found is None:
        raise SystemExit(f"bench_instructions: no count from callgrind:\n{r.stderr[-2000:]}")
    played = json.loads(r.stdout)
    if played["compiled"] != (build == "compiled") or not imported_from(
        played["engine_file"], build, tree
    ):
        raise SystemExit(
            f"bench_instructions: the child for {what} imported {played['engine_file']}, "
            f"not {tree.path(build)}: check PYTHONPATH"
        )
    return Count(int(found.group(1)), played["actions"])


def measure(tree: Tree, build: str, loop: str, base: Count, total: Count) -> Line:
    """Instructions per action of ``--games`` games: the run with them less the run
    without."""
    actions = total.actions - base.actions
    per = (total.instructions - base.instructions) / actions
    return Line(tree.label, build, loop, actions, per)


def count(
    plan: list[tuple[Tree, str, str, str]], args: argparse.Namespace, cache: Path
) -> list[Line]:
    """A line per ``(tree, build, loop, status)`` of ``plan``, in order: counted where the
    status is ``ok`` (its bytecode compiled into ``cache`` first, once per directory, build
    and loop, then its two runs, ``--jobs`` runs at a time), else the status."""
    todo = [(tree, build, loop) for tree, build, loop, status in plan if status == "ok"]
    once = {(tree.root.resolve(), build, loop): tree for tree, build, loop in todo}
    for (_, build, loop), tree in once.items():
        compile_bytecode(tree, build, loop, args, cache)
    lines: list[Line] = []
    pool = ThreadPoolExecutor(args.jobs)
    try:
        runs: dict[tuple[Tree, str, str], tuple[Future[Count], Future[Count]]] = {
            (tree, build, loop): (
                pool.submit(callgrind, tree, build, loop, 0, args, cache),
                pool.submit(callgrind, tree, build, loop, args.games, args, cache),
            )
            for tree, build, loop in todo
        }
        for tree, build, loop, status in plan:
            if status != "ok":
                lines.append(Line(tree.label, build, loop, status=status))
                continue
            base, total = runs[(tree, build, loop)]
            lines.append(measure(tree, build, loop, base.result(), total.result()))
            print(f"  {tree.label} {build} {loop}: counted", file=sys.stderr)
    finally:
        pool.shutdown(cancel_futures=True)
    return lines


def child(args: argparse.Namespace) -> None:
    """Under callgrind: play the warm-up game, then the games; print the actions of both and
    the engine module imported, as JSON."""
    loop, games = args.child[0], int(args.child[1])
    fn = LOOPS[loop]
    actions = fn(1, seed=WARMUP_SEED, players=args.players, preset=args.preset).actions
    if games:
        actions += fn(games, seed=0, players=args.players, preset=args.preset).actions
    import unoverse.core.game as game_module

    played = {"actions": actions, "engine_file": game_module.__file__}
    print(json.dumps({**played, "compiled": engine_is_compiled()}))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games counted (default 300)")
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--preset", default=PRESET, help=f"rules preset (default {PRESET})")
    parser.add_argument("--loop", choices=[*LOOPS, "both"], default="both")
    parser.add_argument("--build", choices=[*BUILDS, "both"], default="both")
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="PATH",
        help="another checkout to count too (its src and build/compiled), printed beside",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, help="counts run at a time (default 1; same counts)"
    )
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    parser.add_argument("--child", nargs=2, metavar=("LOOP", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return args
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.players < 2:
        parser.error("--players must be at least 2")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.baseline is not None:
        args.baseline = args.baseline.resolve()
        if not (args.baseline / "src" / "unoverse" / "__init__.py").is_file():
            parser.error(f"--baseline {args.baseline}: not a checkout (no src/unoverse in it)")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed (Debian: apt-get install valgrind)")
    return args


def ratios(lines: list[Line]) -> dict[str, float | None]:
    """Current over baseline instructions per action, by ``"build loop"`` (None where either
    was not counted)."""
    found = {(line.tree, line.build, line.loop): line.per_action for line in lines}
    out: dict[str, float | None] = {}
    for (tree, build, loop), mine in found.items():
        if tree != "current":
            continue
        base = found.get(("baseline", build, loop))
        out[f"{build} {loop}"] = mine / base if mine is not None and base else None
    return out


def render(lines: list[Line], trees: list[Tree], args: argparse.Namespace) -> None:
    """One row per build and loop: its instructions per action, the baseline's beside it."""
    console = report_console()
    console.print(
        f"{args.games} games of {args.preset} at {args.players} players, naive bots, seeds 0 "
        f"onwards, PYTHONHASHSEED={HASHSEED}",
        soft_wrap=True,
        highlight=False,
    )
    for tree in trees:
        commit = git_commit(tree.root) or "unknown"
        console.print(f"{tree.label:<9} {tree.root} (commit {commit})", highlight=False)
    found = {(line.tree, line.build, line.loop): line for line in lines}
    other_games = False
    table = Table(title="Instructions per action (callgrind)")
    for col in ("build", "loop", "actions", *(t.label for t in trees)):
        table.add_column(col, justify="left" if col in ("build", "loop") else "right")
    if len(trees) == 2:
        table.add_column("current / baseline", justify="right")
    for build in BUILDS:
        for loop in LOOPS:
            row = [found[(t.label, build, loop)] for t in trees if (t.label, build, loop) in found]
            if not row:
                continue
            counted = {line.actions for line in row if line.actions is not None}
            other_games = other_games or len(counted) > 1
            cells = [build, loop, " / ".join(f"{n:,}" for n in sorted(counted))]
            for line in row:
                cells.append(line.status if line.per_action is None else f"{line.per_action:,.0f}")
            if len(row) == 2:
                mine, base = row[0].per_action, row[1].per_action
                cells.append(f"{mine / base:.3f}x" if mine is not None and base else "")
            table.add_row(*cells)
    console.print(table)
    if other_games:
        console.print(
            "note: two counts in the actions column: the trees played other games",
            highlight=False,
        )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child:
        child(args)
        return 0
    builds = BUILDS if args.build == "both" else (args.build,)
    loops = BOTH if args.loop == "both" else (args.loop,)
    trees = [CURRENT] + ([Tree("baseline", args.baseline)] if args.baseline else [])
    plan: list[tuple[Tree, str, str, str]] = []
    for build in builds:
        for tree in trees:
            status = compiled_status(tree) if build == "compiled" else "ok"
            plan += [(tree, build, loop, status) for loop in loops]
    with tempfile.TemporaryDirectory(prefix="bench_instructions-") as cache:
        lines = count(plan, args, Path(cache))
    if args.json:
        report = {
            "games": args.games,
            "players": args.players,
            "preset": args.preset,
            "trees": {t.label: {"path": str(t.root), "commit": git_commit(t.root)} for t in trees},
            "lines": [line.to_dict() for line in lines],
        }
        if args.baseline:
            report["ratios"] = ratios(lines)
        print(json.dumps(report, indent=2))
    else:
        render(lines, trees, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
