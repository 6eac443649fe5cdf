"""What a seat can infer about cards it cannot see, from its view alone.

The *unknown pool* is every card of the deck the seat has not located: not in its hand,
not face up on the discard pile, not seen in another hand. Those cards lie, in an order the
seat cannot know, in the other hands' unseen parts, the draw pile (or launcher) and any
face-down pile. Bots weigh chances on it (``chance_holds``), and search bots deal it out to
build the games they imagine (``unoverse.core.determinise``, where the pool is defined).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..core.determinise import unknown_counts, unknown_pool
from ..core.view import View

__all__ = ["chance_holds", "unknown_counts", "unknown_pool"]


def chance_holds(
    view: View, seat: int, wanted: Callable[[int], bool], pool: Counter[int] | None = None
) -> float:
    """The chance that ``seat`` holds at least one card for which ``wanted`` is true, given
    what the viewing seat knows: 1 if it has seen one there, else the chance that the
    seat's unseen cards, a uniform draw from the unknown pool (``pool``, from
    ``unknown_counts``, when the caller has it already), include one (hypergeometric)."""
    seen = view.known[seat] if view.known else ()
    if any(wanted(c) for c in seen):
        return 1.0
    hidden = view.hand_sizes[seat] - len(seen)
    if pool is None:
        pool = unknown_counts(view)
    good = sum(k for c, k in pool.items() if wanted(c))
    total = pool.total()
    if hidden <= 0 or good == 0:
        return 0.0
    # P(none of ``hidden`` cards drawn without replacement is wanted)
    miss = 1.0
    for i in range(min(hidden, total)):
        miss *= (total - good - i) / (total - i)
        if miss <= 0.0:
            return 1.0
    return 1.0 - miss
