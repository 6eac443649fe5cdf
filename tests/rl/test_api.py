"""Every variant passes PettingZoo's own API and seed tests, at the smallest and largest
tables it is played at, with and without the out-of-turn windows as agent steps."""

from __future__ import annotations

import subprocess
import sys
import warnings
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from unoverse.core.registry import variants
from unoverse.rl import aec_env

#: Every variant, and the presets whose windows need more of the API.
PRESETS = (
    *(v.name for v in variants()),
    "blast+mode=blast",
    "classic+jump_in+seven_zero+play_duplicates+stacking=progressive",
)


def _players(preset: str) -> tuple[int, ...]:
    base = preset.split("+")[0]
    v = next(v for v in variants() if v.name == base)
    return (v.min_players, v.max_players)


@pytest.mark.parametrize(
    ("preset", "reactions"),
    # BLAST mode has no turns: without reactions it is refused (tested below)
    [(p, r) for p in PRESETS for r in (True, False) if r or "mode=blast" not in p],
)
def test_the_aec_api(preset: str, reactions: bool) -> None:
    for players in _players(preset):
        with warnings.catch_warnings():  # a Dict observation with a mask, as in classic games
            warnings.simplefilter("ignore", UserWarning)
            api_test(aec_env(preset, players, reactions=reactions), num_cycles=4000)
            seed_test(partial(aec_env, preset, players, reactions=reactions), num_cycles=300)


def test_blast_mode_refuses_plain_turns() -> None:
    with pytest.raises(ValueError, match="BLAST mode has no turns"):
        aec_env("blast+mode=blast", 3, reactions=False)


def test_without_reactions_only_turn_windows_are_steps() -> None:
    env = aec_env("classic+jump_in", 4, reactions=False, opponents={1: "naive", 3: "naive"})
    env.reset(seed=11)
    runner = env.runner
    seen = 0
    for agent in env.agent_iter(5000):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        assert agent in ("player_0", "player_2")
        assert runner.current == runner.game.turn and not runner.may_wait
        mask = obs["action_mask"]
        assert not mask[runner.space.wait]
        env.step(int(np.flatnonzero(mask)[0]))
        seen += 1
    assert seen > 5 and not env.agents  # the round ended and every agent left


def test_a_round_ends_with_plus_one_for_the_winner() -> None:
    env = aec_env("classic", 3, seed=4)
    env.reset()
    rng = np.random.default_rng(4)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(20_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    winner = env.runner.game.winner
    assert totals == {a: (1.0 if a == f"player_{winner}" else -1.0) for a in totals}


def test_ansi_render_shows_only_the_seat_s_own_cards() -> None:
    env = aec_env("classic", 2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text is not None
    seat = env.runner.current
    view = env.runner.game.view(seat)
    lines = text.splitlines()
    own = next(line for line in lines if "(you)" in line)
    other = next(line for line in lines if line.startswith("seat ") and "(you)" not in line)
    assert len(own.split(":")[1].split()) == len(view.hand)
    assert f": {view.hand_sizes[1 - seat]} cards" in other


@pytest.mark.parametrize("missing", ["pettingzoo", "gymnasium", "numpy"])
def test_without_the_rl_extra_the_import_names_it(missing: str) -> None:
    code = (  # an import finder first in line that finds no such package, as if not installed
        "import sys\n"
        "class Hide:\n"
        "    def find_spec(self, name, path, target=None):\n"
        f"        if name.partition('.')[0] == {missing!r}:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Hide())\n"
        "try:\n    import unoverse.rl\n"
        "except ModuleNotFoundError as e:\n    print(e.name, '|', e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    name, message = out.stdout.strip().split(" | ")
    assert name == missing
    assert message == (
        f"unoverse.rl needs its extra: pip install 'unoverse[rl]' (no module {missing!r})"
    )
