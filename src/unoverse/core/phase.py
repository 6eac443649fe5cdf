"""The phase of a game: which mandatory window is open (its own module so that views and
codecs can name it without importing the engine)."""

from __future__ import annotations

from enum import IntEnum
from typing import Final


class Phase(IntEnum):
    """Which mandatory window is open."""

    TURN = 0  # ``turn`` plays a card or draws
    DRAWN = 1  # ``turn`` drew a playable card: play that card or pass
    PENALTY = 2  # ``turn`` faces a draw penalty: take it (or challenge a Wild Draw Four)
    COLOR = 3  # ``turn`` declares the colour of a Wild turned as the first card
    OVER = 4  # the round is over
    BLAST = 5  # a BLAST event (UNO Blast, §5.5): the seats able to meet it choose their cards
    LIVE = 6  # UNO Blast's BLAST mode (§5.8): no turns, any active seat may play at any moment


#: Phase names as views and saved games write them.
PHASE_NAMES: Final = tuple(p.name.lower() for p in Phase)
#: The phases by value: ``PHASES[n]`` is ``Phase(n)`` without the enum's lookup.
PHASES: Final = tuple(Phase)
