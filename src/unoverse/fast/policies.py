"""The ``random`` and ``naive`` bots inside the batch, in numba (``unoverse.bots``'s
behaviour, drawn from each seat's own stream ``State.PR``).

* ``random`` (``bots.random_bot``): uniform over the kinds of its legal tokens — every UNO
  call one kind, and, when asked out of turn, "wait" one more — then uniform within the kind.
* ``naive`` (``bots.naive``, RLCard's random agent): in its mandatory window, a uniformly
  random playable card (plays offered that match the top card by colour or kind, or are
  wild), played with the UNO call when it leaves one card; else take the penalty, pass after
  a draw, or draw; a random colour for a wild first card. Out of turn it always waits.

Both read the legal tokens (``engine.legal``), so they play only what the engine offers. A
seat's stream is ``R[g * (seats + 1) + 1 + seat]``, seeded from the game's seed and the seat
when the game is dealt (E-3).
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numba import njit

from . import borrow, engine, rng, tables
from .state import (
    COLOR,
    DIRECTION,
    DRAWN,
    HELD,
    OUT,
    PH_COLOR,
    PH_DRAWN,
    PH_PENALTY,
    PH_TURN,
    PHASE,
    TOP_KIND,
)  # fmt: skip
from .tables import (
    C_HAND_SIZE,
    CARDS,
    DRAW_TOK,
    N_COLORS,
    O_ANSWERS,
    O_COLOR,
    O_COLOR_TOK,
    O_COLORS,
    O_EFFECT,
    O_KIND,
    O_PLAY_TOK,
    O_TOK_GROUP,
    O_WILD,
    PASS_TOK,
    PLAYERS,
    STACKING,
    TAKE_TOK,
    TOKENS,
    WAIT_TOK,
)  # fmt: skip

STACK_OFF = engine.STACK_OFF

#: Policy codes (``POLICIES[code]`` is its bot name).
RANDOM: Final = 0
NAIVE: Final = 1
POLICIES: Final = ("random", "naive")

GROUPS = tables.GROUPS


@njit(cache=True)
def scratch_width(T: np.ndarray) -> int:
    """The width of a scratch mask for ``choose``: the tokens, rounded up to whole 8-byte
    words (``random`` reads the mask a word at a time)."""
    return (int(T[TOKENS]) + 7) // 8 * 8


@njit(cache=True, inline="always")
def choose(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    g: int,
    seat: int,
    reaction: bool,
    policy: int,
    mask: np.ndarray,
    counts: np.ndarray,
) -> int:
    """The token ``policy`` plays for ``seat`` asked now (out of turn: ``reaction``);
    ``mask`` (``random`` fills it with the legal tokens; ``scratch_width`` bytes) and
    ``counts`` (``GROUPS`` integers) are scratch."""
    stream = g * (T[PLAYERS] + 1) + 1 + seat
    if policy == NAIVE:
        if reaction:
            return T[WAIT_TOK]
        return naive(S, C, R, T, g, seat, stream)
    mask[:] = 0
    engine.legal(S, C, T, g, seat, reaction, mask)
    return random(R, T, mask, counts, stream)


@njit(cache=True)
def random(R: np.ndarray, T: np.ndarray, mask: np.ndarray, counts: np.ndarray, stream: int) -> int:
    """A uniformly random group of the tokens set in ``mask``, then a uniformly random token
    of it. The mask is read eight bytes at a time: most of its tokens are not legal."""
    counts[:] = 0
    group_of = T[O_TOK_GROUP]
    words = borrow.words(mask)
    for w in range(words.shape[0]):
        if words[w]:
            for k in range(8 * w, 8 * w + 8):
                if mask[k]:
                    counts[T[group_of + k]] += 1
    kinds = 0
    for i in range(GROUPS):
        if counts[i]:
            kinds += 1
    pick = rng.uniform(R, stream, kinds)
    group = 0
    for i in range(GROUPS):
        if counts[i]:
            if pick == 0:
                group = i
                break
            pick -= 1
    pick = rng.uniform(R, stream, counts[group])
    for w in range(words.shape[0]):
        if words[w]:
            for k in range(8 * w, 8 * w + 8):
                if mask[k] and T[group_of + k] == group:
                    if pick == 0:
                        return k
                    pick -= 1
    return T[WAIT_TOK]


@njit(cache=True, inline="always")
def naive(
    S: np.ndarray, C: np.ndarray, R: np.ndarray, T: np.ndarray, g: int, seat: int, stream: int
) -> int:
    """``naive`` in its mandatory window, read from the state rather than from a mask (the
    same choices as ``bots.naive`` over the engine's legal actions)."""
    n = T[PLAYERS]
    phase = S[g, PHASE]
    hand = engine.hand_at(T, seat)
    size = C[g, T[C_HAND_SIZE] + seat]
    if phase == PH_COLOR:
        ci = rng.uniform(R, stream, T[N_COLORS])
        return T[T[O_COLOR_TOK] + T[T[O_COLORS] + ci]]
    color, top_kind = S[g, COLOR], S[g, TOP_KIND]
    # the playable cards offered, a bit per slot (a deck has fewer than 64 distinct cards)
    playable = 0
    cards = 0
    if phase == PH_DRAWN:
        playable = 1 << S[g, DRAWN]
        cards = 1
    elif phase == PH_PENALTY:
        if T[STACKING] != STACK_OFF and S[g, OUT] < 0:
            row = T[O_ANSWERS] + (top_kind + 1) * T[CARDS]
            for s in range(T[CARDS]):
                if C[g, hand + s] > 0 and T[row + s] and _matches(T, s, color, top_kind):
                    playable |= 1 << s
                    cards += 1
    else:
        playable = S[g, HELD + seat] & engine.p1_bits(S, T, g)
        cards = engine.count_bits(playable)
    if cards == 0:
        if phase == PH_PENALTY:
            return T[TAKE_TOK]
        return T[DRAW_TOK] if phase == PH_TURN else T[PASS_TOK]
    pick = rng.uniform(R, stream, cards)
    for _ in range(pick):
        playable &= playable - 1
    card = engine.lowest(playable)
    # its plays with the UNO call when the play leaves one card (none without it otherwise)
    calls = size == 2
    at = T[O_PLAY_TOK] + card * 9 * n * 2
    eff = T[T[O_EFFECT] + card]
    if T[T[O_WILD] + card]:
        ci = rng.uniform(R, stream, T[N_COLORS])
        return T[at + (T[T[O_COLORS] + ci] + 1) * n * 2 + (1 if calls else 0)]
    if eff == engine.E_SEVEN and size > 1:
        # no swap, or a swap with a seat: with the call, those that leave one card
        options = n
        if calls:
            options = 1
            for rel in range(1, n):
                if C[g, T[C_HAND_SIZE] + engine.seat_at(seat + rel, n)] == 1:
                    options += 1
        pick = rng.uniform(R, stream, options)
        for rel in range(n):
            if not calls or rel == 0 or C[g, T[C_HAND_SIZE] + engine.seat_at(seat + rel, n)] == 1:
                if pick == 0:
                    return T[at + 2 * rel + (1 if calls else 0)]
                pick -= 1
    if eff == engine.E_ROTATE and size > 1:  # the call is judged on the hand passed on
        calls = calls and C[g, T[C_HAND_SIZE] + engine.seat_at(seat - S[g, DIRECTION], n)] == 1
    return T[at + (1 if calls else 0)]


@njit(cache=True, inline="always")
def _matches(T: np.ndarray, s: int, color: int, top_kind: int) -> bool:
    """Whether card slot ``s`` matches the top card by colour or kind, or is wild: the
    answers to a penalty ``naive`` considers."""
    return T[T[O_WILD] + s] == 1 or T[T[O_COLOR] + s] == color or T[T[O_KIND] + s] == top_kind
