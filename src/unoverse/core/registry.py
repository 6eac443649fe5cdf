"""The registry of variants by name and alias (filled by ``unoverse.variants`` on import)."""

from __future__ import annotations

from .errors import UnknownVariant
from .options import shown
from .variant import Variant

_VARIANTS: dict[str, Variant] = {}
_ALIASES: dict[str, str] = {}


def register(variant: Variant) -> Variant:
    """Add a variant under its name and aliases."""
    _VARIANTS[variant.name] = variant
    for alias in (variant.name, *variant.aliases):
        _ALIASES[alias] = variant.name
    return variant


def get(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases)."""
    try:
        return _VARIANTS[_ALIASES[name]]
    except KeyError:
        known = ", ".join(sorted(_VARIANTS)) or "none registered"
        raise UnknownVariant(f"unknown variant {shown(name)}; variants are: {known}") from None


def variants() -> tuple[Variant, ...]:
    """Every registered variant, in registration order."""
    return tuple(_VARIANTS.values())
