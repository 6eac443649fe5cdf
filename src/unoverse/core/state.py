"""The fields of a game state, declared once: what each holds, who sees it, how a copy and a
saved game keep it.

``Table`` (``core.table``, the base of ``Game``) keeps its state in about fifty slots. A
field reaches several places — ``__slots__``, ``__init__``, ``copy``, the codec both ways
(``core.codec``), the views (``core.view``), positions (``core.position``) and
determinisation (``core.determinise``) — and the engine's loop needs each of them written
out, not driven by a table (a copy spelled out is the fast one: ISMCTS copies games
constantly). ``FIELDS`` is the one declaration of every field. The copy is written from it
(``core.copying``, by tools/gen_state.py); the tests (``tests/state``) hold the other places
to it: every slot is in the table and every row a slot; a field that is not ``transient`` is
copied, and comes back from a saved game; a field hidden from a seat never reaches that
seat's view; a determinisation redraws every hidden field.

What only one rule set has is not the table's: it is that rule set's *part* of the state,
one slot of the table (``Shape.PART``) holding an object with its own fields, or None at
every other table (UNO Blast's, ``core.blast.part``). A part declares its fields in a table
of its own, with these columns, and ``core.parts`` lists the parts: its copy is written by
the same tool and the same tests hold it, so a rule set's state costs the others nothing.

The codec reads its list of keys from here (``saved_keys``).
"""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple


class Shape(Enum):
    """What a field holds."""

    SCALAR = "an int, a bool or a phase"
    RECORD = "an immutable tuple, or None"
    LIST = "a list of immutable items: cards, seats, records or events"
    PER_SEAT = "a list of one int or bool per seat"
    NESTED = "a list of one list of cards per seat"
    GRID = "a list, per seat, of a list of cards per seat"
    MAP = "a dict from a seat to an immutable value"
    OBJECT = "an object (or None: the launcher of a game without one)"
    PART = "a rule set's own part of the state (or None): its fields have their own table"


class Seen(Enum):
    """Which seats may see a field (in their view, or through their own legal actions)."""

    PUBLIC = "every seat"
    OWN = "each seat its own entry (a per-seat field); another seat at most its size"
    TURN = "the seat holding the mandatory window"
    NOBODY = "no seat (at most its size)"


class Copy(Enum):
    """How ``Game.copy`` keeps a field: how deep the copy goes."""

    VALUE = "the same immutable value"
    SHALLOW = "a new list or dict of the same immutable items"
    ROWS = "a new list of new lists"
    CELLS = "a new list of new lists of new lists"
    METHOD = "the object's own copy (an Rng: a new one in the same state)"
    SHARED = "the same object: immutable, or a transient log"
    PART = "the part's own copy into the new table's part (the same rules: both or none)"
    NONE = "not copied: the copy has what __init__ gives it"


class Transient(Enum):
    """Why a field is not part of the state a copy or a saved game must keep."""

    NO = "part of the state"
    ACTION = "set and reset within one action: between actions it has its __init__ value"
    CACHE = "a cache of what other fields hold, rebuilt when read"
    LOG = "the events of the deal, for the round's log"


class Field(NamedTuple):
    """One field of ``Game``."""

    name: str
    shape: Shape
    seen: Seen
    copy: Copy
    #: The keys of a saved game that hold it (``a.b``: key ``b`` of object ``a``); none for a
    #: transient field.
    saved: tuple[str, ...]
    #: The keys of a position that set it (``core.position``); none for a transient field.
    position: tuple[str, ...] = ()
    transient: Transient = Transient.NO


# Short names for the columns of the table below.
_S, _R, _L, _P, _N, _G, _M, _O = (
    Shape.SCALAR,
    Shape.RECORD,
    Shape.LIST,
    Shape.PER_SEAT,
    Shape.NESTED,
    Shape.GRID,
    Shape.MAP,
    Shape.OBJECT,
)
_PUB, _OWN, _TURN, _NOBODY = Seen.PUBLIC, Seen.OWN, Seen.TURN, Seen.NOBODY
_V, _SH, _ROWS, _CELLS, _METHOD, _SHARED, _NONE = (
    Copy.VALUE,
    Copy.SHALLOW,
    Copy.ROWS,
    Copy.CELLS,
    Copy.METHOD,
    Copy.SHARED,
    Copy.NONE,
)
_PENALTY = ("penalty",)

#: The fields a new table takes from its constructor's arguments (``Game(rules, n, seed)``):
#: the rules and how cards are drawn (from the rules), the seat count, and the PRNG.
BY_CONSTRUCTOR: Final = frozenset({"rules", "draws", "n", "rng"})

