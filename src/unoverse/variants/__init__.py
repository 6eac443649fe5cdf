"""The variants, registered by name on import."""

from ..core.registry import register
from .classic import CLASSIC

register(CLASSIC)

__all__ = ["CLASSIC"]
