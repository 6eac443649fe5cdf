"""The batched Classic engine in numba: deal, legal tokens, apply, and who is asked next.

Every function works on one game ``g`` of a batch (``state.State``: its arrays ``S``, ``C``
and ``R``) under one configuration (``T``, ``tables.Config.T``), and follows the reference
engine (``unoverse.core``) step by step, so that the action list of a batched game is accepted
by the reference engine and ends in the same state (``unoverse.fast.check``):

* ``deal``: ``core.setup.new_game`` — dealer selection, the shuffle, the deal, the
  first-card table (RULES.md §1.2), each drawing from the game's PRNG as the reference does;
* ``legal``: ``Game.legal_actions``, written as the RL action space's tokens
  (``unoverse.rl.actions``);
* ``apply``: ``Game._run`` for the actions of the supported rules (plays with Wild Draw Four
  legality, draws and reshuffles P2/P3, takes and challenges P5, UNO calls and catches P4,
  the first colour, jump-ins §4.9, Seven-0's hand moves, stacking);
* ``ask``: the RL runner's asking order (``unoverse.rl.runner``): each other seat with a
  legal action, once per state, may act or wait; then the holder of the mandatory window.

Hands are counts by slot, so the order of cards within a hand — which no rule reads — is
not kept.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from ..core import effects as fx
from ..core.cards import WILD
from ..core.p1 import P1_STRIDE
from . import rng
from .state import (
    ACTIONS,
    ASKED,
    ASKED_AT,
    CATCHES,
    CHALLENGES,
    COLOR,
    COLOR_NEXT,
    DEALER,
    DIRECTION,
    DISCARD_N,
    DRAW_N,
    DRAWN,
    FIRST,
    HELD,
    J_AMOUNT,
    J_CHAIN,
    J_CHALLENGE,
    J_DIRECTION,
    J_DRAWN,
    J_EFFECT,
    J_LEGAL,
    J_OUT,
    J_PHASE,
    J_SOURCE,
    J_TARGET,
    J_TURN,
    JUMP,
    JUMP_INS,
    K_CATCH,
    K_CHALLENGE,
    K_COLOR,
    K_DRAW,
    K_JUMP,
    K_PASS,
    K_PLAY,
    K_TAKE,
    K_UNO,
    LANDED,
    LAST,
    LOGGED,
    LONGEST_CHAIN,
    OUT,
    PEN_AMOUNT,
    PEN_CHAIN,
    PEN_CHALLENGE,
    PEN_LEGAL,
    PEN_SOURCE,
    PH_COLOR,
    PH_DRAWN,
    PH_OVER,
    PH_PENALTY,
    PH_TURN,
    PHASE,
    PLAYED,
    PLAYS,
    RING,
    ROTATIONS,
    SAID,
    STACK_ANSWERS,
    SWAPS,
    TOP_KIND,
    TURN,
    TURNS,
    UNO_OPEN,
    VERSION,
    WINNER,
)  # fmt: skip
from .tables import (
    C_DISCARD,
    C_DISCARD_BY,
    C_DRAW,
    C_HAND,
    C_HAND_SIZE,
    C_HISTORY,
    CARDS,
    CHALLENGE_TOK,
    DECK_SIZE,
    DRAW_ENDS_TURN,
    DRAW_TOK,
    DRAW_UNTIL_PLAYABLE,
    FIRST_CARD,
    HAND_SIZE,
    HISTORY_LEN,
    JUMP_IN,
    N_COLORS,
    O_AMOUNT,
    O_ANSWERS,
    O_CARD_ID,
    O_CATCH_TOK,
    O_COLOR,
    O_COLOR_TOK,
    O_COLORS,
    O_DECK,
    O_EFFECT,
    O_KIND,
    O_NUMBER,
    O_P1,
    O_P1_BITS,
    O_PLAY_TOK,
    O_POINTS,
    O_SLOT_OF,
    O_TOK_COLOR,
    O_TOK_KIND,
    O_TOK_SLOT,
    O_TOK_TARGET,
    O_TOK_UNO,
    O_WILD,
    PASS_TOK,
    PLAYERS,
    RANDOM_DEALER,
    STACKING,
    TAKE_TOK,
    TWO_PLAYER_RULES,
    UNO_PENALTY,
    UNO_TOK,
    WAIT_TOK,
    WD4_WILDS_BLOCK,
)  # fmt: skip

E_NONE = fx.NONE
E_SKIP = fx.SKIP
E_REVERSE = fx.REVERSE
E_DRAW = fx.DRAW
E_WILD = fx.WILD
E_WILD_DRAW = fx.WILD_DRAW
E_ROTATE = fx.ROTATE_HANDS
E_SEVEN = fx.SEVEN_SWAP
STACK_OFF = fx.STACK_OFF


# -- seats and cards -------------------------------------------------------------------------
@njit(cache=True, inline="always")
def seat_at(x: int, n: int) -> int:
    """``x % n`` for ``-n <= x < 2 * n``, without a division (the hot paths' seat
    arithmetic: an integer division costs more than the rest of a simple action)."""
    if x >= n:
        return x - n
    if x < 0:
        return x + n
    return x


@njit(cache=True, inline="always")
def next_seat(S: np.ndarray, g: int, seat: int, steps: int, n: int) -> int:
    """The seat ``steps`` (1 or 2) places after ``seat`` in the direction of play."""
    d = S[g, DIRECTION]
    seat = seat_at(seat + d, n)
    if steps == 2:
        seat = seat_at(seat + d, n)
    return seat


@njit(cache=True, inline="always")
def _set_turn(S: np.ndarray, g: int, seat: int) -> None:
    S[g, TURN] = seat
    S[g, PHASE] = PH_TURN
    S[g, DRAWN] = -1


@njit(cache=True, inline="always")
def _clear_penalty(S: np.ndarray, g: int) -> None:
    S[g, PEN_AMOUNT] = 0
    S[g, PEN_CHAIN] = 0
    S[g, PEN_SOURCE] = -1
    S[g, PEN_CHALLENGE] = 0
    S[g, PEN_LEGAL] = 1


@njit(cache=True, inline="always")
def p1_at(S: np.ndarray, T: np.ndarray, g: int) -> int:
    """Where the P1 row of the active colour and top kind starts in ``T``."""
    return T[O_P1] + ((S[g, COLOR] + 1) * P1_STRIDE + S[g, TOP_KIND] + 1) * T[CARDS]


@njit(cache=True, inline="always")
def hand_at(T: np.ndarray, seat: int) -> int:
    """Where ``seat``'s hand (counts by slot) starts in a row of ``C``."""
    return T[C_HAND] + seat * T[CARDS]


