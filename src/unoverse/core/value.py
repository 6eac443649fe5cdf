"""The base of the engine's read-only values (events, views, pending penalties).

Plain classes with ``__slots__`` and ``Final`` attributes rather than dataclasses or named
tuples, because the engine builds them on every action and the compiled build makes a plain
class several times faster; this base gives them value semantics from one ``fields()``.
"""

from __future__ import annotations

from typing import ClassVar


class Value:
    """Compared, hashed and shown by its fields (``FIELDS`` names them, ``fields()`` gives
    them in that order)."""

    __slots__ = ()
    FIELDS: ClassVar[tuple[str, ...]] = ()

    def fields(self) -> tuple[object, ...]:
        """The fields in the order of ``FIELDS``."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Value)
            and type(other) is type(self)
            and self.fields() == other.fields()
        )

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={v!r}" for n, v in zip(self.FIELDS, self.fields(), strict=True))
        return f"{type(self).__name__}({body})"
