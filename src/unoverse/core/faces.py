"""Cards with two faces: UNO Flip's deck, whose every card has a light face and a dark face,
and its canonical pairing (RULES.md §8.3, FL-1), the physical deck on record (S22).

A two-faced card is written ``light|dark``, light face first (``R1|P3``, ``W|T3``,
``RS|W``). Its number in the deck, 0 to 111, follows the table of §8.3: red 1–9, ``+1``,
``S``, ``R``, ``F``, then yellow, green and blue the same way, then the four ``W`` and the
four ``W+2``, each light face's copies in the listed order (0 is ``R1|P3``, 1 ``R1|V2``, 111
``W+2|V9``). The pairing matters for play: every seat sees the inactive faces of the others'
cards (§8.4), and a back narrows down its front.

This module is data only, with no import from the engine: ``core.cards`` gives each distinct
card an id per face (``cards.TWIN``).
"""

from __future__ import annotations

from typing import Final

#: The light side's colours and the dark side's (RULES.md §8.2).
LIGHT_COLORS: Final = "RYGB"
DARK_COLORS: Final = "PTOV"
#: The light side's coloured kinds, in the table's order.
LIGHT_KINDS: Final = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+1", "S", "R", "F")

#: By light kind, then light colour (``LIGHT_COLORS``): the dark faces on the backs of its two
#: copies, copy 1 first (§8.3's table, row by row).
_COLORED_BACKS: Final = {
    "1": ("P3 V2", "W PSA", "O5 OF", "VSA VSA"),
    "2": ("OR V+5", "T1 T8", "T+5 TSA", "O8 P6"),
    "3": ("WDC P7", "P+5 V1", "PF V2", "V8 T2"),
    "4": ("OF V+5", "P+5 VF", "P8 T9", "V1 T+5"),
    "5": ("P2 T5", "V9 T8", "O7 T4", "OR P9"),
    "6": ("O9 PSA", "WDC OSA", "WDC P5", "VR TSA"),
    "7": ("O1 V5", "O2 V6", "O6 T2", "O3 OSA"),
    "8": ("VR T7", "O2 P1", "PR T9", "T4 TR"),
    "9": ("V5 TR", "V4 T5", "O+5 PR", "O5 VF"),
    "+1": ("P3 P4", "P1 V8", "O6 T6", "P6 T6"),
    "S": ("W O+5", "O3 TF", "O9 V4", "P9 T1"),
    "R": ("V3 T7", "W TF", "O1 P7", "W O4"),
    "F": ("P8 V3", "O8 P4", "WDC T3", "V6 V7"),
}
#: The light wilds' four copies, each with the dark face on its back.
_WILD_BACKS: Final = {"W": "P5 PF V7 T3", "W+2": "O4 O7 P2 V9"}


def _canonical() -> tuple[tuple[str, str], ...]:
    pairs: list[tuple[str, str]] = []
    for i, light_color in enumerate(LIGHT_COLORS):
        for kind in LIGHT_KINDS:
            pairs += [(light_color + kind, dark) for dark in _COLORED_BACKS[kind][i].split()]
    for wild, backs in _WILD_BACKS.items():
        pairs += [(wild, dark) for dark in backs.split()]
    return tuple(pairs)


#: By number in the deck: the card's (light face, dark face), in the notation of RULES.md §0.6.
CANONICAL: Final[tuple[tuple[str, str], ...]] = _canonical()


def card_text(number: int) -> str:
    """The notation of the deck's card ``number``, both faces: ``light|dark``."""
    light, dark = CANONICAL[number]
    return f"{light}|{dark}"
