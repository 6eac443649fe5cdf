"""``unoverse play``: the terminal game's app. It holds the link to the room and the state
folded from its frames, shows the table (``TableScreen``), rings the bell when a move falls
to the player, shows each round's and the match's results, says who won a race the player
was in, and says when a bot could not decide (a light bot moved for it). Its clock (the
wall clock, unless a test gives its own) times the countdowns and the emotes on the seats."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, Final

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.markup import escape
from textual.screen import Screen

from .. import i18n
from ..i18n import N_, t
from .dialogs import LeaveScreen, ResultsScreen
from .link import Frame, FrameLink
from .moves import AGAIN_KEY
from .render import results
from .state import TableState
from .table import TableScreen
from .words import bot_failed_line, race_words

#: Where the app's styles are.
CSS = Path(__file__).with_name("play.tcss")


#: The command palette's commands (Ctrl+P), in words: (name, what it does) by command.
#: (Catalogue keys, read when the palette opens.)
PALETTE: Final[dict[str, tuple[str, str]]] = {
    "light": (N_("tui.palette.light"), N_("tui.palette.light.help")),
    "dark": (N_("tui.palette.dark"), N_("tui.palette.dark.help")),
    "keys": (N_("tui.palette.keys"), N_("tui.palette.keys.help")),
    "rules": (N_("tui.palette.rules"), N_("tui.palette.rules.help")),
    "bell": (N_("tui.palette.bell"), N_("tui.palette.bell.help")),
    "leave": (N_("tui.palette.leave"), N_("tui.palette.leave.help")),
}


def status_words(status: str) -> str:
    """The link's state in words (``tui.status.<status>``; another, as it is)."""
    key = f"tui.status.{status}"
    return t(key) if i18n.current().has(key) else status


def game_words(room: dict[str, Any]) -> str:
    """The room's game in words, for the title: the variant's name (``variant.<name>.name``)
    and the options the room sets off their defaults, as the page's lobby says them
    (``option.<name>.name``, with its value's words: ``page.option.*``). A variant, option
    or value this version does not know reads as the server sent it."""
    words = i18n.current()

    def known(key: str, fallback: object) -> str:
        return t(key) if words.has(key) else str(fallback)

    variant = str(room.get("variant") or room.get("preset") or "")
    name = known(f"variant.{variant}.name", variant)
    said = []
    for option, value in (room.get("options") or {}).items():
        option_name = known(f"option.{option}.name", option)
        if value is True:
            said.append(option_name)
        elif value is False:
            said.append(t("page.option.off", option=option_name))
        elif value is None:
            said.append(t("page.option.none", option=option_name))
        else:
            value_words = known(f"option.{option}.value.{value}", value)
            said.append(t("page.option.set", option=option_name, value=value_words))
    return t("tui.title.options", variant=name, options=", ".join(said)) if said else name


def now_ms() -> float:
    """The wall clock in ms since the epoch, as the server stamps deadlines."""
    return time.time() * 1000.0