@njit(cache=True, inline="always")
def p1_bits(S: np.ndarray, T: np.ndarray, g: int) -> int:
    """The slots that play on the active colour and top kind, a bit per slot (``p1_at``'s
    row as bits)."""
    at = T[O_P1_BITS] + 2 * ((S[g, COLOR] + 1) * P1_STRIDE + S[g, TOP_KIND] + 1)
    return int((np.int64(T[at]) & np.int64(0xFFFFFFFF)) | (np.int64(T[at + 1]) << np.int64(32)))


@njit(cache=True, inline="always")
def lowest(bits: int) -> int:
    """The lowest slot set in ``bits`` (not 0)."""
    return trailing_zeros(bits)  # type: ignore[call-arg]


@njit(cache=True, inline="always")
def count_bits(bits: int) -> int:
    """How many slots ``bits`` holds."""
    k = 0
    while bits:
        bits &= bits - 1
        k += 1
    return k


@njit(cache=True, inline="always")
def _gain(S: np.ndarray, C: np.ndarray, g: int, hand: int, seat: int, s: int) -> None:
    """One more card of slot ``s`` in ``seat``'s hand (its counts start at ``hand``)."""
    C[g, hand + s] += 1
    S[g, HELD + seat] |= np.int64(1) << s


@njit(cache=True, inline="always")
def top_slot(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int) -> int:
    """The top card's slot."""
    return T[T[O_SLOT_OF] + C[g, T[C_DISCARD] + S[g, DISCARD_N] - 1]]


