"""Whole games in the batch: deal, then ask and answer until each round is over.

``play(cfg, seeds, policies)`` plays one round per seed, every seat answered by its policy
(``unoverse.fast.policies``), one game after another inside numba; the games' rows stay in
the returned ``State`` (winner, points, actions, and, with ``log``, every action) for the
caller to read, record or check against the reference engine.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from . import engine, policies
from .borrow import borrowed
from .state import ACTIONS, PH_OVER, PHASE, TRUNCATED, State, new_state
from .tables import PLAYERS, TOKENS, WAIT_TOK, Config


@njit(cache=True)
def play_one(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    LOG: np.ndarray,
    g: int,
    seed: np.uint64,
    seat_policy: np.ndarray,
    cap: int,
    mask: np.ndarray,
    counts: np.ndarray,
) -> None:
    """Deal game ``g`` from ``seed`` and play it out (at most ``cap`` actions)."""
    n = T[PLAYERS]
    wait_tok = T[WAIT_TOK]
    engine.deal(S, C, R, T, g, seed)
    while S[g, PHASE] != PH_OVER:
        if S[g, ACTIONS] >= cap:
            S[g, TRUNCATED] = 1
            return
        asked = engine.ask(S, C, T, g)
        reaction = asked >= n
        seat = asked - n if reaction else asked
        token = policies.choose(S, C, R, T, g, seat, reaction, seat_policy[seat], mask, counts)
        if token == wait_tok:
            engine.wait(S, g, seat)
        else:
            engine.apply(S, C, R, T, LOG, g, seat, token)


@njit(cache=True)
def play_all(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    LOG: np.ndarray,
    SEED: np.ndarray,
    seeds: np.ndarray,
    seat_policy: np.ndarray,
    cap: int,
) -> None:
    """Play game ``g`` of the batch from ``seeds[g]``, for every ``g``."""
    S, C, R, T, LOG = borrowed(S), borrowed(C), borrowed(R), borrowed(T), borrowed(LOG)
    mask = np.zeros(T[TOKENS], np.uint8)
    counts = np.zeros(policies.GROUPS, np.int64)
    mask, counts = borrowed(mask), borrowed(counts)
    for g in range(seeds.shape[0]):
        SEED[g] = seeds[g]
        play_one(S, C, R, T, LOG, g, seeds[g], seat_policy, cap, mask, counts)


def play(
    cfg: Config, seeds: np.ndarray, seat_policy: np.ndarray, cap: int = 20_000, log: int = 0
) -> State:
    """Play one round per seed (``seat_policy[seat]``: a code of ``policies.POLICIES``)."""
    st = new_state(cfg.T, len(seeds), log)
    play_all(
        st.S,
        st.C,
        st.R,
        cfg.T,
        st.LOG,
        st.SEED,
        np.asarray(seeds, np.uint64),
        np.asarray(seat_policy, np.int64),
        cap,
    )
    return st
