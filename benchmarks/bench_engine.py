"""Engine speed: unoverse beside RLCard's UNO, plain Python and mypyc-compiled side by side.

Rows (RULES.md E-4: a game is one round, deal to a round winner), each measured for two
builds of the same source: ``plain`` (this checkout's ``src/unoverse``, interpreted) and
``compiled`` (the mypyc build of ``make compile`` in ``build/compiled``, when it is there and
current; else its cells say why not):

* ``unoverse engine``: Classic, ``naive`` against ``naive``, written out here as the bare
  loop a bot writer would write: ``acting_seats`` -> ``legal_actions`` -> ``view`` ->
  ``bot.act`` -> ``apply`` (full validation, events returned). The acting seat's view is built
  for every accepted action. One accepted action is one ``apply`` (a play with its UNO call is
  one action). Game ``i`` uses seed ``i`` and naive bots seeded as ``simulate`` seeds them.
* the same loop at 4 players, beside the 2-player row;
* ``unoverse driver``: the same games through ``unoverse.sim.driver.play_round``, the loop
  behind ``unoverse simulate`` (virtual clock, tie-breaks, action record);
* ``variant ...`` and ``house ...``: the engine loop on the other variants (``VARIANTS``) and
  on house-rule presets (``HOUSE``) at the main table size and at 4 players; each is compared
  with Classic's actions/s at the same table size (target: within 2x, a ratio of at least
  ``BESIDE_TARGET``);
* ``unoverse unchecked``: the engine row's games with every action applied through
  ``Game.apply_unchecked`` (no validation: for actions the engine generated itself). It shows
  what validation costs and never enters a ratio;
* RLCard 1.2.0: ``env.run`` with two random agents, its bare ``UnoGame`` loop, and its rules
  core alone, ``UnoRound.get_legal_actions`` / ``proceed_round`` without the state dictionary
  ``UnoGame.step`` builds (``benchmarks/rlcard_reference.py``). RLCard is 2-player only; a
  game there is one round too (``init_game`` deals one ``UnoRound``, over when a hand is
  empty). The core is the floor for a bare rules engine: the compiled engine row must not be
  slower than it in games/s at 2 players.

RLCard's rows are timed in this process; each build's rows in a child process of this script
(``--worker plain|compiled``) that imports ``unoverse`` from that build's path and reports
JSON. Both builds play the very same games, so their action counts must agree (the smoke test
checks it). The rows are timed in ``--runs`` interleaved rounds (every row once per round,
warmed up first); each row's median run (by actions/s) is kept. The ratios compare the engine
row of each build to the same RLCard rounds; the performance targets are printed beside them.

``--baseline PATH`` times a second checkout in the same run (its ``src`` for the plain build,
its ``build/compiled``, built by its own ``tools/build_compiled.py``, for the compiled one):
its children run in the same rounds as this tree's, alternating which tree goes first, and its
rows are printed beside this tree's with the ratio current / baseline per row. The loops are
this script's, so the baseline must offer the same engine API.
Run it by hand; the smoke test only checks that it runs and counts.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import os
import platform
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field, is_dataclass
from functools import partial
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

from rich.console import Console
from rich.table import Table

import unoverse
from rlcard_reference import (
    Measurement,
    median_of,
    rlcard_version,
    run_bare_game,
    run_env,
    run_round_core,
)
from unoverse.bots.base import make_bot
from unoverse.bots.naive import NaiveBot
from unoverse.core.seeding import derive
from unoverse.sim.driver import MAX_ACTIONS, RoundRecord, play_round

REPO = Path(__file__).resolve().parent.parent
BUILDS = ("plain", "compiled")
NOT_BUILT = "not built (make compile)"
STALE = "stale (make compile)"
NO_UNCHECKED = "n/a (no apply_unchecked)"

PRESET = "classic"

#: The other variants timed beside Classic: (key, label, preset), with their defaults.
VARIANTS = (
    ("minecraft", "variant minecraft", "minecraft"),
    ("attack", "variant attack", "attack"),
    ("full_spectrum", "variant full_spectrum", "full_spectrum"),
    (
        "fs_modes",
        "variant full_spectrum, 3 modes",
        "full_spectrum+seven_zero+stacking=progressive+jump_in",
    ),
    ("blast", "variant blast", "blast"),
    ("blast_live", "variant blast, BLAST mode", "blast+mode=blast"),
)
#: UNO Blast's BLAST mode is real time: its driver row plays it as ``simulate`` does, every
#: play stamped with its arrival time and judged by the session.
LIVE_PRESET = "blast+mode=blast"
#: House-rule presets timed beside Classic: (key, label, preset). The single rules the
#: conformance suite plays most, and every house option that combines with the others (one of
#: the three rules that redefine the 0; ``revive`` needs stacking).
HOUSE = (
    ("stacking", "house stacking=progressive", "classic+stacking=progressive"),
    ("seven_zero", "house seven_zero", "classic+seven_zero"),
    ("jump_in", "house jump_in", "classic+jump_in"),
    (
        "all_house",
        "house every house rule",
        "classic+stacking=progressive+revive+draw_until_playable+seven_zero+jump_in"
        "+play_duplicates+downpour+bar_special+boomerang+friendly_swap",
    ),
)
#: Every preset timed beside Classic.
BESIDE = VARIANTS + HOUSE
#: A variant's or house-rule preset's actions/s over Classic's at the same table size: at
#: least this (within 2x).
BESIDE_TARGET = 0.5

#: The performance targets: the unoverse engine row (2 players) over RLCard.
TARGETS = {"env_run_actions": 10.0, "env_run_games": 6.0, "bare_actions": 3.0, "core_games": 1.0}
#: RLCard's rows: key -> (name, loop).
RLCARD_ROWS: dict[str, tuple[str, Callable[..., Measurement]]] = {
    "rlcard_env": ("RLCard env.run 2p", run_env),
    "rlcard_bare": ("RLCard bare UnoGame 2p", run_bare_game),
    "rlcard_core": ("RLCard UnoRound core 2p", run_round_core),
}
#: Every row of a baseline tree (``--baseline``) over the same row of this one: at least
#: this (no row slower).
BASELINE_TARGET = 1.0


@dataclass(frozen=True)
class Tree:
    """A checkout whose engine is timed: its plain source and its compiled build."""

    label: str  # "current" or "baseline"
    root: Path

    @property
    def src(self) -> Path:
        """What the plain build's child puts first on ``PYTHONPATH``."""
        return self.root / "src"

    @property
    def compiled_dir(self) -> Path:
        """The compiled build (``make compile``, ``tools/build_compiled.py``)."""
        return self.root / "build" / "compiled"

    @property
    def build_tool_file(self) -> Path:
        return self.root / "tools" / "build_compiled.py"

    def path(self, build: str) -> Path:
        """The directory a build's child imports ``unoverse`` from."""
        return self.compiled_dir if build == "compiled" else self.src


