"""Tables of UNO Flip (RULES.md §8) for its rule tests: a position laid out in the card
notation, or a round dealt from a seed with a chosen first card, built from the variant
itself."""

from __future__ import annotations

from unoverse.core.backs import see
from unoverse.core.cards import card
from unoverse.core.game import Game
from unoverse.core.options import Value
from unoverse.variants.flip import FLIP_GAME

from ._laid import dealt_by_seat_0, laid


def table(
    discard: str, draw: str = "", hand: str = "", *hands: str, players: int = 4, **options: Value
) -> Game:
    """A table of ``players`` seats laid out in the notation (``_laid.laid``), each card seen
    both ways by its holder; ``options`` (``flip__first_flip`` for ``flip.first_flip``)."""
    return laid(FLIP_GAME, discard, draw, (hand, *hands), players, options)


def dealt(players: int, seed: int, first: str, **options: Value) -> Game:
    """A round dealt from ``seed`` by seat 0 whose draw pile shows ``first`` on top when the
    first card is turned (§8.5), then set up by the variant."""
    g = dealt_by_seat_0(FLIP_GAME, players, seed, options)
    c = card(first)
    if c in g.draw_pile:
        g.draw_pile.remove(c)
    else:  # dealt: swap it with the draw pile's top
        holder = next(h for h in g.hands if c in h)
        holder[holder.index(c)] = g.draw_pile.pop()
    g.draw_pile.append(c)
    FLIP_GAME.start(g)
    if g.rules.hidden_backs:  # what the first card and the draw pile's top show
        see(g)
    return g
