"""P9, a table of two-faced cards turning over (RULES.md §8.8).

The sheet's procedure turns over the discard pile (the card just played ends at the
bottom), then the draw pile, then every hand: every zone keeps its cards, each card shows
its other face (its twin, ``core.cards.TWIN``), and turning a pile over reverses it (FL-6).
The new top card is the former bottom of the discard pile on its other face, which nobody
played: it has no effect (FL-7, FL-9), and a wild face gives no colour until one is named
(FL-8).
Turning over twice restores the table, declared colours aside (§8.12).
"""

from __future__ import annotations

from .cards import CARD_COLOR, CARD_IS_WILD, CARD_KIND, NO_COLOR, TWIN
from .table import Table


def turn_over(g: Table) -> None:
    """Turn every zone of ``g`` over (P9 steps 1–5): the discard pile and the draw pile are
    reversed, every card of the piles, the hands, what seats know of hands and the card just
    drawn shows its other face; the new top card (its face up played by nobody) sets the
    colour and kind, no colour for a wild face (the caller has its colour named, FL-8)."""
    twin = TWIN
    g.discard = [twin[c] for c in reversed(g.discard)]
    g.discard_by.reverse()
    g.draw_pile = [twin[c] for c in reversed(g.draw_pile)]
    for hand in g.hands:
        hand[:] = [twin[c] for c in hand]
    for row in g.known:
        for cards in row:
            cards[:] = [twin[c] for c in cards]
    if g.drawn >= 0:
        g.drawn = twin[g.drawn]
    top = g.discard[-1]
    g.top_kind = CARD_KIND[top]
    g.color = NO_COLOR if CARD_IS_WILD[top] else CARD_COLOR[top]