#: Every field of ``Game``, in the order of its ``__slots__``.
FIELDS: Final[tuple[Field, ...]] = (
    # the seats not eliminated: derived from ``eliminated``, kept for speed
    Field("active", _S, _PUB, _V, ("eliminated",), ("eliminated",)),
    # UNO Blast's own fields (``core.blast.part``), None in every other rule set
    Field("blast", Shape.PART, _PUB, Copy.PART, ()),
    # eliminated hands, face down
    Field("buried", _L, _NOBODY, _SH, ("buried",), ("buried",)),
    Field("color", _S, _PUB, _V, ("color",), ("top",)),
    Field("color_next", _S, _PUB, _V, ("color_next",), ("declare",)),
    Field("dealer", _S, _PUB, _V, ("dealer",), ("dealer",)),
    Field("direction", _S, _PUB, _V, ("direction",), ("direction",)),
    Field("discard", _L, _PUB, _SH, ("discard",), ("top", "discard")),
    Field("discard_by", _L, _PUB, _SH, ("discard_by",), ("top", "discard")),
    # its order is nobody's; its size is public
    Field("draw_pile", _L, _NOBODY, _SH, ("draw",), ("draw",)),
    # the card just drawn, its drawer's alone
    Field("drawn", _S, _TURN, _V, ("drawn",), ("drawn",)),
    # how cards come to a hand (``core.table.Draws``): chosen from the rules, shared like them
    Field("draws", _O, _PUB, _SHARED, ("variant", "options")),
    Field("eliminated", _P, _PUB, _SH, ("eliminated",), ("eliminated",)),
    # each seat its own hand; the others' sizes are public
    Field("hands", _N, _OWN, _ROWS, ("hands",), ("hands",)),
    Field("illegal", _R, _PUB, _V, ("illegal",), ("illegal",)),
    Field("jump_undo", _R, _PUB, _V, ("jump",), ("jump",)),
    # known[o][h]: what seat o has seen in seat h's hand, row o seat o's alone
    Field("known", _G, _OWN, _CELLS, ("known",), ("known",)),
    Field("landed", _S, _PUB, _V, ("landed",), ("landed",)),
    Field("launcher", _O, _PUB, _METHOD, ("launcher",), ("launcher",)),
    Field("n", _S, _PUB, _V, ("players",), ("players", "hands")),
    # the last list ``legal_actions`` returned, its seat and version: ``apply`` runs one of
    # those very actions unchecked at that version (a copy, at the same version, shares it)
    Field("offers", _R, _NOBODY, _SHARED, (), transient=Transient.CACHE),
    Field("offers_seat", _S, _NOBODY, _V, (), transient=Transient.CACHE),
    Field("offers_version", _S, _NOBODY, _V, (), transient=Transient.CACHE),
    Field("out", _S, _PUB, _V, ("out",), ("hands",)),
    Field("pen_amount", _S, _PUB, _V, _PENALTY, ("pending",)),
    Field("pen_chain", _S, _PUB, _V, _PENALTY, ("pending",)),
    Field("pen_challenge", _S, _PUB, _V, _PENALTY, ("pending",)),
    # whether the pending Wild Draw Four was legal: a challenge shows it
    Field("pen_legal", _S, _NOBODY, _V, _PENALTY, ("pending",)),
    Field("pen_returned", _S, _PUB, _V, _PENALTY, ("pending",)),
    Field("pen_source", _S, _PUB, _V, _PENALTY, ("top",)),
    Field("pen_until", _S, _PUB, _V, ("pen_until",), ("pending",)),
    Field(
        "phase",
        _S,
        _PUB,
        _V,
        ("phase",),
        ("pending", "drawn", "declare", "hands", "winner", "blast"),
    ),
    Field("rng", _O, _NOBODY, _METHOD, ("rng",), ("seed",)),
    # the variant, options and their tables: immutable, shared by every copy
    Field("rules", _O, _PUB, _SHARED, ("variant", "options")),
    Field("said_uno", _P, _PUB, _SH, ("said_uno",), ("said",)),
    # events of the deal, each with its own visibility (``core.events.redact``)
    Field("setup_events", _L, _NOBODY, _SHARED, (), transient=Transient.LOG),
    Field("strict", _S, _PUB, _V, ("strict",), ("strict",)),
    Field("top_kind", _S, _PUB, _V, ("top_kind",), ("top",)),
    Field("turn", _S, _PUB, _V, ("turn",), ("turn",)),
    Field("uno_open", _L, _PUB, _SH, ("uno_open",), ("uno",)),
    Field("version", _S, _PUB, _V, ("version",), ("version",)),
    Field("winner", _S, _PUB, _V, ("winner",), ("hands", "winner")),
)


def saved_keys(fields: tuple[Field, ...] = FIELDS) -> frozenset[str]:
    """The top-level keys of a saved game that hold ``fields`` (``format`` aside)."""
    return frozenset(key.partition(".")[0] for f in fields for key in f.saved)
