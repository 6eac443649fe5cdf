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
from unoverse.fast.state import ACTIONS, DRAW_N, LOGGED, PH_OVER, PHASE, TRUNCATED
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
    # naive rounds end, bar a rare endless one (``test_an_endless_naive_round_...``): it runs
    # to the cap, and is checked like the others
    ended = st.S[:, PHASE] == PH_OVER
    assert ended.sum() >= games - games // 1000 and (st.S[~ended, TRUNCATED] == 1).all()
    wrong = [m for m in (check.check_game(cfg, st, g) for g in range(games)) if m is not None]
    assert not wrong, f"{len(wrong)} of {games} games differ; first: " + "\n".join(
        map(str, wrong[:3])
    )


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("preset", PRESETS)
def test_random_games_are_reference_games(preset: str, players: int, deep: bool) -> None:
    actions = _checked(preset, players, RANDOM, GAMES[deep], RANDOM_CAP, salt=17)
    assert actions > GAMES[deep] * RANDOM_CAP // 2


def test_an_endless_naive_round_is_the_reference_engines_too() -> None:
    """With every other card held, two seats can pass a pair of Reverses back and forth for
    ever: draw the one card under the top (RULES.md P3 reshuffles it), play it, and so on.
    No rule ends such a round; both engines play it on to the action cap (here seed 3964 of
    the deep profile's all-four-house-rules rounds at 9 seats)."""
    cfg = config("classic+stacking=progressive+seven_zero+draw_until_playable+jump_in", 9)
    st = play(cfg, np.array([3964], np.uint64), np.full(9, NAIVE), cap=3000, log=3000)
    assert st.S[0, PHASE] != PH_OVER and st.S[0, TRUNCATED] == 1 and st.S[0, DRAW_N] <= 1
    last = [cfg.space.names[token] for _seat, token in st.LOG[0, -8:]]
    assert last[::2] == ["draw"] * 4 and {name[1] for name in last[1::2]} == {"R"}
    assert check.check_game(cfg, st, 0) is None


def test_a_truncated_log_is_refused_not_passed() -> None:
    """A game longer than its log cannot be checked: the check says so instead of passing."""
    cfg = config("classic", 2)
    st = play(cfg, np.arange(3, dtype=np.uint64), np.full(2, RANDOM), cap=200, log=50)
    assert (st.S[:, LOGGED] == 50).all() and (st.S[:, ACTIONS] > 50).all()
    found = check.check_game(cfg, st, 0)
    assert found is not None and "log is shorter" in found.why
