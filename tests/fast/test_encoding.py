"""The batched engine's observations and masks are the RL environments' own: at every
question of batched rounds, each seat's observation equals ``Observation.encode`` of the
reference game's view after the same actions, and the asked seat's mask equals
``ActionSpace.mask`` of the reference engine's legal actions (with ``wait`` out of turn) —
so a policy trained on one environment runs on the other."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from unoverse.core import events as ev
from unoverse.core.position import position
from unoverse.fast import check, engine, policies
from unoverse.fast.observe import observe
from unoverse.fast.state import PH_OVER, PHASE, new_state
from unoverse.fast.tables import TOKENS, WAIT_TOK, config
from unoverse.rl.observation import HISTORY

from ._matrix import PRESETS

#: Questions compared per round (random rounds run for thousands of actions).
QUESTIONS = 250


def _compare_round(preset: str, players: int, seed: int, policy: int) -> int:
    """Play one batched round, comparing encodings at every question; the questions."""
    cfg = config(preset, players)
    T = cfg.T
    st = new_state(T, 1)
    S, C, R, LOG = st.S, st.C, st.R, st.LOG
    engine.deal(S, C, R, T, 0, np.uint64(seed))
    game = position(check.position_text(cfg, st))
    plays: deque[tuple[int, int, int]] = deque(maxlen=HISTORY)
    mask = np.zeros(int(T[TOKENS]), np.uint8)
    scratch = np.zeros(policies.scratch_width(T), np.uint8)
    counts = np.zeros(policies.GROUPS, np.int64)
    mine = np.zeros(cfg.observation.size, np.float32)
    asked_count = 0
    while S[0, PHASE] != PH_OVER and asked_count < QUESTIONS:
        code = engine.ask(S, C, T, 0)
        reaction = code >= players
        seat = code - players if reaction else code
        for s in range(players):
            own = s == seat and reaction
            observe(S, C, T, 0, s, own, mine)
            theirs = cfg.observation.encode(game.view(s), plays, reaction=own)
            assert np.array_equal(mine, theirs), _where(cfg, mine, theirs, s, asked_count)
        mask[:] = 0
        engine.legal(S, C, T, 0, seat, reaction, mask)
        expected = cfg.space.mask(game.legal_actions(seat), seat, None, reaction)
        assert np.array_equal(mask, expected), (
            f"question {asked_count}, seat {seat}: mask "
            f"{[cfg.space.names[i] for i in np.flatnonzero(mask != expected)]} differ"
        )
        token = policies.choose(S, C, R, T, 0, seat, reaction, policy, scratch, counts)
        if token == T[WAIT_TOK]:
            engine.wait(S, 0, seat)
        else:
            engine.apply(S, C, R, T, LOG, 0, seat, token)
            action = cfg.space.action(int(token), seat, game.landed)
            for e in game.apply(seat, action):
                if e.kind == ev.PLAY and e.seat is not None:
                    plays.append((e.seat, e.cards[-1], e.color))
        asked_count += 1
    return asked_count


def _where(cfg, mine, theirs, seat, question) -> str:  # type: ignore[no-untyped-def]
    """Which sections differ."""
    bad = np.flatnonzero(mine != theirs)
    names = {
        name
        for i in bad
        for name, (start, size) in cfg.observation.sections.items()
        if start <= i < start + size
    }
    return f"question {question}, seat {seat}: sections {sorted(names)} differ"


@pytest.mark.parametrize("players", [2, 3, 4, 6, 10])
@pytest.mark.parametrize("preset", PRESETS)
def test_observations_and_masks_are_the_rl_environments(preset: str, players: int) -> None:
    questions = 0
    for seed in range(4):
        questions += _compare_round(preset, players, seed, policies.RANDOM)
        questions += _compare_round(preset, players, 100 + seed, policies.NAIVE)
    assert questions > 400
