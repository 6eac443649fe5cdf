"""A rated round's ranking (``ratings`` rates it): who played it, and in what place. A
room's owner makes it as the round ends; it needs neither the database nor the rating
model, so a table that is never rated (the terminal game's) loads neither."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def ranks(winner: int, leftovers: Sequence[int], playing: Sequence[int]) -> dict[int, int]:
    """Each playing seat's rank in a round (1: the winner; then by points left in hand,
    fewest first, equal points sharing a rank)."""
    others = sorted({leftovers[s] for s in playing if s != winner})
    return {s: 1 if s == winner else 2 + others.index(leftovers[s]) for s in playing}


@dataclass(frozen=True)
class RatedRound:
    """A rated round as the store rates it: its variant, and each playing seat's player
    (an account's id, or a bot level) with the seat's rank."""

    variant: str
    seats: tuple[tuple[int | str, int], ...]
