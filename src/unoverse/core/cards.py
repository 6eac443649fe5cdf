"""Cards as small integers, with the card notation of RULES.md §0.6.

Every card of every variant has one id in a single table, so a card means the same thing
everywhere (tests, logs, the wire). A card is a colour and a kind, or a colourless kind
(wilds and Blast's BLAST cards). Decks (which cards exist, how many, their points) are
variant data; this module only knows identity and notation.

A card with two faces (``core.faces``, RULES.md §8.3) has two ids, one for each face up: the
table's lookups (colour, kind, number) read the face that is up, so every rule reads a
two-faced card as it reads any other. Turning the table over maps every card to its
``TWIN``. A two-faced card is written face up first, then its back: ``R1|P3`` light face
up, ``P3|R1`` the same card dark face up, so that a text means one id at any table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .errors import NotationError
from .faces import CANONICAL

#: Colour letters in the chromatic order of Full Spectrum (RULES.md §4.3).
COLOR_LETTERS: Final = "ROYGTBVP"
COLOR_NAMES: Final = ("red", "orange", "yellow", "green", "turquoise", "blue", "purple", "pink")
NO_COLOR: Final = -1

#: Kinds printed in a colour. Numbers first, so a number kind's index is its number.
COLORED_KINDS: Final = (
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9",
    "S", "R", "+1", "+2", "+3", "+4", "H2", "SA", "DA", "TH", "N", "BL",
)  # fmt: skip
#: Kinds with no printed colour: wilds (the player declares a colour) and BLAST cards.
WILD_KINDS: Final = (
    "W", "W+4", "WC", "WSH", "WSW", "WCU", "WBK", "WD1", "WD2", "WBS", "WBO", "WF",
    "WAH", "WHF", "WR4", "W+6", "W+10", "WM2", "WM4",
)  # fmt: skip
BLAST_KINDS: Final = (
    "!2SC",
    "!3SC",
    "!4SC",
    "!4DC",
    "!5DC",
    "!3CN",
    "!5CN",
    "!2SN",
    "!3SN",
    "!4SN",
)

#: Kinds printed only on two-faced cards (RULES.md §8.2): in a colour, the dark Draw Five and
#: the card that turns the table over (either side); the light Wild Draw Two and the dark
#: Wild Draw Color.
FACE_COLORED_KINDS: Final = ("+5", "F")
FACE_WILD_KINDS: Final = ("W+2", "WDC")
#: Wild kinds added after the two-faced cards, so that every earlier kind and card id stays
#: as it was: UNO Show 'Em No Mercy's Wild Color Roulette (RULES.md §9.2).
LATE_WILD_KINDS: Final = ("WCR",)

KIND_CODES: Final = (
    COLORED_KINDS
    + WILD_KINDS
    + BLAST_KINDS
    + FACE_COLORED_KINDS
    + FACE_WILD_KINDS
    + LATE_WILD_KINDS
)
KIND_INDEX: Final = {code: i for i, code in enumerate(KIND_CODES)}


def kind(code: str) -> int:
    """The kind index of a kind code (``"S"``, ``"W+4"``...)."""
    return KIND_INDEX[code]


# Kind indices used by the engine's shared procedures.
SKIP: Final = kind("S")
REVERSE: Final = kind("R")
DRAW_TWO: Final = kind("+2")
WILD: Final = kind("W")
WILD_DRAW_FOUR: Final = kind("W+4")
BLANK: Final = kind("WBK")
SHUFFLE_HANDS: Final = kind("WSH")
CUSTOMIZABLE: Final = kind("WCU")

N_KINDS: Final = len(KIND_CODES)
KIND_IS_WILD: Final = tuple(
    code in WILD_KINDS + FACE_WILD_KINDS + LATE_WILD_KINDS for code in KIND_CODES
)
KIND_NUMBER: Final = tuple(int(code) if code.isdigit() else -1 for code in KIND_CODES)

# The card table: parallel tuples indexed by card id.
_text: list[str] = []
_color: list[int] = []
_kind: list[int] = []
for _k, _code in enumerate(COLORED_KINDS):
    for _c, _letter in enumerate(COLOR_LETTERS):
        _text.append(_letter + _code)
        _color.append(_c)
        _kind.append(_k)
for _code in WILD_KINDS + BLAST_KINDS:
    _text.append(_code)
    _color.append(NO_COLOR)
    _kind.append(KIND_INDEX[_code])
# The faces only two-faced cards print, each as a card of its own: what a face shows.
for _code in FACE_COLORED_KINDS:
    for _c, _letter in enumerate(COLOR_LETTERS):
        _text.append(_letter + _code)
        _color.append(_c)
        _kind.append(KIND_INDEX[_code])
for _code in FACE_WILD_KINDS:
    _text.append(_code)
    _color.append(NO_COLOR)
    _kind.append(KIND_INDEX[_code])
_one_faced = len(_text)
_by_face = {t: i for i, t in enumerate(_text)}
# Two-faced cards: every distinct card of the deck light face up, then the same cards dark
# face up, in the deck's order.
_pairs = tuple(dict.fromkeys(CANONICAL))
_face: list[int] = list(range(_one_faced))
for _dark in (False, True):
    for _light, _back in _pairs:
        _up = _by_face[_back if _dark else _light]
        _text.append(f"{_back}|{_light}" if _dark else f"{_light}|{_back}")
        _color.append(_color[_up])
        _kind.append(_kind[_up])
        _face.append(_up)
_late = len(_text)
for _code in LATE_WILD_KINDS:  # one-faced, after the two-faced cards (their ids unchanged)
    _text.append(_code)
    _color.append(NO_COLOR)
    _kind.append(KIND_INDEX[_code])
    _face.append(len(_face))

CARD_TEXT: Final = tuple(_text)
CARD_COLOR: Final = tuple(_color)
CARD_KIND: Final = tuple(_kind)
CARD_IS_WILD: Final = tuple(KIND_IS_WILD[k] for k in _kind)
CARD_NUMBER: Final = tuple(KIND_NUMBER[k] for k in _kind)
CARD_INDEX: Final = {t: i for i, t in enumerate(_text)}
N_CARDS: Final = len(_text)
_light_up = range(_one_faced, _one_faced + len(_pairs))
_dark_up = range(_one_faced + len(_pairs), _late)
#: By id: the id with the other face up; a one-faced card's is itself.
TWIN: Final = (*range(_one_faced), *_dark_up, *_light_up, *range(_late, N_CARDS))
#: By id: the one-faced card showing the same face (itself for a one-faced card): what a
#: seat sees of a card, face up or from behind (``FACE[TWIN[c]]``).
FACE: Final = tuple(_face)
#: By id: whether the card's dark face is up.
DARK_UP: Final = tuple(c in _dark_up for c in range(N_CARDS))
del _text, _color, _kind, _face, _by_face, _pairs, _light_up, _dark_up, _late


def card(text: str) -> int:
    """The card id of a card written in the notation (``"R7"``, ``"BR"``, ``"W+4"``; a
    two-faced card face up first, ``"R1|P3"``)."""
    try:
        return CARD_INDEX[text]
    except KeyError:
        raise NotationError(
            f"unknown card {text!r}: write a colour letter ({COLOR_LETTERS}) and a kind "
            f"({' '.join(COLORED_KINDS + FACE_COLORED_KINDS)}), or a wild code "
            f"({' '.join(WILD_KINDS + FACE_WILD_KINDS + LATE_WILD_KINDS)}), or a two-faced "
            "card's face up|back"
        ) from None


def card_of(color: int, kind_index: int) -> int:
    """The id of the one-faced card of this colour and kind (``NO_COLOR`` for colourless
    kinds)."""
    if color == NO_COLOR:
        return CARD_INDEX[KIND_CODES[kind_index]]
    if kind_index < len(COLORED_KINDS):
        return kind_index * len(COLOR_LETTERS) + color
    return CARD_INDEX[COLOR_LETTERS[color] + KIND_CODES[kind_index]]


def color(letter: str) -> int:
    """The colour index of a colour letter."""
    i = COLOR_LETTERS.find(letter)
    if len(letter) != 1 or i < 0:
        raise NotationError(f"unknown colour {letter!r}: use one of {' '.join(COLOR_LETTERS)}")
    return i


def cards(text: str) -> list[int]:
    """Card ids of a space-separated list (``"R7 G5 W+4"``); ``"-"`` or empty is none."""
    return [card(t) for t in text.split() if t != "-"]


def cards_text(ids: list[int] | tuple[int, ...]) -> str:
    """The space-separated notation of a list of cards."""
    return " ".join(CARD_TEXT[c] for c in ids)


def most_held(hand: Sequence[int], colors: Sequence[int]) -> int:
    """The colour of ``colors`` a hand holds most cards of (ties: the lowest index): the
    colour a wild declares by default, for the engine's timeouts and the bots alike."""
    held = [0] * len(COLOR_LETTERS)
    for c in hand:
        if CARD_COLOR[c] >= 0:
            held[CARD_COLOR[c]] += 1
    return max(colors, key=lambda col: (held[col], -col))
