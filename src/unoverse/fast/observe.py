"""A seat's observation and action mask, written by numba: the RL environments' encoding.

``observe`` writes what ``unoverse.rl.observation.Observation.encode`` writes for the same
seat, from the same state — the seat's own hand, public counts and windows, and the last
public plays — into a row of a float32 array, section by section at the offsets the
configuration's ``Observation`` gives (``tables.O_OBS_AT``). A policy trained on the
reference environments reads the batched ones' vectors unchanged, and the other way round
(a test compares both encodings on the same states).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .engine import hand_at, lowest, top_slot
from .state import (
    COLOR,
    DEALER,
    DIRECTION,
    DISCARD_N,
    DRAW_N,
    DRAWN,
    HELD,
    JUMP,
    PEN_AMOUNT,
    PEN_CHALLENGE,
    PH_COLOR,
    PH_DRAWN,
    PH_OVER,
    PH_PENALTY,
    PH_TURN,
    PHASE,
    PLAYS,
    RING,
    TURN,
    UNO_OPEN,
)
from .tables import (
    C_DISCARD_BY,
    C_HAND_SIZE,
    C_HISTORY,
    CARDS,
    HISTORY_LEN,
    N_COLORS,
    O_COLOR_SLOT,
    O_OBS_AT,
    PLAYERS,
)

# the sections, in the order of tables.OBS_SECTIONS
_HAND, _TOP, _COLOR, _CLOCKWISE, _SITUATION, _DRAWN, _SEATS = 0, 1, 2, 3, 4, 5, 6
_PENDING, _DRAW_PILE, _JUMP_OPEN, _HISTORY = 7, 8, 9, 10
# flags of the situation section (rl.observation.SITUATIONS)
_S_TURN, _S_DRAWN, _S_PENALTY, _S_CHALLENGE, _S_COLOR, _S_REACTION = 0, 1, 2, 3, 4, 7
_SEAT_FIELDS = 5  # cards, uno_open, eliminated, dealer, played_top


@njit(cache=True, inline="always")
def _rel(seat: int, of: int, n: int) -> int:
    """``seat`` relative to ``of`` (0: itself, 1: the next by index)."""
    r = seat - of
    return r + n if r < 0 else r


@njit(cache=True)
def observe(
    S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int, reaction: bool, out: np.ndarray
) -> None:
    """Write ``seat``'s observation of game ``g`` into ``out`` (a float32 row of the
    observation's size), asked out of turn when ``reaction``."""
    out[:] = 0.0
    n, cards = T[PLAYERS], T[CARDS]
    at = T[O_OBS_AT]
    hand = hand_at(T, seat)
    base = T[at + _HAND]
    held = S[g, HELD + seat]
    while held:
        s = lowest(held)
        out[base + s] = C[g, hand + s]
        held &= held - 1
    out[T[at + _TOP] + top_slot(S, C, T, g)] = 1.0
    color = S[g, COLOR]
    if color >= 0 and T[T[O_COLOR_SLOT] + color] >= 0:
        out[T[at + _COLOR] + T[T[O_COLOR_SLOT] + color]] = 1.0
    if S[g, DIRECTION] == 1:
        out[T[at + _CLOCKWISE]] = 1.0
    phase = S[g, PHASE]
    situation = T[at + _SITUATION]
    if phase != PH_OVER and S[g, TURN] == seat and not reaction:
        if phase == PH_TURN:
            out[situation + _S_TURN] = 1.0
        elif phase == PH_DRAWN:
            out[situation + _S_DRAWN] = 1.0
        elif phase == PH_PENALTY:
            out[situation + _S_PENALTY] = 1.0
            if S[g, PEN_CHALLENGE]:
                out[situation + _S_CHALLENGE] = 1.0
        elif phase == PH_COLOR:
            out[situation + _S_COLOR] = 1.0
    if reaction:
        out[situation + _S_REACTION] = 1.0
    if S[g, TURN] == seat and S[g, DRAWN] >= 0:
        out[T[at + _DRAWN] + S[g, DRAWN]] = 1.0
    base = T[at + _SEATS]
    sizes = T[C_HAND_SIZE]
    open_ = S[g, UNO_OPEN]
    for s in range(n):
        row = base + _rel(s, seat, n) * _SEAT_FIELDS
        out[row] = C[g, sizes + s]
        if open_ & (1 << s):
            out[row + 1] = 1.0
    out[base + _rel(S[g, DEALER], seat, n) * _SEAT_FIELDS + 3] = 1.0
    by = C[g, T[C_DISCARD_BY] + S[g, DISCARD_N] - 1]
    if by >= 0:
        out[base + _rel(by, seat, n) * _SEAT_FIELDS + 4] = 1.0
    if phase == PH_PENALTY:
        base = T[at + _PENDING]
        out[base] = S[g, PEN_AMOUNT]
        if S[g, PEN_CHALLENGE]:
            out[base + 1] = 1.0
        out[base + 3 + _rel(S[g, TURN], seat, n)] = 1.0
    out[T[at + _DRAW_PILE]] = S[g, DRAW_N]
    if T[at + _JUMP_OPEN] >= 0 and S[g, JUMP]:
        out[T[at + _JUMP_OPEN]] = 1.0
    # the last plays, oldest first, the newest in the last row
    keep = T[HISTORY_LEN]
    plays = S[g, PLAYS]
    recent = keep if plays > keep else plays
    width = n + cards + T[N_COLORS]
    row = T[at + _HISTORY] + (keep - recent) * width
    ring = S[g, RING] - recent
    if ring < 0:
        ring += keep
    for _ in range(recent):
        entry = T[C_HISTORY] + 3 * ring
        out[row + _rel(C[g, entry], seat, n)] = 1.0
        out[row + n + C[g, entry + 1]] = 1.0
        declared = C[g, entry + 2]
        if declared >= 0 and T[T[O_COLOR_SLOT] + declared] >= 0:
            out[row + n + cards + T[T[O_COLOR_SLOT] + declared]] = 1.0
        row += width
        ring = 0 if ring + 1 == keep else ring + 1
