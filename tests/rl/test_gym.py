"""The single-agent Gymnasium environment: registered, checked by Gymnasium's own checker
on every variant, seeded, masked, rendered in the card notation."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from unoverse.core.errors import IllegalAction
from unoverse.core.registry import variants
from unoverse.rl import ENV_ID, UnoEnv, aec_env, parallel_env


@pytest.mark.parametrize("preset", [*(v.name for v in variants()), "blast+mode=blast"])
def test_gymnasium_s_checker_passes(preset: str) -> None:
    # the checker steps random actions, most outside the mask: "lose" ends the episode there
    env = gym.make(ENV_ID, preset=preset, players=3, illegal="lose", render_mode="ansi")
    check_env(env.unwrapped)


def _play(env: gym.Env, seed: int) -> tuple[list[int], float]:  # type: ignore[type-arg]
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    chosen, total, done = [], 0.0, False
    while not done:
        mask = env.unwrapped.action_masks()  # type: ignore[attr-defined]
        assert np.array_equal(mask, info["action_mask"])
        action = int(rng.choice(np.flatnonzero(mask)))
        chosen.append(action)
        _, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        done = terminated or truncated
    return chosen, total


def test_made_by_id_seeded_and_rewarded_once() -> None:
    env = gym.make(ENV_ID, preset="classic", players=2, opponents="naive")
    first = _play(env, 8)
    again = _play(env, 8)
    assert first == again  # the same seed, the same round
    assert first[1] in (1.0, -1.0)


def test_a_seed_deals_the_same_round_in_every_environment() -> None:
    gym_env = UnoEnv("classic", 3, opponents="naive")
    gym_env.reset(seed=11)
    aec, parallel = aec_env("classic", 3), parallel_env("classic", 3)
    aec.reset(seed=11)
    parallel.reset(seed=11)
    hands = [gym_env.runner.game.view(s).hand for s in range(3)]
    assert [aec.runner.game.view(s).hand for s in range(3)] == hands
    assert [parallel.round.game.view(s).hand for s in range(3)] == hands
    gym_env.reset(seed=12)
    assert [gym_env.runner.game.view(s).hand for s in range(3)] != hands


def test_an_action_outside_the_mask_raises_or_loses() -> None:
    env = UnoEnv("classic", 2)
    env.reset(seed=1)
    refused = int(np.flatnonzero(env.action_masks() == 0)[0])
    with pytest.raises(IllegalAction, match=rf"action {refused} .* the mask allows"):
        env.step(refused)
    lose = UnoEnv("classic", 2, illegal="lose")
    lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(refused)
    assert (reward, terminated) == (-1.0, True) and "not in the mask" in info["illegal"]


def test_ansi_render_is_the_seat_s_table() -> None:
    env = UnoEnv("attack", 3, render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text is not None and "launcher" in text and "seat 0 (you)" in text