# -- the deal (core.setup.new_game, Classic's first-card table) -----------------------------
@njit(cache=True)
def deal(
    S: np.ndarray, C: np.ndarray, R: np.ndarray, T: np.ndarray, g: int, seed: np.uint64
) -> None:
    """Deal game ``g`` from ``seed`` as ``new_game(preset, players, seed)`` does, and seed
    each seat's policy stream from it (E-3)."""
    n = T[PLAYERS]
    d = T[DECK_SIZE]
    r = g * (n + 1)  # the game's PRNG in R; its seats' streams follow
    S[g, :] = 0
    C[g, :] = 0
    R[r] = seed
    for s in range(n):
        R[r + 1 + s] = seed ^ (np.uint64(0xD1B54A32D192ED03) * np.uint64(s + 1))
        rng.next64(R, r + 1 + s)
    S[g, COLOR] = -1
    S[g, TOP_KIND] = -1
    S[g, DIRECTION] = 1
    S[g, DRAWN] = -1
    S[g, PEN_SOURCE] = -1
    S[g, PEN_LEGAL] = 1
    S[g, OUT] = -1
    S[g, WINNER] = -1
    S[g, COLOR_NEXT] = -1
    S[g, ASKED_AT] = -1
    deck, slot_of, pile = T[O_DECK], T[O_SLOT_OF], T[C_DRAW]
    # the dealer: each seat draws from what is left of a deck, the highest number deals (C-1)
    if T[RANDOM_DEALER]:
        dealer = rng.below(R, r, n)
    else:
        # drawn from a copy of the deck kept in the draw pile's place (dealt over below)
        for i in range(d):
            C[g, pile + i] = T[deck + i]
        left = d
        seats = np.arange(n)
        values = np.empty(n, np.int64)
        alive = n
        while alive > 1:
            best = -1
            for i in range(alive):
                if left == 0:
                    for k in range(d):
                        C[g, pile + k] = T[deck + k]
                    left = d
                j = rng.below(R, r, left)
                c = C[g, pile + j]
                C[g, pile + j] = C[g, pile + left - 1]
                C[g, pile + left - 1] = c
                left -= 1
                v = T[T[O_NUMBER] + T[slot_of + c]]
                values[i] = v
                if v > best:
                    best = v
            kept = 0
            for i in range(alive):
                if values[i] == best:
                    seats[kept] = seats[i]
                    kept += 1
            alive = kept
        dealer = seats[0]
    S[g, DEALER] = dealer
    # shuffle the whole deck, deal one card at a time from the dealer's left
    for i in range(d):
        C[g, pile + i] = T[deck + i]
    scratch = np.empty(2 * (d + (d >> 5) + 8), np.uint8)
    rng.shuffle(R, r, C, g, pile, d, scratch)
    top = d
    seat = seat_at(int(dealer) + 1, n)
    sizes = T[C_HAND_SIZE]
    for _ in range(T[HAND_SIZE] * n):
        top -= 1
        _gain(S, C, g, hand_at(T, seat), seat, T[slot_of + C[g, pile + top]])
        C[g, sizes + seat] += 1
        seat = seat_at(seat + 1, n)
    # the first-card table (RULES.md §1.2)
    mode = T[FIRST_CARD]
    while True:
        top -= 1
        c = C[g, pile + top]
        s = T[slot_of + c]
        eff = T[T[O_EFFECT] + s]
        if eff == E_WILD_DRAW or (T[T[O_WILD] + s] and mode == 1):
            top += 1  # back into the draw pile, which is shuffled
            rng.shuffle(R, r, C, g, pile, top, scratch)
            continue
        break
    S[g, DRAW_N] = top
    C[g, T[C_DISCARD]] = c
    C[g, T[C_DISCARD_BY]] = -1
    S[g, DISCARD_N] = 1
    first = seat_at(int(dealer) + 1, n)
    if T[T[O_WILD] + s]:
        S[g, TOP_KIND] = WILD  # every other wild starter is a plain Wild (C-2)
        S[g, PHASE] = PH_COLOR
        S[g, TURN] = dealer if mode == 2 else first
        S[g, COLOR_NEXT] = first
    else:
        S[g, COLOR] = T[T[O_COLOR] + s]
        S[g, TOP_KIND] = T[T[O_KIND] + s]
        if eff == E_SKIP:
            S[g, TURN] = (first + 1) % n
        elif eff == E_REVERSE:
            S[g, DIRECTION] = -1
            S[g, TURN] = dealer if mode == 0 else (dealer - 1) % n
        elif eff == E_DRAW:
            S[g, TURN] = first
            S[g, PHASE] = PH_PENALTY
            S[g, PEN_AMOUNT] = T[T[O_AMOUNT] + s]
            S[g, PEN_CHAIN] = 1
        else:
            S[g, TURN] = first
    S[g, FIRST] = S[g, TURN]
    S[g, LAST] = S[g, TURN]


# -- cards moving --------------------------------------------------------------------------
@njit(cache=True)
def _reshuffle(S: np.ndarray, C: np.ndarray, R: np.ndarray, T: np.ndarray, g: int) -> None:
    """P3: keep the top discard; shuffle the rest into the (empty) draw pile."""
    k = S[g, DISCARD_N]
    if k <= 1:
        return
    moved = k - 1
    pile, discard, by = T[C_DRAW], T[C_DISCARD], T[C_DISCARD_BY]
    for i in range(moved):
        C[g, pile + i] = C[g, discard + i]
    C[g, discard] = C[g, discard + moved]
    C[g, by] = C[g, by + moved]
    S[g, DISCARD_N] = 1
    scratch = np.empty(2 * (moved + (moved >> 5) + 8), np.uint8)
    rng.shuffle(R, g * (T[PLAYERS] + 1), C, g, pile, moved, scratch)
    S[g, DRAW_N] = moved