class PlayApp(App[None]):
    """The terminal game at one seat of a room (see the module's docstring)."""

    CSS_PATH = CSS
    TITLE = "unoverse"
    # (Textual declares it an instance variable: a ClassVar annotation would not override it)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]  # noqa: RUF012
    # Ctrl+Q and Ctrl+C leave as q does, asking first during a round (Textual's own quit at
    # once, or only say how to). Priority: a dialog would hold them otherwise.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "leave", show=False, priority=True),
        Binding("ctrl+c", "copy_or_leave", show=False, priority=True),
        # the command palette's key, in the footer in the player's language (Textual's own
        # binding says "palette")
        Binding("ctrl+p", "command_palette", N_("tui.footer.palette"), show=False, priority=True),
    ]

    def __init__(
        self, link: FrameLink, *, bell: bool = True, clock: Callable[[], float] = now_ms
    ) -> None:
        super().__init__()
        self.link = link
        self.clock = clock
        self.state = TableState()
        self.bell_on = bell
        self.table = TableScreen()
        self._results: ResultsScreen | None = None
        self._my_move = False

    async def on_mount(self) -> None:
        await self.push_screen(self.table)
        self.open_link()

    @work(exclusive=True, group="link")
    async def open_link(self) -> None:
        await self.link.open(self.receive)

    async def on_unmount(self) -> None:
        await self.link.close()

    # -- frames ------------------------------------------------------------------------------
    def receive(self, frame: Frame) -> None:
        """A frame from the room: fold it in and show what changed."""
        state = self.state
        was = state.status
        state.apply(frame, self.clock())
        kind = frame.get("type")
        if kind == "update":
            mine = state.my_move() and (state.mandatory() or {}).get("kind") != "live"
            if mine and not self._my_move and self.bell_on:
                self.bell()
            self._my_move = mine
        elif kind in ("round_over", "match_over"):
            self._show_results()
        elif kind == "deal" and self._results is not None and state.match_over is None:
            self._close_results()
        elif kind == "status" and frame["status"] in ("lost", "closed"):
            self.table.say(f"[b]{escape(frame['detail'])}[/]")
        elif kind == "status" and frame["status"] == "connected" and was == "lost":
            self.table.say(escape(t("tui.say.connected")))
        elif kind == "bot_failed":
            self.table.say(bot_failed_line(frame, state.name))
        elif kind == "race" and state.seat in (frame["first"], frame["late"]):
            race = state.last_race  # a move refused: said to the player, who was in it
            if race is not None and (race["refused"] or not race["accepted"]):
                self.table.say(escape(race_words(race, state.name, state.seat)))
        if self.table.is_mounted:
            self.table.changed()

    def _show_results(self) -> None:
        self._close_results()
        state = self.state
        host = state.host is not None and state.host == state.seat
        screen = ResultsScreen(results(state), state.match_over is not None, host)
        self._results = screen
        self.push_screen(screen, self._after_results)

    def _close_results(self) -> None:
        screen, self._results = self._results, None
        if screen is not None and screen.is_attached and self.screen is screen:
            screen.dismiss(None)

    def _after_results(self, choice: str | None) -> None:
        self._results = None
        if choice == "again":
            self.play_again()
        elif choice == "quit":
            self.exit()

    # -- reading -----------------------------------------------------------------------------
    def title_line(self) -> str:
        """The top line: the link's state, the room, the round, the bell, and last the game
        (its variant and options in words, the longest part: what a narrow terminal cuts)."""
        state = self.state
        room = state.room or {}
        parts = ["[b]unoverse[/]"]
        if state.status != "connected":
            parts.append(f"[b reverse] {escape(status_words(state.status))} [/]")
        if room:
            parts.append(escape(t("tui.title.room", code=room.get("code"))))
        if state.game is not None:
            parts.append(escape(t("tui.title.round", match=state.match + 1, round=state.round + 1)))
        if not self.bell_on:
            parts.append(escape(t("tui.title.bell_off")))
        if room:
            parts.append(escape(game_words(room)))
        return " · ".join(parts)

    def may_play_again(self) -> bool:
        """Whether the player may start another match: the match is over and they host it."""
        state = self.state
        return state.match_over is not None and state.host is not None and state.host == state.seat

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette's commands: the light and the dark theme and a few of the
        table's keys, rather than Textual's list of twenty themes and its quit that would
        not ask first."""
        actions: dict[str, Callable[[], object]] = {
            "light": partial(self.use_theme, "textual-light"),
            "dark": partial(self.use_theme, "textual-dark"),
            "keys": self.table.action_keys,
            "rules": self.table.action_rules,
            "bell": self.table.action_bell,
            "leave": self.action_leave,
        }
        for command, (name, what) in PALETTE.items():
            yield SystemCommand(t(name), t(what), actions[command])

    # -- acting ------------------------------------------------------------------------------
    def action_leave(self) -> None:
        """Ctrl+Q, Ctrl+C: what q does at the table, from any screen; on the question
        whether to leave, they leave (as q does there)."""
        if isinstance(self.screen, LeaveScreen):
            self.screen.dismiss(True)
        else:
            self.table.action_leave()

    def action_copy_or_leave(self) -> None:
        """Ctrl+C: copy the text selected with the mouse (Textual's Ctrl+C), else leave."""
        selected = self.screen.get_selected_text()
        if selected:
            self.copy_to_clipboard(selected)
        else:
            self.action_leave()

    def use_theme(self, theme: str) -> None:
        """Show the app in ``theme`` (a Textual theme's name)."""
        self.theme = theme

    @work(exclusive=True, group="again")
    async def play_again(self) -> None:
        """Another match, once this one is over (the host only)."""
        state = self.state
        if state.match_over is None:
            self.table.say(escape(t("tui.say.again_later", key=AGAIN_KEY)))
        elif state.host != state.seat:
            self.table.say(escape(t("tui.say.again_host", key=AGAIN_KEY)))
        else:
            try:
                await self.link.again()
            except Exception as exc:  # the server's refusal, or the connection
                self.table.say(f"[b]{escape(t('tui.say.again_failed'))}[/] {escape(str(exc))}")
