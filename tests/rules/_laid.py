"""A variant's table laid out in the card notation, for the rule tests of the variants that
build their games from the variant itself (``_flip_table``, ``_no_mercy_table``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from unoverse.core import events as ev
from unoverse.core.cards import CARD_COLOR, CARD_KIND, card
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.options import Value
from unoverse.core.phase import Phase
from unoverse.core.setup import deal
from unoverse.core.variant import Variant


def new(variant: Variant, players: int, seed: int, options: Mapping[str, Value]) -> Game:
    """A game of ``variant`` with ``options`` given as keywords: ``flip__first_flip`` is
    ``flip.first_flip``."""
    names = {k.replace("__", "."): v for k, v in options.items()}
    return Game(variant.compile(variant.options(names)), players, seed)


def laid(
    variant: Variant,
    discard: str,
    draw: str,
    hands: Sequence[str],
    players: int,
    options: Mapping[str, Value],
) -> Game:
    """A table of ``players`` seats: the discard pile (bottom first, its top's colour
    active), the draw pile (bottom first; the last card is drawn next), seat 0's hand and the
    next seats', in the notation; seat 0's turn."""
    g = new(variant, players, 1, options)
    g.discard = [card(t) for t in discard.split()]
    g.discard_by = [-1] + [2] * (len(g.discard) - 1)
    g.draw_pile = [card(t) for t in draw.split()]
    for seat, cards in enumerate(hands):
        g.hands[seat] = [card(t) for t in cards.split()]
    top = g.discard[-1]
    g.color, g.top_kind = CARD_COLOR[top], CARD_KIND[top]
    g.phase, g.turn = Phase.TURN, 0
    return g


def dealt_by_seat_0(
    variant: Variant, players: int, seed: int, options: Mapping[str, Value]
) -> Game:
    """A round dealt from ``seed`` by seat 0, before its first card is turned."""
    g = new(variant, players, seed, options)
    g.dealer = 0
    g.setup_events.append(Event(ev.DEALER, 0))
    deal(g, g.setup_events)
    return g