@njit(cache=True, inline="always")
def draw(
    S: np.ndarray, C: np.ndarray, R: np.ndarray, T: np.ndarray, g: int, seat: int, count: int
) -> int:
    """P2: up to ``count`` cards from the draw pile into ``seat``'s hand (reshuffling an
    empty pile); the slot of the last card drawn, -1 when none came."""
    got = -1
    hand = hand_at(T, seat)
    for _ in range(count):
        if S[g, DRAW_N] == 0:
            _reshuffle(S, C, R, T, g)
            if S[g, DRAW_N] == 0:
                break
        S[g, DRAW_N] -= 1
        got = T[T[O_SLOT_OF] + C[g, T[C_DRAW] + S[g, DRAW_N]]]
        _gain(S, C, g, hand, seat, got)
        S[g, PLAYED + T[CARDS] + got] += 1
        C[g, T[C_HAND_SIZE] + seat] += 1
    return got


@njit(cache=True)
def _rotate(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, backwards: bool) -> None:
    """Seven-0's 0: every hand passes to the next seat in the direction of play (the other
    way when ``backwards``: a jump-in undoing it)."""
    n, c = T[PLAYERS], T[CARDS]
    S[g, ROTATIONS] += 1
    step = S[g, DIRECTION] * (-1 if backwards else 1)
    start, sizes = T[C_HAND], T[C_HAND_SIZE]
    hands = C[g, start : start + n * c].copy()
    held = C[g, sizes : sizes + n].copy()
    bits = S[g, HELD : HELD + n].copy()
    for s in range(n):
        to = seat_at(s + step, n)
        C[g, start + to * c : start + (to + 1) * c] = hands[s * c : (s + 1) * c]
        C[g, sizes + to] = held[s]
        S[g, HELD + to] = bits[s]
    S[g, UNO_OPEN] = 0


@njit(cache=True)
def _swap(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, a: int, b: int) -> None:
    """Swap the hands of seats ``a`` and ``b`` (a Seven-0 7); their UNO windows close."""
    S[g, SWAPS] += 1
    c = T[CARDS]
    ha, hb = hand_at(T, a), hand_at(T, b)
    for s in range(c):
        x = C[g, ha + s]
        C[g, ha + s] = C[g, hb + s]
        C[g, hb + s] = x
    sizes = T[C_HAND_SIZE]
    x = C[g, sizes + a]
    C[g, sizes + a] = C[g, sizes + b]
    C[g, sizes + b] = x
    x = S[g, HELD + a]
    S[g, HELD + a] = S[g, HELD + b]
    S[g, HELD + b] = x
    S[g, UNO_OPEN] &= ~((1 << a) | (1 << b))


@njit(cache=True, inline="always")
def end_round(S: np.ndarray, g: int, winner: int) -> None:
    """``winner`` wins the round: every window closes."""
    S[g, PHASE] = PH_OVER
    S[g, WINNER] = winner
    S[g, OUT] = -1
    S[g, UNO_OPEN] = 0
    S[g, JUMP] = 0
    _clear_penalty(S, g)


@njit(cache=True)
def points(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int) -> int:
    """The round's points: the card values left in the hands of every seat but the
    winner's."""
    total = 0
    w = S[g, WINNER]
    for s in range(T[PLAYERS]):
        if s != w:
            hand = hand_at(T, s)
            for c in range(T[CARDS]):
                total += C[g, hand + c] * T[T[O_POINTS] + c]
    return total


# -- the hand a jump-in is judged on ---------------------------------------------------------
@njit(cache=True, inline="always")
def jump_seat(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int) -> int:
    """The seat whose hand ``seat`` would jump in from: its own once the covered card's
    hand moves are undone (``Plays._jump_hand``)."""
    eff = S[g, J_EFFECT]
    if eff == E_ROTATE:
        return seat_at(seat + S[g, DIRECTION], T[PLAYERS])
    if eff == E_SEVEN and S[g, J_TARGET] >= 0:
        player = C[g, T[C_DISCARD_BY] + S[g, DISCARD_N] - 1]
        if seat == player:
            return S[g, J_TARGET]
        if seat == S[g, J_TARGET]:
            return player
    return seat


@njit(cache=True, inline="always")
def _size(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int, jumping: bool) -> int:
    """The size of the hand that counts as ``seat``'s for a play (a jump-in: the hands
    before the covered card's hand moves)."""
    if jumping:
        seat = jump_seat(S, C, T, g, seat)
    return C[g, T[C_HAND_SIZE] + seat]


