"""The batched engine's speed: ``unoverse.fast`` beside RLCard's rules core, the compiled
reference engine and the figures the issue quotes, side by side in one run.

Rows (a game is one round, deal to a round winner, RULES.md E-4):

* ``fast naive classic Np`` (N = 2, 4, 10): ``unoverse.fast.play`` on ``--games`` seeds in
  calls of ``--batch`` rounds, ``naive`` at every seat (RLCard's random agent's behaviour: a
  uniformly random playable card, a draw only when nothing plays), on one core in this
  process. numba compiles before the timing (every row is warmed up first); the batches'
  arrays, the deals and the play are timed.
* ``fast random classic 2p``: the same with ``random`` at every seat (uniform over the kinds
  of legal action, calls, catches and challenges included: rounds of thousands of actions);
  an extra row, in no target. Its rounds are played to the end (cap ``RANDOM_CAP``).
* ``fast naive <house rule> Np`` (2 and 4 players): each house rule the batched engine plays
  (``HOUSE``), and all four together.
* ``RLCard UnoRound core 2p``: RLCard 1.2.0's rules core, ``UnoRound`` without the state
  dictionary ``UnoGame.step`` builds (``rlcard_reference.run_round_core``), ``--ref-games``
  games, in this process. The target: the fast 2p row at least ``CORE_TARGET`` times its
  games/s.
* ``reference ...``: the compiled reference engine (``build/compiled``, ``make compile``) on
  each naive row's preset and table size, ``--ref-games`` games, through bench_engine's bare
  engine loop (``run_engine``: ``acting_seats`` -> ``legal_actions`` -> ``view`` ->
  ``NaiveBot.act`` -> ``apply``), in a child process of this script that imports the build;
  its cells say ``not built`` or ``stale`` when the build is missing or older than the source.
* ``vector env classic 2p``: ``unoverse.rl.vector_env("classic", n_envs=--envs, players=2)``
  with its defaults (the other seat ``random``, the learner asked out of turn too), stepped
  ``--steps`` times after a reset, a random legal action per env picked in numpy (the argmax
  of the mask plus uniform noise); steps/s is envs x calls / seconds, with the pick and
  without it (the pick's own time taken out). Target: ``VECTOR_TARGET`` steps/s, the pick
  included. ``vector env classic 2p, naive opponent``: the same with ``opponents="naive"``
  (shorter rounds, cheaper opponent moves), in no target. Printed as not available where
  this tree has no ``vector_env``.
* ``quoted``: the issue's figures for a bare C loop of these rules and a numba one, on one
  core of this machine: quoted, not measured here.

``--simulate`` also times ``unoverse simulate --engine fast --players 4 --games 1000000
--workers 2`` as a subprocess (after one small run that fills numba's cache), against
``SIMULATE_TARGET_S``.

Rows are timed in ``--runs`` interleaved rounds (every row once per round: the fast rows,
RLCard, the reference child, the vector environment), each keeping its median run by
actions/s. Game ``i`` of a row is dealt from seed ``--seed + i`` in every round, so a row
plays the same games each round (the smoke test checks the action counts repeat). A row's
``CPU/wall`` is the process's CPU time over the wall time of its runs: about 1 on one core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

import bench_engine
import unoverse
from rlcard_reference import Measurement, rlcard_version, run_round_core
from unoverse.fast import config, play
from unoverse.fast.policies import NAIVE, POLICIES, RANDOM
from unoverse.fast.state import ACTIONS, TRUNCATED

#: The house rules the batched engine plays, each alone and all four together:
#: (key, label, preset).
HOUSE = (
    ("same", "stacking=same", "classic+stacking=same"),
    ("progressive", "stacking=progressive", "classic+stacking=progressive"),
    ("seven_zero", "seven_zero", "classic+seven_zero"),
    ("until_playable", "draw_until_playable", "classic+draw_until_playable"),
    ("jump_in", "jump_in", "classic+jump_in"),
    (
        "all_four",
        "all four house rules",
        "classic+stacking=progressive+seven_zero+draw_until_playable+jump_in",
    ),
)
#: The fast rows: (key, name, preset, players, policy code). ``random``'s rounds are long: its
#: row plays ``--random-games``.
FAST = (
    ("naive_2", "fast naive classic 2p", "classic", 2, NAIVE),
    ("naive_4", "fast naive classic 4p", "classic", 4, NAIVE),
    ("naive_10", "fast naive classic 10p", "classic", 10, NAIVE),
    ("random_2", "fast random classic 2p", "classic", 2, RANDOM),
    *(
        (f"{key}_{n}", f"fast naive {label} {n}p", preset, n, NAIVE)
        for n in (2, 4)
        for key, label, preset in HOUSE
    ),
)
#: The reference engine's rows: each naive fast row's preset and table size.
REFERENCE = tuple(
    (f"ref_{key}", name.replace("fast", "reference", 1), preset, n)
    for key, name, preset, n, policy in FAST
    if policy == NAIVE
)
#: A ``random`` round is played to its end: no round of the benchmark comes near this.
RANDOM_CAP = 1_000_000
#: The action cap of a naive round (``play``'s default: the simulator's).
NAIVE_CAP = 20_000

#: The issue's figures for Classic 2p on one core of this machine, quoted, not measured here:
#: actions/s of a bare C loop of these rules and of a numba one.
QUOTED = {"c": ("C loop (quoted)", 17_000_000.0), "numba": ("numba loop (quoted)", 7_500_000.0)}
#: The targets: the fast 2p row's games/s over RLCard's core; the vector environment's
#: steps/s (with the pick); a million simulated Classic 4p games on 2 workers, seconds.
CORE_TARGET = 10.0
VECTOR_TARGET = 1_000_000.0
SIMULATE_TARGET_S = 60.0
SIMULATE_PLAYERS = 4
SIMULATE_WORKERS = 2

#: A row's CPU/wall below this: the machine was busy (the process got less than a core).
BUSY = 0.9

#: The vector environment's rows: (key, name, opponents; None: the environment's default).
VECTOR = (
    ("vector", "vector env classic 2p", None),
    ("vector_naive", "vector env classic 2p, naive opponent", "naive"),
)
NOT_AVAILABLE_VECTOR = "not available in this tree (no unoverse.rl.vector_env)"
NOT_AVAILABLE_SIMULATE = "simulate --engine fast not available in this tree"
#: ``unoverse simulate``'s command line, run by the interpreter running this script.
CLI = "import sys; from unoverse.cli.app import main; sys.exit(main())"


@dataclass(frozen=True)
class Sample(Measurement):
    """One run of a row: a ``Measurement`` (actions — steps, for the vector environment —
    and games finished in ``seconds`` of wall time), the process's CPU seconds over them,
    and the time the vector environment's loop spent picking actions (``pick_seconds``)."""

    cpu_seconds: float
    pick_seconds: float = 0.0
    truncated: int = 0

    @property
    def cpu_per_wall(self) -> float:
        return self.cpu_seconds / self.seconds if self.seconds > 0 else 0.0

    @property
    def env_actions_per_s(self) -> float:
        """Steps/s without the loop's own picking (the vector environment's row)."""
        env = self.seconds - self.pick_seconds
        return self.actions / env if env > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "actions": self.actions,
            "games": self.games,
            "seconds": self.seconds,
            "cpu_seconds": self.cpu_seconds,
            "pick_seconds": self.pick_seconds,
            "truncated": self.truncated,
        }

    @staticmethod
    def from_dict(d: dict[str, Any]) -> Sample:
        return Sample(
            d["actions"],
            d["games"],
            d["seconds"],
            d["cpu_seconds"],
            d.get("pick_seconds", 0.0),
            d.get("truncated", 0),
        )


