"""UNO Flip's deck (RULES.md §8.2, §8.3): 112 double-sided cards, each a row of its own.

A card is dealt light face up (``R1|P3``); the same card dark face up (``P3|R1``) is a card
id too (``core.cards.TWIN``), never dealt, and scores its dark face's points, so that the
cards left in hands score on the side in play when the round ended (FL-13): its row has no
copies and carries those points.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ...core.faces import CANONICAL
from ...core.variant import DeckRow

#: Points of the faces that are not numbers (§8.2, one list for both sides, [sheet]).
SYMBOL_POINTS: Final = {
    "+1": 10, "S": 20, "R": 20, "F": 20, "W": 40, "W+2": 50,  # light
    "+5": 20, "SA": 30, "WDC": 60,  # dark
}  # fmt: skip


def face_points(face: str) -> int:
    """A face's points: a number its value, a symbol or a wild its entry in §8.2."""
    kind = face if face in SYMBOL_POINTS else face[1:]
    return int(kind) if kind.isdigit() else SYMBOL_POINTS[kind]


def _rows() -> tuple[DeckRow, ...]:
    """The canonical pairing's 111 distinct cards (the two blue 1s are one card, twice),
    light face up with their copies, then dark face up with none."""
    copies = Counter(CANONICAL)
    light = tuple(DeckRow((f"{a}|{b}",), n, face_points(a)) for (a, b), n in copies.items())
    dark = tuple(DeckRow((f"{b}|{a}",), 0, face_points(b)) for (a, b) in copies)
    return light + dark


#: The deck with the canonical pairing (``flip.pairing = "canonical"``, FL-1).
DECK_CANONICAL: Final = _rows()
