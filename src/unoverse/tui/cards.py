"""Cards in the terminal: a chip of the card's colour with its notation on it (``R7``,
``W+4``), and its name in words for the log and the choices.

A two-faced card (RULES.md §8) is written face up first, then its back (``R1|P3``;
docs/notation.md): the face up is the card in play, so its colour, its chip and the start of
its name are the face's; the back follows, smaller on the chip and after the face in words.
A card whose back its holder has not seen (§8.4, FL-3) comes as its face alone (``R1``).

Colour is never the only cue: every chip carries the card's text, whose first letter is its
colour (docs/notation.md), and every colour has its name in words, so a terminal without
colour (``NO_COLOR``) or a player who does not tell red from green loses nothing. The fills
and inks are the browser's (``web/static/cards.js``), chosen for contrast, so the chips read
on dark and light terminals alike.
"""

from __future__ import annotations

from typing import Final

from ..core.cards import COLOR_LETTERS
from ..i18n import t

#: Each colour letter's fill and ink.
CHIP: Final[dict[str, tuple[str, str]]] = {
    "R": ("#B3202A", "#FFFFFF"),
    "O": ("#F98015", "#1A1A1A"),
    "Y": ("#FDD535", "#1A1A1A"),
    "G": ("#5CC46A", "#1A1A1A"),
    "T": ("#1D7E87", "#FFFFFF"),
    "B": ("#2563C9", "#FFFFFF"),
    "V": ("#5A2385", "#FFFFFF"),
    "P": ("#F49AC1", "#1A1A1A"),
}
#: Wild cards and BLAST cards: black with white ink.
BLACK: Final = ("#1A1A1A", "#FFFFFF")


def color_name(letter: str) -> str:
    """A colour letter's name in the current language (``color.<L>``); an unknown letter as
    it is."""
    return t(f"color.{letter}") if letter in COLOR_LETTERS else letter


def kind_name(kind: str) -> str:
    """A kind's name in words (``card.kind.<kind>``; a number is itself)."""
    return kind if kind.isdigit() else t(f"card.kind.{kind}")


def faces(card: str) -> tuple[str, str]:
    """A card's face up and its back: ``("R1", "P3")`` for ``R1|P3``; the back is "" for a
    one-faced card and for a face whose back is not known."""
    face, _, back = card.partition("|")
    return face, back


def color_of(card: str) -> str | None:
    """The colour letter of a card's face up (None: a wild or a BLAST card)."""
    face = faces(card)[0]
    if face[:1] in CHIP and not face.startswith("W"):
        return face[0]
    return None


def card_name(card: str) -> str:
    """A card in words, in the current language: ``red 7``, ``wild draw four``, a BLAST
    card's challenge (the catalogue's ``card.*``, as the page names cards); a two-faced card
    by its face up, then its back (``red 1, on its back pink 3``: ``card.two_faced``)."""
    face, back = faces(card)
    if back:
        return t("card.two_faced", face=face_name(face), back=face_name(back))
    return face_name(face)


def face_name(card: str) -> str:
    """One face of a card in words (see ``card_name``)."""
    if card.startswith("!"):
        code = card[2:]
        what, which = t(f"card.challenge.{code}"), t(f"card.challenge.{code}.which")
        return t("card.blast", n=card[1], what=what, which=which)
    letter = color_of(card)
    if letter is None:
        return kind_name(card)
    return t("card.colored", color=color_name(letter), kind=kind_name(card[1:]))


def chip_style(card: str) -> str:
    """The Textual style of a card's chip."""
    letter = color_of(card)
    fill, ink = CHIP[letter] if letter is not None else BLACK
    return f"bold {ink} on {fill}"


def chip(card: str) -> str:
    """A card as a chip, in Textual markup (card texts hold no markup): its face up, and a
    two-faced card's back after it, written as the notation writes it (``|P3``), smaller:
    the face is what plays."""
    face, back = faces(card)
    shown = f"[{chip_style(face)}] {face} [/]"
    return f"{shown}[dim]|[/]{small_chip(back)}" if back else shown


#: After a face whose back its holder has not seen (RULES.md §8.4, FL-3), where the back
#: would be: the back is unknown, not missing.
UNSEEN_BACK: Final = "[dim]|?[/]"


def small_chip(card: str) -> str:
    """One face as a chip with no margin, for backs: a two-faced card's on its chip, the
    faces the other hands and the draw pile show the table."""
    return f"[{chip_style(card).removeprefix('bold ')}]{card}[/]"


def color_chip(letter: str) -> str:
    """A colour as a chip with its letter and name: ``[R] red``."""
    fill, ink = CHIP.get(letter, BLACK)
    return f"[bold {ink} on {fill}] {letter} [/] {color_name(letter)}"


#: The order a hand is sorted in: colours in the chromatic order, wilds, BLAST cards.
_RANK: Final = {letter: i for i, letter in enumerate(COLOR_LETTERS)}


def sort_hand(hand: list[str]) -> list[str]:
    """A hand sorted for reading: by the face up's colour in the chromatic order, then its
    kind (then the back); wilds last."""

    def key(card: str) -> tuple[int, str, str]:
        face, back = faces(card)
        letter = color_of(face)
        if letter is None:
            return (len(_RANK) + (face[0] == "!"), face, back)
        return (_RANK[letter], face[1:].rjust(3), back)

    return sorted(hand, key=key)
