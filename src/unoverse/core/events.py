"""Events returned by ``Game.apply``, each with its visibility.

An event is public, private to one seat, or split (its owner sees the cards, everyone else
a count). ``redact(event, seat)`` is the only way an event reaches a player, so hidden
cards never leave the engine by this path.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

PUBLIC: Final = 0
SPLIT: Final = 1
PRIVATE: Final = 2


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. Fields unused by a kind keep their defaults.

    ``kind`` is one of: ``dealer_draw``, ``dealer``, ``deal``, ``starter``, ``starter_returned``,
    ``color``, ``play``, ``draw``, ``uno``, ``false_uno``, ``catch``, ``challenge``, ``reveal``,
    ``take``, ``skip``, ``reverse``, ``turn``, ``reshuffle``, ``draw_short``,
    ``shuffle_hands``, ``illegal_caught``, ``penalize``, ``round_over``.
    """

    kind: str
    seat: int | None = None
    cards: tuple[int, ...] = ()
    count: int = 0
    color: int = -1
    target: int = -1
    info: str = ""
    vis: int = PUBLIC

    @property
    def owner(self) -> int | None:
        """The seat that sees the hidden part (for ``SPLIT`` and ``PRIVATE`` events)."""
        return self.target if self.kind == "reveal" else self.seat


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as ``seat`` may see it (``None`` for a spectator), or None if hidden."""
    if event.vis == PUBLIC or (seat is not None and seat == event.owner):
        return event
    if event.vis == SPLIT:
        return replace(event, cards=())
    return None
