"""No Mercy's Wild Color Roulette (RULES.md §9.7, NM-11): not a Draw Card; its victim, the
next seat, reveals cards one at a time until one of a named colour comes (P10 with
``reveal = True``: every card is shown to every seat, and each is checked for Mercy), keeps
them all and loses its turn.

Two effects of the variant's own (``Variant.landings``):

* ``ROULETTE`` (``no_mercy.roulette_color = "victim"``, the default): the card is played
  without a colour; the victim names one in the colour window (``Variant.named``), which
  becomes the colour of play, then reveals.
* ``ROULETTE_PLAYER`` (``"player"``): the player names the colour with the card, and the
  victim reveals as it lands: it has no choice to make (U-N-9).
"""

from __future__ import annotations

from typing import Final

from ...core.actions import Action
from ...core.cards import CARD_COLOR, NO_COLOR
from ...core.effects import OWN_EFFECTS
from ...core.events import ELIMINATED, FOR_PENALTY, SHOWN, Event
from ...core.phase import Phase
from ...core.plays import Plays

#: The Roulette's effect codes, among the variants' own (``effects.OWN_EFFECTS``).
ROULETTE: Final = OWN_EFFECTS[0]
ROULETTE_PLAYER: Final = OWN_EFFECTS[1]


def roulette(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """``p``'s Roulette has landed, no colour named: the next seat names one (NM-11)."""
    v = g.next_seat(p)
    g.color = NO_COLOR
    g.turn = v
    g.phase = Phase.COLOR
    g.color_next = v
    g.drawn = -1


def named(g: Plays, v: int, events: list[Event]) -> None:
    """The victim ``v`` named the colour: it reveals until that colour, then loses its
    turn."""
    reveal(g, v, g.color, events)


def roulette_player(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """``p``'s Roulette has landed with the colour ``p`` named (``roulette_color =
    "player"``): the next seat reveals until it comes, then loses its turn."""
    reveal(g, g.next_seat(p), g.color, events)


def reveal(g: Plays, v: int, color: int, events: list[Event]) -> None:
    """P10(v, ``color``, reveal = True): card by card until one of ``color`` (a wild has
    none), each shown to every seat (a public ``shown`` event lists them, U-N-2); a
    knockout stops it (NM-12), and so does an empty supply (only without Mercy). Then the
    seat after ``v`` plays."""
    known = g.known
    shown: list[int] = []
    while True:
        at = len(events)
        got = g.draw(v, 1, FOR_PENALTY, events)
        if not got:
            break
        shown.append(got[0])
        if g.eliminated[v]:  # its hand is set aside, hidden (NM-13): told after the reveal
            out = next(i for i in range(at, len(events)) if events[i].kind == ELIMINATED)
            events.insert(out, Event(SHOWN, v, tuple(shown), color=color))
            break
        for o, row in enumerate(known):
            if o != v:
                row[v].append(got[0])
        if CARD_COLOR[got[0]] == color:
            break
    if not g.eliminated[v]:
        events.append(Event(SHOWN, v, tuple(shown), color=color))
    if not g.over:
        g.set_turn(g.next_seat(v))