@dataclass
class Row:
    """A line of the table: its runs (one per round), or why it has none (``status``)."""

    key: str
    name: str
    engine: str  # "fast", "rlcard", "reference", "vector", "quoted"
    players: int
    preset: str | None = None
    policy: str | None = None
    status: str = "ok"
    runs: list[Sample] = field(default_factory=list)

    @property
    def median(self) -> Sample | None:
        """The run with the median actions/s (the slower middle one for an even count)."""
        if self.status != "ok" or not self.runs:
            return None
        ranked = sorted(self.runs, key=lambda s: s.actions_per_s)
        return ranked[(len(ranked) - 1) // 2]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "engine": self.engine,
            "players": self.players,
            "preset": self.preset,
            "policy": self.policy,
            "status": self.status,
        }
        m = self.median
        if m is not None:
            out.update(
                m.to_dict(),
                actions_per_s=round(m.actions_per_s, 1),
                games_per_s=round(m.games_per_s, 2),
                actions_per_game=round(m.actions_per_game, 2),
                cpu_per_wall=round(m.cpu_per_wall, 3),
                actions_by_run=[s.actions for s in self.runs],
            )
            if self.engine == "vector":
                out["env_actions_per_s"] = round(m.env_actions_per_s, 1)
        return out


def timed(fn: Callable[[], tuple[int, int, int]]) -> Sample:
    """Call ``fn`` (returning actions, games, truncated games); its wall and CPU time."""
    cpu, start = time.process_time(), time.perf_counter()
    actions, games, truncated = fn()
    seconds = time.perf_counter() - start
    return Sample(actions, games, seconds, time.process_time() - cpu, truncated=truncated)


