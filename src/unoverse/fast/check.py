"""Each batched game, checked against the reference engine.

A batched game exports as its deal — a position in the notation (``unoverse.position``,
docs/notation.md) with the draw pile's order and the game's PRNG state, so later
reshuffles match — and its action list in the card notation. ``check_game`` compares the deal with
``new_game(preset, players, seed)`` (dealer selection, the shuffle, the first-card table),
sets the deal's position up in the reference engine, applies every action through
``Game.apply`` (full validation: an action the reference refuses is a mismatch) and compares
the end: winner, points, every hand, both piles, the turn, the pending penalty and the PRNG.

A disagreement is a defect in one of the two engines; the message says where the games
parted.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core.cards import CARD_IS_WILD, CARD_TEXT, COLOR_LETTERS
from ..core.errors import UnoverseError
from ..core.game import Game, Phase
from ..core.position import position
from ..core.setup import new_game
from . import engine
from . import tables as tb
from .state import (
    ACTIONS,
    COLOR,
    COLOR_NEXT,
    DEALER,
    DIRECTION,
    DISCARD_N,
    DRAW_N,
    LOGGED,
    PEN_AMOUNT,
    PEN_CHALLENGE,
    PEN_LEGAL,
    PH_COLOR,
    PH_OVER,
    PH_PENALTY,
    PHASE,
    TOP_KIND,
    TURN,
    WINNER,
    State,
    new_state,
)
from .tables import Config


@dataclass(frozen=True)
class Mismatch:
    """A batched game the reference engine does not reproduce: its seed, the action where
    they parted (-1: the deal or the end) and why."""

    seed: int
    action: int
    why: str

    def __str__(self) -> str:
        at = "the deal or the end" if self.action < 0 else f"action {self.action}"
        return f"game of seed {self.seed}, at {at}: {self.why}"


def dealt(cfg: Config, seed: int) -> State:
    """A one-game batch holding the deal of ``seed``."""
    st = new_state(cfg.T, 1)
    engine.deal(st.S, st.C, st.R, cfg.T, 0, np.uint64(seed))
    st.SEED[0] = seed
    return st


def _hand(cfg: Config, st: State, g: int, seat: int) -> list[int]:
    """Seat ``seat``'s hand in game ``g``, as card ids."""
    T = cfg.T
    at = int(T[tb.C_HAND]) + seat * int(T[tb.CARDS])
    ids = T[T[tb.O_CARD_ID] :]
    return [int(ids[c]) for c in range(int(T[tb.CARDS])) for _ in range(st.C[g, at + c])]


def _pile(cfg: Config, st: State, g: int, offset: int, count: int) -> list[int]:
    start = int(cfg.T[offset])
    return [int(c) for c in st.C[g, start : start + count]]


def position_text(cfg: Config, st: State, g: int = 0) -> str:
    """The position of game ``g`` (read back by ``unoverse.position``), for a state with no
    window but the mandatory one open (a deal, for instance)."""
    S = st.S[g]
    hands = [
        " ".join(CARD_TEXT[c] for c in _hand(cfg, st, g, s)) or "-" for s in range(cfg.players)
    ]
    k = int(S[DISCARD_N])
    discard = _pile(cfg, st, g, tb.C_DISCARD, k)
    by = _pile(cfg, st, g, tb.C_DISCARD_BY, k)
    top = discard[-1]
    top_text = CARD_TEXT[top]
    if S[PHASE] != PH_COLOR and S[COLOR] >= 0 and CARD_IS_WILD[top]:
        top_text += ":" + COLOR_LETTERS[int(S[COLOR])]
    below = " ".join(
        CARD_TEXT[c] + (f"@{b}" if b >= 0 else "")
        for c, b in zip(discard[:-1], by[:-1], strict=True)
    )
    draw = _pile(cfg, st, g, tb.C_DRAW, int(S[DRAW_N]))
    state = int(st.R[g * (cfg.players + 1)])
    lines = [
        cfg.preset,
        "hands: " + " | ".join(hands),
        f"top: {top_text}@{by[-1] if by[-1] >= 0 else '-'}",
        "discard: " + (below or "-"),
        "draw: " + (" ".join(CARD_TEXT[c] for c in draw) or "-"),
        f"dealer: {S[DEALER]}",
        f"turn: {S[TURN]}",
        f"direction: {'cw' if S[DIRECTION] == 1 else 'ccw'}",
        f"seed: {state}",
    ]
    if S[PHASE] == PH_PENALTY:
        if S[PEN_CHALLENGE]:
            lines.append(
                f"pending: challenge {S[PEN_AMOUNT]} {'legal' if S[PEN_LEGAL] else 'illegal'}"
            )
        else:
            lines.append(f"pending: take {S[PEN_AMOUNT]}")
    elif S[PHASE] == PH_COLOR:
        lines.append(f"declare: {S[COLOR_NEXT]}")
    return "\n".join(lines)


