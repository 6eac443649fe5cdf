"""Engine speed: unoverse's Classic engine beside RLCard's UNO, in one process.

Rows (RULES.md E-4: a game is one round, deal to a round winner):

* ``unoverse engine``: Classic, ``naive`` against ``naive``, written out here as the bare
  loop a bot writer would write: ``acting_seats`` -> ``legal_actions`` -> ``view`` ->
  ``bot.act`` -> ``apply`` (full validation, events returned). The acting seat's view is built
  for every accepted action. One accepted action is one ``apply`` (a play with its UNO call is
  one action). Game ``i`` uses seed ``i`` and naive bots seeded as ``simulate`` seeds them.
* the same loop at 4 players, beside the 2-player row;
* ``unoverse driver``: the same games through ``unoverse.sim.driver.play_round``, the loop
  behind ``unoverse simulate`` (virtual clock, tie-breaks, action record);
* RLCard 1.2.0: ``env.run`` with two random agents, and its bare ``UnoGame`` loop
  (``benchmarks/rlcard_reference.py``). RLCard is 2-player only.

Each row is warmed up once, then timed ``--runs`` times; the median run (by actions/s) is
kept. The ratios compare the unoverse engine row to RLCard; the next performance issue's
targets are printed beside them. Run it by hand; the smoke test only checks that it runs.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, is_dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import CodeType
from typing import Any

from rich.console import Console
from rich.table import Table

import unoverse
from rlcard_reference import Measurement, median_of, rlcard_version, run_bare_game, run_env
from unoverse.bots.base import make_bot
from unoverse.bots.naive import NaiveBot
from unoverse.core.seeding import derive
from unoverse.sim.driver import MAX_ACTIONS, RoundRecord, play_round

PRESET = "classic"

#: The next performance issue's targets: the unoverse engine row (2 players) over RLCard.
TARGETS = {"env_run_actions": 10.0, "env_run_games": 6.0, "bare_actions": 3.0}


def run_engine(games: int, seed: int = 0, players: int = 2) -> Measurement:
    """Play games ``seed`` .. ``seed + games - 1`` through the engine API; time it all.

    Set-up (``new_game``, dealing, bots) is inside the timing, as RLCard's ``init_game`` is.
    """
    new_game = unoverse.new_game
    actions = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game = new_game(PRESET, players, s)
        bots = [NaiveBot(derive(s, "bot", seat)) for seat in range(players)]
        count = 0
        while not game.over:
            for seat in game.acting_seats():
                legal = game.legal_actions(seat)
                act, _delay = bots[seat].act(game.view(seat), legal)
                if act is not None:
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


def run_driver(games: int, seed: int = 0, players: int = 2) -> Measurement:
    """The same games through the simulation driver (what ``unoverse simulate`` runs)."""
    new_game = unoverse.new_game
    actions = 0
    start = time.perf_counter()
    for s in range(seed, seed + games):
        game = new_game(PRESET, players, s)
        bots = [make_bot("naive", s, seat) for seat in range(players)]
        record = play_round(game, bots, RoundRecord(s, None))
        actions += len(record.actions)
    seconds = time.perf_counter() - start
    return Measurement(actions=actions, games=games, seconds=seconds)


@dataclass
class Row:
    """One line of the table: a measurement, or why there is none."""

    key: str
    name: str
    players: int
    measurement: Measurement | None = None
    status: str = "ok"  # "ok", "not installed", "skipped"

    def to_dict(self) -> dict[str, Any]:
        m = self.measurement
        out: dict[str, Any] = {
            "key": self.key,
            "name": self.name,
            "players": self.players,
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


def git_commit() -> str | None:
    """The checkout's commit, with ``+dirty`` if ``src/`` has uncommitted changes (read-only)."""
    repo = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(
            ["git", "-C", str(repo), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
        if head.returncode != 0:
            return None
        status = subprocess.run(
            ["git", "-C", str(repo), "--no-optional-locks", "status", "--porcelain", "--", "src"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if status.stdout.strip() else "")


def environment(have_rlcard: bool) -> dict[str, Any]:
    """Versions and machine, printed above the table."""
    try:
        rl = rlcard_version() if have_rlcard else None
    except PackageNotFoundError:
        rl = None
    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "unoverse": version("unoverse"),
        "commit": git_commit(),
        "rlcard": rl,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu": cpu_model(),
        "cpu_count": os.cpu_count(),
    }


def ratios(rows: dict[str, Row]) -> dict[str, float | None]:
    """The unoverse engine row over RLCard's rows (None where a row is missing)."""
    ours = rows["engine"].measurement

    def over(key: str, attr: str) -> float | None:
        theirs = rows[key].measurement
        if ours is None or theirs is None:
            return None
        denominator: float = getattr(theirs, attr)
        return getattr(ours, attr) / denominator if denominator else None

    return {
        "env_run_actions": over("rlcard_env", "actions_per_s"),
        "env_run_games": over("rlcard_env", "games_per_s"),
        "bare_actions": over("rlcard_bare", "actions_per_s"),
    }


def measure(args: argparse.Namespace, log: Console) -> dict[str, Row]:
    """Build and time every row."""
    p = args.players
    rows: dict[str, Row] = {"engine": Row("engine", f"unoverse engine {p}p", p)}
    if p != 4:
        rows["engine4"] = Row("engine4", "unoverse engine 4p", 4)
    rows["driver"] = Row("driver", f"unoverse driver {p}p", p)
    rows["rlcard_env"] = Row("rlcard_env", "RLCard env.run 2p", 2)
    rows["rlcard_bare"] = Row("rlcard_bare", "RLCard bare UnoGame 2p", 2)

    have_rlcard = not args.no_rlcard and rlcard_installed()
    fns: dict[str, Callable[..., Measurement]] = {
        "engine": lambda games, seed: run_engine(games, seed, p),
        "engine4": lambda games, seed: run_engine(games, seed, 4),
        "driver": lambda games, seed: run_driver(games, seed, p),
        "rlcard_env": run_env,
        "rlcard_bare": run_bare_game,
    }
    for key, row in rows.items():
        if key.startswith("rlcard") and not have_rlcard:
            row.status = "skipped" if args.no_rlcard else "not installed"
            continue
        began = time.perf_counter()
        row.measurement = median_of(
            fns[key], runs=args.runs, warmup=args.warmup, games=args.games, seed=args.seed
        )
        log.print(f"  {row.name}: done in {time.perf_counter() - began:.1f} s")
    return rows


def render(env: dict[str, Any], rows: dict[str, Row], args: argparse.Namespace) -> None:
    """The human-readable report (Rich)."""
    console = Console()
    warm = "one warm-up, " if args.warmup else "no warm-up, "
    header = {
        "Python": env["python"],
        "unoverse": f"{env['unoverse']} (commit {env['commit'] or 'unknown'})",
        "RLCard": env["rlcard"] or ("skipped" if args.no_rlcard else "not installed"),
        "machine": f"{env['platform']} ({env['machine']})",
        "cpu": f"{env['cpu']}, {env['cpu_count']} cpus (os.cpu_count)",
        "games": f"{args.games} per run (seeds {args.seed}..{args.seed + args.games - 1}), "
        f"{warm}median of {args.runs} run{'s' if args.runs != 1 else ''}",
    }
    for label, value in header.items():
        console.print(f"{label:<9} {value}", soft_wrap=True, highlight=False)

    table = Table(title=f"Engine speed, {PRESET}, one-round games")
    table.add_column("row")
    for col in ("actions/s", "games/s", "actions/game"):
        table.add_column(col, justify="right")
    for row in rows.values():
        m = row.measurement
        if m is None:
            table.add_row(row.name, row.status, row.status, row.status)
        else:
            table.add_row(
                row.name,
                f"{m.actions_per_s:,.0f}",
                f"{m.games_per_s:,.1f}",
                f"{m.actions_per_game:.1f}",
            )
    console.print(table)

    engine = rows["engine"].name
    r = ratios(rows)
    rt = Table(title=f"{engine} over RLCard (2p)")
    rt.add_column("ratio")
    rt.add_column("measured", justify="right")
    rt.add_column("next issue's target", justify="right")
    labels = {
        "env_run_actions": "actions/s over env.run",
        "env_run_games": "games/s over env.run",
        "bare_actions": "actions/s over bare UnoGame",
    }
    for key, label in labels.items():
        value = r[key]
        rt.add_row(label, "n/a" if value is None else f"{value:.2f}x", f">= {TARGETS[key]:g}x")
    console.print(rt)
    if args.players != 2:
        console.print(f"note: the ratios compare {args.players} players to RLCard's 2.")


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
    """Run the engine row once under cProfile; print the top functions by own time."""
    prof = cProfile.Profile()
    prof.enable()
    m = run_engine(args.games, args.seed, args.players)
    prof.disable()
    root = str(Path(unoverse.__file__).resolve().parent.parent) + os.sep
    repo = str(Path(__file__).resolve().parent.parent) + os.sep
    inits = dataclass_inits()

    def label(code: CodeType | str) -> str:
        if isinstance(code, str):
            return code  # a built-in
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

    console = Console()
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
        cumulative = sum(r[2] for n, r in rows.items() if n.startswith(qualname + " ("))
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
        "--profile",
        action="store_true",
        help="instead of timing, profile the engine row once (cProfile, top 10 by own time)",
    )
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
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.profile:
        profile(args)
        return 0
    log = Console(stderr=True)
    have_rlcard = not args.no_rlcard and rlcard_installed()
    env = environment(have_rlcard)
    rows = measure(args, log)
    if args.json:
        report = {
            **env,
            "preset": PRESET,
            "games": args.games,
            "runs": args.runs,
            "warmup": args.warmup,
            "seed": args.seed,
            "rows": [row.to_dict() for row in rows.values()],
            "ratios": ratios(rows),
            "targets": TARGETS,
        }
        print(json.dumps(report, indent=2))
    else:
        render(env, rows, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
