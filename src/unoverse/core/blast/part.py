"""UNO Blast's own part of the state (RULES.md §5.5–§5.8): what no other rule set has.

A table of UNO Blast holds one ``BlastPart`` in its ``blast`` slot; every other table holds
None there, so the other rule sets neither keep, copy nor save these fields. The part's
fields are declared once, in ``FIELDS`` (the columns of ``core.state``): its copy is written
from them (``core.blast.copying``, by tools/gen_state.py) and the tests of the state
(``tests/state``) hold the codec, views, positions and determinisation to them as they hold
the shared table's. The machinery that changes them is ``core.blast.machinery``.
"""

from __future__ import annotations

from typing import Final

from ..actions import BlastChoices
from ..state import Copy, Field, Seen, Shape, Transient
from .owed import THEN_KEEP

#: BLAST mode's last accepted card before any card: no time, no seat, no card.
NO_CARD: Final = (float("-inf"), -1, -1)
#: The mandatory window a BLAST event interrupted, when none is: (turn, phase, drawn card).
NOTHING_SAVED: Final = (-1, 0, -1)


class BlastPart:
    """UNO Blast's fields: the BLAST event, the owed draws and BLAST mode's live table."""

    __slots__ = (
        "accepted",
        "armed",
        "blocked",
        "card",
        "chosen",
        "drawer",
        "due",
        "lock",
        "offers",
        "owed",
        "paid",
        "pending",
        "quiet",
        "saved",
        "spent",
        "then",
    )

    def __init__(self, players: int) -> None:
        """No event open, nothing owed, nothing armed, blocked or locked."""
        # The BLAST event (§5.5): the active BLAST card (-1: none), who drew it, the seats
        # that must meet it (hidden), their chosen cards (hidden until the reveal), each due
        # seat's sets (built once, on access), a BLAST card just drawn whose event is about
        # to open, the window it interrupted (turn, phase, drawn card), and the spent BLAST
        # pile (shuffled back with the discards, B-15).
        self.card = -1
        self.drawer = -1
        self.due: list[int] = []
        self.chosen: dict[int, tuple[int, ...]] = {}
        self.offers: dict[int, BlastChoices] = {}
        self.pending = -1
        self.saved: tuple[int, int, int] = NOTHING_SAVED
        self.spent: list[int] = []
        # Draws still owed when an event interrupts them, in order: (seat, cards or
        # ``UNTIL`` a card plays, reason); what follows once they are done (``THEN_*``,
        # seat); and whether draws are the event's own penalty (BLAST cards drawn then are
        # put back, B-14).
        self.owed: list[tuple[int, int, str]] = []
        self.then: tuple[int, int] = (THEN_KEEP, -1)
        self.quiet = False
        # BLAST mode (real time, §5.8): each seat's armed card (-1: none), the seat a
        # Bloqueo blocks (-1: none), the colours it locks, the last accepted card (arrival
        # time, seat, card) and the seats that have drawn its holding penalty.
        self.armed = [-1] * players
        self.blocked = -1
        self.lock: list[int] = []
        self.accepted: tuple[float, int, int] = NO_CARD
        self.paid: list[int] = []

    def spend(self) -> None:
        """The resolved BLAST card goes to the spent pile (B-15); the event's drawer and the
        window it interrupted are forgotten (a state between events holds neither)."""
        self.spent.append(self.card)
        self.card = -1
        self.drawer = -1
        self.saved = NOTHING_SAVED
        self.offers = {}

    def lapse(self) -> None:
        """Whatever is pending — an open BLAST event, owed draws — lapses: the round ends."""
        if self.card >= 0:
            self.due = []
            self.chosen = {}
            self.spend()
        self.owed.clear()
        self.then = (THEN_KEEP, -1)


def or_new(part: BlastPart | None, players: int) -> BlastPart:
    """``part``, or for a table without one a new part: what reads a table's fields then
    reads a table without the part as one whose part is as new (nothing open or owed)."""
    return part if part is not None else BlastPart(players)


_S, _R, _L, _P, _M = Shape.SCALAR, Shape.RECORD, Shape.LIST, Shape.PER_SEAT, Shape.MAP
_PUB, _OWN, _NOBODY = Seen.PUBLIC, Seen.OWN, Seen.NOBODY
_V, _SH, _NONE = Copy.VALUE, Copy.SHALLOW, Copy.NONE

#: Every field of ``BlastPart``, in the order of its ``__slots__`` (the columns of
#: ``core.state.Field``; the saved keys are the same as before the part had its own table).
FIELDS: Final[tuple[Field, ...]] = (
    Field("accepted", _R, _PUB, _V, ("live.accepted",), ("accepted",)),
    # others see only that a card is held up
    Field("armed", _P, _OWN, _SH, ("live.armed",), ("armed",)),
    Field("blocked", _S, _PUB, _V, ("live.blocked",), ("blocked",)),
    Field("card", _S, _PUB, _V, ("blast.card",), ("blast",)),
    # each due seat's chosen set, shown only when the event resolves
    Field("chosen", _M, _OWN, _SH, ("blast.chosen",), ("chosen",)),
    Field("drawer", _S, _PUB, _V, ("blast.drawer",), ("blast", "turn")),
    # who must meet the event: a seat learns only that it is due (its legal actions)
    Field("due", _L, _NOBODY, _SH, ("blast.due",), ("blast", "hands")),
    Field("lock", _L, _PUB, _SH, ("live.lock",), ("lock",)),
    Field("offers", _M, _OWN, _SH, (), transient=Transient.CACHE),
    Field("owed", _L, _PUB, _SH, ("owed",), ("owed",)),
    Field("paid", _L, _PUB, _SH, ("live.paid",), ("paid",)),
    Field("pending", _S, _PUB, _NONE, (), transient=Transient.ACTION),
    Field("quiet", _S, _PUB, _NONE, (), transient=Transient.ACTION),
    Field("saved", _R, _PUB, _V, ("blast.saved",), ("resume",)),
    Field("spent", _L, _PUB, _SH, ("spent",), ("spent",)),
    Field("then", _R, _PUB, _V, ("then",), ("then",)),
)
