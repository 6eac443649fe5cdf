"""Cards in the terminal: a chip of the card's colour with its notation on it (``R7``,
``W+4``), and its name in words for the log and the choices.

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


def color_of(card: str) -> str | None:
    """The colour letter of a card (None: a wild or a BLAST card)."""
    if card[:1] in CHIP and not card.startswith("W"):
        return card[0]
    return None


def card_name(card: str) -> str:
    """A card in words, in the current language: ``red 7``, ``wild draw four``, a BLAST
    card's challenge (the catalogue's ``card.*``, as the page names cards)."""
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
    """A card as a chip, in Textual markup (card texts hold no markup)."""
    return f"[{chip_style(card)}] {card} [/]"


def color_chip(letter: str) -> str:
    """A colour as a chip with its letter and name: ``[R] red``."""
    fill, ink = CHIP.get(letter, BLACK)
    return f"[bold {ink} on {fill}] {letter} [/] {color_name(letter)}"


#: The order a hand is sorted in: colours in the chromatic order, wilds, BLAST cards.
_RANK: Final = {letter: i for i, letter in enumerate(COLOR_LETTERS)}


def sort_hand(hand: list[str]) -> list[str]:
    """A hand sorted for reading: by colour in the chromatic order, then kind; wilds last."""

    def key(card: str) -> tuple[int, str]:
        letter = color_of(card)
        if letter is None:
            return (len(_RANK) + (card[0] == "!"), card)
        return (_RANK[letter], card[1:].rjust(3))

    return sorted(hand, key=key)
