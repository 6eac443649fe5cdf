"""Emotes in the terminal game: one received shows in the log and on its seat for a few
seconds (by the app's clock, which the tests drive); ``e`` and a digit send one at a server's
table, and a refusal is said; a local table, bots only, has no emote key."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from textual.widgets import RichLog

from unoverse import i18n
from unoverse.server import protocol as p
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import Chooser, KeysScreen
from unoverse.tui.link import Frame
from unoverse.tui.state import EMOTE_SHOWN_MS, TableState
from unoverse.tui.table import TableScreen
from unoverse.tui.words import EMOTES, emote_line, emote_words
from unoverse.web import STATIC

from .pilot import local_link, playing, until
from .scripted import ScriptedLink, frames, position
from .test_snapshots import _turn

#: When the tests' clock starts (ms since the epoch).
START = 1_764_662_400_000.0


class EmoteRoom(ScriptedLink):
    """A scripted room that keeps every message sent to it, and answers an emote as a
    server does (``ack``, then the emote shown to the room), or refuses it with ``refuse``."""

    def __init__(self, sent: list[Frame], refuse: p.ErrorCode | None = None) -> None:
        super().__init__(sent)
        self.refuse = refuse
        self.messages: list[bytes] = []

    async def _send(self, frame: bytes) -> None:
        self.messages.append(frame)
        message = p.decode(frame)
        if not isinstance(message, p.Emote):
            await super()._send(frame)
        elif self.refuse is not None:
            error = p.ProtocolError(self.refuse, "too many messages: slow down")
            self._received(p.encode(p.error_for(message.seq, error)))
        else:
            self._received(p.encode(p.Ack(seq=message.seq, version=0)))
            shown = p.EmoteShown(seat=0, name="Ana", emote=message.emote, at=START)
            self._received(p.encode(shown))


def _frames() -> list[Frame]:
    """A Classic table where Ana has the move, Bo (a person) at seat 2 and bots elsewhere."""
    game, events = position("classic", 4, 2, _turn())
    sent = frames("classic", game, events)
    welcome = sent[0]
    welcome["room"]["seats"][2] = {"kind": "player", "name": "Bo"}
    welcome["presence"][2] = {"kind": "player", "name": "Bo", "connected": True, "stand_in": False}
    return sent


def _app(link: ScriptedLink, clock: list[float]) -> PlayApp:
    return PlayApp(link, bell=False, clock=lambda: clock[0])


def _seats(app: PlayApp) -> list[str]:
    return str(app.table.query_one("#seats").render()).splitlines()


def _log(app: PlayApp) -> list[str]:
    return [line.text for line in app.table.query_one("#log", RichLog).lines]


def test_the_emotes_are_the_protocols_in_the_browsers_words() -> None:
    assert EMOTES == p.EMOTES
    browser = (STATIC / "emotes.js").read_text(encoding="utf-8")
    listed = re.search(r"export const EMOTES = \[([^\]]*)\]", browser)
    assert listed is not None
    assert tuple(re.findall(r'"(\w+)"', listed.group(1))) == p.EMOTES
    # the terminal's words are the catalogue's emote.<name>, as the browser's are
    english = i18n.words("en")
    assert {name: english.t(f"emote.{name}") for name in p.EMOTES} == {
        name: emote_words(name) for name in EMOTES
    }


def test_the_state_keeps_each_seats_latest_emote_for_a_few_seconds() -> None:
    state = TableState()
    hello = {"type": "emote", "seat": 1, "name": "Bo", "emote": "hello", "at": 0.0}
    state.apply(hello, START)
    assert list(state.log) == [("emote", hello)] and state.logged == 1
    assert state.shown_emotes(START + EMOTE_SHOWN_MS - 1) == {1: "hello"}
    assert state.shown_emotes(START + EMOTE_SHOWN_MS) == {}
    state.apply(hello | {"emote": "thanks"}, START + 1000)  # the latest one replaces it
    assert state.shown_emotes(START + EMOTE_SHOWN_MS) == {1: "thanks"}
    assert emote_line(hello, lambda seat: "Bo") == "[b]Bo:[/] Hello!"
    # a name a newer server may send is shown as it came
    assert emote_line(hello | {"emote": "gg"}, lambda seat: "Bo") == "[b]Bo:[/] gg"


def test_an_emote_received_shows_in_the_log_and_on_its_seat_then_leaves_the_seat() -> None:
    async def main() -> None:
        clock = [START]
        emote = {"type": "emote", "seat": 2, "name": "Bo", "emote": "well_played", "at": 0.0}
        app = _app(ScriptedLink([*_frames(), emote]), clock)
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.state.logged and app.state.emotes, "the emote")
            await pilot.pause(0.05)
            lines = _seats(app)
            assert [line for line in lines if "“Well played!”" in line] == [lines[2]]
            assert "Bo" in lines[2]
            assert "Bo: Well played!" in _log(app)
            clock[0] = START + EMOTE_SHOWN_MS - 500  # still there after a tick
            await pilot.pause(0.7)
            assert "Well played" in _seats(app)[2]
            clock[0] = START + EMOTE_SHOWN_MS  # its time is up: the next tick takes it away
            await until(pilot, lambda: "Well played" not in "".join(_seats(app)), "it to leave")
            assert "Bo: Well played!" in _log(app)  # the log keeps it

    asyncio.run(main())


def test_e_then_a_digit_sends_that_emote_and_it_shows_on_the_players_seat() -> None:
    async def main() -> None:
        link = EmoteRoom(_frames())
        app = _app(link, [START])
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.state.view is not None, "the deal")
            assert "e" in app.screen.active_bindings  # in the footer
            await pilot.press("e")
            assert isinstance(app.screen, Chooser)
            await pilot.press("escape")  # cancelled: nothing goes
            assert isinstance(app.screen, TableScreen) and link.messages == []
            await pilot.press("e", "2")
            await until(pilot, lambda: link.messages, "the emote sent")
            sent = json.loads(link.messages[0])
            assert sent == {"type": "emote", "emote": "well_played", "seq": 1}
            assert isinstance(p.decode(link.messages[0]), p.Emote)  # as the server reads it
            await until(pilot, lambda: app.state.emotes, "the emote shown to the room")
            await pilot.pause(0.05)
            assert "“Well played!”" in _seats(app)[0]  # Ana's own seat, first
            assert "Ana: Well played!" in _log(app)
            assert app.table.notice == ""

    asyncio.run(main())


def test_an_emote_refused_for_too_many_messages_says_so() -> None:
    async def main() -> None:
        link = EmoteRoom(_frames(), refuse="rate_limited")
        app = _app(link, [START])
        async with app.run_test(size=(100, 30)) as pilot:
            await until(pilot, lambda: app.state.view is not None, "the deal")
            await pilot.press("e", "6")
            await until(pilot, lambda: app.table.notice, "the refusal")
            assert json.loads(link.messages[0])["emote"] == "thanks"
            assert "Too many messages at once" in app.table.notice
            assert "Thanks!" not in "".join(_seats(app)) and not app.state.emotes

    asyncio.run(main())


def test_a_local_table_has_no_emote_key() -> None:
    def keys_help(screen: Any) -> str:
        return "".join(str(s.render()) for s in screen.query("Static"))

    async def main() -> None:
        async with playing(local_link("classic")) as (app, pilot):
            assert "e" not in app.screen.active_bindings  # not in the footer
            await pilot.press("e")
            assert isinstance(app.screen, TableScreen)  # no picker
            assert app.table.notice.startswith("e: no such key here")
            await pilot.press("question_mark")
            assert isinstance(app.screen, KeysScreen)
            assert "emote" not in keys_help(app.screen)
        # the same screen at a server's table lists it
        server = _app(ScriptedLink(_frames()), [START])
        async with server.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("question_mark")
            assert isinstance(server.screen, KeysScreen)
            assert "send an emote" in keys_help(server.screen)

    asyncio.run(main())
