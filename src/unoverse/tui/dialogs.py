"""The app's dialogs: a choice among several actions, the rules of the variant, the keys,
the results of a round or a match, and leaving mid-round. Each closes with Escape."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import Markdown, OptionList, Static
from textual.widgets.option_list import Option

from ..web import STATIC


class Chooser(ModalScreen[str | None]):
    """Choose one of several actions (a wild's colour, a swap's target, a BLAST set...):
    arrows and Enter, or the digit shown beside the option; Escape cancels. Returns the
    action's text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss(None)", "cancel"),
        *(Binding(str(digit), f"pick('{digit}')", show=False) for digit in range(10)),
    ]

    def __init__(
        self,
        title: str,
        options: list[tuple[str, str]],
        keys: list[str] | None = None,
        note: str = "",
    ) -> None:
        """``options``: (action text, what it does in words). ``keys``: the digit of each
        option (a Numeral's number is its own); by default the first ten are numbered 1-9, 0
        in order. The digit shown beside an option is the one that takes it. ``note``: how
        the options differ, in words, under the title."""
        super().__init__()
        self.title_text = title
        self.note = note
        self.options = options
        if keys is None:
            keys = [str((i + 1) % 10) for i in range(min(len(options), 10))]
        self.keys = dict(zip(keys, range(len(options)), strict=False))

    def compose(self) -> ComposeResult:
        shown = {index: key for key, index in self.keys.items()}
        with Vertical(id="dialog"):
            yield Static(self.title_text, id="dialog-title")
            if self.note:
                yield Static(escape(self.note), id="dialog-note")
            yield OptionList(
                *(
                    Option(f"{shown.get(i, ' ')}  {words}", id=text)
                    for i, (text, words) in enumerate(self.options)
                ),
                id="choices",
            )
            yield Static("[dim]↑ ↓ and Enter, or the number · Esc cancels[/]")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_pick(self, key: str) -> None:
        index = self.keys.get(key)
        if index is not None:
            self.dismiss(self.options[index][0])


@cache
def rules_pages() -> dict[str, Any]:
    """The rules of every variant, as the browser's rules panel has them (``rules.json``,
    generated from docs/rules by tools/web_rules.py)."""
    pages: dict[str, Any] = json.loads((STATIC / "rules.json").read_text(encoding="utf-8"))
    return pages


#: The rules speak of the browser's pointer; in the terminal the same things are keys:
#: (the words, what the terminal says instead). "(click it, or D)" is "(d)", as it is pressed.
TERMINAL_WORDS: Final[tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]] = (
    (
        re.compile(r"\((?:click|drag|tap)[^()]*?,? or (\w)\)", re.IGNORECASE),
        lambda m: f"({m[1].lower()})",
    ),
    (re.compile(r"\b(A|a) (?:tap|click) plays\b"), lambda m: f"{m[1]} key plays"),
)
#: Above the rules: how their actions are done here.
RULES_KEYS: Final = (
    "*In the terminal every action is a key: the key beside a card plays it, the keys under"
    " your hand act now, and ? lists them all.*"
)


def terminal_rules(markdown: str) -> str:
    """The rules' text as the terminal says it: keys where the browser taps, clicks and
    drags (``TERMINAL_WORDS``)."""
    for words, instead in TERMINAL_WORDS:
        markdown = words.sub(instead, markdown)
    return markdown