# -- legal tokens ----------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _plays(
    S: np.ndarray,
    C: np.ndarray,
    T: np.ndarray,
    g: int,
    seat: int,
    s: int,
    jumping: bool,
    mask: np.ndarray,
) -> None:
    """Every token that plays card slot ``s`` from ``seat``'s hand (``Plays.play_actions``):
    its colours, its seats to swap with (a Seven-0 7), its UNO calls."""
    n = T[PLAYERS]
    left = _size(S, C, T, g, seat, jumping) - 1
    eff = T[T[O_EFFECT] + s]
    # token of (jump?, slot, colour + 1, relative target or 0, uno)
    base = T[O_PLAY_TOK] + ((1 if jumping else 0) * T[CARDS] + s) * 9 * n * 2
    wild = T[T[O_WILD] + s]
    colors = T[N_COLORS] if wild else 1
    for ci in range(colors):
        at = base + ((T[T[O_COLORS] + ci] + 1 if wild else 0) * n) * 2
        mask[T[at]] = 1
        if eff == E_SEVEN and left > 0:
            # no swap: the call is judged on its own hand; a swap: on the other seat's
            if left == 1:
                mask[T[at + 1]] = 1
            for rel in range(1, n):
                mask[T[at + 2 * rel]] = 1
                if _size(S, C, T, g, seat_at(seat + rel, n), jumping) == 1:
                    mask[T[at + 2 * rel + 1]] = 1
            continue
        kept = left
        if eff == E_ROTATE and left > 0:  # the hand passed on to it
            kept = _size(S, C, T, g, seat_at(seat - S[g, DIRECTION], n), jumping)
        if kept == 1:
            mask[T[at + 1]] = 1


@njit(cache=True)
def legal(
    S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int, reaction: bool, mask: np.ndarray
) -> None:
    """Set ``mask[token]`` for every token ``seat`` may send now (``Game.legal_actions``;
    ``wait`` when asked out of turn). ``mask`` must be zero."""
    n = T[PLAYERS]
    phase = S[g, PHASE]
    if phase == PH_OVER:
        return
    hand = hand_at(T, seat)
    cards = T[CARDS]
    if seat == S[g, TURN]:
        if phase == PH_PENALTY:
            mask[T[TAKE_TOK]] = 1
            if S[g, PEN_CHALLENGE]:
                mask[T[CHALLENGE_TOK]] = 1
            if T[STACKING] != STACK_OFF and S[g, OUT] < 0:
                row = T[O_ANSWERS] + (S[g, TOP_KIND] + 1) * cards
                for s in range(cards):
                    if C[g, hand + s] > 0 and T[row + s]:
                        _plays(S, C, T, g, seat, s, False, mask)
        elif phase == PH_COLOR:
            for ci in range(T[N_COLORS]):
                mask[T[T[O_COLOR_TOK] + T[T[O_COLORS] + ci]]] = 1
        elif phase == PH_DRAWN:
            _plays(S, C, T, g, seat, S[g, DRAWN], False, mask)
            mask[T[PASS_TOK]] = 1
        else:
            playable = S[g, HELD + seat] & p1_bits(S, T, g)
            while playable:
                _plays(S, C, T, g, seat, lowest(playable), False, mask)
                playable &= playable - 1
            mask[T[DRAW_TOK]] = 1
    if S[g, UNO_OPEN]:
        if S[g, UNO_OPEN] & (1 << seat):
            mask[T[UNO_TOK]] = 1
        for other in range(n):
            if _catchable(S, C, T, g, seat, other):
                mask[T[T[O_CATCH_TOK] + seat_at(other - seat, n)]] = 1
    if _can_jump(S, C, T, g, seat):
        _plays(S, C, T, g, seat, top_slot(S, C, T, g), True, mask)
    if reaction:
        mask[T[WAIT_TOK]] = 1


@njit(cache=True, inline="always")
def _catchable(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int, other: int) -> bool:
    """Whether ``seat`` may catch ``other``: its UNO window is open on one card (P4)."""
    open_ = S[g, UNO_OPEN] & (1 << other) != 0
    return other != seat and open_ and C[g, T[C_HAND_SIZE] + other] == 1


@njit(cache=True, inline="always")
def _can_jump(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int) -> bool:
    """Whether ``seat`` may jump in now: the window is open and the hand that counts as its
    own holds the top card (§4.9)."""
    if not S[g, JUMP]:
        return False
    return C[g, hand_at(T, jump_seat(S, C, T, g, seat)) + top_slot(S, C, T, g)] > 0


@njit(cache=True, inline="always")
def _may_act(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int) -> bool:
    """Whether ``seat`` has a legal action (``Game._any_legal``): ``legal``'s conditions,
    without listing the actions."""
    if seat == S[g, TURN] or S[g, UNO_OPEN] & (1 << seat) != 0 or _can_jump(S, C, T, g, seat):
        return True
    for other in range(T[PLAYERS]):  # noqa: SIM110 (numba compiles no generator here)
        if _catchable(S, C, T, g, seat, other):
            return True
    return False


