"""Tables of UNO Flip (RULES.md §8) for its rule tests: a position laid out in the card
notation, or a round dealt from a seed with a chosen first card, built from the variant
itself."""

from __future__ import annotations

from unoverse.core import events as ev
from unoverse.core.backs import see
from unoverse.core.cards import CARD_COLOR, CARD_KIND, card
from unoverse.core.events import Event
from unoverse.core.game import Game
from unoverse.core.options import Value
from unoverse.core.phase import Phase
from unoverse.core.setup import deal
from unoverse.variants.flip import FLIP_GAME


def table(
    discard: str, draw: str = "", hand: str = "", *hands: str, players: int = 4, **options: Value
) -> Game:
    """A table of ``players`` seats: the discard pile (bottom first, its top's colour
    active), the draw pile (bottom first; the last card is drawn next), seat 0's hand and the
    next seats', in the notation, each card seen both ways by its holder; seat 0's turn;
    ``options`` (``flip__first_flip`` for ``flip.first_flip``)."""
    g = Game(FLIP_GAME.compile(FLIP_GAME.options(_names(options))), players, seed=1)
    g.discard = [card(t) for t in discard.split()]
    g.discard_by = [-1] + [2] * (len(g.discard) - 1)
    g.draw_pile = [card(t) for t in draw.split()]
    for seat, cards in enumerate((hand, *hands)):
        g.hands[seat] = [card(t) for t in cards.split()]
    top = g.discard[-1]
    g.color, g.top_kind = CARD_COLOR[top], CARD_KIND[top]
    g.phase, g.turn = Phase.TURN, 0
    return g


def dealt(players: int, seed: int, first: str, **options: Value) -> Game:
    """A round dealt from ``seed`` by seat 0 whose draw pile shows ``first`` on top when the
    first card is turned (§8.5), then set up by the variant."""
    g = Game(FLIP_GAME.compile(FLIP_GAME.options(_names(options))), players, seed)
    g.dealer = 0
    g.setup_events.append(Event(ev.DEALER, 0))
    deal(g, g.setup_events)
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


def _names(options: dict[str, Value]) -> dict[str, Value]:
    """Keyword names as option names: ``flip__first_flip`` is ``flip.first_flip``."""
    return {k.replace("__", "."): v for k, v in options.items()}
