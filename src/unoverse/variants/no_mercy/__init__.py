"""UNO Show 'Em No Mercy (RULES.md §9): 168 cards, stacking by value, the Mercy rule at 25
cards, 7's Swap and 0's Pass, and the Wild Color Roulette.

Built from the engine's mechanisms (§9.3): ``stacking=blast_ge`` for the chains,
``elimination`` for the Mercy rule, ``must_play`` for drawing until a card plays, the
hand moves of Seven-0 and the Discard All, Skip All and Blast's wild draw cards. Here: the
decks (``deck``), the Roulette (``roulette``) and the variant (``variant``).
"""

from .variant import NO_MERCY

__all__ = ["NO_MERCY"]