@njit(cache=True, inline="always")
def ask(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int) -> int:
    """Who is asked next (``unoverse.rl.runner``): a seat other than the turn holder with a
    legal action that has not waited on this state, going round from the holder; else the
    holder. Returned as ``seat``, plus the number of seats when the seat is asked out of
    turn (it may wait)."""
    holder = S[g, TURN]
    if S[g, UNO_OPEN] == 0 and S[g, JUMP] == 0:
        return holder
    n = T[PLAYERS]
    if S[g, ASKED_AT] != S[g, VERSION]:
        S[g, ASKED] = 0
        S[g, ASKED_AT] = S[g, VERSION]
    asked = S[g, ASKED]
    for step in range(1, n):
        s = seat_at(holder + step, n)
        if not asked & (1 << s) and _may_act(S, C, T, g, s):
            return s + n
    return holder


@njit(cache=True, inline="always")
def wait(S: np.ndarray, g: int, seat: int) -> None:
    """``seat`` declines its out-of-turn window on this state."""
    if S[g, ASKED_AT] != S[g, VERSION]:
        S[g, ASKED] = 0
        S[g, ASKED_AT] = S[g, VERSION]
    S[g, ASKED] |= 1 << seat


# -- applying --------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _move_on(S: np.ndarray, g: int, actor: int) -> None:
    """An action in the mandatory window closes the other seats' UNO windows and the
    jump-in window (P4)."""
    S[g, UNO_OPEN] &= 1 << actor
    S[g, JUMP] = 0


@njit(cache=True, inline="always")
def _wd4_legal(S: np.ndarray, C: np.ndarray, T: np.ndarray, g: int, seat: int, s: int) -> int:
    """P5: no other card of the active colour in the hand (nor, with ``wd4_wilds_block``,
    another wild)."""
    color = S[g, COLOR]
    hand = hand_at(T, seat)
    block = T[WD4_WILDS_BLOCK]
    for c in range(T[CARDS]):
        held = C[g, hand + c] - (1 if c == s else 0)
        if held > 0 and (T[T[O_COLOR] + c] == color or (block and T[T[O_WILD] + c])):
            return 0
    return 1


@njit(cache=True, inline="always")
def _play(
    S: np.ndarray,
    C: np.ndarray,
    T: np.ndarray,
    g: int,
    p: int,
    s: int,
    declared: int,
    target: int,
    uno: bool,
) -> None:
    """``Game._do_play`` for one card (slot ``s``) from seat ``p``."""
    n = T[PLAYERS]
    jump_in = T[JUMP_IN]
    if jump_in:
        pre_dir, pre_turn, pre_phase, pre_drawn = (
            S[g, DIRECTION], S[g, TURN], S[g, PHASE], S[g, DRAWN]
        )  # fmt: skip
        pre_amount, pre_chain, pre_source = S[g, PEN_AMOUNT], S[g, PEN_CHAIN], S[g, PEN_SOURCE]
        pre_challenge, pre_legal, pre_out = S[g, PEN_CHALLENGE], S[g, PEN_LEGAL], S[g, OUT]
    answering = S[g, PHASE] == PH_PENALTY
    eff = T[T[O_EFFECT] + s]
    if eff == E_WILD_DRAW:
        S[g, PEN_LEGAL] = _wd4_legal(S, C, T, g, p, s)
    S[g, UNO_OPEN] &= 1 << p
    S[g, JUMP] = 0
    sizes = T[C_HAND_SIZE]
    before = C[g, sizes + p]
    hand = hand_at(T, p)
    C[g, hand + s] -= 1
    if C[g, hand + s] == 0:
        S[g, HELD + p] &= ~(np.int64(1) << s)
    C[g, sizes + p] -= 1
    k = S[g, DISCARD_N]
    C[g, T[C_DISCARD] + k] = T[T[O_CARD_ID] + s]
    C[g, T[C_DISCARD_BY] + k] = p
    S[g, DISCARD_N] = k + 1
    S[g, TOP_KIND] = T[T[O_KIND] + s]
    if declared >= 0:
        S[g, COLOR] = declared
    elif not T[T[O_WILD] + s]:
        S[g, COLOR] = T[T[O_COLOR] + s]
    S[g, LANDED] += 1
    S[g, PLAYED + s] += 1
    # the public history of plays (the observations')
    ring = S[g, RING]
    at = T[C_HISTORY] + 3 * ring
    S[g, RING] = 0 if ring + 1 == T[HISTORY_LEN] else ring + 1
    C[g, at] = p
    C[g, at + 1] = s
    C[g, at + 2] = declared
    S[g, PLAYS] += 1
    size = C[g, sizes + p]
    kept = size
    if size > 0:
        if eff == E_SEVEN and target >= 0:
            kept = C[g, sizes + target]
        elif eff == E_ROTATE:
            kept = C[g, sizes + seat_at(p - S[g, DIRECTION], n)]
    if uno:
        if kept == 1:
            S[g, SAID] |= 1 << p
    elif size == 1 and before >= 2 and not (eff == E_ROTATE or (eff == E_SEVEN and target >= 0)):
        S[g, UNO_OPEN] |= 1 << p
    if eff in (E_NONE, E_WILD):
        if size == 0:
            end_round(S, g, p)
            return
        _set_turn(S, g, next_seat(S, g, p, 1, n))
    else:
        penalty = eff in (E_DRAW, E_WILD_DRAW)
        if size == 0 and not penalty:
            end_round(S, g, p)
            return
        if size == 0:
            S[g, OUT] = p
        if penalty:
            amount = T[T[O_AMOUNT] + s]
            if answering:
                S[g, PEN_AMOUNT] += amount
                S[g, PEN_CHAIN] += 1
            else:
                S[g, PEN_AMOUNT] = amount
                S[g, PEN_CHAIN] = 1
            S[g, TURN] = next_seat(S, g, p, 1, n)
            S[g, PHASE] = PH_PENALTY
            S[g, DRAWN] = -1
            S[g, PEN_SOURCE] = p
            S[g, PEN_CHALLENGE] = 1 if eff == E_WILD_DRAW else 0
        elif eff == E_SKIP:
            _set_turn(S, g, next_seat(S, g, p, 2, n))
        elif eff == E_REVERSE:
            if n == 2 and T[TWO_PLAYER_RULES]:
                _set_turn(S, g, p)
            else:
                S[g, DIRECTION] = -S[g, DIRECTION]
                _set_turn(S, g, next_seat(S, g, p, 1, n))
        elif eff == E_ROTATE:
            _rotate(S, C, T, g, False)
            _set_turn(S, g, next_seat(S, g, p, 1, n))
        else:  # a Seven-0 7 (a swap when it names a seat)
            if target >= 0:
                _swap(S, C, T, g, p, target)
            _set_turn(S, g, next_seat(S, g, p, 1, n))
    if jump_in and S[g, OUT] < 0:
        S[g, JUMP] = 1
        S[g, J_DIRECTION] = pre_dir
        S[g, J_TURN] = pre_turn
        S[g, J_PHASE] = pre_phase
        S[g, J_DRAWN] = pre_drawn
        S[g, J_AMOUNT] = pre_amount
        S[g, J_CHAIN] = pre_chain
        S[g, J_SOURCE] = pre_source
        S[g, J_CHALLENGE] = pre_challenge
        S[g, J_LEGAL] = pre_legal
        S[g, J_OUT] = pre_out
        S[g, J_EFFECT] = eff
        S[g, J_TARGET] = target


