"""Markers of the owed draws (``machinery.owe``): draws an event may interrupt, and what
follows them once they are done (UNO Blast, RULES.md §5.5 and §5.8)."""

from __future__ import annotations

from typing import Final

#: An owed draw that goes on until a card plays (the Blast turn's draw, §5.7).
UNTIL: Final = -1
#: An owed draw of one card that passes on seat by seat until a card plays (BLAST mode's
#: draw round, §5.8).
ROUND: Final = -2

#: What follows owed draws: nothing (the interrupted window resumes), the turn passes to the
#: seat after the given one (the penalty is cleared), the given seat wins (it went out), or
#: real-time play goes on (BLAST mode: a draw round if nobody can play).
THEN_KEEP: Final = 0
THEN_NEXT: Final = 1
THEN_OUT: Final = 2
THEN_LIVE: Final = 3