#: This checkout.
CURRENT = Tree("current", REPO)


def run_engine(
    games: int,
    seed: int = 0,
    players: int = 2,
    preset: str = PRESET,
    unchecked: bool = False,
    copy: bool = False,
) -> Measurement:
    """Play games ``seed`` .. ``seed + games - 1`` through the engine API; time it all.

    Set-up (``new_game``, dealing, bots) is inside the timing, as RLCard's ``init_game`` is.
    ``unchecked`` applies every action with ``apply_unchecked`` instead of ``apply``;
    ``copy`` also copies the game (``Game.copy``, as search does at every node) before each
    action, so that the difference from the plain loop is what a copy costs.
    """
    new_game = unoverse.new_game
    actions = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game = new_game(preset, players, s)
        bots = [NaiveBot(derive(s, "bot", seat)) for seat in range(players)]
        count = 0
        while not game.over:
            for seat in game.acting_seats():
                legal = game.legal_actions(seat)
                act = bots[seat].act(game.view(seat), legal)
                if act is not None:
                    if copy:
                        game.copy()
                    if unchecked:
                        game.apply_unchecked(seat, act)
                    else:
                        game.apply(seat, act)  # validates, mutates, returns the events
                    count += 1
                    break  # the windows changed: ask the acting seats again
            else:
                raise RuntimeError(f"game {s}: no seat acted (windows {game.windows()})")
            if count >= MAX_ACTIONS:
                raise RuntimeError(f"game {s} did not end in {MAX_ACTIONS} actions")
        actions += count
    seconds = time.perf_counter() - start
    return Measurement(actions=actions, games=games, seconds=seconds)


def run_driver(games: int, seed: int = 0, players: int = 2, preset: str = PRESET) -> Measurement:
    """The same games through the simulation driver (what ``unoverse simulate`` runs)."""
    new_game = unoverse.new_game
    actions = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game = new_game(preset, players, s)
        bots = [make_bot("naive", s, seat) for seat in range(players)]
        record = play_round(game, bots, RoundRecord(s, None))
        actions += len(record.actions)
    seconds = time.perf_counter() - start
    return Measurement(actions=actions, games=games, seconds=seconds)


def has_apply_unchecked() -> bool:
    """Whether the engine has the unchecked fast path."""
    return hasattr(unoverse.Game, "apply_unchecked")


def engine_is_compiled() -> bool:
    """Whether the engine imported here is the compiled one (an extension module)."""
    import unoverse.core.game as game_module

    return (game_module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))


@dataclass
class Row:
    """One line of the table, for one build (``None``: RLCard): a measurement, or why there
    is none."""

    key: str
    name: str
    players: int
    build: str | None = None
    preset: str | None = None
    measurement: Measurement | None = None
    status: str = "ok"  # "ok", "not installed", "skipped", NOT_BUILT, STALE, NO_UNCHECKED

    def to_dict(self) -> dict[str, Any]:
        m = self.measurement
        out: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "players": self.players,
            "build": self.build,
            "preset": self.preset,
            "status": self.status,
        }
        if m is not None:
            out.update(
                actions=m.actions,
                games=m.games,
                seconds=round(m.seconds, 4),
                actions_per_s=round(m.actions_per_s, 1),
                games_per_s=round(m.games_per_s, 2),
                actions_per_game=round(m.actions_per_game, 2),
            )
        return out

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Row:
        m = None
        if "actions" in d:
            m = Measurement(actions=d["actions"], games=d["games"], seconds=d["seconds"])
        return Row(d["key"], d["name"], d["players"], d["build"], d["preset"], m, d["status"])


