"""UNO Flip's Flip card (RULES.md §8.7, §8.8): once it has landed, the table turns over.

The Flip is the variant's own effect (``Variant.landings``, code ``FLIP``). It runs P9 at
once, not pending (FL-7), and the turn passes to the next seat: a Flip skips nobody. The card
that surfaces was not played: it has no effect (FL-9), and if its face is a wild it has no
colour until one is named, by the next seat as its first action (FL-8) or by the player of
the Flip (``flip.surfaced_wild_color = "flip_player"``), in the colour window. Played as the
last card it lands only under ``flip.last_flip_flips`` (FL-12, ``lands_last``): the table
turns, then the engine ends the round, which scores on the new side.
"""

from __future__ import annotations

from typing import Final

from ...core import events as ev
from ...core.actions import Action
from ...core.cards import NO_COLOR
from ...core.effects import OWN_EFFECTS
from ...core.events import Event
from ...core.phase import Phase
from ...core.plays import Plays
from ...core.table import Table
from ...core.turn_over import turn_over

#: The Flip's effect code, among the variants' own (``effects.OWN_EFFECTS``).
FLIP: Final = OWN_EFFECTS[0]


def flip(
    g: Plays, p: int, amount: int, victim: int, a: Action, mult: int, events: list[Event]
) -> None:
    """``p``'s Flip has landed: the table turns over (P9), then the next seat plays, or
    names the colour of a surfaced wild first (FL-8); the last card: the round ends."""
    turn_table(g, p, events)
    if not g.hands[p]:  # the last card, under flip.last_flip_flips: the round ends (FL-12)
        return
    g.set_turn(g.next_seat(p))
    if g.color == NO_COLOR:
        g.phase = Phase.COLOR
        g.color_next = g.turn
        if g.rules.options["flip.surfaced_wild_color"] == "flip_player":
            g.turn = p


def turn_table(g: Table, p: int, events: list[Event]) -> None:
    """Turn the table over for ``p``'s Flip (-1: the first card, FL-11), with its event.
    Under ``flip.observer_tracking = "by_card"`` every seat then knows each card of the
    other hands by id: it saw both its faces, and follows it (FL-5)."""
    turn_over(g)
    if g.rules.options["flip.observer_tracking"] == "by_card":
        for o, row in enumerate(g.known):
            for h, hand in enumerate(g.hands):
                if h != o:
                    row[h] = list(hand)
    events.append(Event(ev.TURN_OVER, p if p >= 0 else None))
