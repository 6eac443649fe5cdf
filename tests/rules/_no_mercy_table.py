"""Tables of UNO Show 'Em No Mercy (RULES.md §9) for its rule tests: a position laid out in
the card notation, a round dealt from a seed, and random playouts, built from the variant
itself (it is not in ``unoverse.variants.VARIANTS`` yet)."""

from __future__ import annotations

from unoverse.core import events as ev
from unoverse.core.cards import CARD_COLOR, CARD_KIND, card
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.options import Value
from unoverse.core.phase import Phase
from unoverse.core.seeding import Stream
from unoverse.core.setup import deal
from unoverse.variants.no_mercy import NO_MERCY


def table(
    discard: str, draw: str = "", hand: str = "", *hands: str, players: int = 4, **options: Value
) -> Game:
    """A table of ``players`` seats: the discard pile (bottom first, its top's colour
    active), the draw pile (bottom first; the last card is drawn next), seat 0's hand and the
    next seats', in the notation; seat 0's turn; ``options`` (``no_mercy__mercy`` for
    ``no_mercy.mercy``)."""
    g = Game(NO_MERCY.compile(NO_MERCY.options(_names(options))), players, seed=1)
    g.discard = [card(t) for t in discard.split()]
    g.discard_by = [-1] + [2] * (len(g.discard) - 1)
    g.draw_pile = [card(t) for t in draw.split()]
    for seat, cards in enumerate((hand, *hands)):
        g.hands[seat] = [card(t) for t in cards.split()]
    top = g.discard[-1]
    g.color, g.top_kind = CARD_COLOR[top], CARD_KIND[top]
    g.phase, g.turn = Phase.TURN, 0
    return g


def dealt(players: int, seed: int, first: str = "", **options: Value) -> Game:
    """A round dealt from ``seed`` by seat 0, set up by the variant; ``first`` (cards in the
    notation) lie on the draw pile's top in that order, the first turned first."""
    g = Game(NO_MERCY.compile(NO_MERCY.options(_names(options))), players, seed)
    g.dealer = 0
    g.setup_events.append(Event(ev.DEALER, 0))
    deal(g, g.setup_events)
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


def _names(options: dict[str, Value]) -> dict[str, Value]:
    """Keyword names as option names: ``no_mercy__mercy`` is ``no_mercy.mercy``."""
    return {k.replace("__", "."): v for k, v in options.items()}