def tables(players: int) -> tuple[int, ...]:
    """The table sizes of the Classic engine and house-rule rows: the main one and 4."""
    return (players,) if players == 4 else (players, 4)


def our_rows(players: int, build: str) -> dict[str, Row]:
    """Every unoverse row of one build, not yet measured, by key."""
    p = players
    rows = {"engine": Row("engine", f"unoverse engine {p}p", p, build, PRESET)}
    if p != 4:
        rows["engine4"] = Row("engine4", "unoverse engine 4p", 4, build, PRESET)
    rows["driver"] = Row("driver", f"unoverse driver {p}p", p, build, PRESET)
    rows["driver_live"] = Row(
        "driver_live", f"unoverse driver blast, BLAST mode {p}p", p, build, LIVE_PRESET
    )
    rows["unchecked"] = Row("unchecked", f"unoverse unchecked {p}p", p, build, PRESET)
    for n in tables(p):
        for key, label, preset in BESIDE:
            rows[f"{key}_{n}"] = Row(f"{key}_{n}", f"{label} {n}p", n, build, preset)
    return rows


def classic_key(players: int, n: int) -> str:
    """The key of the Classic engine row at ``n`` players."""
    return "engine" if n == players else "engine4"


def measure_ours(args: argparse.Namespace, build: str, log: Console) -> dict[str, Row]:
    """Time every unoverse row in this process (a worker: ``unoverse`` is this build's)."""
    rows = our_rows(args.players, build)
    for key, row in rows.items():
        fn: Callable[..., Measurement]
        if key == "driver" or key == "driver_live":
            fn = partial(run_driver, players=row.players, preset=row.preset or PRESET)
        elif key == "unchecked":
            if not has_apply_unchecked():
                row.status = NO_UNCHECKED
                continue
            fn = partial(run_engine, players=row.players, unchecked=True)
        else:
            fn = partial(run_engine, players=row.players, preset=row.preset or PRESET)
        began = time.perf_counter()
        row.measurement = median_of(
            fn, runs=args.runs, warmup=args.warmup, games=args.games, seed=args.seed
        )
        took = time.perf_counter() - began
        log.print(f"  {row.name} ({build}): done in {took:.1f} s", markup=False, highlight=False)
    return rows


