"""``unoverse.rl.vector_env``: many rounds stepped together by the batched engine, with the
Gymnasium single-agent environment's observations, actions, masks and rewards."""

from __future__ import annotations

import numpy as np
import pytest

from unoverse.core.errors import IllegalAction, Unsupported
from unoverse.fast import check
from unoverse.fast.state import WINNER
from unoverse.rl import UnoEnv, vector_env


def _pick(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per environment (any action where none is legal)."""
    noise = rng.random(masks.shape)
    return np.argmax(masks * (noise + 1.0), axis=1)


def test_spaces_are_the_gymnasium_environments() -> None:
    env = vector_env("classic+jump_in", n_envs=5, players=3, seed=1)
    single = UnoEnv("classic+jump_in", 3)
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    obs, info = env.reset(seed=2)
    assert obs.shape == (5, single.observation_space.shape[0]) and obs.dtype == np.float32
    assert info["action_mask"].shape == (5, single.action_space.n)
    assert np.array_equal(info["action_mask"], env.action_masks())
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(
    ("preset", "players", "opponents"),
    [
        ("classic", 2, "random"),
        ("classic", 4, "naive"),
        ("classic+stacking=progressive+seven_zero+draw_until_playable+jump_in", 3, "random"),
        ("classic+jump_in", 4, "random"),
    ],
)
def test_every_round_is_a_reference_round_and_scored(
    preset: str, players: int, opponents: str
) -> None:
    """Each round the environments play (the learner's actions and the batch's opponents)
    replays in the reference engine to the same end; +1 exactly when the learner won."""
    env = vector_env(preset, n_envs=6, players=players, opponents=opponents, seed=3, record=20_000)
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=4)
    ended = checked = 0
    while ended < 12:
        _, rewards, terminated, truncated, info = env.step(_pick(info["action_mask"], rng))
        assert not truncated.any()
        rounds = env.rounds()
        for g in np.flatnonzero(terminated):
            won = rounds.S[g, WINNER] == env.seat
            assert rewards[g] == (1.0 if won else -1.0)
            found = check.check_game(env.cfg, rounds, int(g))
            assert found is None, str(found)
            checked += 1
        assert (rewards[~terminated] == 0).all()
        ended += int(terminated.sum())
    assert checked >= 12


def test_an_ended_round_is_dealt_anew_on_the_next_step() -> None:
    """Gymnasium's next-step autoreset: the ended round's mask is empty, the next call's
    action for it is ignored, and it returns the new round with reward 0."""
    env = vector_env("classic", n_envs=3, players=2, opponents="naive", seed=5)
    rng = np.random.default_rng(1)
    _, info = env.reset()
    for _ in range(10_000):
        _, _, terminated, _, info = env.step(_pick(info["action_mask"], rng))
        if terminated.any():
            break
    g = int(np.flatnonzero(terminated)[0])
    assert not info["action_mask"][g].any()
    actions = _pick(info["action_mask"], rng)
    actions[g] = 0  # whatever it is: ignored
    _, rewards, terminated, truncated, info = env.step(actions)
    assert rewards[g] == 0 and not terminated[g] and not truncated[g]
    assert info["action_mask"][g].any()


def test_the_same_seed_plays_the_same_rounds() -> None:
    def run(seed: int) -> list[np.ndarray]:
        env = vector_env("classic+seven_zero", n_envs=4, players=3, seed=seed)
        rng = np.random.default_rng(9)
        obs, info = env.reset()
        seen = [obs]
        for _ in range(300):
            obs, _, _, _, info = env.step(_pick(info["action_mask"], rng))
            seen.append(obs)
        return seen

    first, again, other = run(11), run(11), run(12)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_reset_with_a_seed_restarts_the_rounds() -> None:
    env = vector_env("classic", n_envs=3, players=2, seed=1)
    first, _ = env.reset(seed=7)
    env.step(_pick(env.action_masks(), np.random.default_rng(0)))
    again, _ = env.reset(seed=7)
    assert np.array_equal(first, again)


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = vector_env("classic", n_envs=4, players=2, seed=2)
    _, info = env.reset()
    actions = _pick(info["action_mask"], np.random.default_rng(0))
    bad = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    actions[2] = bad
    before = [a.copy() for a in env.rounds()]
    with pytest.raises(
        IllegalAction, match=rf"environment 2: action {bad} \(.+\) is not in the mask"
    ):
        env.step(actions)
    assert all(np.array_equal(a, b) for a, b in zip(before, env.rounds(), strict=True))
    with pytest.raises(IllegalAction, match="environment 0: action 9999 \\(no such token\\)"):
        env.step(np.full(4, 9999))
    with pytest.raises(IllegalAction, match="give 4 integer actions"):
        env.step(np.zeros(3, np.int64))
    with pytest.raises(IllegalAction, match="give 4 integer actions"):
        env.step(np.zeros(4, np.float32))


def test_without_reactions_the_learner_is_asked_only_in_its_turn() -> None:
    env = vector_env("classic+jump_in", n_envs=4, players=3, seed=3, reactions=False)
    wait = env.space.wait
    _, info = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(500):
        assert not info["action_mask"][:, wait].any()
        _, _, _, _, info = env.step(_pick(info["action_mask"], rng))


def test_bad_configurations_are_refused_before_any_round() -> None:
    with pytest.raises(Unsupported, match="permissive_illegal_plays"):
        vector_env("classic+permissive_illegal_plays", n_envs=2)
    with pytest.raises(Unsupported, match="attack"):
        vector_env("attack", n_envs=2)
    with pytest.raises(Unsupported, match="opponents 'heuristic'"):
        vector_env("classic", n_envs=2, opponents="heuristic")
    with pytest.raises(Unsupported, match="seat 2 is not a seat"):
        vector_env("classic", n_envs=2, players=2, seat=2)
    with pytest.raises(ValueError, match="n_envs"):
        vector_env("classic", n_envs=0)
    env = vector_env("classic", n_envs=2)
    with pytest.raises(IllegalAction, match="reset"):
        env.step(np.zeros(2, np.int64))


def test_threads_do_not_change_the_rounds() -> None:
    """Each environment is stepped by one thread: one thread or three, the same rounds."""

    def run(threads: int) -> list[np.ndarray]:
        env = vector_env("classic+jump_in", n_envs=7, players=3, seed=5, threads=threads)
        rng = np.random.default_rng(4)
        obs, info = env.reset()
        seen = [obs]
        for _ in range(200):
            obs, rewards, _, _, info = env.step(_pick(info["action_mask"], rng))
            seen += [obs, rewards]
        env.close()
        return seen

    assert all(np.array_equal(a, b) for a, b in zip(run(1), run(3), strict=True))
