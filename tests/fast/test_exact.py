"""Every batched game is a game of the reference engine: exported as its deal (a position)
and its actions, the reference engine (``uv.position``, then ``Game.apply`` with full
validation) accepts every action and ends with the same winner, points, hands, piles and
PRNG (``unoverse.fast.check``).

Each preset at each table size plays full games with ``naive`` at every seat, and games with
``random`` at every seat — which calls, catches, challenges, stacks, swaps and jumps in —
checked over their first ``RANDOM_CAP`` actions (``random`` makes rounds of thousands of
actions; the state at the cut is compared). The deep profile checks a million games.
"""

from __future__ import annotations

import numpy as np
import pytest

from unoverse.fast import check
from unoverse.fast.play import play
from unoverse.fast.policies import NAIVE, RANDOM
from unoverse.fast.state import ACTIONS, LOGGED, PH_OVER, PHASE
from unoverse.fast.tables import config

from ._matrix import PLAYERS, PRESETS

#: Games per preset and table size, for each policy: (normal profile, deep profile). The
#: deep profile's total over the matrix is a million games.
GAMES = (150, 6200)
#: The actions a ``random`` game is checked over.
RANDOM_CAP = 300


def _checked(preset: str, players: int, policy: int, games: int, cap: int, salt: int) -> int:
    """Play ``games`` batched games and check each; the number of actions checked."""
    cfg = config(preset, players)
    seeds = np.arange(games, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(salt)
    st = play(cfg, seeds, np.full(players, policy), cap=cap, log=cap)
    wrong = [m for m in (check.check_game(cfg, st, g) for g in range(games)) if m is not None]
    assert not wrong, f"{len(wrong)} of {games} games differ; first: " + "\n".join(
        map(str, wrong[:3])
    )
    return int(st.S[:, ACTIONS].sum())


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_naive_games_are_reference_games(preset: str, players: int, deep: bool) -> None:
    games = GAMES[deep]
    cfg = config(preset, players)
    st = play(cfg, np.arange(games, dtype=np.uint64), np.full(players, NAIVE), log=20_000)
    assert (st.S[:, PHASE] == PH_OVER).all()  # naive rounds end
    wrong = [m for m in (check.check_game(cfg, st, g) for g in range(games)) if m is not None]
    assert not wrong, f"{len(wrong)} of {games} games differ; first: " + "\n".join(
        map(str, wrong[:3])
    )


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_are_reference_games(preset: str, players: int, deep: bool) -> None:
    actions = _checked(preset, players, RANDOM, GAMES[deep], RANDOM_CAP, salt=17)
    assert actions > GAMES[deep] * RANDOM_CAP // 2


def test_a_truncated_log_is_refused_not_passed() -> None:
    """A game longer than its log cannot be checked: the check says so instead of passing."""
    cfg = config("classic", 2)
    st = play(cfg, np.arange(3, dtype=np.uint64), np.full(2, RANDOM), cap=200, log=50)
    assert (st.S[:, LOGGED] == 50).all() and (st.S[:, ACTIONS] > 50).all()
    found = check.check_game(cfg, st, 0)
    assert found is not None and "log is shorter" in found.why
