"""Events returned by ``Game.apply``, each with its visibility.

An event is public, private to one seat, or split (its owner sees the cards, everyone else
a count). ``redact(event, seat)`` is the only way an event reaches a player, so hidden
cards never leave the engine by this path.
"""

from __future__ import annotations

from typing import ClassVar, Final

from .value import Value

PUBLIC: Final = 0
SPLIT: Final = 1
PRIVATE: Final = 2


class Event(Value):
    """Something that happened. Fields unused by a kind keep their defaults.

    Read-only (``Final``: mypy refuses an assignment, the compiled engine raises), compared
    and hashed by value (``Value``), and shared by every seat that may see it whole.

    ``kind`` is one of: ``dealer_draw``, ``dealer``, ``deal``, ``starter``, ``starter_returned``,
    ``color``, ``play``, ``draw``, ``uno``, ``false_uno``, ``catch``, ``challenge``, ``reveal``,
    ``take``, ``skip``, ``reverse``, ``turn``, ``reshuffle``, ``draw_short``,
    ``shuffle_hands``, ``illegal_caught``, ``penalize``, ``round_over``.
    """

    __slots__ = ("cards", "color", "count", "info", "kind", "seat", "target", "vis")
    FIELDS: ClassVar[tuple[str, ...]] = (
        "kind",
        "seat",
        "cards",
        "count",
        "color",
        "target",
        "info",
        "vis",
    )

    def __init__(
        self,
        kind: str,
        seat: int | None = None,
        cards: tuple[int, ...] = (),
        count: int = 0,
        color: int = -1,
        target: int = -1,
        info: str = "",
        vis: int = PUBLIC,
    ) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.cards: Final = cards
        self.count: Final = count
        self.color: Final = color
        self.target: Final = target
        self.info: Final = info
        self.vis: Final = vis

    def fields(self) -> tuple[str, int | None, tuple[int, ...], int, int, int, str, int]:
        """The fields in their declared order."""
        return (
            self.kind,
            self.seat,
            self.cards,
            self.count,
            self.color,
            self.target,
            self.info,
            self.vis,
        )

    @property
    def owner(self) -> int | None:
        """The seat that sees the hidden part (for ``SPLIT`` and ``PRIVATE`` events)."""
        return self.target if self.kind == "reveal" else self.seat


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as ``seat`` may see it (``None`` for a spectator), or None if hidden."""
    if event.vis == PUBLIC or (seat is not None and seat == event.owner):
        return event
    if event.vis == SPLIT:
        e = event
        return Event(e.kind, e.seat, (), e.count, e.color, e.target, e.info, e.vis)
    return None
