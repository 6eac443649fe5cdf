"""UNO Flip (RULES.md §8): 112 double-sided cards and a table that turns over.

Its cards are the two-faced cards of ``core.cards`` (the pairing in ``core.faces``); P9, the
table turning over, is ``core.turn_over``, which any deck of two-faced cards shares. Here:
the deck (``deck``), the Flip card (``flip_card``) and the variant (``variant``).
"""

from .variant import FLIP_GAME

__all__ = ["FLIP_GAME"]
