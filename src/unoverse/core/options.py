"""Options: typed, named, with defaults per variant, and the preset grammar of RULES.md §6.

A preset is ``variant(+name[=value])*``, e.g. ``classic+draw_ends_turn+false_uno_penalty=2``.
A bare name sets a boolean option to true and is an error for any other option.
Variant-specific options are written ``variant.name`` (``classic.deck``); the short form
(``deck``) is accepted wherever it is unambiguous. Spaces around names and values are
ignored; an integer is written in ASCII digits. A preset holds at most ``MAX_PRESET``
characters.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Final, Literal

from .. import i18n
from .errors import InvalidOptionValue, NotationError, UnknownOption

#: Marks an error's reason (a catalogue key: ``core.reasons``).
N_: Final = i18n.N_

OptionType = Literal["bool", "int", "choice", "optional_int"]
Value = bool | int | str | None

_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}
#: An integer option's text: ASCII digits, at most 18 (any more is beyond every maximum).
_INTEGER: Final = re.compile(r"[+-]?[0-9]{1,18}")
#: The longest preset accepted (every option of the largest variant, written out with its
#: canonical name, takes under a thousand characters).
MAX_PRESET: Final = 10_000


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option: canonical name, type, default, allowed values and a line of help."""

    name: str
    type: OptionType
    default: Value
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 1_000_000

    @property
    def short(self) -> str:
        """The name without its variant prefix (``deck`` for ``classic.deck``)."""
        return self.name.rsplit(".", 1)[-1]

    def allowed(self) -> str:
        """What values this option admits, for error messages and ``unoverse variants``."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return " | ".join(self.choices)
        integer = f"an integer from {self.minimum} to {self.maximum}"
        return f"none or {integer}" if self.type == "optional_int" else integer

    def parse(self, raw: object) -> Value:
        """Check and convert a value given as text or as a Python value (of any type: a
        wrong one is an ``InvalidOptionValue``)."""
        if isinstance(raw, str):
            return self._parse_text(raw)
        if self.type == "bool" and isinstance(raw, bool):
            return raw
        if (
            self.type in ("int", "optional_int")
            and isinstance(raw, int)
            and not isinstance(raw, bool)
        ):
            return self._check_int(raw)
        if self.type == "optional_int" and raw is None:
            return None
        raise self._refused(raw)

    def _parse_text(self, raw: str) -> Value:
        text = raw.strip().lower()
        if self.type == "bool":
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
        elif self.type == "choice":
            if raw in self.choices:
                return raw
        elif self.type == "optional_int" and text in ("none", "off"):
            return None
        elif _INTEGER.fullmatch(text):
            return self._check_int(int(text))
        raise self._refused(raw)

    def _check_int(self, value: int) -> int:
        if not self.minimum <= value <= self.maximum:
            raise self._refused(value)
        return value

    def _refused(self, raw: object) -> InvalidOptionValue:
        """A value this option does not admit, and what it admits (``allowed``), as a reason
        and its fields, so the player reads it in their language."""
        given = shown(raw)
        if self.type == "bool":
            return InvalidOptionValue(
                reason=N_("reason.option.bool"), option=self.name, given=given
            )
        if self.type == "choice":
            choices = " | ".join(self.choices)
            return InvalidOptionValue(
                reason=N_("reason.option.choice"), option=self.name, given=given, choices=choices
            )
        reason = N_("reason.option.int") if self.type == "int" else N_("reason.option.optional_int")
        return InvalidOptionValue(
            reason=reason,
            option=self.name,
            given=given,
            minimum=self.minimum,
            maximum=self.maximum,
        )

    def format(self, value: Value) -> str:
        """The text form of a value, as a preset writes it."""
        if value is None:
            return "none"
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)


class Options(Mapping[str, Value]):
    """The resolved options of a game: every option of the variant, by canonical name."""

    __slots__ = ("_hash", "_values")

    def __init__(self, values: Mapping[str, Value]) -> None:
        self._values = dict(values)
        self._hash = hash(tuple(sorted(self._values.items(), key=lambda kv: kv[0])))

    def __getitem__(self, name: str) -> Value:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._values == other._values

    def __hash__(self) -> int:
        return self._hash

    def text(self, name: str) -> str:
        """A choice option."""
        return str(self._values[name])


def resolve_name(
    specs: Mapping[str, OptionSpec], name: object, variant: str, offered: Iterable[str]
) -> OptionSpec:
    """The spec a user-written name refers to: canonical, or unambiguous short form (a name
    that is not text is an unknown option). An unknown name's message lists ``offered``, the
    names the variant offers (``Variant.offered``), not those it declares and refuses."""
    if not isinstance(name, str):
        raise UnknownOption(f"an option name is text, not {shown(name)}")
    if name in specs:
        return specs[name]
    matches = [s for s in specs.values() if s.short == name]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        names = ", ".join(s.name for s in matches)
        raise UnknownOption(
            reason=N_("reason.option.ambiguous"), given=shown(name), variant=variant, names=names
        )
    known = ", ".join(sorted(offered))
    raise UnknownOption(
        reason=N_("reason.option.unknown"), given=shown(name), variant=variant, known=known
    )


def split_preset(preset: object) -> tuple[str, list[tuple[str, str | None]]]:
    """Split ``variant+name=value+flag`` into the variant and ``(name, value-or-None)`` pairs
    (names and values stripped of spaces)."""
    if not isinstance(preset, str):
        raise NotationError(f"a preset is text such as 'classic+jump_in', not {shown(preset)}")
    if len(preset) > MAX_PRESET:
        raise NotationError(
            reason=N_("reason.preset.too_long"),
            preset=shown(preset),
            length=len(preset),
            most=MAX_PRESET,
        )
    parts = preset.split("+")
    variant = parts[0].strip()
    if not variant:
        raise NotationError(reason=N_("reason.preset.no_variant"), preset=shown(preset))
    pairs: list[tuple[str, str | None]] = []
    for part in parts[1:]:
        if not part:
            raise NotationError(reason=N_("reason.preset.empty_option"), preset=shown(preset))
        name, eq, value = part.partition("=")
        if not name.strip():
            raise NotationError(
                reason=N_("reason.preset.no_name"), preset=shown(preset), given=shown(part)
            )
        pairs.append((name.strip(), value.strip() if eq else None))
    return variant, pairs


def shown(value: object) -> str:
    """``value`` quoted for an error message, cut short if long (it is the user's input)."""
    if isinstance(value, int) and value.bit_length() > 128:  # (too long to print whole)
        return f"a {value.bit_length()}-bit integer"
    text = reprlib.repr(value)  # (bounded in depth and length: it may be nested without end)
    return text if len(text) <= 40 else text[:37] + "..."
