"""The size figures promised for the engine: a saved 4-player state stays under 4 KB, and
10,000 live games fit in 500 MB."""

from __future__ import annotations

import gc
import random
import tracemalloc

import pytest

import unoverse as uv
from unoverse import Game, Kind
from unoverse.bots.base import make_bot
from unoverse.sim.driver import RoundRecord, play_round


def test_four_player_state_under_4kb() -> None:
    """The largest state of 100 seeded 4-player games between naive bots, at any point of
    the game, serialises to under 4 KB of JSON."""
    largest = (0, -1, -1)
    for seed in range(100):
        game = uv.new_game("classic", 4, seed)
        bots = [make_bot("naive", seed, s) for s in range(4)]
        sizes = [len(uv.to_json(game).encode())]

        def measure(
            seat: int, act: object, events: object, game: Game = game, sizes: list[int] = sizes
        ) -> None:
            sizes.append(len(uv.to_json(game).encode()))

        play_round(game, bots, RoundRecord(seed, None), on_events=measure)
        top = max(sizes)
        if top > largest[0]:
            largest = (top, seed, sizes.index(top))
    size, seed, at = largest
    print(f"largest 4-player state: {size} bytes of JSON (seed {seed}, after action {at})")
    assert size < 4096, f"seed {seed} after action {at}: {size} bytes"


def _advance(game: Game, rng: random.Random, actions: int) -> None:
    """``actions`` actions of the turn-holder, plays preferred, or until the round ends."""
    for _ in range(actions):
        if game.over:
            return
        legal = game.legal_actions(game.turn)
        plays = [a for a in legal if a.kind == Kind.PLAY]
        game.apply(game.turn, rng.choice(plays if plays and rng.random() < 0.8 else legal))


@pytest.mark.deep
def test_ten_thousand_games_fit_in_500_mb() -> None:
    """10,000 games held in one process, each advanced 50 actions (tracemalloc)."""
    rng = random.Random(2024)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        games = []
        for seed in range(10_000):
            game = uv.new_game("classic", 4, seed)
            _advance(game, rng, 50)
            games.append(game)
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    mb = used / 2**20
    print(f"10,000 4-player games after 50 actions: {mb:.1f} MB ({used / len(games):.0f} B/game)")
    assert len(games) == 10_000
    assert mb < 500