def run_fast(preset: str, players: int, policy: int, games: int, seed: int, batch: int) -> Sample:
    """Play rounds ``seed`` .. ``seed + games - 1`` on the batched engine, every seat
    ``policy``, ``batch`` rounds per ``play`` call; the calls are timed whole (each batch's
    arrays, the deals, the play). A batch of a thousand rounds keeps its arrays (about 1 MB)
    in the caches, as a simulation's chunks do: one call of 50,000 rounds allocates about
    100 MB and pays for it in page faults."""
    cfg = config(preset, players)
    seats = np.full(players, policy, np.int64)
    cap = RANDOM_CAP if policy == RANDOM else NAIVE_CAP
    chunks = [
        np.arange(start, min(start + batch, seed + games), dtype=np.uint64)
        for start in range(seed, seed + games, batch)
    ]

    def go() -> tuple[int, int, int]:
        actions = truncated = 0
        for seeds in chunks:
            st = play(cfg, seeds, seats, cap=cap)
            actions += int(st.S[:, ACTIONS].sum())
            truncated += int(st.S[:, TRUNCATED].sum())
        return actions, games, truncated

    return timed(go)


def measured(loop: Callable[[], Measurement]) -> Sample:
    """A loop that times itself (RLCard's core, bench_engine's engine loop): its wall time,
    and this process's CPU time over the call."""
    cpu = time.process_time()
    m = loop()
    return Sample(m.actions, m.games, m.seconds, time.process_time() - cpu)


