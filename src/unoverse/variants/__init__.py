"""The variants: ``VARIANTS`` lists every variant the engine plays, in the order it shows
them (``unoverse variants``, ``unoverse.variants()``). A variant is playable because it is
listed here; importing a variant's module changes no state anywhere. ``core.registry`` looks
names and aliases up in this list (docs/architecture.md, "Adding a variant")."""

from typing import Final

from ..core.variant import Variant
from .attack import ATTACK
from .blast import BLAST
from .classic import CLASSIC
from .flip import FLIP_GAME
from .full_spectrum import FULL_SPECTRUM
from .minecraft import MINECRAFT
from .no_mercy import NO_MERCY

VARIANTS: Final[tuple[Variant, ...]] = (
    CLASSIC,
    MINECRAFT,
    ATTACK,
    FULL_SPECTRUM,
    BLAST,
    FLIP_GAME,
    NO_MERCY,
)

__all__ = [
    "ATTACK",
    "BLAST",
    "CLASSIC",
    "FLIP_GAME",
    "FULL_SPECTRUM",
    "MINECRAFT",
    "NO_MERCY",
    "VARIANTS",
]
