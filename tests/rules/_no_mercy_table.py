"""Tables of UNO Show 'Em No Mercy (RULES.md §9) for its rule tests: a position laid out in
the card notation, a round dealt from a seed, and random playouts, built from the variant
itself."""

from __future__ import annotations

from unoverse.core.cards import card
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.options import Value
from unoverse.core.seeding import Stream
from unoverse.variants.no_mercy import NO_MERCY

from ._laid import dealt_by_seat_0, laid


def table(
    discard: str, draw: str = "", hand: str = "", *hands: str, players: int = 4, **options: Value
) -> Game:
    """A table of ``players`` seats laid out in the notation (``_laid.laid``); ``options``
    (``no_mercy__mercy`` for ``no_mercy.mercy``)."""
    return laid(NO_MERCY, discard, draw, (hand, *hands), players, options)


def dealt(players: int, seed: int, first: str = "", **options: Value) -> Game:
    """A round dealt from ``seed`` by seat 0, set up by the variant; ``first`` (cards in the
    notation) lie on the draw pile's top in that order, the first turned first."""
    g = dealt_by_seat_0(NO_MERCY, players, seed, options)
    for text in reversed(first.split()):
        c = card(text)
        if c in g.draw_pile:
            g.draw_pile.remove(c)
        else:  # dealt: swap it with a draw pile card
            holder = next(h for h in g.hands if c in h)
            holder[holder.index(c)] = g.draw_pile.pop(0)
        g.draw_pile.append(c)
    NO_MERCY.start(g)
    return g


def playout(g: Game, seed: int, limit: int = 20_000) -> list[Event]:
    """Random legal actions from every seat that may act until the round ends; every event.
    Fails past ``limit`` actions (E-6)."""
    rng = Stream(seed)
    events: list[Event] = []
    for _ in range(limit):
        if g.over:
            return events
        seats = g.acting_seats()
        seat = seats[rng.below(len(seats))]
        offers = g.legal_actions(seat)
        events.extend(g.apply(seat, offers[rng.below(len(offers))]))
    raise AssertionError(f"no end after {limit} actions (E-6)")