def pick(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per env: the argmax of the mask (0 or 1) plus uniform
    noise in [0, 1), always a legal action (noise times the mask could pick an illegal one
    when a legal action's noise is 0)."""
    noise = rng.random(mask.shape, dtype=np.float32)
    return np.asarray((noise + mask).argmax(axis=1))


def vector_available() -> bool:
    """Whether this tree has the vectorised RL environment."""
    try:
        from unoverse.rl import vector_env  # noqa: F401
    except ImportError:
        return False
    return True


def run_vector(n_envs: int, calls: int, seed: int, opponents: str | None = None) -> Sample:
    """Step ``unoverse.rl.vector_env("classic", n_envs, 2)`` ``calls`` times after a reset
    (set-up and reset untimed), a random legal action per env each call, the other seat
    ``opponents`` (None: the environment's default); ``pick_seconds`` is the picking's share
    of the time. Games are the rounds that ended (terminated or truncated)."""
    from unoverse.rl import vector_env

    kwargs = {} if opponents is None else {"opponents": opponents}
    env = vector_env("classic", n_envs=n_envs, players=2, seed=seed, **kwargs)
    rng = np.random.default_rng(seed)
    _obs, infos = env.reset(seed=seed)
    mask = infos["action_mask"]
    games = truncated = 0
    picking = 0.0
    cpu, start = time.process_time(), time.perf_counter()
    for _ in range(calls):
        began = time.perf_counter()
        actions = pick(mask, rng)
        picking += time.perf_counter() - began
        _obs, _rewards, terminations, truncations, infos = env.step(actions)
        mask = infos["action_mask"]
        games += int(np.count_nonzero(terminations | truncations))
        truncated += int(np.count_nonzero(truncations))
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    env.close()
    return Sample(n_envs * calls, games, seconds, cpu, picking, truncated)


# -- the reference engine's child process -----------------------------------------------------


def worker(args: argparse.Namespace) -> int:
    """The compiled reference engine's child: each reference row once (after a warm-up of
    100 games unless ``--quick``), as JSON on stdout."""
    import unoverse.core.game as game_module

    rows: dict[str, dict[str, Any]] = {}
    for key, _name, preset, players in REFERENCE:
        if not args.quick:
            bench_engine.run_engine(min(args.ref_games, 100), args.seed, players, preset)
        loop = partial(bench_engine.run_engine, args.ref_games, args.seed, players, preset)
        rows[key] = measured(loop).to_dict()
    report = {
        "compiled": bench_engine.engine_is_compiled(),
        "engine_file": game_module.__file__,
        "rows": rows,
    }
    print(json.dumps(report))
    return 0


def run_reference(args: argparse.Namespace) -> dict[str, Sample]:
    """One round of the reference rows in a child process on the compiled build; exits if the
    child fails or imported anything but that build."""
    argv = [sys.executable, str(Path(__file__).resolve()), "--worker"]
    argv += ["--ref-games", str(args.ref_games), "--seed", str(args.seed)]
    if args.quick:
        argv.append("--quick")
    r = subprocess.run(
        argv, env=bench_engine.worker_env("compiled"), stdout=subprocess.PIPE, text=True
    )
    if r.returncode != 0:
        raise SystemExit(f"bench_fast: the reference engine's child failed (exit {r.returncode})")
    report: dict[str, Any] = json.loads(r.stdout)
    if not report["compiled"] or not bench_engine.imported_from(
        report["engine_file"], "compiled", bench_engine.CURRENT
    ):
        raise SystemExit(
            f"bench_fast: the reference child imported {report['engine_file']}, not the "
            f"compiled build in {bench_engine.CURRENT.compiled_dir}: check PYTHONPATH"
        )
    return {key: Sample.from_dict(d) for key, d in report["rows"].items()}


# -- simulate ----------------------------------------------------------------------------------


def simulate_env() -> dict[str, str]:
    """The environment of ``simulate``'s subprocess: the ``unoverse`` this process runs first
    on ``PYTHONPATH`` (a subprocess of it plays with the same build)."""
    env = dict(os.environ)
    here = str(Path(unoverse.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(
        [here, *filter(None, env.get("PYTHONPATH", "").split(os.pathsep))]
    )
    return env


def run_simulate(games: int, seed: int = 0) -> tuple[str, float | None, int | None]:
    """Run ``unoverse simulate --engine fast`` on ``games`` Classic 4p games and 2 workers;
    its status, wall seconds and finished games (None when it did not run)."""
    argv = [sys.executable, "-c", CLI, "simulate", "--engine", "fast"]
    argv += ["--players", str(SIMULATE_PLAYERS), "--games", str(games)]
    argv += ["--workers", str(SIMULATE_WORKERS), "--seed", str(seed), "--json"]
    start = time.perf_counter()
    r = subprocess.run(argv, env=simulate_env(), capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        if "No such option: --engine" in r.stderr:
            return NOT_AVAILABLE_SIMULATE, None, None
        raise SystemExit(f"bench_fast: simulate failed (exit {r.returncode}):\n{r.stderr}")
    report = json.loads(r.stdout)
    return "ok", seconds, int(report["finished"])


# -- the run -----------------------------------------------------------------------------------


def all_rows(args: argparse.Namespace, have_rlcard: bool, reference: str) -> dict[str, Row]:
    """Every row, not yet measured, by key (with its status where it will not run)."""
    rows: dict[str, Row] = {}
    for key, name, preset, players, policy in FAST:
        rows[key] = Row(key, name, "fast", players, preset, POLICIES[policy])
    rows["rlcard_core"] = Row("rlcard_core", "RLCard UnoRound core 2p", "rlcard", 2)
    if not have_rlcard:
        rows["rlcard_core"].status = "skipped" if args.no_rlcard else "not installed"
    for key, name, preset, players in REFERENCE:
        rows[key] = Row(key, name, "reference", players, preset, "naive", reference)
    for key, name, opponents in VECTOR:
        rows[key] = Row(key, name, "vector", 2, "classic", opponents or "default")
        if not vector_available():
            rows[key].status = NOT_AVAILABLE_VECTOR
    for key, (name, _figure) in QUOTED.items():
        rows[f"quoted_{key}"] = Row(f"quoted_{key}", name, "quoted", 2, "classic", status="quoted")
    return rows


def reference_status(args: argparse.Namespace) -> str:
    """``"ok"`` when the reference rows will run, else why not."""
    if args.no_reference:
        return "skipped"
    return str(bench_engine.compiled_status())


def measure(args: argparse.Namespace, rows: dict[str, Row], log: Console) -> None:
    """Warm every row up, then ``--runs`` rounds, each timing every row once."""
    began = time.perf_counter()
    for _key, _name, preset, players, policy in FAST:
        run_fast(preset, players, policy, min(args.games, 10), args.seed, args.batch)
    if rows["rlcard_core"].status == "ok" and not args.quick:
        measured(partial(run_round_core, 100, args.seed))
    for key, _name, opponents in VECTOR:
        if rows[key].status == "ok":
            run_vector(min(args.envs, 64), 4, args.seed, opponents)
    log.print(f"  warm-up: {time.perf_counter() - began:.1f} s")
    for r in range(args.runs):
        began = time.perf_counter()
        for key, _name, preset, players, policy in FAST:
            games = args.random_games if policy == RANDOM else args.games
            rows[key].runs.append(run_fast(preset, players, policy, games, args.seed, args.batch))
        if rows["rlcard_core"].status == "ok":
            rows["rlcard_core"].runs.append(
                measured(partial(run_round_core, args.ref_games, args.seed))
            )
        if rows[REFERENCE[0][0]].status == "ok":
            for key, sample in run_reference(args).items():
                rows[key].runs.append(sample)
        for key, _name, opponents in VECTOR:
            if rows[key].status == "ok":
                rows[key].runs.append(run_vector(args.envs, args.steps, args.seed, opponents))
        log.print(f"  round {r + 1} of {args.runs}: {time.perf_counter() - began:.1f} s")


def ratios(rows: dict[str, Row]) -> dict[str, dict[str, float | None]]:
    """Each fast row's games/s over RLCard's core (2p) and over the reference engine at the
    same preset and table size; its actions/s over the quoted figures (None: not measured)."""
    core = rows["rlcard_core"].median
    out: dict[str, dict[str, float | None]] = {}
    for key, *_ in FAST:
        m = rows[key].median
        ref_row = rows.get(f"ref_{key}")
        ref = ref_row.median if ref_row is not None else None
        out[key] = {
            "rlcard_core_games": m.games_per_s / core.games_per_s if m and core else None,
            "reference_games": m.games_per_s / ref.games_per_s if m and ref else None,
            **{
                f"quoted_{q}_actions": m.actions_per_s / figure if m else None
                for q, (_name, figure) in QUOTED.items()
            },
        }
    return out


def targets(
    rows: dict[str, Row], r: dict[str, dict[str, float | None]], sim: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """The issue's three targets, by key: what, the figure measured (None: not run), its
    unit, the target, and whether it is met (None: not run, or not the million games)."""
    core = r["naive_2"]["rlcard_core_games"]
    vec = rows["vector"].median
    steps = vec.actions_per_s if vec else None
    seconds = sim.get("seconds")
    million = seconds is not None and sim["games"] == 1_000_000
    return {
        "core_games": {
            "label": "fast naive classic 2p games/s over RLCard UnoRound core 2p",
            "measured": core,
            "unit": "x",
            "target": f">= {CORE_TARGET:g}x",
            "met": None if core is None else core >= CORE_TARGET,
        },
        "vector_steps": {
            "label": "vector env classic 2p steps/s, the pick included",
            "measured": steps,
            "unit": "steps/s",
            "target": f">= {VECTOR_TARGET:,.0f}",
            "met": None if steps is None else steps >= VECTOR_TARGET,
        },
        "simulate_seconds": {
            "label": f"simulate --engine fast, {sim['games']:,} Classic 4p games, 2 workers",
            "measured": seconds,
            "unit": "s",
            "target": f"< {SIMULATE_TARGET_S:g} s for 1,000,000 games",
            "met": seconds < SIMULATE_TARGET_S if million and seconds is not None else None,
        },
    }


def environment(reference: str, have_rlcard: bool) -> dict[str, Any]:
    """Versions, builds, machine and load, printed above the table."""
    try:
        rl = rlcard_version() if have_rlcard else None
    except PackageNotFoundError:
        rl = None
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "unoverse": version("unoverse"),
        "unoverse_path": str(Path(unoverse.__file__).resolve().parent),
        "commit": bench_engine.git_commit(),
        "numba": version("numba"),
        "numpy": np.__version__,
        "reference_build": bench_engine.compiled_description(reference)
        if reference != "skipped"
        else "skipped",
        "rlcard": rl,
        "platform": platform.platform(),
        "cpu": bench_engine.cpu_model(),
        "cpu_count": os.cpu_count(),
        "load_before": [round(x, 2) for x in os.getloadavg()],
    }


def _ratio(value: float | None) -> str:
    """A ratio for a cell: two decimals below 10, one above; ``n/a`` when not measured."""
    if value is None:
        return "n/a"
    return f"{value:.2f}x" if value < 10 else f"{value:.1f}x"


def _short(status: str) -> str:
    """A status short enough for a cell; the notes give it whole."""
    return status.split(" (")[0]


def render(report: dict[str, Any], rows: dict[str, Row], args: argparse.Namespace) -> None:
    """The human-readable report (Rich)."""
    console = bench_engine.report_console()
    env = report["environment"]
    header = {
        "Python": f"{env['python']}, numba {env['numba']}, numpy {env['numpy']}",
        "unoverse": f"{env['unoverse']} (commit {env['commit'] or 'unknown'}), "
        f"{env['unoverse_path']}",
        "reference": env["reference_build"],
        "RLCard": env["rlcard"] or rows["rlcard_core"].status,
        "machine": f"{env['platform']}; {env['cpu']}, {env['cpu_count']} cpus",
        "load": f"{env['load_before']} before, {env['load_after']} after (1, 5, 15 min)",
        "games": f"fast {args.games:,} per run ({args.random_games:,} for random) in batches "
        f"of {args.batch:,}, RLCard and "
        f"reference {args.ref_games:,}, vector env {args.envs:,} envs x {args.steps:,} "
        f"calls; median of {args.runs} interleaved round{'s' if args.runs != 1 else ''}",
    }
    for label, value in header.items():
        console.print(f"{label:<9} {value}", soft_wrap=True, highlight=False)

    table = Table(title="The batched engine, one core: Classic and its house rules")
    table.add_column("row", no_wrap=True)
    for col in ("games/s", "actions/s", "actions\n/game", "CPU\n/wall"):
        table.add_column(col, justify="right")
    for row in rows.values():
        m = row.median
        if row.engine == "quoted":
            figure = QUOTED[row.key.removeprefix("quoted_")][1]
            table.add_row(row.name, "", f"{figure:,.0f}", "", "")
        elif m is None:
            table.add_row(row.name, _short(row.status), "", "", "")
        elif row.engine == "vector":
            table.add_row(row.name, f"{m.games_per_s:,.0f}", f"{m.actions_per_s:,.0f}", "",
                          f"{m.cpu_per_wall:.2f}")  # fmt: skip
            table.add_row("  without the pick", "", f"{m.env_actions_per_s:,.0f}", "", "")
        else:
            per_game = f"{m.actions_per_game:,.1f}"
            if len({s.actions for s in row.runs}) > 1:  # the same games every round
                per_game += " (varies!)"
            table.add_row(row.name, f"{m.games_per_s:,.1f}", f"{m.actions_per_s:,.0f}",
                          per_game, f"{m.cpu_per_wall:.2f}")  # fmt: skip
    console.print(table)
    notes = sorted({row.status for row in rows.values() if row.status not in ("ok", "quoted")})
    notes += [
        "quoted rows: the issue's figures for Classic 2p on one core of this machine, "
        "not measured here",
        "a vector env step is one env's step; its games are the rounds that ended",
        f"all four house rules: {HOUSE[-1][2]}",
    ]
    busy = [m.cpu_per_wall for row in rows.values() if (m := row.median) is not None]
    if busy and min(busy) < BUSY:
        notes.append(
            f"CPU/wall down to {min(busy):.2f}: the machine was busy, the rows got less than a "
            "core (the ratios still compare rows of the same rounds)"
        )
    for note in notes:
        console.print(f"note: {note}", soft_wrap=True, highlight=False)

    rt = Table(title="Each fast row over RLCard's core, the reference engine, the quoted loops")
    rt.add_column("row", no_wrap=True)
    for col in (
        "games/s over\nRLCard core 2p",
        "games/s over\nreference",
        "actions/s over\nC (quoted)",
        "actions/s over\nnumba (quoted)",
    ):
        rt.add_column(col, justify="right")
    for key, r in report["ratios"].items():
        rt.add_row(
            rows[key].name,
            *(
                _ratio(r[k])
                for k in (
                    "rlcard_core_games",
                    "reference_games",
                    "quoted_c_actions",
                    "quoted_numba_actions",
                )
            ),
        )
    console.print(rt)
    console.print(
        "note: RLCard plays 2 players only: rows at 4 and 10 compare with its 2-player games; "
        "the reference engine at the same preset and table size",
        soft_wrap=True,
        highlight=False,
    )

    tt = Table(title="The targets")
    for col in ("target", "measured", "wanted", "met"):
        tt.add_column(col, justify="left" if col == "target" else "right")
    formats = {"x": "{:.1f}x", "steps/s": "{:,.0f}", "s": "{:.1f} s"}
    for t in report["targets"].values():
        measured = t["measured"]
        shown = "n/a" if measured is None else formats[t["unit"]].format(measured)
        met = {True: "met", False: "NOT met", None: ""}[t["met"]]
        tt.add_row(t["label"], shown, t["target"], met)
    console.print(tt)
    sim = report["simulate"]
    if sim["status"] != "ok":
        console.print(f"simulate: {sim['status']}", soft_wrap=True, highlight=False)
    else:
        console.print(
            f"simulate: {sim['finished']:,} of {sim['games']:,} games finished in "
            f"{sim['seconds']:.1f} s (after a warm-up run of {sim['warmup_games']:,} games, "
            f"{sim['warmup_seconds']:.1f} s, which fills numba's cache)",
            soft_wrap=True,
            highlight=False,
        )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, help="fast naive games per row and run (50000)")
    parser.add_argument("--random-games", type=int, help="fast random games per run (200)")
    parser.add_argument("--batch", type=int, default=1000, help="fast rounds per play call (1000)")
    parser.add_argument(
        "--ref-games", type=int, help="RLCard and reference engine games per row and run (2000)"
    )
    parser.add_argument("--envs", type=int, help="vector env: envs (1024)")
    parser.add_argument("--steps", type=int, help="vector env: step calls per run (500)")
    parser.add_argument("--runs", type=int, help="interleaved rounds, median kept (5)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="tiny runs, 2 rounds, RLCard and the reference engine not warmed up (smoke test)",
    )
    parser.add_argument("--no-rlcard", action="store_true", help="skip RLCard's row")
    parser.add_argument(
        "--no-reference", action="store_true", help="skip the compiled reference engine's rows"
    )
    parser.add_argument(
        "--simulate",
        action="store_true",
        help="also time `unoverse simulate --engine fast` on a million Classic 4p games, "
        "2 workers (slow)",
    )
    parser.add_argument(
        "--simulate-games", type=int, default=1_000_000, help="games of --simulate (1000000)"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    defaults = {
        "games": (50_000, 200),
        "random_games": (200, 2),
        "ref_games": (2000, 10),
        "envs": (1024, 64),
        "steps": (500, 10),
        "runs": (5, 2),
    }
    for name, (full, quick) in defaults.items():
        if getattr(args, name) is None:
            setattr(args, name, quick if args.quick else full)
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.simulate_games < 1 or args.batch < 1:
        parser.error("--simulate-games and --batch must be at least 1")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.worker:
        return worker(args)
    log = Console(stderr=True)
    have_rlcard = not args.no_rlcard and bench_engine.rlcard_installed()
    reference = reference_status(args)
    env = environment(reference, have_rlcard)
    rows = all_rows(args, have_rlcard, reference)
    measure(args, rows, log)
    sim: dict[str, Any] = {"status": "not run (--simulate)", "games": args.simulate_games}
    if args.simulate:
        warmup = min(args.simulate_games, 1000)
        log.print(f"  simulate: warm-up, {warmup:,} games")
        began = time.perf_counter()
        status, _seconds, _finished = run_simulate(warmup, args.seed)
        sim.update(status=status, warmup_games=warmup, warmup_seconds=time.perf_counter() - began)
        if status == "ok":
            log.print(f"  simulate: {args.simulate_games:,} games")
            status, seconds, finished = run_simulate(args.simulate_games, args.seed)
            sim.update(status=status, seconds=seconds, finished=finished)
    env["load_after"] = [round(x, 2) for x in os.getloadavg()]
    r = ratios(rows)
    report = {
        "environment": env,
        "games": args.games,
        "random_games": args.random_games,
        "batch": args.batch,
        "ref_games": args.ref_games,
        "envs": args.envs,
        "steps": args.steps,
        "runs": args.runs,
        "seed": args.seed,
        "rows": [row.to_dict() for row in rows.values()],
        "quoted": {key: figure for key, (_name, figure) in QUOTED.items()},
        "ratios": r,
        "targets": targets(rows, r, sim),
        "simulate": sim,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        render(report, rows, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