def build_tool(tree: Tree = CURRENT) -> ModuleType:
    """A tree's ``tools/build_compiled.py`` as a module (paths, module list, stamp check): each
    tree's build is judged by its own tool."""
    path = tree.build_tool_file
    spec = importlib.util.spec_from_file_location(f"build_compiled_{tree.label}", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compiled_status(tree: Tree = CURRENT) -> str:
    """``"ok"`` when a tree's compiled build is there and of its current sources, else why
    not."""
    try:
        tool = build_tool(tree)
    except (ImportError, OSError):
        return NOT_BUILT
    if tool.read_stamp() is None or not tool.built_modules_present():
        return NOT_BUILT
    try:
        current = tool.up_to_date()
    except ImportError:  # no mypy to hash with: trust the stamp
        return "ok"
    return "ok" if current else STALE


def worker_env(build: str, tree: Tree = CURRENT) -> dict[str, str]:
    """The environment of a build's child: ``PYTHONPATH`` with the tree's ``src`` first for
    ``plain``, its compiled build first for ``compiled``, and any compiled build (this
    tree's, the tree's) taken out, so that the child imports that build and no other."""
    env = dict(os.environ)
    drop = {CURRENT.compiled_dir.resolve(), tree.compiled_dir.resolve()}
    parts = [
        p
        for p in env.get("PYTHONPATH", "").split(os.pathsep)
        if p and Path(p).resolve() not in drop
    ]
    parts.insert(0, str(tree.path(build)))
    env["PYTHONPATH"] = os.pathsep.join(parts)
    return env


def imported_from(engine_file: str, build: str, tree: Tree) -> bool:
    """Whether a child's ``unoverse.core.game`` is the tree's build's own."""
    return Path(engine_file).resolve().is_relative_to(tree.path(build).resolve())


def worker_argv(args: argparse.Namespace, build: str) -> list[str]:
    """The command line of a build's child process."""
    argv = [sys.executable, str(Path(__file__).resolve()), "--worker", build]
    argv += ["--games", str(args.games), "--runs", str(args.runs)]
    argv += ["--players", str(args.players), "--seed", str(args.seed)]
    if args.quick:
        argv.append("--quick")
    if args.profile:
        argv.append("--profile")
    return argv


def run_worker(args: argparse.Namespace, build: str, tree: Tree = CURRENT) -> dict[str, Any]:
    """Run one build's rows of a tree in a child process; its JSON report. Exits if the child
    fails or imported another build or tree."""
    r = subprocess.run(
        worker_argv(args, build), env=worker_env(build, tree), stdout=subprocess.PIPE, text=True
    )
    what = f"the {build} rows of {tree.root}"
    if r.returncode != 0:
        raise SystemExit(f"bench_engine: {what} failed (exit {r.returncode})")
    report: dict[str, Any] = json.loads(r.stdout)
    engine_file = report["engine_file"]
    if report["compiled"] != (build == "compiled") or not imported_from(engine_file, build, tree):
        raise SystemExit(
            f"bench_engine: the child for {what} imported {engine_file}, "
            f"not {tree.path(build)}: check PYTHONPATH"
        )
    return report


def worker(args: argparse.Namespace) -> int:
    """A build's child process: time its rows (or profile), print them as JSON."""
    if args.profile:
        profile(args)
        return 0
    import unoverse.core.game as game_module

    rows = measure_ours(args, args.worker, Console(stderr=True))
    report = {
        "build": args.worker,
        "compiled": engine_is_compiled(),
        "engine_file": game_module.__file__,
        "apply_unchecked": has_apply_unchecked(),
        "rows": [row.to_dict() for row in rows.values()],
    }
    print(json.dumps(report))
    return 0


def rlcard_installed() -> bool:
    """Whether RLCard (and numpy) can be imported."""
    try:
        import numpy  # noqa: F401
        import rlcard  # type: ignore[import-untyped]  # noqa: F401
    except ImportError:
        return False
    return True


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, else ``platform.processor()``."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def git_commit(root: Path = REPO) -> str | None:
    """A checkout's commit, with ``+dirty`` if ``src/`` has uncommitted changes (read-only)."""
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if head.returncode != 0:
            return None
        status = subprocess.run(
            ["git", "-C", str(root), "--no-optional-locks", "status", "--porcelain", "--", "src"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if status.stdout.strip() else "")


def compiled_description(status: str, tree: Tree = CURRENT) -> str:
    """The header's line on a tree's compiled build: where, by which mypy, how many modules."""
    if status != "ok":
        return status
    try:
        stamp = build_tool(tree).read_stamp() or {}
    except (ImportError, OSError):
        stamp = {}
    modules = stamp.get("modules", [])
    where = tree.compiled_dir.relative_to(tree.root)
    return f"{where} (mypyc {stamp.get('mypy', '?')}, {len(modules)} modules compiled)"


def environment(have_rlcard: bool, trees: dict[str, TreeRun]) -> dict[str, Any]:
    """Versions, builds and machine, printed above the table."""
    try:
        rl = rlcard_version() if have_rlcard else None
    except PackageNotFoundError:
        rl = None
    current = trees["current"]
    env: dict[str, Any] = {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "unoverse": version("unoverse"),
        "commit": git_commit(current.tree.root),
        "compiled_build": compiled_description(current.compiled, current.tree),
        "rlcard": rl,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
    }
    if "baseline" in trees:
        base = trees["baseline"]
        env["baseline"] = {
            "path": str(base.tree.root),
            "commit": git_commit(base.tree.root),
            "compiled_build": compiled_description(base.compiled, base.tree),
        }
    return env


def ratios(ours: dict[str, Row], rlcard: dict[str, Row]) -> dict[str, float | None]:
    """One build's unoverse engine row over RLCard's rows (None where a row is missing)."""
    mine = ours["engine"].measurement

    def over(key: str, attr: str) -> float | None:
        theirs = rlcard[key].measurement
        if mine is None or theirs is None:
            return None
        denominator: float = getattr(theirs, attr)
        return getattr(mine, attr) / denominator if denominator else None

    return {
        "env_run_actions": over("rlcard_env", "actions_per_s"),
        "env_run_games": over("rlcard_env", "games_per_s"),
        "bare_actions": over("rlcard_bare", "actions_per_s"),
        "core_games": over("rlcard_core", "games_per_s"),
    }


def beside_ratios(ours: dict[str, Row], players: int) -> dict[str, float | None]:
    """Each variant's and house-rule row's actions/s over Classic's at the same table size."""
    out: dict[str, float | None] = {}
    for n in tables(players):
        classic = ours[classic_key(players, n)].measurement
        for key, _label, _preset in BESIDE:
            house = ours[f"{key}_{n}"].measurement
            ratio = None
            if classic is not None and house is not None and classic.actions_per_s > 0:
                ratio = house.actions_per_s / classic.actions_per_s
            out[f"{key}_{n}"] = ratio
    return out


def baseline_ratios(ours: dict[str, Row], base: dict[str, Row]) -> dict[str, float | None]:
    """Each row's actions/s in this tree over the same row's in the baseline tree (None where
    either is missing). When both play the same games this is also the games/s ratio."""
    out: dict[str, float | None] = {}
    for key, row in ours.items():
        mine = row.measurement
        theirs = base[key].measurement if key in base else None
        ok = mine is not None and theirs is not None and theirs.actions_per_s > 0
        out[key] = mine.actions_per_s / theirs.actions_per_s if ok and mine and theirs else None
    return out


@dataclass
class TreeRun:
    """A tree to time, with its compiled build's status; then its rows (by build, then key)
    and what its children reported about each build."""

    tree: Tree
    compiled: str
    rows: dict[str, dict[str, Row]] = field(default_factory=dict)
    builds: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Report:
    """Everything measured: RLCard's rows, and each tree's rows (``current``, and
    ``baseline`` with ``--baseline``)."""

    rlcard: dict[str, Row]
    trees: dict[str, TreeRun]

    @property
    def ours(self) -> dict[str, dict[str, Row]]:
        """This tree's rows, by build, then key."""
        return self.trees["current"].rows

    @property
    def builds(self) -> dict[str, dict[str, Any]]:
        return self.trees["current"].builds


def _median_row(samples: list[Row]) -> Row:
    """The sample with the median actions/s (the slower middle one for an even count); a
    sample without a measurement (a status) stands for all of them."""
    measured = [r for r in samples if r.measurement is not None]
    if len(measured) < len(samples):
        return next(r for r in samples if r.measurement is None)
    measured.sort(key=lambda r: r.measurement.actions_per_s if r.measurement else 0.0)
    return measured[(len(measured) - 1) // 2]


def measure(args: argparse.Namespace, log: Console, trees: dict[str, TreeRun]) -> Report:
    """``--runs`` rounds, each timing every row once: RLCard's rows here, then each build's
    rows in a child process per tree (the trees' order alternating from round to round).
    Interleaving the rows, rather than timing each row's runs back to back, lets every row
    sample the same spells of a shared machine, so the ratios of the medians compare like
    with like."""
    have_rlcard = not args.no_rlcard and rlcard_installed()
    one_run = argparse.Namespace(**{**vars(args), "runs": 1})
    rl_samples: dict[str, list[Row]] = {key: [] for key in RLCARD_ROWS}
    # tree label -> build -> key -> one row per round
    samples: dict[str, dict[str, dict[str, list[Row]]]] = {label: {} for label in trees}
    for label, run in trees.items():
        for build in BUILDS:
            status = "ok"
            if args.build not in ("both", build):
                status = "skipped"
            elif build == "compiled":
                status = run.compiled
            if status != "ok":
                rows = our_rows(args.players, build)
                for row in rows.values():
                    row.status = status
                samples[label][build] = {key: [row] for key, row in rows.items()}
                run.builds[build] = {"status": status}
    order = list(trees.values())
    for r in range(args.runs):
        began = time.perf_counter()
        for key, (name, fn) in RLCARD_ROWS.items():
            row = Row(key, name, 2)
            if have_rlcard:
                row.measurement = median_of(
                    fn, runs=1, warmup=args.warmup and r == 0, games=args.games, seed=args.seed
                )
            else:
                row.status = "skipped" if args.no_rlcard else "not installed"
            rl_samples[key].append(row)
        for build in BUILDS:
            for run in order if r % 2 == 0 else order[::-1]:
                if run.builds.get(build, {}).get("status", "ok") != "ok":
                    continue
                report = run_worker(one_run, build, run.tree)
                by_key = samples[run.tree.label].setdefault(build, {})
                for d in report["rows"]:
                    by_key.setdefault(d["key"], []).append(Row.from_dict(d))
                run.builds[build] = {
                    "status": "ok",
                    "engine_file": report["engine_file"],
                    "apply_unchecked": report["apply_unchecked"],
                }
        log.print(f"  round {r + 1} of {args.runs}: done in {time.perf_counter() - began:.1f} s")
    rlcard = {key: _median_row(rows) for key, rows in rl_samples.items()}
    for label, run in trees.items():
        run.rows = {
            build: {key: _median_row(rows) for key, rows in by_key.items()}
            for build, by_key in samples[label].items()
        }
    return Report(rlcard, trees)


def report_console() -> Console:
    """The console the report prints on: the terminal's width, and at least 120 columns when
    the output goes to a file or a pipe (Rich would assume 80 and cut the figures)."""
    console = Console()
    return console if console.is_terminal else Console(width=max(console.width, 120))


def _short(status: str) -> str:
    """A status short enough for a table cell (``not built``); the notes give it whole."""
    return status.split(" (")[0]


def _speed(row: Row, attr: str, fmt: str, missing: str = "") -> str:
    """A row's figure, formatted, or ``missing`` when it was not measured."""
    m = row.measurement
    return missing if m is None else format(getattr(m, attr), fmt)


def render(env: dict[str, Any], rep: Report, args: argparse.Namespace) -> None:
    """The human-readable report (Rich)."""
    console = report_console()
    warm = "one warm-up, " if args.warmup else "no warm-up, "
    header = {
        "Python": env["python"],
        "unoverse": f"{env['unoverse']} (commit {env['commit'] or 'unknown'})",
        "plain": "src of this checkout, interpreted",
        "compiled": env["compiled_build"],
        "RLCard": env["rlcard"] or ("skipped" if args.no_rlcard else "not installed"),
        "machine": f"{env['platform']} ({env['machine']})",
        "cpu": f"{env['cpu']}, {env['cpu_count']} cpus (os.cpu_count)",
        "games": f"{args.games} per run (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"{warm}median of {args.runs} interleaved round{'s' if args.runs != 1 else ''}",
    }
    if "baseline" in env:
        base = env["baseline"]
        header["baseline"] = (
            f"{base['path']} (commit {base['commit'] or 'unknown'}), its src and "
            f"{base['compiled_build']}"
        )
    for label, value in header.items():
        console.print(f"{label:<9} {value}", soft_wrap=True, highlight=False)

    plain, compiled = rep.ours["plain"], rep.ours["compiled"]
    table = Table(title="Engine speed, one-round games: plain and compiled builds")
    table.add_column("row", no_wrap=True)
    for col in (
        "plain\nactions/s",
        "compiled\nactions/s",
        "compiled\n/ plain",
        "plain\ngames/s",
        "compiled\ngames/s",
        "actions\n/game",
    ):
        table.add_column(col, justify="right")
    for key, p_row in plain.items():
        c_row = compiled[key]
        pm, cm = p_row.measurement, c_row.measurement
        measured = [m for m in (pm, cm) if m is not None]
        per_game = f"{measured[0].actions_per_game:.1f}" if measured else ""
        if pm and cm and pm.actions != cm.actions:  # the same games: a divergence
            per_game = f"{pm.actions_per_game:.1f} != {cm.actions_per_game:.1f}"
        table.add_row(
            p_row.name,
            _speed(p_row, "actions_per_s", ",.0f", _short(p_row.status)),
            _speed(c_row, "actions_per_s", ",.0f", _short(c_row.status)),
            f"{cm.actions_per_s / pm.actions_per_s:.2f}x" if pm and cm else "",
            _speed(p_row, "games_per_s", ",.1f"),
            _speed(c_row, "games_per_s", ",.1f"),
            per_game,
        )
    for row in rep.rlcard.values():
        m = row.measurement
        if m is None:
            table.add_row(row.name, row.status, "", "", "", "", "")
        else:
            a, g = f"{m.actions_per_s:,.0f}", f"{m.games_per_s:,.1f}"
            table.add_row(row.name, a, "", "", g, "", f"{m.actions_per_game:.1f}")
    console.print(table)
    notes = {
        f"{build}: {row.status}" if row.key != "unchecked" else f"{row.name}: {row.status}"
        for build in BUILDS
        for row in rep.ours[build].values()
        if row.status not in ("ok", "skipped")
    }
    notes.add(
        "RLCard's rows run in this process, their figures in the plain columns; the unchecked "
        "row skips validation and enters no ratio"
    )
    for note in sorted(notes):
        console.print(f"note: {note}", soft_wrap=True, highlight=False)

    rt = Table(title=f"{plain['engine'].name} over RLCard (2p)")
    rt.add_column("ratio")
    for col in ("plain", "compiled", "target"):
        rt.add_column(col, justify="right")
    labels = {
        "env_run_actions": "actions/s over env.run",
        "env_run_games": "games/s over env.run",
        "bare_actions": "actions/s over bare UnoGame",
        "core_games": "games/s over UnoRound core",
    }
    r = {build: ratios(rep.ours[build], rep.rlcard) for build in BUILDS}
    for key, label in labels.items():
        cells = ["n/a" if r[b][key] is None else f"{r[b][key]:.2f}x" for b in BUILDS]
        rt.add_row(label, *cells, f">= {TARGETS[key]:g}x")
    console.print(rt)
    if args.players != 2:
        console.print(f"note: the ratios compare {args.players} players to RLCard's 2.")

    ht = Table(title="Variants and house rules: actions/s over Classic's at the same table size")
    ht.add_column("preset")
    for col in ("plain", "compiled", "target"):
        ht.add_column(col, justify="right")
    h = {build: beside_ratios(rep.ours[build], args.players) for build in BUILDS}
    for n in tables(args.players):
        for key, label, _preset in BESIDE:
            cells = [
                "n/a" if h[b][f"{key}_{n}"] is None else f"{h[b][f'{key}_{n}']:.2f}x"
                for b in BUILDS
            ]
            ht.add_row(f"{label} {n}p", *cells, f">= {BESIDE_TARGET:g}x")
    console.print(ht)
    all_house = next(preset for key, _label, preset in HOUSE if key == "all_house")
    console.print(f"every house rule: {all_house}", soft_wrap=True, highlight=False)
    if "baseline" in rep.trees:
        render_baseline(console, rep)


def render_baseline(console: Console, rep: Report) -> None:
    """This tree's rows beside the baseline tree's, with current / baseline per row."""
    base = rep.trees["baseline"].rows
    table = Table(title="This tree over the baseline (--baseline), actions/s, the same rounds")
    table.add_column("row", no_wrap=True)
    for build in BUILDS:
        for col in (f"baseline\n{build}", f"current\n{build}", "current\n/ baseline"):
            table.add_column(col, justify="right")
    table.add_column("actions\n/game", justify="right")
    r = {build: baseline_ratios(rep.ours[build], base[build]) for build in BUILDS}
    for key, row in rep.ours["plain"].items():
        cells = [row.name]
        per_game = ""
        for build in BUILDS:
            mine, theirs = rep.ours[build][key], base[build][key]
            ratio = r[build][key]
            cells += [
                _speed(theirs, "actions_per_s", ",.0f", _short(theirs.status)),
                _speed(mine, "actions_per_s", ",.0f", _short(mine.status)),
                "" if ratio is None else f"{ratio:.2f}x",
            ]
            m, b = mine.measurement, theirs.measurement
            if m is not None and b is not None and not per_game:
                per_game = f"{m.actions_per_game:.1f}"
                if m.actions != b.actions:  # the trees play other games: compare games/s too
                    per_game += f" (baseline {b.actions_per_game:.1f})"
        table.add_row(*cells, per_game)
    console.print(table)
    for build in BUILDS:
        measured = [(ratio, key) for key, ratio in r[build].items() if ratio is not None]
        if not measured:
            continue
        low, key = min(measured)
        console.print(
            f"{build}: lowest current / baseline {low:.2f}x ({rep.ours[build][key].name}), "
            f"{sum(ratio < BASELINE_TARGET for ratio, _ in measured)} of {len(measured)} rows "
            f"below the target >= {BASELINE_TARGET:g}x",
            soft_wrap=True,
            highlight=False,
        )
    console.print(
        "note: a single run moves by up to a third on a shared machine: count instructions "
        "(benchmarks/bench_instructions.py --baseline) before calling a row slower",
        soft_wrap=True,
        highlight=False,
    )


#: The calls the engine loop makes, for the profile's split of the time.
LOOP_CALLS = (
    "new_game",
    "derive",
    "Bot.__init__",
    "Game.acting_seats",
    "Game.legal_actions",
    "Game.view",
    "NaiveBot.act",
    "Game.apply",
)

#: cProfile's names for compiled functions, called from interpreted code as built-ins.
_COMPILED_METHOD = re.compile(r"<method '(\w+)' of '(\w+)' objects>")
_COMPILED_FUNCTION = re.compile(r"<built-in method (unoverse\.[\w.]+)>")


def dataclass_inits() -> dict[CodeType, str]:
    """Name the generated ``__init__`` of every unoverse dataclass.

    They all come from ``<string>`` line 2, so cProfile's usual labels would merge them (and
    ``pstats`` keeps only one of them).
    """
    names: dict[CodeType, str] = {}
    for name, module in list(sys.modules.items()):
        if name != "unoverse" and not name.startswith("unoverse."):
            continue
        for obj in vars(module).values():
            code = getattr(getattr(obj, "__init__", None), "__code__", None)
            if isinstance(obj, type) and is_dataclass(obj) and isinstance(code, CodeType):
                names[code] = f"{obj.__name__}.__init__ (dataclass)"
    return names


def profile(args: argparse.Namespace, top: int = 10) -> None:
    """Run the engine row once under cProfile; print the top functions by own time.

    Runs in the build's child process. In the compiled build cProfile sees only the calls
    interpreted code makes into compiled functions (as built-ins), never the calls between
    compiled functions, whose time counts as their caller's own.
    """
    compiled = engine_is_compiled()
    prof = cProfile.Profile()
    prof.enable()
    m = run_engine(args.games, args.seed, args.players)
    prof.disable()
    root = str(Path(unoverse.__file__).resolve().parent.parent) + os.sep
    repo = str(REPO) + os.sep
    inits = dataclass_inits()

    def label(code: CodeType | str) -> str:
        if isinstance(code, str):  # a built-in, or a compiled function
            if match := _COMPILED_METHOD.fullmatch(code):
                return f"{match[2]}.{match[1]} (compiled)"
            if match := _COMPILED_FUNCTION.fullmatch(code):
                return f"{match[1].rsplit('.', 1)[1]} (compiled: {match[1]})"
            return code
        if code in inits:
            return inits[code]
        file = code.co_filename.removeprefix(root).removeprefix(repo)
        return f"{code.co_qualname} ({file}:{code.co_firstlineno})"

    # label -> [calls, own seconds, cumulative seconds]
    rows: dict[str, list[float]] = {}
    for entry in prof.getstats():
        row = rows.setdefault(label(entry.code), [0, 0.0, 0.0])
        row[0] += entry.callcount
        row[1] += entry.inlinetime
        row[2] += entry.totaltime
    total = sum(r[1] for r in rows.values())

    console = report_console()
    what = (
        f"the compiled build ({Path(root).relative_to(REPO) if root.startswith(repo) else root}"
        "): calls between compiled functions are invisible to cProfile and count as their "
        "caller's own time; read the loop's split"
        if compiled
        else "plain Python (--build compiled profiles the compiled build)"
    )
    console.print(f"profiling {what}", soft_wrap=True, highlight=False)
    console.print(
        f"cProfile, unoverse engine {args.players}p, {m.games} games, {m.actions:,} actions; "
        f"total own time {total:.2f} s (profiling inflates call-heavy code)",
        soft_wrap=True,
    )
    table = Table(title=f"top {top} by own time")
    table.add_column("function")
    for col in ("calls", "own s", "own %", "cumulative s"):
        table.add_column(col, justify="right")
    ranked = sorted(rows.items(), key=lambda kv: kv[1][1], reverse=True)[:top]
    for name, (calls, own, cumulative) in ranked:
        table.add_row(
            name, f"{int(calls):,}", f"{own:.3f}", f"{100 * own / total:.1f}", f"{cumulative:.3f}"
        )
    console.print(table)

    split = Table(title="the loop's calls, cumulative")
    split.add_column("call")
    split.add_column("cumulative s", justify="right")
    split.add_column("% of total", justify="right")
    for qualname in LOOP_CALLS:
        seen = [r for n, r in rows.items() if n.startswith(qualname + " (")]
        if not seen:  # a compiled callable cProfile does not record (a non-native method)
            split.add_row(qualname, "not seen", "")
            continue
        cumulative = sum(r[2] for r in seen)
        split.add_row(qualname, f"{cumulative:.3f}", f"{100 * cumulative / total:.1f}")
    console.print(split)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="games per run (default 2000)")
    parser.add_argument("--runs", type=int, default=None, help="timed runs, median kept (5)")
    parser.add_argument("--players", type=int, default=2, help="players in the main rows (2)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--quick", action="store_true", help="a few games, 1 run, no warm-up (smoke test)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-rlcard", action="store_true", help="skip RLCard's rows")
    parser.add_argument(
        "--build",
        choices=("both", *BUILDS),
        default=None,
        help="the builds to time (default both) or to profile (default plain)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="instead of timing, profile the engine row once (cProfile, top 10 by own time)",
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        metavar="PATH",
        help="another checkout to time in the same rounds (its src and build/compiled); "
        "its rows are printed beside this tree's, with current / baseline",
    )
    parser.add_argument("--worker", choices=BUILDS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = 10 if args.quick else 2000
    if args.runs is None:
        args.runs = 1 if args.quick else 5
    args.warmup = not args.quick
    if args.games < 1 or args.runs < 1:
        parser.error("--games and --runs must be at least 1")
    if args.players < 2:
        parser.error("--players must be at least 2")
    if args.build is None:
        args.build = "plain" if args.profile else "both"
    if args.profile and args.build == "both":
        parser.error("--profile profiles one build: --build plain or --build compiled")
    if args.baseline is not None:
        if args.profile:
            parser.error("--profile profiles this tree only: drop --baseline")
        args.baseline = args.baseline.resolve()
        if not (args.baseline / "src" / "unoverse" / "__init__.py").is_file():
            parser.error(f"--baseline {args.baseline}: not a checkout (no src/unoverse in it)")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker(args)
    compiled = compiled_status()
    if args.profile:
        if args.build == "compiled" and compiled != "ok":
            raise SystemExit(f"bench_engine: cannot profile the compiled build: {compiled}")
        r = subprocess.run(worker_argv(args, args.build), env=worker_env(args.build))
        return r.returncode
    log = Console(stderr=True)
    have_rlcard = not args.no_rlcard and rlcard_installed()
    trees = {"current": TreeRun(CURRENT, compiled)}
    if args.baseline is not None:
        base = Tree("baseline", args.baseline)
        trees["baseline"] = TreeRun(base, compiled_status(base))
    env = environment(have_rlcard, trees)
    rep = measure(args, log, trees)
    if args.json:
        report = {
            **env,
            "preset": PRESET,
            "beside_presets": {key: preset for key, _label, preset in BESIDE},
            "games": args.games,
            "runs": args.runs,
            "warmup": args.warmup,
            "seed": args.seed,
            "players": args.players,
            "builds": rep.builds,
            "rows": [
                *(row.to_dict() for build in BUILDS for row in rep.ours[build].values()),
                *(row.to_dict() for row in rep.rlcard.values()),
            ],
            "ratios": {b: ratios(rep.ours[b], rep.rlcard) for b in BUILDS},
            "beside_ratios": {b: beside_ratios(rep.ours[b], args.players) for b in BUILDS},
            "targets": TARGETS,
            "beside_target": BESIDE_TARGET,
        }
        if "baseline" in rep.trees:
            base_run = rep.trees["baseline"]
            report["baseline"] = {
                **env["baseline"],
                "builds": base_run.builds,
                "rows": [
                    row.to_dict() for build in BUILDS for row in base_run.rows[build].values()
                ],
                "ratios": {b: baseline_ratios(rep.ours[b], base_run.rows[b]) for b in BUILDS},
                "target": BASELINE_TARGET,
            }
        print(json.dumps(report, indent=2))
    else:
        render(env, rep, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
