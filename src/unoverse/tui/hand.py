"""The player's hand: the cards' tokens laid out in lines as wide as the widget, each card
clickable. (A link in markup would repaint the chip in the link colour, so the widget wraps
the tokens itself and knows where each one is.)"""

from __future__ import annotations

from textual.content import Content
from textual.events import Click, Resize
from textual.message import Message
from textual.widgets import Static

#: Cells between two cards.
GAP = 1


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
