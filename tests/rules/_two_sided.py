"""A table of two-faced cards for the tests of UNO Flip's mechanisms (RULES.md §8), before
UNO Flip is among the variants: Classic's rules with Flip's colours on each side and the
effects of Flip's draw cards (§8.7)."""

from __future__ import annotations

from dataclasses import fields
from typing import ClassVar

from unoverse.core import effects as fx
from unoverse.core.cards import CARD_COLOR, CARD_KIND, card, color
from unoverse.core.game import Game
from unoverse.core.options import Options
from unoverse.core.phase import Phase
from unoverse.core.variant import DeckRow, Variant
from unoverse.variants.classic import CLASSIC


class TwoSided(Variant):
    """Classic's rules with UNO Flip's colours on each side and its draw cards' effects."""

    dark_colors: ClassVar[tuple[int, ...]] = tuple(color(c) for c in "PTOV")

    def deck_table(self, options: Options) -> tuple[DeckRow, ...]:
        return CLASSIC.deck_table(options)

    def effects(self, options: Options) -> dict[str, tuple[int, int]]:
        return {
            **CLASSIC.effects(options),
            "+1": (fx.DRAW, 1),
            "+5": (fx.DRAW, 5),
            "SA": (fx.SKIP_ALL, 0),
            "W+2": (fx.WILD_DRAW, 2),
            "WDC": (fx.WILD_DRAW_COLOR, 0),
        }


TWO_SIDED = TwoSided(**{f.name: getattr(CLASSIC, f.name) for f in fields(CLASSIC) if f.init})


def table(discard: str, draw: str = "", hand: str = "", *hands: str) -> Game:
    """A 4-seat table: the discard pile (bottom first, its top's colour active), the draw
    pile (bottom first; the last card is drawn next), seat 0's hand and the next seats',
    in the notation; seat 0's turn."""
    g = Game(TWO_SIDED.compile(TWO_SIDED.options()), 4, seed=1)
    g.discard = [card(t) for t in discard.split()]
    g.discard_by = [-1] + [2] * (len(g.discard) - 1)
    g.draw_pile = [card(t) for t in draw.split()]
    for seat, cards in enumerate((hand, *hands)):
        g.hands[seat] = [card(t) for t in cards.split()]
    top = g.discard[-1]
    g.color, g.top_kind = CARD_COLOR[top], CARD_KIND[top]
    g.phase, g.turn = Phase.TURN, 0
    return g