class RulesScreen(ModalScreen[None]):
    """How to play the variant at the table, in the terminal's words (``terminal_rules``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,r,q", "dismiss", "close")]

    def __init__(self, variant: str) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        page = rules_pages()["en"]["variants"].get(self.variant)
        with Vertical(id="dialog", classes="wide"):
            title = page["title"] if page else self.variant
            yield Static(f"[b]How to play {title}[/]", id="dialog-title")
            with VerticalScroll():
                yield Markdown(
                    f"{RULES_KEYS}\n\n{terminal_rules(page['markdown'])}"
                    if page
                    else "No rules are written for it."
                )
            yield Static("[dim]↑ ↓ PgUp PgDn scroll · Esc closes[/]")


#: The emote key: only at a table with people to send emotes to.
EMOTE_HELP = ("e", "send an emote to the table")
#: Every key of the table, for the keys screen.
KEY_HELP = (
    ("← →", "choose a card of your hand"),
    ("Enter, Space", "play the chosen card"),
    ("1-9, 0, a…", "play the card shown beside the key (BLAST mode: it keeps its key)"),
    ("mouse", "click a card, a key or a catch button"),
    ("d", "draw (UNO Attack: press the launcher)"),
    ("p", "keep the card you drew (pass)"),
    ("t", "take the penalty"),
    ("c", "challenge a Wild Draw Four"),
    ("u", "UNO! now, or with your next card"),
    ("k", "catch a player who did not call UNO"),
    ("i", "catch an illegal play"),
    ("o", "choose the colour of the first card"),
    ("m", "meet a BLAST challenge"),
    ("h", "BLAST mode: hold the chosen card up"),
    ("x", "BLAST mode: put the card back"),
    ("r", "the rules of this variant"),
    ("b", "the bell on your turn: on or off"),
    EMOTE_HELP,
    ("n", "after a match: play another"),
    ("Ctrl+P", "commands: light or dark theme, and more"),
    ("q, Ctrl+Q/C", "leave (during a round, y confirms)"),
)


class KeysScreen(ModalScreen[None]):
    """Every key of the table; the emote key only where emotes can be sent (``emotes``)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,question_mark,q", "dismiss", "close")]

    def __init__(self, emotes: bool) -> None:
        super().__init__()
        self.emotes = emotes

    def compose(self) -> ComposeResult:
        keys = [row for row in KEY_HELP if self.emotes or row != EMOTE_HELP]
        rows = "\n".join(f"[b]{key:>12}[/]  {what}" for key, what in keys)
        with Vertical(id="dialog"):
            yield Static("[b]Keys[/]", id="dialog-title")
            with VerticalScroll():
                yield Static(rows)
            yield Static("[dim]↑ ↓ scroll · Esc closes[/]")


#: The keys under the results: of a round, of a match at its host's seat, at another's.
RESULTS_HINT: Final = {
    "round": "[dim]The next round is dealt in a moment · Enter: back to the table[/]",
    "host": "[b]n[/] another match · [b]q[/] leave · [b]Enter[/] back to the table",
    "guest": "The host may start another match · [b]q[/] leave · [b]Enter[/] back to the table",
}


class ResultsScreen(ModalScreen[str | None]):
    """A round's or the match's result. Enter or Escape goes back to the table; after a
    match, ``n`` plays another (the host) and ``q`` leaves: those keys are written out, not
    dimmed, for they are what the player does next."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "dismiss(None)", "back to the table"),
        Binding("n", "dismiss('again')", "play again", show=False),
        Binding("q", "dismiss('quit')", "leave", show=False),
    ]

    def __init__(self, text: str, match_over: bool, host: bool) -> None:
        super().__init__()
        self.text = text
        self.match_over = match_over
        self.host = host

    def compose(self) -> ComposeResult:
        hint = "round" if not self.match_over else "host" if self.host else "guest"
        with Vertical(id="dialog"):
            yield Static("[b]Results[/]", id="dialog-title")
            yield Static(self.text, id="results")
            yield Static(RESULTS_HINT[hint])


class LeaveScreen(ModalScreen[bool]):
    """Leave while a round is being played? ``y`` leaves; ``n`` or Escape stays. ``what``
    says what leaving does to the seat (a local table closes; a server keeps the seat)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,q", "dismiss(True)", "leave"),
        Binding("n,escape", "dismiss(False)", "stay"),
    ]

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("[b]Leave the game?[/]", id="dialog-title")
            yield Static(self.what)
            yield Static("[dim]y: leave · n or Esc: stay[/]")
