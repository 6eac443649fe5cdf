"""UNO Flip (RULES.md §8): 112 double-sided cards and a table that turns over.

Its cards are the two-faced cards of ``core.cards`` (the pairing in ``core.faces``);
``turn_over`` is P9, the table turning over. It is not yet among the variants played
(``unoverse.variants.VARIANTS``).
"""