@njit(cache=True, inline="always")
def _jump(
    S: np.ndarray,
    C: np.ndarray,
    T: np.ndarray,
    g: int,
    j: int,
    s: int,
    declared: int,
    target: int,
    uno: bool,
) -> None:
    """``Game._do_jump``: undo the covered card's effect, then play the jumper's card."""
    eff = S[g, J_EFFECT]
    if eff == E_ROTATE:
        _rotate(S, C, T, g, True)
    elif eff == E_SEVEN and S[g, J_TARGET] >= 0:
        _swap(S, C, T, g, C[g, T[C_DISCARD_BY] + S[g, DISCARD_N] - 1], S[g, J_TARGET])
    S[g, DIRECTION] = S[g, J_DIRECTION]
    S[g, TURN] = S[g, J_TURN]
    S[g, PHASE] = S[g, J_PHASE]
    S[g, DRAWN] = S[g, J_DRAWN]
    S[g, PEN_AMOUNT] = S[g, J_AMOUNT]
    S[g, PEN_CHAIN] = S[g, J_CHAIN]
    S[g, PEN_SOURCE] = S[g, J_SOURCE]
    S[g, PEN_CHALLENGE] = S[g, J_CHALLENGE]
    S[g, PEN_LEGAL] = S[g, J_LEGAL]
    S[g, OUT] = S[g, J_OUT]
    S[g, UNO_OPEN] = 0
    _play(S, C, T, g, j, s, declared, target, uno)


@njit(cache=True, inline="always")
def _draw_turn(S: np.ndarray, C: np.ndarray, R: np.ndarray, T: np.ndarray, g: int, p: int) -> None:
    """``Game._do_draw`` from the draw pile: one card (with ``draw_until_playable``, until
    one plays, unless the hand held a playable card); a playable card drawn may be played."""
    _move_on(S, g, p)
    row = p1_at(S, T, g)
    until = T[DRAW_UNTIL_PLAYABLE]
    ends = T[DRAW_ENDS_TURN]
    voluntary = False
    if until or ends:
        voluntary = S[g, HELD + p] & p1_bits(S, T, g) != 0
    got = draw(S, C, R, T, g, p, 1)
    if until and not voluntary:
        while got >= 0 and not T[row + got]:
            got = draw(S, C, R, T, g, p, 1)
    if got < 0 or (ends and voluntary) or not T[row + got]:
        _set_turn(S, g, next_seat(S, g, p, 1, T[PLAYERS]))
    else:
        S[g, PHASE] = PH_DRAWN
        S[g, DRAWN] = got


