"""Whole rounds of random legal tokens through every environment, for a variant's RL tests."""

from __future__ import annotations

import numpy as np

from unoverse.rl import UnoEnv, aec_env, parallel_env


def random_rounds_end(preset: str, players: int) -> None:
    """A round of ``preset`` played to its end with random legal tokens in the AEC, the
    parallel and the Gymnasium environment, every observation of the AEC's size."""
    rng = np.random.default_rng(players)
    aec = aec_env(preset, players, seed=players)
    aec.reset()
    for _agent in aec.agent_iter(200_000):
        obs, _, term, trunc, _ = aec.last()
        if term or trunc:
            aec.step(None)
            continue
        assert obs["observation"].shape == (aec.runner.observation.size,)
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert aec.runner.game.over and not aec.runner.truncated

    par = parallel_env(preset, players, seed=players)
    observations, _ = par.reset()
    while par.agents:
        tokens = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"]))) for a, o in observations.items()
        }
        observations, *_ = par.step(tokens)
    assert par.round.game.over and not par.round.truncated

    gym_env = UnoEnv(preset, players, opponents="random")
    gym_env.reset(seed=players)
    done = False
    while not done:
        action = int(rng.choice(np.flatnonzero(gym_env.action_masks())))
        _, _, terminated, truncated, _ = gym_env.step(action)
        done = terminated or truncated
    assert gym_env.runner.game.over and not gym_env.runner.truncated
