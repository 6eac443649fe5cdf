"""A long simulation holds no more memory than a short one.

Each game of ``unoverse simulate`` makes fresh bots, a session and a game; once the game is
played nothing of it may stay alive. The count of objects the garbage collector tracks
(``gc.get_objects()``) is taken after a warm-up (caches and shared tables filled) and again
after many more games: it must not grow with the number of games. These tests run on the
plain source in ``make test`` and on the compiled engine in ``make test-compiled``, where a
leak can hide in generated code that the plain source does not have (docs/performance.md,
"Memory per game").
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections import Counter
from collections.abc import Callable

import pytest

from unoverse.bots.base import BOTS, make_bot
from unoverse.core.seeding import Stream, derive
from unoverse.sim.simulate import Simulation, play_one

pytestmark = pytest.mark.engine_build

#: Games played after the warm-up; a leak of one object every game shows as this many.
GAMES = 2000
#: Growth allowed over ``GAMES`` games: one object in ten games (caches may still settle).
SLACK = GAMES // 10


def growth(work: Callable[[int], object], times: int) -> tuple[int, Counter[str]]:
    """How many more objects the collector tracks after ``work(i)`` for ``i`` in
    ``range(times)`` than before, and the types that grew (after a full collection, so only
    objects something still refers to are counted)."""

    def census(counted: object = None) -> Counter[str]:
        gc.collect()
        return Counter(type(o).__qualname__ for o in gc.get_objects() if o is not counted)

    before = census()
    for i in range(times):
        work(i)
    after = census(before)  # (the first count itself is not a leak)
    grew = Counter({name: n - before[name] for name, n in after.items() if n > before[name]})
    return after.total() - before.total(), grew


def report(what: str, times: int, extra: int, grew: Counter[str]) -> str:
    """The failure message: how much was left behind, and of which types."""
    top = ", ".join(f"{name} +{n}" for name, n in grew.most_common(6))
    return f"{what}: {extra} more live objects after {times} ({extra / times:.2f} each): {top}"


@pytest.mark.parametrize("name", sorted(BOTS))
def test_a_discarded_bot_frees_its_streams(name: str) -> None:
    # ``simulate`` makes its bots by name, through ``make_bot``, for every game
    make_bot(name, 0, 0)
    extra, grew = growth(lambda i: make_bot(name, i, i % 4), GAMES)
    assert extra <= SLACK, report(f"bot {name!r}", GAMES, extra, grew)


def test_simulated_games_leave_nothing_behind() -> None:
    # naive and random bots at every game: the two bots whose streams leaked
    bots = "naive,random,naive,random"
    sim = Simulation(preset="classic", players=4, games=GAMES, seed=3, bots=bots)
    warm = 50
    for i in range(warm):
        play_one(sim, i)
    extra, grew = growth(lambda i: play_one(sim, warm + i), GAMES)
    assert extra <= SLACK, report("simulated games", GAMES, extra, grew)


def test_seeds_above_2_62_are_not_kept_alive() -> None:
    """Half of all seeds are above 2**62, where the compiled build boxes an ``int``; its
    ``str`` of such an int kept a reference to it, so every game leaked its seeds (untracked
    by the collector: only the reference count shows it). A run of a million games grew its
    workers by 50 MB so."""
    seed = derive(0, "game", 1)
    assert seed >= 2**62  # (this one is)
    before = sys.getrefcount(seed)
    for _ in range(100):
        derive(seed, "bot", 0)
        Stream(seed).random()
        make_bot("naive", seed, 0).delay()
    assert sys.getrefcount(seed) == before


def test_a_simulated_game_keeps_no_memory_the_collector_does_not_see() -> None:
    """The same games in memory the allocator counts (``tracemalloc``), which sees the
    integers and strings the collector does not track."""
    sim = Simulation(preset="classic", players=4, games=GAMES, seed=3, bots="naive")
    for i in range(50):
        play_one(sim, i)
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for i in range(50, 50 + GAMES // 2):
            play_one(sim, i)
        gc.collect()
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    mine = tracemalloc.Filter(False, tracemalloc.__file__)
    grew = sum(
        d.count_diff
        for d in after.filter_traces([mine]).compare_to(before.filter_traces([mine]), "lineno")
    )
    assert grew <= SLACK // 2, f"{grew} more allocations after {GAMES // 2} games"
