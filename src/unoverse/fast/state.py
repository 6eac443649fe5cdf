"""The batched games' state: one row per game in a few arrays (numba reads them by index).

``State`` holds a batch of rounds of one configuration in four arrays (numba passes each
array argument with a reference count, so few arrays keep calls cheap). Each game's scalars
sit in a row of ``S`` at the field indices below; its cards in a row of ``C`` at the offsets
``tables.C_*`` give: hands as counts by card slot, hand sizes, the draw and discard piles
(card ids, top last) with who played each discard, and its last public plays for the
observations. ``R`` holds each game's PRNG (the reference engine's, ``unoverse.fast.rng``)
followed by each seat's policy stream; ``LOG`` every (seat, token) applied, when the batch
records its games (its width is the cap on a game's actions).
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np

from .tables import C_WIDTH, CARDS, PLAYERS

# -- fields of a row of ``S`` ------------------------------------------------------------
TURN: Final = 0
PHASE: Final = 1
DIRECTION: Final = 2
DEALER: Final = 3
COLOR: Final = 4  # active colour (-1: a wild first card's, still to declare)
TOP_KIND: Final = 5
DRAWN: Final = 6  # slot of the card just drawn, while PHASE is DRAWN (-1)
PEN_AMOUNT: Final = 7
PEN_CHAIN: Final = 8
PEN_SOURCE: Final = 9
PEN_CHALLENGE: Final = 10
PEN_LEGAL: Final = 11
OUT: Final = 12  # seat out of cards while its last card's penalty is pending (-1)
WINNER: Final = 13
LANDED: Final = 14  # serial number of the top card
UNO_OPEN: Final = 15  # bit per seat: UNO windows open
SAID: Final = 16  # bit per seat: declared UNO since its hand last held 2+ cards
JUMP: Final = 17  # 1 while a jump-in window is open on the top card
# what a jump-in undoes: the state before the top card was played, and its hand moves
J_DIRECTION: Final = 18
J_TURN: Final = 19
J_PHASE: Final = 20
J_DRAWN: Final = 21
J_AMOUNT: Final = 22
J_CHAIN: Final = 23
J_SOURCE: Final = 24
J_CHALLENGE: Final = 25
J_LEGAL: Final = 26
J_OUT: Final = 27
J_EFFECT: Final = 28
J_TARGET: Final = 29
COLOR_NEXT: Final = 30
VERSION: Final = 31  # +1 per action applied
ASKED: Final = 32  # bit per seat: seats that waited on this version (the asking order)
ASKED_AT: Final = 33
LAST: Final = 34  # the last seat that acted
DRAW_N: Final = 35
DISCARD_N: Final = 36
LOGGED: Final = 37  # entries in LOG
PLAYS: Final = 38  # public plays so far (HI is a ring of the last ones)
ACTIONS: Final = 39  # actions applied (waits are not actions)
FIRST: Final = 40  # the seat whose move came first
TRUNCATED: Final = 41  # 1: cut off at the action cap
RING: Final = 42  # where the next play goes in the ring of the last plays
# what a simulation counts (``sim.simulate``'s counts, the same events)
TURNS: Final = 43
CATCHES: Final = 44
CHALLENGES: Final = 45
STACK_ANSWERS: Final = 46
LONGEST_CHAIN: Final = 47
JUMP_INS: Final = 48
ROTATIONS: Final = 49
SWAPS: Final = 50
#: The card slots each seat holds, a bit per slot, one field per seat (``HELD + seat``; up to
#: ``MAX_SEATS``): kept beside the hands' counts so that finding the playable cards is one
#: ``and`` with a table's row (``tables.O_P1_BITS``), not a scan of every slot.
HELD: Final = 51
MAX_SEATS: Final = 10
#: Then cards played, by slot, and cards drawn, by slot (``T[CARDS]`` each).
PLAYED: Final = HELD + MAX_SEATS
FIELDS: Final = PLAYED

# -- phases (``core.phase.Phase``) and action kinds (``core.actions.Kind``) ----------------
PH_TURN: Final = 0
PH_DRAWN: Final = 1
PH_PENALTY: Final = 2
PH_COLOR: Final = 3
PH_OVER: Final = 4
K_PLAY: Final = 0
K_DRAW: Final = 1
K_PASS: Final = 2
K_TAKE: Final = 3
K_CHALLENGE: Final = 4
K_UNO: Final = 5
K_CATCH: Final = 6
K_COLOR: Final = 8
K_JUMP: Final = 10


class State(NamedTuple):
    """A batch of games (see the module's docstring)."""

    S: np.ndarray  # int64 [games, FIELDS + 2 * cards]
    C: np.ndarray  # int16 [games, T[C_WIDTH]]: hands, hand sizes, piles, plays
    R: np.ndarray  # uint64 [games * (seats + 1)]: the game's PRNG, then each seat's stream
    LOG: np.ndarray  # int16 [games, cap, 2]: (seat, token) per action, when recorded
    SEED: np.ndarray  # uint64 [games]: the seed each game was dealt from


def new_state(T: np.ndarray, games: int, log: int = 0) -> State:
    """An empty batch of ``games`` for the tables ``T`` (deal each with ``engine.deal``);
    ``log`` > 0 records up to that many actions per game."""
    return State(
        S=np.zeros((games, FIELDS + 2 * int(T[CARDS])), np.int64),
        C=np.zeros((games, int(T[C_WIDTH])), np.int16),
        R=np.zeros(games * (int(T[PLAYERS]) + 1), np.uint64),
        LOG=np.zeros((games, log, 2), np.int16),
        SEED=np.zeros(games, np.uint64),
    )
