"""Bad input to the terminal game: one line and no app for a bad command line; a key that
does nothing says why and changes nothing; a click on a card plays it; a chooser's keys
take the options they are shown beside; Ctrl+Q and Ctrl+C leave as q does; the command
palette offers the game's own commands."""

from __future__ import annotations

import asyncio
import getpass
import subprocess
import sys

import pytest
from textual.command import CommandList, CommandPalette
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from unoverse import i18n
from unoverse.core.game import Game, Phase
from unoverse.tui.app import PlayApp
from unoverse.tui.dialogs import Chooser, LeaveScreen, ResultsScreen
from unoverse.tui.launch import player_name

from .pilot import until
from .scripted import ScriptedLink, frames, position, round_over, scripted_app
from .test_snapshots import _turn


def _play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "unoverse.cli", "play", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--variant", "clasic"], "clasic"),
        (["--option", "stacking=sideways"], "stacking"),
        (["--option", "nonsense=1"], "nonsense"),
        (["--players", "1"], "at least 2"),
        (["--players", "11"], "11"),
        (["--bots", "grandmaster"], "grandmaster"),
        (["--bots", "easy,easy"], "2 bot specs for 3 players"),
        (["--timer", "slow"], "timer"),
        (["--bot-speed", "warp"], "bot_speed"),
        (["--connect", "http://127.0.0.1:9"], "--room"),
        (["--connect", "http://127.0.0.1:9", "--room", "ABCDEF"], "--name"),
        (["--connect", "http://127.0.0.1:9", "--room", "ABCDEF", "--name", "Ana"], "cannot reach"),
    ],
)
def test_bad_command_lines_are_one_line(args: list[str], said: str) -> None:
    done = _play(*args)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and said in lines[0], done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_local_player_is_named_by_the_login_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # the log speaks of every seat in the third person: "Ana plays G4", never "You plays"
    monkeypatch.setattr(getpass, "getuser", lambda: "ana")
    assert player_name() == "Ana"

    def no_login() -> str:
        raise KeyError("uid not found")

    monkeypatch.setattr(getpass, "getuser", no_login)
    assert player_name() == "Player"


def _table() -> PlayApp:
    game, events = position("classic", 4, 2, _turn())
    return PlayApp(ScriptedLink(frames("classic", game, events)), bell=False)


def test_keys_that_do_nothing_say_why_and_change_nothing() -> None:
    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            view = app.state.view
            await pilot.press("t")
            assert "t: you cannot take the penalty now (Your turn" in app.table.notice
            await pilot.press("%")
            assert "%: no such key here" in app.table.notice
            await pilot.press("z")  # a card's key, with no card beside it in a hand of ten
            assert "z: no card of your hand has this key now" in app.table.notice
            await pilot.press("k")
            assert "k: you cannot catch now" in app.table.notice
            assert app.state.view is view  # nothing was sent, nothing changed
            assert not app.bell_on and "bell off" in app.title_line()
            await pilot.press("b")
            assert app.bell_on and "bell off" not in app.title_line()
            assert "The bell on your turn is on" in app.table.notice

    asyncio.run(main())


def test_a_click_on_a_card_plays_it_and_a_refusal_is_shown() -> None:
    """The scripted room refuses every action: the refusal is shown, the hand unchanged."""

    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            hand = app.table.query_one("#hand")
            line, start, _end = hand.places[6]  # B7, playable on B6
            assert app.table.hand[6] == "B7"
            await pilot.click("#hand", offset=(start + 3, line))
            await pilot.pause(0.1)
            assert app.table.cursor == 6
            # (a refusal without an engine's reason is said by its code)
            assert "Refused:[/] That move is not allowed." in app.table.notice
            assert app.table.hand[6] == "B7"

    asyncio.run(main())


def test_leaving_mid_round_asks_first() -> None:
    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("q")
            assert isinstance(app.screen, LeaveScreen) and app.is_running
            assert i18n.t(app.link.leaving) in str(app.screen.query("Static")[1].render())
            await pilot.press("n")
            assert app.screen is app.table and app.is_running
            await pilot.press("q", "y")
            await pilot.pause(0.1)
            assert not app.is_running

    asyncio.run(main())


