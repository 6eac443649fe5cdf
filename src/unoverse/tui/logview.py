"""The table's log: a ``RichLog`` that asks to be written again when its width changes.

``RichLog`` wraps a line once, when it is written, at the width it has then; after the
terminal is resized (or the wide layout comes in) its old lines would be cut or wrapped
short. ``LogView`` posts ``Rewrap`` when its width changes, and the table writes the kept
log again at the new width.
"""

from __future__ import annotations

from textual.events import Resize
from textual.message import Message
from textual.widgets import RichLog


class LogView(RichLog):
    """The log (see the module's docstring)."""

    class Rewrap(Message):
        """The log's width changed: its lines need writing again."""

    _width = 0

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if self._width and event.size.width != self._width:
            self.post_message(self.Rewrap())
        self._width = event.size.width
