"""The variants, registered by name on import."""

from ..core.registry import register
from .attack import ATTACK
from .blast import BLAST
from .classic import CLASSIC
from .full_spectrum import FULL_SPECTRUM
from .minecraft import MINECRAFT

register(CLASSIC)
register(MINECRAFT)
register(ATTACK)
register(FULL_SPECTRUM)
register(BLAST)

__all__ = ["ATTACK", "BLAST", "CLASSIC", "FULL_SPECTRUM", "MINECRAFT"]