def test_leaving_between_rounds_asks_first_and_after_the_match_does_not() -> None:
    """Between two rounds the match is still under way (a local table's ends with it): q
    asks. Once the match is over, nothing is lost: q leaves at once."""
    sent, game, scores = round_over("classic", 3, 9)

    async def main() -> None:
        app = PlayApp(ScriptedLink(sent), bell=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the results")
            await pilot.press("enter")
            await pilot.pause(0.1)
            await pilot.press("q")
            assert isinstance(app.screen, LeaveScreen) and app.is_running
            await pilot.press("escape")
            app.receive({"type": "match_over", "winners": [game.winner], "scores": scores})
            await until(pilot, lambda: isinstance(app.screen, ResultsScreen), "the match's end")
            await pilot.press("enter")
            await pilot.pause(0.1)
            await pilot.press("q")
            await pilot.pause(0.1)
            assert not app.is_running

    asyncio.run(main())


def _numeral(game: Game) -> bool:
    """Seat 0's turn, with a Numeral in hand that may declare any number."""
    legal = game.legal_actions(0) if game.turn == 0 and game.phase == Phase.TURN else []
    return sum(a.number >= 0 for a in legal) == 10


def test_a_numeral_is_declared_by_the_number_key_shown_beside_it() -> None:
    async def main() -> None:
        app, link, _ = scripted_app("blast", 3, 1, _numeral)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            card = app.table.hand.index("BN")
            await pilot.press(str(card + 1))
            await pilot.pause(0.1)
            assert isinstance(app.screen, Chooser)
            options = app.screen.query_one(OptionList)
            shown = [str(options.get_option_at_index(i).prompt) for i in range(10)]
            assert all(line.split()[0] == line.split()[-1] for line in shown), shown  # "7  as a 7"
            await pilot.press("7")
            await pilot.pause(0.1)
            assert link.sent == ["BN=7"]

    asyncio.run(main())


@pytest.mark.parametrize("key", ["ctrl+q", "ctrl+c"])
def test_ctrl_q_and_ctrl_c_leave_as_q_does(key: str) -> None:
    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            await pilot.press(key)
            await pilot.pause(0.1)
            assert isinstance(app.screen, LeaveScreen) and app.is_running
            await pilot.press("n")
            assert app.screen is app.table and app.is_running
            await pilot.press(key, key)  # pressed again on the question, it leaves
            await pilot.pause(0.1)
            assert not app.is_running

    asyncio.run(main())


def test_the_command_palette_offers_the_light_and_the_dark_theme() -> None:
    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("ctrl+p")
            await pilot.pause(0.1)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*"theme")
            commands = app.screen.query_one(CommandList)
            for _ in range(50):  # the palette searches its commands in the background
                await pilot.pause(0.05)
                if commands.option_count and not commands.has_class("--populating"):
                    break
            found = {
                str(commands.get_option_at_index(i).prompt).splitlines()[0]: i
                for i in range(commands.option_count)
            }
            assert set(found) == {"Light theme", "Dark theme"}  # not Textual's twenty themes
            commands.highlighted = found["Light theme"]
            await pilot.press("enter")
            await pilot.pause(0.1)
            assert app.theme == "textual-light" and app.screen is app.table

    asyncio.run(main())


def test_every_key_can_be_read_at_80x24() -> None:
    async def main() -> None:
        app = _table()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.1)
            await pilot.press("question_mark")
            await pilot.pause(0.1)
            rows = app.screen.query_one(VerticalScroll)
            assert app.focused is rows and rows.max_scroll_y > 0  # more keys than lines
            await pilot.press("end")
            await pilot.pause(0.1)
            assert rows.scroll_y == rows.max_scroll_y
            assert "leave" in str(rows.query_one(Static).render())

    asyncio.run(main())
