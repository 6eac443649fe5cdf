"""Environment speed: unoverse's PettingZoo AEC environment beside RLCard's ``env.run``.

Both sides play whole rounds with uniformly random legal moves and build every observation:

* ``RLCard env.run 2p``: RLCard 1.2.0's UNO through its public RL interface, two
  ``RandomAgent`` (``rlcard_reference.run_env``); a step is one ``env.step``.
* ``unoverse aec PRESET Np``: ``unoverse.rl.aec_env(PRESET, N)``, every seat an agent, out-of-
  turn windows included (``reactions=True``): per step, ``env.last()`` (the observation
  vector and the mask), a random token of the mask (``random.Random`` over the mask's
  non-zero indices: cheaper than ``RandomAgent``'s ``np.random.choice``), ``env.step``. A
  step is one agent step (a ``wait`` too); a round is one game. Round ``i`` is dealt from
  seed ``i``.

Rows are timed in ``--runs`` interleaved rounds after a warm-up, each row's median run (by
steps/s) kept; the ratios compare Classic at 2 seats with RLCard, in steps/s and games/s, and
the target (``TARGET``) is printed beside them. Every other variant is printed at 2 (3 where
it starts there), 4 and 10 seats. Run it on the compiled engine with ``make bench-rl``.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from rlcard_reference import Measurement, median_of, rlcard_version, run_env
from unoverse.core.registry import variants
from unoverse.rl import aec_env

#: unoverse's Classic 2p row over RLCard's ``env.run``, in steps/s and in games/s.
TARGET = 5.0
#: Table sizes of the other variants' rows.
SIZES = (2, 4, 10)


def run_aec(games: int, seed: int = 0, preset: str = "classic", players: int = 2) -> Measurement:
    """Play rounds ``seed`` .. ``seed + games - 1`` of ``preset`` through the AEC
    environment with random masked moves; time everything, building the environment too."""
    steps = 0
    start = time.perf_counter()
    env = aec_env(preset, players)
    rng = random.Random(seed)
    for s in range(seed, seed + games):
        env.reset(seed=s)
        while env.agents:
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            allowed = obs["action_mask"].nonzero()[0]
            env.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
    return Measurement(actions=steps, games=games, seconds=time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="rounds per run")
    parser.add_argument("--runs", type=int, default=5, help="runs per row (median kept)")
    parser.add_argument("--others", type=int, default=40, help="rounds per run, other rows")
    args = parser.parse_args()
    rows: list[tuple[str, Callable[..., Measurement], dict[str, object]]] = [
        ("RLCard env.run 2p", run_env, {"games": args.games, "seed": 0}),
        ("unoverse aec classic 2p", run_aec, {"games": args.games}),
    ]
    for v in variants():
        for n in SIZES:
            players = max(n, v.min_players)
            if players > v.max_players or (v.name == "classic" and players == 2):
                continue
            kw = {"games": args.others, "preset": v.name, "players": players}
            rows.append((f"unoverse aec {v.name} {players}p", run_aec, kw))
    kw = {"games": args.others, "preset": "blast+mode=blast", "players": 3}
    rows.append(("unoverse aec blast+mode=blast 3p", run_aec, kw))
    results = {name: median_of(fn, runs=args.runs, **kw) for name, fn, kw in rows}
    table = Table(title=f"RL environments ({platform.python_implementation()} "
                        f"{platform.python_version()}, RLCard {rlcard_version()})")  # fmt: skip
    for column in ("row", "steps", "games", "seconds", "steps/s", "games/s", "steps/game"):
        table.add_column(column, justify="left" if column == "row" else "right")
    for name, m in results.items():
        table.add_row(name, str(m.actions), str(m.games), f"{m.seconds:.2f}",
                      f"{m.actions_per_s:,.0f}", f"{m.games_per_s:,.1f}",
                      f"{m.actions_per_game:.1f}")  # fmt: skip
    console = Console()
    console.print(table)
    ours, theirs = results["unoverse aec classic 2p"], results["RLCard env.run 2p"]
    for what, a, b in (
        ("steps/s", ours.actions_per_s, theirs.actions_per_s),
        ("games/s", ours.games_per_s, theirs.games_per_s),
    ):
        ratio = a / b if b else 0.0
        verdict = "met" if ratio >= TARGET else "NOT met"
        console.print(f"classic 2p {what}: {ratio:.2f}x RLCard (target {TARGET:g}x: {verdict})")


if __name__ == "__main__":
    main()
