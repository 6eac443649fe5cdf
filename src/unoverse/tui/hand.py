"""The player's hand: which key plays which card (``HandKeys``), and the cards' tokens laid
out in lines as wide as the widget, each card clickable. (A link in markup would repaint the
chip in the link colour, so the widget wraps the tokens itself and knows where each one is.)"""

from __future__ import annotations

from string import ascii_uppercase
from typing import Final

from textual.content import Content
from textual.events import Click, Resize
from textual.message import Message
from textual.widgets import Static

#: Cells between two cards.
GAP = 1

#: The keys that play the cards of the hand, in the order they are given out: the digits,
#: the letters no other key of the table uses, then the capitals (Shift and a letter). Enough
#: for 46 cards; UNO Blast eliminates a hand at 30.
CARD_KEYS: Final = "1234567890" + "afgjlsvwyz" + ascii_uppercase


class HandKeys:
    """Which key plays which card of the hand.

    In turn-based play the keys go by position in the sorted hand (1 for the first card):
    the hand is still while the player chooses. In BLAST mode cards come and go while the
    player reaches for a key, so a key stays with its card until the card leaves the hand,
    and a new card takes the first free key: the key read is the card played."""

    def __init__(self) -> None:
        #: the card each key plays now
        self.held: dict[str, str] = {}

    def deal(self, cards: list[str], stable: bool) -> list[str]:
        """The key of each of ``cards`` (the hand in the order shown; "" for a card past the
        last key): by position, or, ``stable``, each card's key kept while it stays."""
        if not stable:
            keys = [CARD_KEYS[i] if i < len(CARD_KEYS) else "" for i in range(len(cards))]
        else:
            kept: dict[str, list[str]] = {}
            for key in CARD_KEYS:
                if key in self.held:
                    kept.setdefault(self.held[key], []).append(key)
            keys = [kept[card].pop(0) if kept.get(card) else "" for card in cards]
            used = set(keys)
            free = [key for key in reversed(CARD_KEYS) if key not in used]
            keys = [key or (free.pop() if free else "") for key in keys]
        self.held = {key: card for key, card in zip(keys, cards, strict=True) if key}
        return keys


class HandView(Static):
    """A hand of card tokens (``render.hand``) over as many lines as it needs."""

    class Picked(Message):
        """A card was clicked: its position in the hand."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.title = ""
        self.tokens: list[Content] = []
        #: (line, first cell, last cell + 1) of each card, by position
        self.places: list[tuple[int, int, int]] = []

    def show(self, title: str, tokens: list[str]) -> None:
        """Show ``tokens`` (markup) under ``title``."""
        self.title = title
        self.tokens = [Content.from_markup(t) for t in tokens]
        self._lay_out()

    def _lay_out(self) -> None:
        width = max(self.content_region.width, 20)
        lines: list[list[Content]] = [[]]
        self.places = []
        x = 0
        for token in self.tokens:
            size = token.cell_length
            if x and x + GAP + size > width:
                lines.append([])
                x = 0
            start = x + (GAP if x else 0)
            self.places.append((len(lines), start, start + size))
            lines[-1].append(token)
            x = start + size
        rows = [Content(self.title)] + [Content(" " * GAP).join(line) for line in lines]
        self.update(Content("\n").join(rows) if self.tokens else Content(self.title))

    def on_resize(self, _event: Resize) -> None:
        self._lay_out()

    def on_click(self, event: Click) -> None:
        for index, (line, start, end) in enumerate(self.places):
            if event.y == line and start <= event.x < end:
                self.post_message(self.Picked(index))
                return
