"""Pressing UNO Attack's launcher for a seat (§3.3): how a table with a launcher draws.

The launcher itself — how many cards a press fires, its state — is ``core.launcher``; this
module takes the fired cards from the loaded pile into the presser's hand, reloads an empty
launcher (A-6) and reports each press. The turn's rules for a press (it ends the turn, a
press with a playable card is a renege) are ``Game``'s.
"""

from __future__ import annotations

from typing import Final

from . import events as ev
from .events import Event
from .launcher import UNTIL_FIRE_CAP
from .table import Draws, Table


class LauncherDraws(Draws):
    """Draws as presses of the table's launcher: ``n`` cards are ``n`` presses."""

    def draw(self, t: Table, seat: int, n: int, reason: str, events: list[Event]) -> list[int]:
        """``n`` presses of the launcher for ``seat``."""
        return self.press(t, seat, n, reason, events)

    def draw_until_fire(self, t: Table, seat: int, reason: str, events: list[Event]) -> list[int]:
        """Press until the launcher fires (Wild Hit-Fire)."""
        return self.press(t, seat, 0, reason, events, until_fire=True)

    def press(
        self,
        t: Table,
        seat: int,
        presses: int,
        reason: str,
        events: list[Event],
        until_fire: bool = False,
    ) -> list[int]:
        """Press the launcher ``presses`` times for ``seat`` (or, ``until_fire``, until it
        fires: forced on press ``UNTIL_FIRE_CAP``). Each press is a ``press`` event with the
        cards it fired (seen by the presser; others see the count). An empty launcher is
        reloaded first (A-6, which resets it); with nothing to reload a press fires nothing,
        and a press-until-fire stops there."""
        launcher = t.launcher
        assert launcher is not None
        pile = t.draw_pile
        hand = t.hands[seat]
        got: list[int] = []
        done = 0
        while done < presses or until_fire:
            done += 1
            if not pile:
                t.reshuffle(events)
                if not pile:
                    events.append(Event(ev.PRESS, seat, reason=reason))
                    if until_fire:
                        break
                    continue
            want = launcher.press(t.rng, until_fire and done >= UNTIL_FIRE_CAP)
            fired: list[int] = []
            for _ in range(min(want, len(pile))):
                c = pile.pop()
                hand.append(c)
                fired.append(c)
            events.append(Event(ev.PRESS, seat, tuple(fired), len(fired), reason=reason))
            if fired:
                got.extend(fired)
                if until_fire:
                    break
        return got


#: The one instance every table with a launcher shares.
PRESSES: Final = LauncherDraws()
