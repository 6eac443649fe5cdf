"""The variants, registered by name on import."""

from ..core.registry import register
from .attack import ATTACK
from .classic import CLASSIC
from .minecraft import MINECRAFT

register(CLASSIC)
register(MINECRAFT)
register(ATTACK)

__all__ = ["ATTACK", "CLASSIC", "MINECRAFT"]
