"""No Mercy's three 168-card decks (RULES.md §9.2, NM-0) with the points of §9.13.

The sheet says only "168 Cards"; ``fw_168`` (default) is the fan wiki's breakdown, 36 cards
per colour and 24 wilds; ``rg_168`` has 3 of every colour action card (38 per colour) and 4
of each wild type; ``om_168`` one 0 per colour (37) and 4 plain Wilds besides.
"""

from __future__ import annotations

from typing import Final

from ...core.variant import DeckRow

COLORS: Final = "RYGB"
#: The colour action cards (§9.2), 20 points each [sheet].
ACTIONS: Final = ("+2", "+4", "S", "SA", "R", "DA")
#: The wild action cards, 50 points each [sheet].
WILDS: Final = ("WR4", "W+6", "W+10", "WCR")


def _deck(zeros: int, actions: dict[str, int], wilds: dict[str, int]) -> tuple[DeckRow, ...]:
    """``zeros`` 0s and two of each other number per colour, ``actions`` copies per colour of
    each colour action card, ``wilds`` copies of each wild."""
    rows = [DeckRow(tuple(f"{c}0" for c in COLORS), zeros, 0)]
    rows += [DeckRow(tuple(f"{c}{n}" for c in COLORS), 2, n) for n in range(1, 10)]
    rows += [DeckRow(tuple(f"{c}{k}" for c in COLORS), n, 20) for k, n in actions.items()]
    rows += [DeckRow((k,), n, 50) for k, n in wilds.items()]
    return tuple(rows)


_THREE_EACH: Final = dict.fromkeys(ACTIONS, 3)
_FOUR_EACH: Final = dict.fromkeys(WILDS, 4)

#: The default (NM-0): +2, S, R, DA ×3, +4, SA ×2 per colour; WR4 8, W+6 4, W+10 4, WCR 8.
FW_168: Final = _deck(
    2,
    {"+2": 3, "+4": 2, "S": 3, "SA": 2, "R": 3, "DA": 3},
    {"WR4": 8, "W+6": 4, "W+10": 4, "WCR": 8},
)
#: 38 per colour, 16 wilds.
RG_168: Final = _deck(2, _THREE_EACH, _FOUR_EACH)
#: 37 per colour (one 0), 20 wilds with 4 plain Wilds (50 points, as the other wilds).
OM_168: Final = _deck(1, _THREE_EACH, {**_FOUR_EACH, "W": 4})

#: By ``no_mercy.deck``.
DECKS: Final = {"fw_168": FW_168, "rg_168": RG_168, "om_168": OM_168}
