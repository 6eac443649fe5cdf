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
from .state import ACTIONS, PH_OVER, PHASE, TRUNCATED, UNO_OPEN, State, new_state
from .tables import PLAYERS, UNO_TOK, WAIT_TOK, Config


@njit(cache=True)
def advance(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    LOG: np.ndarray,
    g: int,
    first: int,
    agent: int,
    seat_policy: np.ndarray,
    reactions: bool,
    cap: int,
    mask: np.ndarray,
    counts: np.ndarray,
) -> int:
    """Apply ``agent``'s token ``first`` (-1: none; ``wait``: it waits), then play every
    other seat by its policy until ``agent`` is asked — returned as ``engine.ask``'s code —
    or the round ends or reaches ``cap`` actions (then -1). ``agent`` -1: no seat learns,
    the round is played out. Without ``reactions``, ``agent``'s out-of-turn windows get the
    RL runner's fixed answer (declare UNO at once, never catch or jump in).

    The one loop the simulation and the vector environment share: numba compiles the
    engine into it once."""
    n = T[PLAYERS]
    wait_tok = T[WAIT_TOK]
    # the next answer to carry out, and whose: one call site of each engine function keeps
    # the compiled loop small (numba compiles an inlined function once per call site)
    seat, token = agent, first
    while True:
        if token == wait_tok:
            engine.wait(S, g, seat)
        elif token >= 0:
            engine.apply(S, C, R, T, LOG, g, seat, token)
        if S[g, PHASE] == PH_OVER:
            return -1
        if S[g, ACTIONS] >= cap:
            S[g, TRUNCATED] = 1
            return -1
        asked = engine.ask(S, C, T, g)
        reaction = asked >= n
        seat = asked - n if reaction else asked
        if seat != agent:
            token = policies.choose(S, C, R, T, g, seat, reaction, seat_policy[seat], mask, counts)
        elif not reaction or reactions:
            return asked
        else:  # the fixed reaction
            token = T[UNO_TOK] if S[g, UNO_OPEN] & (1 << seat) else wait_tok


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
    mask = np.zeros(policies.scratch_width(T), np.uint8)
    counts = np.zeros(policies.GROUPS, np.int64)
    mask, counts = borrowed(mask), borrowed(counts)
    for g in range(seeds.shape[0]):
        SEED[g] = seeds[g]
        engine.deal(S, C, R, T, g, seeds[g])
        advance(S, C, R, T, LOG, g, -1, -1, seat_policy, True, cap, mask, counts)


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
