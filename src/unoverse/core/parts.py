"""The parts of the state that belong to one rule set (``core.state``, ``Shape.PART``).

A part is a slot of the table holding an object of the rule set's own (None at every other
table), whose fields are declared in a table of their own with the columns of
``core.state.Field``. tools/gen_state.py writes each part's copy from its table, into the
part's package, and the tests of the state (``tests/state``) hold every part's fields to the
codec, the views, positions and determinisation as they hold the shared table's.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from .blast import part as blast_part
from .state import FIELDS, Field, Seen, Shape


class Part(NamedTuple):
    """One rule set's part of the state."""

    #: The table's slot that holds it (a row of ``core.state.FIELDS`` of ``Shape.PART``).
    slot: str
    #: Its class and the package (under ``unoverse.core``) of its class and generated copy.
    cls: type
    package: str
    #: Its fields, in the order of the class's ``__slots__``.
    fields: tuple[Field, ...]


#: Every part, by the table's slot that holds it.
PARTS: Final[tuple[Part, ...]] = (Part("blast", blast_part.BlastPart, "blast", blast_part.FIELDS),)


def every_field() -> tuple[tuple[str, Field], ...]:
    """Every field of the state with its path: the table's by name, a part's as
    ``slot.name`` (the part's own rows; the table's row of the part itself is left out)."""
    table = tuple((f.name, f) for f in FIELDS if f.shape is not Shape.PART)
    return table + tuple((f"{p.slot}.{f.name}", f) for p in PARTS for f in p.fields)


def hidden() -> tuple[tuple[str, Field], ...]:
    """The fields some seat may not see, with their paths: a determinisation must draw them
    anew."""
    return tuple((path, f) for path, f in every_field() if f.seen is not Seen.PUBLIC)


def saved_fields() -> tuple[Field, ...]:
    """The rows of every field a saved game may hold, the parts' included."""
    return tuple(f for _, f in every_field())
