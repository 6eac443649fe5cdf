"""Engine memory: many live games in one process, and the size of a saved state.

Two figures, both for Classic at 4 players with ``naive`` bots (seeded as ``simulate`` seeds
them; game ``i`` uses seed ``i``, the same games as the 4-player engine row of
``bench_engine.py``):

* **held games**: ``tracemalloc`` traces the allocation of ``--games`` games (10,000 by
  default) kept alive together in one list, each advanced ``--actions`` accepted actions (50),
  or fewer when the round ends first (those are counted). Reported: the traced memory still
  held at the end (current) and the most traced at any moment (peak), in MB (10^6 bytes).
  The variant's tables are built before tracing starts, as they are shared by every game;
  the events ``apply`` returns are dropped, as a server or simulator would after use.
* **state JSON**: the largest ``unoverse.to_json(game)`` (bytes, UTF-8) over every state reached in
  ``--json-games`` games (100) played to the end, with where it happened.

Run it by hand: ``.venv/bin/python benchmarks/bench_memory.py [--games N]``.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from dataclasses import asdict, dataclass

import unoverse
from unoverse.bots.naive import NaiveBot
from unoverse.core.game import Game
from unoverse.core.seeding import derive

PRESET = "classic"
MB = 1_000_000


@dataclass(frozen=True)
class HeldGames:
    """Traced memory of ``games`` live games."""

    games: int
    players: int
    actions_each: int
    actions: int  # accepted actions over every game
    ended_early: int  # games whose round ended before ``actions_each`` actions
    current_mb: float
    peak_mb: float
    seconds: float  # wall time, slowed down by tracing

    @property
    def kb_per_game(self) -> float:
        return self.current_mb * MB / 1000 / self.games if self.games else 0.0


@dataclass(frozen=True)
class StateSize:
    """The largest saved state seen."""

    games: int
    players: int
    states: int  # states measured (every state of every game, the initial one included)
    largest_bytes: int
    largest_seed: int
    largest_after: int  # accepted actions before the largest state
    mean_bytes: float


def bots_for(seed: int, players: int) -> list[NaiveBot]:
    """Naive bots seeded as ``simulate`` and ``bench_engine`` seed them."""
    return [NaiveBot(derive(seed, "bot", seat)) for seat in range(players)]


def step(game: Game, bots: list[NaiveBot]) -> None:
    """Apply one action: the first acting seat that answers (the naive bot never catches)."""
    for seat in game.acting_seats():
        act = bots[seat].act(game.view(seat), game.legal_actions(seat))
        if act is not None:
            game.apply(seat, act)
            return
    raise RuntimeError(f"no seat acted (windows {game.windows()})")


def held_games(games: int, actions: int = 50, players: int = 4, seed: int = 0) -> HeldGames:
    """Trace ``games`` games held together, each advanced up to ``actions`` actions."""
    # Build the variant's shared tables, and warm every code path, before tracing.
    warm = unoverse.new_game(PRESET, players, seed)
    warm_bots = bots_for(seed, players)
    while not warm.over:
        step(warm, warm_bots)
    del warm, warm_bots
    gc.collect()

    held: list[Game] = []
    total = ended = 0
    start = time.perf_counter()
    tracemalloc.start()
    try:
        for s in range(seed, seed + games):
            game = unoverse.new_game(PRESET, players, s)
            bots = bots_for(s, players)
            n = 0
            while n < actions and not game.over:
                step(game, bots)
                n += 1
            total += n
            ended += n < actions
            held.append(game)
        gc.collect()
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    seconds = time.perf_counter() - start
    assert len(held) == games
    return HeldGames(
        games=games,
        players=players,
        actions_each=actions,
        actions=total,
        ended_early=ended,
        current_mb=current / MB,
        peak_mb=peak / MB,
        seconds=seconds,
    )


def state_size(games: int = 100, players: int = 4, seed: int = 0) -> StateSize:
    """The largest ``to_json`` over every state of ``games`` games played to the end."""
    largest = (0, seed, 0)
    states = 0
    total_bytes = 0
    for s in range(seed, seed + games):
        game = unoverse.new_game(PRESET, players, s)
        bots = bots_for(s, players)
        n = 0
        while True:
            size = len(unoverse.to_json(game).encode())
            states += 1
            total_bytes += size
            if size > largest[0]:
                largest = (size, s, n)
            if game.over:
                break
            step(game, bots)
            n += 1
    return StateSize(
        games=games,
        players=players,
        states=states,
        largest_bytes=largest[0],
        largest_seed=largest[1],
        largest_after=largest[2],
        mean_bytes=total_bytes / states,
    )


def main(argv: list[str] | None = None) -> int:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games held (10000)")
    parser.add_argument("--actions", type=int, default=50, help="actions per held game (50)")
    parser.add_argument("--json-games", type=int, default=100, help="games for the JSON size")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1 or args.json_games < 1 or args.actions < 0:
        parser.error("--games and --json-games must be at least 1, --actions at least 0")

    held = held_games(args.games, args.actions, 4, args.seed)
    size = state_size(args.json_games, 4, args.seed)
    if args.json:
        report = {
            "python": sys.version.split()[0],
            "held": {**asdict(held), "kb_per_game": round(held.kb_per_game, 2)},
            "state_json": asdict(size),
        }
        print(json.dumps(report, indent=2))
        return 0
    print(f"Python {sys.version.split()[0]}, {PRESET}, {held.players} players, naive bots")
    print(
        f"held games: {held.games:,} games, up to {held.actions_each} actions each "
        f"({held.actions:,} actions; {held.ended_early} ended first)"
    )
    print(f"  current  {held.current_mb:8.1f} MB  ({held.kb_per_game:.1f} KB per game)")
    print(f"  peak     {held.peak_mb:8.1f} MB")
    print(f"  ({held.seconds:.1f} s under tracemalloc)")
    print(
        f"state JSON: {size.games} games to the end, {size.states:,} states: "
        f"largest {size.largest_bytes:,} bytes (seed {size.largest_seed}, "
        f"after {size.largest_after} actions), mean {size.mean_bytes:,.0f} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
