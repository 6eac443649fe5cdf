"""Variants by name and alias, looked up in ``unoverse.variants.VARIANTS``, the one list of
every variant the engine plays (nothing registers itself: a variant is playable because that
list names it).

The variants are built on the core (their hooks call ``core.setup``), so the core cannot
import them while it loads: the functions here read the list when they are called. This is
the one place the core reaches up a layer, and only inside these functions
(``tests/test_layers.py`` allows it here and nowhere else).
"""

from __future__ import annotations

from .errors import UnknownVariant
from .options import N_, shown
from .variant import Variant


def variants() -> tuple[Variant, ...]:
    """Every variant, in the order ``unoverse.variants.VARIANTS`` lists them."""
    from ..variants import VARIANTS

    return VARIANTS


def get(name: str) -> Variant:
    """The variant called ``name`` (or one of its aliases); ``UnknownVariant`` naming the
    variants otherwise."""
    listed = variants()
    for variant in listed:
        if name == variant.name or name in variant.aliases:
            return variant
    known = ", ".join(sorted(v.name for v in listed))
    raise UnknownVariant(reason=N_("reason.preset.unknown_variant"), given=shown(name), known=known)