def actions(cfg: Config, st: State, g: int) -> list[tuple[int, int]]:
    """Game ``g``'s recorded actions as (seat, token)."""
    k = int(st.S[g, LOGGED])
    return [(int(seat), int(token)) for seat, token in st.LOG[g, :k]]


def check_game(cfg: Config, st: State, g: int) -> Mismatch | None:
    """Check game ``g`` (played with a log): its deal is ``new_game``'s for its seed, and
    replayed from that deal's position the reference engine accepts every action and ends
    in the same state. None when all holds."""
    seed = int(st.SEED[g])
    if st.S[g, LOGGED] < st.S[g, ACTIONS]:
        return Mismatch(seed, -1, "the log is shorter than the game: play it with a larger log")
    deal = dealt(cfg, seed)
    why = differences(cfg, deal, 0, new_game(cfg.preset, cfg.players, seed))
    if why:
        return Mismatch(seed, -1, f"the deal is not new_game's of the same seed: {why}")
    text = position_text(cfg, deal)
    try:
        game = position(text)
    except UnoverseError as exc:
        return Mismatch(seed, -1, f"the reference refuses the deal: {exc}\n{text}")
    for i, (seat, token) in enumerate(actions(cfg, st, g)):
        act = cfg.space.action(token, seat, game.landed)
        try:
            game.apply(seat, act)
        except UnoverseError as exc:
            return Mismatch(seed, i, f"seat {seat} {act}: refused: {exc}")
    why = differences(cfg, st, g, game)
    return Mismatch(seed, -1, why) if why else None


def deal_mismatch(cfg: Config, seed: int) -> Mismatch | None:
    """The batched deal of ``seed`` against ``new_game(preset, players, seed)``."""
    why = differences(cfg, dealt(cfg, seed), 0, new_game(cfg.preset, cfg.players, seed))
    return Mismatch(seed, -1, why) if why else None


def differences(cfg: Config, st: State, g: int, game: Game) -> str:
    """What differs between batched game ``g`` and the reference ``game`` ("" if nothing)."""
    S = st.S[g]
    out = []

    def same(name: str, mine: object, theirs: object) -> None:
        if mine != theirs:
            out.append(f"{name}: batched {mine}, reference {theirs}")

    for s in range(cfg.players):
        same(f"hand {s}", sorted(_hand(cfg, st, g, s)), sorted(game.hands[s]))
    same("draw pile", _pile(cfg, st, g, tb.C_DRAW, int(S[DRAW_N])), game.draw_pile)
    same("discard pile", _pile(cfg, st, g, tb.C_DISCARD, int(S[DISCARD_N])), game.discard)
    same("discard_by", _pile(cfg, st, g, tb.C_DISCARD_BY, int(S[DISCARD_N])), game.discard_by)
    same("phase", int(S[PHASE]), int(game.phase))
    same("winner", int(S[WINNER]), game.winner)
    if game.phase == Phase.OVER and S[PHASE] == PH_OVER:
        same("points", engine.points(st.S, st.C, cfg.T, g), game.round_points())
    else:
        same("turn", int(S[TURN]), game.turn)
        same("colour", int(S[COLOR]), game.color)
        same("top kind", int(S[TOP_KIND]), game.top_kind)
        same("direction", int(S[DIRECTION]), game.direction)
        same("pending", int(S[PEN_AMOUNT]), game.pen_amount)
    same("dealer", int(S[DEALER]), game.dealer)
    same("PRNG", int(st.R[g * (cfg.players + 1)]), game.rng.state)
    return "; ".join(out)
