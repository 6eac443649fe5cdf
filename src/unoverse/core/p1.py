"""P1, the legal-play test, as tables: one byte per card id for every active colour and top
kind, so the engine answers "does this card play?" with one index (RULES.md §0.4 P1).

A variant's colour steps widen the test: in Full Spectrum a card of the colour after the
active one plays whatever its number or symbol (the chromatic step, RULES.md §4.5).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from .cards import (
    CARD_COLOR,
    CARD_IS_WILD,
    CARD_KIND,
    COLOR_LETTERS,
    KIND_INDEX,
    KIND_NUMBER,
    N_CARDS,
    N_KINDS,
)

#: The row of active colour ``col`` and top kind ``k`` is ``rows[(col + 1) * P1_STRIDE + k
#: + 1]``; colour and kind may be -1 (none).
P1_STRIDE: Final = N_KINDS + 1

#: Colour steps: ``steps[col]`` are the colours that also play when ``col`` is active.
Steps = tuple[tuple[int, ...], ...]
#: No step: P1 as RULES.md §0.4 writes it.
NO_STEPS: Final[Steps] = tuple(() for _ in COLOR_LETTERS)


#: UNO Blast's Numeral: besides its colour and its symbol, it plays on any number by
#: declaring it (RULES.md §5.6, B-11); which numbers it may declare is the engine's check.
NUMERAL: Final = KIND_INDEX["N"]


def _row(color: int, kind: int, steps: tuple[int, ...]) -> bytes:
    """Which cards a player may lay on a top card of ``kind`` with ``color`` active."""
    on_number = kind >= 0 and KIND_NUMBER[kind] >= 0
    return bytes(
        [
            CARD_IS_WILD[c]
            or CARD_COLOR[c] == color
            or CARD_KIND[c] == kind
            or CARD_COLOR[c] in steps
            or (CARD_KIND[c] == NUMERAL and on_number)
            for c in range(N_CARDS)
        ]
    )


@cache
def p1_rows(steps: Steps = NO_STEPS) -> tuple[bytes, ...]:
    """P1 for every active colour and top kind, widened by ``steps`` (built once per
    distinct ``steps``)."""
    return tuple(
        _row(col, k, steps[col] if col >= 0 else ())
        for col in range(-1, len(COLOR_LETTERS))
        for k in range(-1, N_KINDS)
    )


#: P1 with no colour step, shared by every variant without one.
P1_PLAIN: Final = p1_rows()


def chromatic_steps(colors: int, *, wrap: bool, bidirectional: bool) -> Steps:
    """Full Spectrum's steps over the first ``colors`` colours of the chromatic order
    (RULES.md §4.3): the next colour (FS-1: after the last comes the first when ``wrap``),
    and the previous one too when ``bidirectional`` (the fan original, S16)."""

    def step(col: int, by: int) -> tuple[int, ...]:
        other = col + by
        if 0 <= other < colors:
            return (other,)
        return (other % colors,) if wrap else ()

    return tuple(
        (*step(col, 1), *(step(col, -1) if bidirectional else ())) if col < colors else ()
        for col in range(len(COLOR_LETTERS))
    )


#: A first turn restricted to the colour (``attack.strict_first_color``, A-7): by colour,
#: the cards of that colour only, no wild.
STRICT_ROWS: Final = tuple(
    bytes([CARD_COLOR[c] == col and not CARD_IS_WILD[c] for c in range(N_CARDS)])
    for col in range(len(COLOR_LETTERS))
)