@njit(cache=True, inline="always")
def apply(
    S: np.ndarray,
    C: np.ndarray,
    R: np.ndarray,
    T: np.ndarray,
    LOG: np.ndarray,
    g: int,
    seat: int,
    token: int,
) -> None:
    """Apply ``token`` by ``seat`` (a legal one: ``legal`` set it; ``wait`` is not an action,
    see ``wait``), as ``Game._run`` does, and log it when the batch records."""
    n = T[PLAYERS]
    kind = T[T[O_TOK_KIND] + token]
    # what a simulation counts, as the reference driver counts it
    phase = S[g, PHASE]
    turn_kind = kind in (K_PLAY, K_DRAW, K_TAKE, K_CHALLENGE)
    if seat == S[g, TURN] and phase in (PH_TURN, PH_PENALTY) and turn_kind:
        S[g, TURNS] += 1
    if kind == K_PLAY and phase == PH_PENALTY:
        S[g, STACK_ANSWERS] += 1
    elif kind == K_CATCH:
        S[g, CATCHES] += 1
    elif kind == K_CHALLENGE:
        S[g, CHALLENGES] += 1
    elif kind == K_JUMP:
        S[g, JUMP_INS] += 1
    if kind in (K_PLAY, K_JUMP):
        s = T[T[O_TOK_SLOT] + token]
        target = T[T[O_TOK_TARGET] + token]
        if target >= 0:
            target = seat_at(seat + target, n)
        uno = T[T[O_TOK_UNO] + token] == 1
        color = T[T[O_TOK_COLOR] + token]
        if kind == K_PLAY:
            _play(S, C, T, g, seat, s, color, target, uno)
        else:
            _jump(S, C, T, g, seat, s, color, target, uno)
    elif kind == K_DRAW:
        _draw_turn(S, C, R, T, g, seat)
    elif kind == K_PASS:
        _move_on(S, g, seat)
        _set_turn(S, g, next_seat(S, g, seat, 1, n))
    elif kind == K_TAKE:
        _move_on(S, g, seat)
        draw(S, C, R, T, g, seat, S[g, PEN_AMOUNT])
        _clear_penalty(S, g)
        if S[g, OUT] >= 0:
            end_round(S, g, S[g, OUT])
        else:
            _set_turn(S, g, next_seat(S, g, seat, 1, n))
    elif kind == K_CHALLENGE:
        _move_on(S, g, seat)
        offender = S[g, PEN_SOURCE]
        amount = S[g, PEN_AMOUNT]
        if not S[g, PEN_LEGAL]:  # guilty: the offender draws, the challenger plays on
            draw(S, C, R, T, g, offender, amount)
            _clear_penalty(S, g)
            S[g, OUT] = -1
            _set_turn(S, g, seat)
        else:
            draw(S, C, R, T, g, seat, amount + 2)
            _clear_penalty(S, g)
            if S[g, OUT] >= 0:
                end_round(S, g, S[g, OUT])
            else:
                _set_turn(S, g, next_seat(S, g, seat, 1, n))
    elif kind == K_COLOR:
        _move_on(S, g, seat)
        S[g, COLOR] = T[T[O_TOK_COLOR] + token]
        _set_turn(S, g, S[g, COLOR_NEXT])
        S[g, COLOR_NEXT] = -1
    elif kind == K_UNO:
        S[g, UNO_OPEN] &= ~(1 << seat)
        S[g, SAID] |= 1 << seat
    elif kind == K_CATCH:
        other = seat_at(seat + T[T[O_TOK_TARGET] + token], n)
        S[g, UNO_OPEN] &= ~(1 << other)
        draw(S, C, R, T, g, other, T[UNO_PENALTY])
    # UNO windows stay open only on 1-card hands; a declaration lapses above 1 card
    if S[g, UNO_OPEN] or S[g, SAID]:
        sizes = T[C_HAND_SIZE]
        for s in range(n):
            if C[g, sizes + s] != 1:
                S[g, UNO_OPEN] &= ~(1 << s)
            if C[g, sizes + s] > 1:
                S[g, SAID] &= ~(1 << s)
    if S[g, PEN_CHAIN] > S[g, LONGEST_CHAIN]:
        S[g, LONGEST_CHAIN] = S[g, PEN_CHAIN]
    S[g, VERSION] += 1
    S[g, ACTIONS] += 1
    S[g, LAST] = seat
    k = S[g, LOGGED]
    if k < LOG.shape[1]:  # (a log too short for the game stops: check refuses it)
        LOG[g, k, 0] = seat
        LOG[g, k, 1] = token
        S[g, LOGGED] = k + 1
