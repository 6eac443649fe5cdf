"""UNO Minecraft's draw triggers (M-2): a card that, drawn from the pile, makes its drawer
draw more at once (the Creeper). The variant's data says which cards trigger and how many
they draw (``Rules.draw_trigger``); this module is how a table draws with them. Whether a
triggering card drawn as the turn's draw ends the turn is the turn's rule
(``Rules.trigger_ends_turn``, ``Game``).
"""

from __future__ import annotations

from typing import Final

from . import events as ev
from .events import Event
from .table import Draws, Table


class TriggeredDraws(Draws):
    """Draws from the pile where some cards trigger more draws."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """P2 with draw triggers (the Minecraft Creeper, M-2): a triggering card drawn from
        the pile for any reason is revealed to every seat (a public ``revealed`` event) and
        its drawer draws its extra cards at once; cards drawn that way trigger nothing."""
        pile = t.draw_pile
        hand = t.hands[seat]
        trigger = t.rules.draw_trigger
        got: list[int] = []
        batch: list[int] = []
        for i in range(n):
            if not pile:
                t.reshuffle(events)
                if not pile:
                    events.append(Event(ev.DRAW_SHORT, seat, count=n - i))
                    break
            c = pile.pop()
            hand.append(c)
            got.append(c)
            batch.append(c)
            extra = trigger[c]
            if extra and reason != ev.FOR_REVEALED:
                events.append(Event(ev.DRAW, seat, tuple(batch), len(batch), reason=reason))
                batch = []
                events.append(Event(ev.REVEALED, seat, (c,), extra))
                for o in range(t.n):
                    if o != seat:
                        t.known[o][seat].append(c)  # every seat saw it go into the hand
                got.extend(self.draw(t, seat, extra, ev.FOR_REVEALED, events))
        if batch:
            events.append(Event(ev.DRAW, seat, tuple(batch), len(batch), reason=reason))
        return got


#: The one instance every table with draw triggers shares.
TRIGGERED: Final = TriggeredDraws()
