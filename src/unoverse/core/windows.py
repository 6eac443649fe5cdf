"""Windows: what is open in a game, publicly (``Game.windows()``, ``View.windows``).

A window is a ``Window`` value: its kind (one of the named constants below, which are also
its wire names) and the seat it belongs to, or for a jump-in window the number of the card
it is open on (the ``n``-th card to land). The first window of a round going on is the
mandatory one (``TURN``, ``DRAWN``, ``PENALTY``, ``CHALLENGE``, ``COLOR``; ``BLAST`` during
a BLAST event; ``LIVE`` in BLAST mode); the optional ones follow. An optional window never
says who could use it.

``WINDOW_SCHEMA`` lists every kind with the fields it uses and what it means: the docs
(docs/notation.md) and the tests are checked against it, and ``Window.to_dict`` /
``Window.from_dict`` write and read the JSON wire form (the kind and only its fields).
"""

from __future__ import annotations

from typing import ClassVar, Final

from .errors import NotationError
from .value import Value

#: ``seat`` must play a card or draw (press the launcher).
TURN: Final = "turn"
#: ``seat`` drew a playable card: play it or pass.
DRAWN: Final = "drawn"
#: ``seat`` faces a draw penalty: take it or answer it.
PENALTY: Final = "penalty"
#: ``seat`` faces a Wild Draw Four penalty it may also challenge (RULES.md P5).
CHALLENGE: Final = "challenge"
#: ``seat`` declares the colour of a wild turned as the first card.
COLOR: Final = "color"
#: ``seat`` holds one card without having declared UNO: it may declare, others may catch.
UNO: Final = "uno"
#: ``seat``'s illegal play was accepted and may be caught by any other seat.
ILLEGAL: Final = "illegal"
#: A card identical to the top card may jump in on it: the top card is card ``number``.
JUMP: Final = "jump"
#: A BLAST event drawn by ``seat`` is open: the seats able to meet it choose their cards.
BLAST: Final = "blast"
#: BLAST mode: play is live, any active seat may play.
LIVE: Final = "live"


class WindowSpec(Value):
    """One window kind of the vocabulary: its fields besides ``kind``, whether it is the
    mandatory window of the round, and what it means (one line)."""

    __slots__ = ("fields_used", "kind", "mandatory", "meaning")
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "fields_used", "mandatory", "meaning")

    def __init__(
        self, kind: str, fields_used: tuple[str, ...], mandatory: bool, meaning: str
    ) -> None:
        self.kind: Final = kind
        self.fields_used: Final = fields_used
        self.mandatory: Final = mandatory
        self.meaning: Final = meaning

    def fields(self) -> tuple[str, tuple[str, ...], bool, str]:
        """The fields in the order of ``FIELDS``."""
        return (self.kind, self.fields_used, self.mandatory, self.meaning)


_SEAT: Final = ("seat",)

#: Every window kind, in the order the docs list them.
WINDOW_SCHEMA: Final[dict[str, WindowSpec]] = {
    s.kind: s
    for s in (
        WindowSpec(TURN, _SEAT, True, "`seat` plays a card or draws (presses the launcher)"),
        WindowSpec(DRAWN, _SEAT, True, "`seat` drew a playable card: it plays it or passes"),
        WindowSpec(PENALTY, _SEAT, True, "`seat` takes the pending draw penalty or answers it"),
        WindowSpec(
            CHALLENGE,
            _SEAT,
            True,
            "`seat` faces a Wild Draw Four: it takes the penalty, answers it or challenges",
        ),
        WindowSpec(
            COLOR,
            _SEAT,
            True,
            "`seat` declares the colour of the wild turned first, or surfaced by P9",
        ),
        WindowSpec(
            UNO,
            _SEAT,
            False,
            "`seat` holds one card and has not declared UNO: it may declare, others may catch",
        ),
        WindowSpec(
            ILLEGAL, _SEAT, False, "`seat`'s illegal play was accepted: any other seat may catch it"
        ),
        WindowSpec(
            JUMP,
            ("number",),
            False,
            "a card identical to the top card may jump in on it; the top card is the "
            "`number`-th card to land (a jump-in names it: `R7^12`)",
        ),
        WindowSpec(
            BLAST,
            _SEAT,
            True,
            "a BLAST event drawn by `seat` is open: the seats able to meet it choose their "
            "cards (who they are stays hidden)",
        ),
        WindowSpec(LIVE, (), True, "BLAST mode: play is live, any active seat may play"),
    )
}


class Window(Value):
    """One open window: its ``kind`` (a constant of this module), the ``seat`` it belongs to
    (-1: none) and, for a ``JUMP`` window, the ``number`` of the top card: it is the
    ``number``-th card to land (``Game.landed``; -1 otherwise). Read-only and compared by
    value; the engine shares one instance per mandatory window and seat."""

    __slots__ = ("kind", "number", "seat")
    FIELDS: ClassVar[tuple[str, ...]] = ("kind", "seat", "number")

    def __init__(self, kind: str, seat: int = -1, number: int = -1) -> None:
        self.kind: Final = kind
        self.seat: Final = seat
        self.number: Final = number

    def fields(self) -> tuple[str, int, int]:
        """The fields in the order of ``FIELDS``."""
        return (self.kind, self.seat, self.number)

    def __eq__(self, other: object) -> bool:
        # written out (not ``Value``'s tuples): the session compares windows every action
        return (
            isinstance(other, Window)
            and self.kind == other.kind
            and self.seat == other.seat
            and self.number == other.number
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self.number))

    def __repr__(self) -> str:
        """The kind and the fields its kind uses (and any other field set by hand)."""
        spec = WINDOW_SCHEMA.get(self.kind)
        used = () if spec is None else spec.fields_used
        body = "".join(
            f", {name}={value}"
            for name, value in (("seat", self.seat), ("number", self.number))
            if name in used or value != -1
        )
        return f"Window(kind={self.kind!r}{body})"

    def to_dict(self) -> dict[str, object]:
        """The JSON wire form: the kind and the fields its kind uses."""
        spec = WINDOW_SCHEMA.get(self.kind)
        if spec is None:
            raise NotationError(f"window kind {self.kind!r} is not in the vocabulary")
        out: dict[str, object] = {"kind": self.kind}
        for name in spec.fields_used:
            out[name] = self.seat if name == "seat" else self.number
        return out

    @staticmethod
    def from_dict(data: object) -> Window:
        """A window from its wire form (``NotationError`` for anything ``to_dict`` does not
        write)."""
        if not isinstance(data, dict):
            raise NotationError(f"a window is a JSON object, not {data!r:.60}")
        kind = data.get("kind")
        spec = WINDOW_SCHEMA.get(kind) if isinstance(kind, str) else None
        if spec is None or not isinstance(kind, str):
            raise NotationError(
                f"window: kind {kind!r:.40} is not one of {' '.join(WINDOW_SCHEMA)}"
            )
        want = {"kind", *spec.fields_used}
        if set(data) != want:
            raise NotationError(
                f"window {kind}: has fields {sorted(map(str, data))}, wants {sorted(want)}"
            )
        values = {}
        for name in spec.fields_used:
            value = data[name]
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise NotationError(f"window {kind}: {name} is a number >= 0, not {value!r:.40}")
            values[name] = value
        return Window(kind, values.get("seat", -1), values.get("number", -1))


#: ``LIVE``, the only window while play is live (shared: a value; typed as a tuple of any
#: length, which the compiled build keeps boxed, so it is not rebuilt on every use).
LIVE_WINDOWS: Final[tuple[Window, ...]] = (Window(LIVE),)
